package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/ingest"
)

func TestWorkerMetricsAreServed(t *testing.T) {
	m := newMetrics()
	m.observe(ingest.StageStart, 250*time.Millisecond, 3)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	addr, stop, err := serveMetrics(context.Background(), "127.0.0.1:0", m, log)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	resp, err := http.Get("http://" + addr + metricsPath)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("GET /metrics: %s", resp.Status)
	}
	want := `persistmemory_ingest_stage_jobs_total{stage="` + ingest.StageStart + `"} 3`
	if !strings.Contains(string(body), want) {
		t.Fatalf("metrics lack %q:\n%s", want, body)
	}
	// Only /metrics is served.
	resp, err = http.Get("http://" + addr + "/api/v1/memories")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Fatalf("GET /api/v1/memories on the metrics address: %s, want 404", resp.Status)
	}
}

func TestWorkerMetricsBadAddressNamesTheFlag(t *testing.T) {
	_, _, err := serveMetrics(context.Background(), "not an address", newMetrics(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err == nil || !strings.Contains(err.Error(), "--metrics-addr") {
		t.Fatalf("err = %v, want one naming --metrics-addr", err)
	}
}
