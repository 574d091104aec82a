package stack

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Up installs the selected services if needed (cached by version), starts
// those not already running and waits until each is ready: neo4j within
// 2 minutes, kafka within 1 minute, weaviate within 90 seconds. Services
// that already run and answer are left alone, so calling Up twice is
// harmless. Started processes outlive the caller; Down stops them.
//
// A port held by a process the stack did not start fails that service with an
// error wrapping ErrPortInUse; a service that exits early or is not ready in
// time fails with an error wrapping ErrNotReady that names its log file (its
// process is stopped). Errors of several services are joined.
func Up(ctx context.Context, cfg Config) error {
	if err := cfg.Validate(); err != nil {
		return err
	}
	log := cfg.logger()
	for _, d := range []string{"data", "logs", "run"} {
		if err := os.MkdirAll(filepath.Join(cfg.StackDir, d), 0o755); err != nil {
			return fmt.Errorf("stack: %w", err)
		}
	}
	unlock, err := lockFile(ctx, filepath.Join(cfg.StackDir, "run", "stack.lock"))
	if err != nil {
		return fmt.Errorf("stack: %w", err)
	}
	defer unlock()

	begin := time.Now()
	svcs := services()
	var (
		mu   sync.Mutex
		errs []error
		fail = func(err error) { mu.Lock(); errs = append(errs, err); mu.Unlock() }
	)

	// Decide per service: adopt a running process, or plan a start once its
	// ports are known to be free.
	type plan struct {
		svc  *service
		pid  int // running process of ours, 0 to start one
		done <-chan error
	}
	var plans []*plan
	for _, name := range cfg.selected() {
		s := svcs[name]
		pid, stale := cfg.ownedPID(name)
		if stale != 0 && stale != pid {
			log.Warn("stack: removing stale pid file", slog.String("service", name), slog.Int("pid", stale))
			os.Remove(cfg.pidPath(name))
		}
		if pid > 0 {
			log.Info("stack: already running", slog.String("service", name), slog.Int("pid", pid))
			if err := writePID(cfg.pidPath(name), pid); err != nil {
				return fmt.Errorf("stack: %w", err)
			}
			plans = append(plans, &plan{svc: s, pid: pid})
			continue
		}
		if err := checkPorts(s); err != nil {
			// The service may already answer there, started by another
			// checkout's stack or by hand: use it rather than fail (down
			// leaves it alone, since it is not ours).
			pctx, cancel := context.WithTimeout(ctx, externalProbeTimeout)
			perr := s.probe(pctx, cfg, 0)
			cancel()
			if perr == nil {
				log.Info("stack: using the service already answering (not started by this stack)", slog.String("service", name), slog.String("address", s.address))
				continue
			}
			fail(err)
			continue
		}
		plans = append(plans, &plan{svc: s})
	}

	// Install what will be started: the Maven installs one after the other
	// (they share ~/.m2), the Go build of weaviate beside them.
	var wg sync.WaitGroup
	installErr := map[string]error{}
	var mvnQueue []*service
	for _, p := range plans {
		if p.pid > 0 {
			continue
		}
		if p.svc.name == ServiceWeaviate {
			wg.Go(func() {
				err := p.svc.install(ctx, cfg)
				mu.Lock()
				installErr[p.svc.name] = err
				mu.Unlock()
			})
		} else {
			mvnQueue = append(mvnQueue, p.svc)
		}
	}
	wg.Go(func() {
		for _, s := range mvnQueue {
			err := s.install(ctx, cfg)
			mu.Lock()
			installErr[s.name] = err
			mu.Unlock()
		}
	})
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("stack: install: %w", err)
	}

	// Start and wait. The JVMs start one after the other, kafka (quick)
	// before neo4j, so that on a small machine neither eats the other's
	// readiness time; weaviate starts beside them.
	byName := map[string]*plan{}
	for _, p := range plans {
		byName[p.svc.name] = p
	}
	for _, group := range startGroups() {
		wg.Go(func() {
			for _, name := range group {
				p := byName[name]
				if p == nil {
					continue
				}
				if err := installErr[name]; err != nil {
					fail(err)
					continue
				}
				if p.pid == 0 {
					pid, done, err := start(ctx, cfg, p.svc)
					if err != nil {
						fail(fmt.Errorf("stack: start %s: %w; see %s", name, err, cfg.logPath(name)))
						continue
					}
					p.pid, p.done = pid, done
				}
				if err := waitReady(ctx, cfg, p.svc, p.pid, p.done); err != nil {
					fail(err)
				}
			}
		})
	}
	wg.Wait()
	if len(errs) == 0 {
		log.Info("stack: up", slog.Any("services", cfg.selected()), slog.Duration("took", time.Since(begin).Round(time.Millisecond)))
	}
	return errors.Join(errs...)
}

