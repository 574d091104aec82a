// Command stackcli drives package stack by hand while cmd/persistmemory does
// not yet wire it: up, down, status, logs <service> [lines], model.
// Services can be limited with -services=neo4j,kafka. Progress goes to
// stderr; status, logs and model paths go to stdout.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/persistmemory/persistmemory/stack"
)

func main() {
	services := flag.String("services", "", "comma-separated services (default all)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: stackcli [-services=a,b] up|down|status|logs <service> [lines]|model")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() < 1 {
		flag.Usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, *services, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "stackcli:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, services string, args []string) error {
	cfg, err := stack.DefaultConfig()
	if err != nil {
		return err
	}
	cfg.Logger = slog.New(slog.NewTextHandler(os.Stderr, nil))
	if services != "" {
		cfg.Services = strings.Split(services, ",")
	}
	begin := time.Now()
	defer func() {
		cfg.Logger.Info("stackcli: done", "command", args[0], "took", time.Since(begin).Round(time.Millisecond))
	}()
	switch args[0] {
	case "up":
		return stack.Up(ctx, cfg)
	case "down":
		return stack.Down(ctx, cfg)
	case "status":
		st, err := stack.Status(ctx, cfg)
		for _, s := range st {
			fmt.Printf("%-9s pid=%-7d running=%-5t ready=%-5t %-24s %s\n", s.Name, s.PID, s.Running, s.Ready, s.Address, s.LogPath)
		}
		return err
	case "logs":
		if len(args) < 2 {
			return fmt.Errorf("logs needs a service")
		}
		lines := 50
		if len(args) > 2 {
			if lines, err = strconv.Atoi(args[2]); err != nil {
				return fmt.Errorf("lines: %w", err)
			}
		}
		return stack.Logs(ctx, cfg, args[1], os.Stdout, lines)
	case "model":
		mf, err := stack.EnsureModel(ctx, cfg)
		if err != nil {
			return err
		}
		fmt.Println(mf.ModelPath)
		fmt.Println(mf.TokenizerPath)
		fmt.Println(mf.LibraryPath)
		return nil
	}
	return fmt.Errorf("unknown command %q", args[0])
}
