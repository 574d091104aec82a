package stack

import (
	"context"
	"sync"
)

// ServiceStatus describes one service of the stack.
type ServiceStatus struct {
	Name string
	// PID is the process the stack started, or 0.
	PID int
	// Running reports whether that process is alive (and carries the
	// stack's marker).
	Running bool
	// Ready reports whether the service answers at Address (Bolt handshake,
	// Kafka Metadata, Weaviate's ready endpoint). It may be true with Running
	// false when a server the stack did not start holds the port.
	Ready bool
	// Address is what clients connect to, e.g. bolt://127.0.0.1:7687.
	Address string
	// LogPath is the file the process's output is appended to.
	LogPath string
}

// Status reports the selected services in start order. It changes nothing
// and takes no lock; each probe is bounded by a short timeout.
func Status(ctx context.Context, cfg Config) ([]ServiceStatus, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	svcs := services()
	names := cfg.selected()
	out := make([]ServiceStatus, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Go(func() {
			s := svcs[name]
			pid, _ := cfg.ownedPID(name)
			out[i] = ServiceStatus{
				Name:    name,
				PID:     pid,
				Running: pid > 0,
				Ready:   s.probe(ctx, cfg, pid) == nil,
				Address: s.address,
				LogPath: cfg.logPath(name),
			}
		})
	}
	wg.Wait()
	return out, ctx.Err()
}