// externalProbeTimeout bounds the readiness probe of a service found on
// its ports but not started by this stack.
const externalProbeTimeout = 5 * time.Second

// startGroups returns groups started in parallel; the services of a group
// start in order, each after the previous one is ready (or failed).
func startGroups() [][]string {
	return [][]string{{ServiceKafka, ServiceNeo4j}, {ServiceWeaviate}}
}

// checkPorts fails when a port of s cannot be bound on loopback.
func checkPorts(s *service) error {
	for _, p := range s.ports {
		addr := hostPort(p.number)
		ln, err := net.Listen("tcp", addr)
		if err == nil {
			ln.Close()
		}
		if err == nil && p.udp {
			var pc net.PacketConn
			if pc, err = net.ListenPacket("udp", addr); err == nil {
				pc.Close()
			}
		}
		if err != nil {
			return errorf(ErrPortInUse,
				"stack: cannot start %s: port %d (%s) on %s is in use by a process the stack did not start; free it and run up again",
				s.name, p.number, p.what, Host)
		}
	}
	return nil
}

// start prepares and launches s and records its pid.
func start(ctx context.Context, cfg Config, s *service) (int, <-chan error, error) {
	if err := os.MkdirAll(cfg.dataDir(s.name), 0o755); err != nil {
		return 0, nil, err
	}
	if err := s.prepare(ctx, cfg); err != nil {
		return 0, nil, err
	}
	cmd, err := s.command(cfg)
	if err != nil {
		return 0, nil, err
	}
	done, err := startDetached(cmd, s.name, cfg.logPath(s.name))
	if err != nil {
		return 0, nil, err
	}
	pid := cmd.Process.Pid
	if err := writePID(cfg.pidPath(s.name), pid); err != nil {
		return pid, done, err
	}
	cfg.logger().Info("stack: started", slog.String("service", s.name), slog.Int("pid", pid),
		slog.String("log", cfg.logPath(s.name)))
	return pid, done, nil
}

// waitReady polls s's probe until it answers, the process exits, the
// service's timeout passes or ctx ends. On timeout or exit it stops the
// process and removes its pid file.
func waitReady(ctx context.Context, cfg Config, s *service, pid int, done <-chan error) error {
	begin := time.Now()
	deadline := begin.Add(s.readyTimeout)
	marker := cfg.markerArg(s.name)
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for {
		err := s.probe(ctx, cfg, pid)
		if err == nil {
			cfg.logger().Info("stack: ready", slog.String("service", s.name), slog.String("address", s.address),
				slog.Int("pid", pid), slog.Duration("took", time.Since(begin).Round(time.Millisecond)))
			return nil
		}
		// Exit is known from the child's Wait alone: /proc/<pid>/cmdline
		// still shows this program's arguments between fork and exec, so a
		// marker check here would report a live child as gone.
		exited := ""
		select {
		case werr := <-done:
			exited = fmt.Sprint(werr)
		default:
		}
		if exited != "" {
			os.Remove(cfg.pidPath(s.name))
			return errorf(ErrNotReady, "%s exited before becoming ready (%s); see %s", s.name, exited, cfg.logPath(s.name))
		}
		if time.Now().After(deadline) {
			cfg.logger().Warn("stack: not ready in time, stopping it", slog.String("service", s.name),
				slog.Int("pid", pid), slog.Any("last_probe", err))
			stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.stopGrace+15*time.Second)
			stopProcess(stopCtx, pid, marker, s.stopGrace)
			cancel()
			os.Remove(cfg.pidPath(s.name))
			return errorf(ErrNotReady, "%s did not become ready within %s; see %s", s.name, s.readyTimeout, cfg.logPath(s.name))
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("stack: waiting for %s: %w", s.name, ctx.Err())
		case <-tick.C:
		}
	}
}
