package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/persistmemory/persistmemory/retrieval"
)

// AblationSignals are the signals a service can leave out of its fusion
// (PERSISTMEMORY_RETRIEVAL_OFF).
var AblationSignals = retrieval.Signals

// retrievalOffEnv is the service's ablation variable.
const retrievalOffEnv = "PERSISTMEMORY_RETRIEVAL_OFF"

// ParseAblations reads the -ablations flag: comma-separated signal names,
// each one ablation service (and one method row). Empty entries are
// ignored; an unknown or repeated name is refused.
func ParseAblations(s string) ([]string, error) {
	var out []string
	for _, sig := range strings.Split(s, ",") {
		sig = strings.TrimSpace(sig)
		if sig == "" {
			continue
		}
		if !slices.Contains(AblationSignals, sig) {
			return nil, fmt.Errorf("-ablations names %q; the signals that can be left out are %s", sig, strings.Join(AblationSignals, ", "))
		}
		if slices.Contains(out, sig) {
			return nil, fmt.Errorf("-ablations names %q twice", sig)
		}
		out = append(out, sig)
	}
	return out, nil
}

// AblationMethod is the method name of ours without signal.
func AblationMethod(signal string) string { return MOurs + "-no-" + signal }

// MethodOrder is the print order of the methods: ours, its ablations in
// flag order, then the baselines.
func MethodOrder(ablations []string) []string {
	out := []string{MOurs}
	for _, s := range ablations {
		out = append(out, AblationMethod(s))
	}
	return append(out, Baselines...)
}

// serviceLatencies are the latency series of a method answered by a
// service: /search, /search/context at each budget (Budgets order).
func serviceLatencies(method string) (search string, contexts [2]string) {
	for i, b := range Budgets {
		contexts[i] = fmt.Sprintf("%s /search/context @%d", method, b)
	}
	return method + " /search", contexts
}

// LatencyOrder is the print order of the latency series: ours, each
// ablation, then the baselines'.
func LatencyOrder(ablations []string) []string {
	var out []string
	for _, m := range MethodOrder(ablations)[:1+len(ablations)] {
		s, c := serviceLatencies(m)
		out = append(out, s, c[0], c[1])
	}
	return append(out, LTurnSearch, LVector)
}

// ablationEnv is env for the service without signal: every variable kept,
// PERSISTMEMORY_ADDR set to addr, and signal added to whatever
// PERSISTMEMORY_RETRIEVAL_OFF env already leaves out (so the ablation
// differs from a service started with env by that signal only).
func ablationEnv(env []string, addr, signal string) []string {
	off := signal
	out := make([]string, 0, len(env)+2)
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "PERSISTMEMORY_ADDR":
			continue
		case retrievalOffEnv:
			if v = strings.TrimSpace(v); v != "" {
				off = v + "," + signal
			}
			continue
		}
		out = append(out, kv)
	}
	return append(out, "PERSISTMEMORY_ADDR="+addr, retrievalOffEnv+"="+off)
}

// freeAddr is a loopback host:port nothing listens on now.
func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := l.Addr().String()
	return addr, l.Close()
}

// Ablation is one running ablation service.
type Ablation struct {
	Signal string
	Method string
	URL    string
	stop   func()
}

// startAblations starts, for each signal, `<bin> serve -no-worker` with
// PERSISTMEMORY_RETRIEVAL_OFF=<signal> on a free loopback port, logging to
// a temp file, and waits until every one is ready. stop stops them all
// (SIGTERM); on error the ones started are stopped already.
func startAblations(ctx context.Context, o Options, logf func(string, ...any)) (abl []Ablation, stop func(), err error) {
	stop = func() {
		for _, a := range abl {
			a.stop()
		}
	}
	defer func() {
		if err != nil {
			stop()
			abl = nil
		}
	}()
	type started struct {
		ready func(context.Context) error
		log   string
	}
	var st []started
	for _, sig := range o.Ablations {
		addr, err := freeAddr()
		if err != nil {
			return nil, stop, fmt.Errorf("ablation %s: a free port: %w", sig, err)
		}
		logPath := filepath.Join(os.TempDir(), fmt.Sprintf("locomo-serve-%d-no-%s.log", os.Getpid(), sig))
		base := "http://" + addr
		s, ready, err := startService(o.Bin, []string{"serve", "-no-worker"}, ablationEnv(os.Environ(), addr, sig), base, logPath,
			"the service without "+sig, logf)
		if err != nil {
			return nil, stop, err
		}
		abl = append(abl, Ablation{Signal: sig, Method: AblationMethod(sig), URL: base, stop: s})
		st = append(st, started{ready: ready, log: logPath})
	}
	for i, a := range abl {
		rctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
		err := st[i].ready(rctx)
		cancel()
		if err != nil {
			return nil, stop, fmt.Errorf("ablation %s: %w (see %s)", a.Signal, err, st[i].log)
		}
	}
	return abl, stop, nil
}

// AblationReport is what one ablation service answered for one
// conversation.
type AblationReport struct {
	// QuerySeconds is the time spent on its queries (part of the
	// conversation's querySeconds).
	QuerySeconds      float64 `json:"querySeconds"`
	ProvenanceSeconds float64 `json:"provenanceSeconds"`
	// MemoriesRead counts memories it retrieved that ours (and the
	// ablations before it) did not, whose provenance was read for it.
	MemoriesRead    int      `json:"memoriesRead"`
	Degraded        int      `json:"degradedAnswers"`
	DegradedReasons []string `json:"degradedReasons,omitempty"`
	TokenMismatches int      `json:"tokenMismatches"`
}
