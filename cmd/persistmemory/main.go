package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
)

type command struct {
	name, summary string
	run           func(ctx context.Context, args []string, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"serve", "run the HTTP API, MCP over HTTP and the worker in one process", runServe},
		{"worker", "run only the ingestion worker (and the outbox relay)", runWorker},
		{"mcp", "serve MCP over stdio for one person (PERSISTMEMORY_USER_ID)", runMCP},
		{"stack", "install and run the local stack: stack up|down|status|logs", runStack},
		{"migrate", "apply the graph schema migrations and exit", runMigrate},
		{"reindex", "rebuild owners' memory and turn vectors from the graph", runReindex},
		{"apikey", "create or revoke a developer API key: apikey create|revoke", runAPIKey},
	}
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "persistmemory: long-term memory for AI assistants.\n\nUsage: persistmemory <command> [flags]\n\nCommands:\n")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\nRun 'persistmemory <command> --help' for a command's flags. Configuration comes from the environment: see docs/configuration.md.\n")
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stderr)
	stop()
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(os.Stderr, "persistmemory: %v\n", err)
		}
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		if len(args) == 0 {
			return errors.New("no command given")
		}
		return flag.ErrHelp
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, args[1:], stderr)
		}
	}
	usage(stderr)
	return fmt.Errorf("unknown command %q", args[0])
}

// newFlagSet makes a flag set whose --help prints to stderr.
func newFlagSet(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: persistmemory %s\n\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// newLogger builds the one slog handler of the process, on stderr.
func newLogger(stderr io.Writer, level string) *slog.Logger {
	var l slog.Level
	_ = l.UnmarshalText([]byte(level))
	return slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: l}))
}
