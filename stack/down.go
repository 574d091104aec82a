package stack

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Down stops the selected services that Up started: SIGTERM, then SIGKILL
// after the service's grace period (up to a minute for the JVMs), and removes
// their pid files. A process is signalled only when /proc/<pid>/cmdline carries
// the marker of that service and stack directory; a pid file naming any other
// process (a recycled pid) is removed without signalling anything. Stopping
// services that do not run is not an error.
func Down(ctx context.Context, cfg Config) error {
	if err := cfg.Validate(); err != nil {
		return err
	}
	if !dirExists(cfg.StackDir) {
		return nil // nothing was ever started here
	}
	unlock, err := lockFile(ctx, filepath.Join(cfg.StackDir, "run", "stack.lock"))
	if err != nil {
		return fmt.Errorf("stack: %w", err)
	}
	defer unlock()
	svcs := services()
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	for _, name := range cfg.selected() {
		wg.Go(func() {
			if err := stopService(ctx, cfg, svcs[name]); err != nil {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

func stopService(ctx context.Context, cfg Config, s *service) error {
	log := cfg.logger().With(slog.String("service", s.name))
	pid, stale := cfg.ownedPID(s.name)
	if stale != 0 && stale != pid {
		log.Warn("stack: pid file names a process that is not ours (exited or pid reused); not signalling it",
			slog.Int("pid", stale), slog.String("pid_file", cfg.pidPath(s.name)))
	}
	if pid == 0 {
		removeRunFiles(cfg, s.name)
		log.Info("stack: not running")
		return nil
	}
	begin := time.Now()
	log.Info("stack: stopping", slog.Int("pid", pid))
	if err := stopProcess(ctx, pid, cfg.markerArg(s.name), s.stopGrace); err != nil {
		return fmt.Errorf("stack: stop %s (pid %d): %w", s.name, pid, err)
	}
	removeRunFiles(cfg, s.name)
	log.Info("stack: stopped", slog.Int("pid", pid), slog.Duration("took", time.Since(begin).Round(time.Millisecond)))
	return nil
}

func removeRunFiles(cfg Config, name string) {
	os.Remove(cfg.pidPath(name))
	if name == ServiceNeo4j {
		os.Remove(cfg.neo4jReadyFile())
	}
}
