package weaviate

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/weaviate/weaviate/entities/models"
)

// Each owner is a tenant of the collection, one shard with its own files.
// Weaviate loads every active (HOT) tenant's shard in the background after
// it starts, one a second per collection, and keeps it open: about seven
// file descriptors a tenant and collection, so a few thousand owners
// exhaust a process limit of 20,000 ("too many open files", and the server
// stops answering). An inactive (COLD) tenant holds nothing open and, the
// collections being made with auto tenant activation, is activated again
// by the first read or write. So a Store deactivates the tenants it has
// not used for TenantIdleAfter (RunIdler).

// Tenant idling, reported by the API.
const (
	// TenantIdleAfter is how long a tenant may go unused by this process
	// before RunIdler deactivates it.
	TenantIdleAfter = 10 * time.Minute
	// TenantIdleCheck is how often RunIdler looks for idle tenants.
	TenantIdleCheck = time.Minute
	// TenantsKeptActive is how many active tenants a collection may have
	// when a process starts before its first pass deactivates those it has
	// not used: below it their files fit well within a process limit, and
	// a process starting beside another (a worker beside the service, a
	// test's service beside another's) leaves the other's tenants alone.
	TenantsKeptActive = 500
	// tenantUpdateBatch is how many tenants one status update changes.
	tenantUpdateBatch = 100
)

// tenantUse is when this process last used each tenant and how many of its
// operations are in flight.
type tenantUse struct {
	mu     sync.Mutex
	last   map[string]time.Time
	flight map[string]int
	listed bool // the collection's tenants were read once (DeactivateIdle)
}

// keptActive is TenantsKeptActive, or the store's own bound (tests).
func (s *Store) keptActive() int {
	if s.keepActive != nil {
		return *s.keepActive
	}
	return TenantsKeptActive
}

// use marks tenant in use until the returned func is called.
func (s *Store) use(tenant string) (done func()) {
	u := &s.tenants
	u.mu.Lock()
	if u.last == nil {
		u.last, u.flight = map[string]time.Time{}, map[string]int{}
	}
	u.flight[tenant]++
	u.last[tenant] = time.Now()
	u.mu.Unlock()
	return func() {
		u.mu.Lock()
		u.flight[tenant]--
		if u.flight[tenant] == 0 {
			delete(u.flight, tenant)
		}
		u.last[tenant] = time.Now()
		u.mu.Unlock()
	}
}

// DeactivateIdle deactivates the collection's active tenants this process
// has not used for idle and has no operation in flight on, and returns how
// many. The first call reads every tenant of the collection (those a
// previous run or another process left active) and, when more than
// TenantsKeptActive are active, deactivates those this process has not
// used; later calls look only at the tenants this process used. A missing
// collection deactivates nothing.
func (s *Store) DeactivateIdle(ctx context.Context, idle time.Duration) (int, error) {
	u := &s.tenants
	u.mu.Lock()
	listed := u.listed
	u.mu.Unlock()
	var cands []string
	if !listed {
		ts, err := s.client.Schema().TenantsGetter().WithClassName(s.collection).Do(ctx)
		if err != nil {
			if _, cerr := s.class(ctx); cerr != nil && ctx.Err() == nil {
				return 0, nil // no collection yet: no tenant to idle
			}
			return 0, translateCtx(ctx, "list tenants", err)
		}
		for _, t := range ts {
			if active(t.ActivityStatus) {
				cands = append(cands, t.Name)
			}
		}
		if len(cands) <= s.keptActive() {
			cands = nil
		}
	}
	now := time.Now()
	u.mu.Lock()
	for t := range u.last {
		if !slices.Contains(cands, t) {
			cands = append(cands, t)
		}
	}
	var idleOnes []string
	for _, t := range cands {
		last, seen := u.last[t]
		if u.flight[t] == 0 && (!seen || now.Sub(last) >= idle) {
			idleOnes = append(idleOnes, t)
			delete(u.last, t) // used again, it is tracked again
		}
	}
	u.listed = true
	u.mu.Unlock()
	slices.Sort(idleOnes)
	n := 0
	for chunk := range slices.Chunk(idleOnes, tenantUpdateBatch) {
		ts := make([]models.Tenant, len(chunk))
		for i, name := range chunk {
			ts[i] = models.Tenant{Name: name, ActivityStatus: models.TenantActivityStatusINACTIVE}
		}
		if err := s.client.Schema().TenantsUpdater().WithClassName(s.collection).WithTenants(ts...).Do(ctx); err != nil {
			return n, translateCtx(ctx, "deactivate tenants", err)
		}
		n += len(chunk)
	}
	return n, nil
}

// active: a tenant in this status has its shard loaded.
func active(status string) bool {
	return status == models.TenantActivityStatusACTIVE || status == models.TenantActivityStatusHOT || status == ""
}

// RunIdler deactivates idle tenants (DeactivateIdle with TenantIdleAfter)
// at once and then every TenantIdleCheck until ctx ends. A failed pass is
// logged and tried again at the next.
func (s *Store) RunIdler(ctx context.Context) {
	t := time.NewTicker(TenantIdleCheck)
	defer t.Stop()
	for {
		start := time.Now()
		n, err := s.DeactivateIdle(ctx, TenantIdleAfter)
		switch {
		case ctx.Err() != nil:
			return
		case err != nil:
			s.log.WarnContext(ctx, "weaviate: could not deactivate idle tenants; trying again later", "collection", s.collection, "err", err)
		case n > 0:
			s.log.InfoContext(ctx, "weaviate: deactivated idle tenants", "collection", s.collection, "tenants", n, "took", slog.DurationValue(time.Since(start).Round(time.Millisecond)))
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
