package main

import (
	"net/http"
	"slices"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/persistmemory/persistmemory/ingest"
)

// metricsPath serves the process's Prometheus metrics (no credential: they
// are counts and durations, never content).
const metricsPath = "/metrics"

// metrics are the process's Prometheus metrics: Go runtime and process
// collectors, and where the ingestion worker spends its time.
type metrics struct {
	reg        *prometheus.Registry
	stageSecs  *prometheus.CounterVec
	stageJobs  *prometheus.CounterVec
	batchSizes prometheus.Histogram
}

func newMetrics() *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		stageSecs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "persistmemory_ingest_stage_seconds_total",
			Help: "Seconds the ingestion worker spent in each stage, summed over batches.",
		}, []string{"stage"}),
		stageJobs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "persistmemory_ingest_stage_jobs_total",
			Help: "Jobs that went through each stage of the ingestion worker (stage \"complete\": jobs completed; \"failed\": jobs that exhausted their retries).",
		}, []string{"stage"}),
		batchSizes: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "persistmemory_ingest_batch_jobs",
			Help:    "Jobs per batch the ingestion worker took from the queue.",
			Buckets: []float64{1, 2, 4, 8, 16, 32, 64, 128, 256},
		}),
	}
	m.reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.stageSecs, m.stageJobs, m.batchSizes)
	for _, s := range append(slices.Clone(ingest.Stages), ingest.OutcomeFailed) {
		m.stageSecs.WithLabelValues(s)
		m.stageJobs.WithLabelValues(s)
	}
	return m
}

// observe is ingest.Config.Observe.
func (m *metrics) observe(stage string, took time.Duration, jobs int) {
	m.stageSecs.WithLabelValues(stage).Add(took.Seconds())
	m.stageJobs.WithLabelValues(stage).Add(float64(jobs))
	if stage == ingest.StageStart {
		m.batchSizes.Observe(float64(jobs))
	}
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}
