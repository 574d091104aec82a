package conflicts

import (
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// BenchmarkCompare compares one incoming claim with a worker's typical
// handful of candidates, by the rules (Compare) and by Apart.
func BenchmarkCompare(b *testing.B) {
	at := time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)
	mem := func(claim, subj, attr, val string, d time.Duration) schema.Memory {
		return schema.Memory{Type: schema.TypeFact, Claim: claim, Subject: subj, Attribute: attr, Value: val, RecordedAt: at.Add(d), ValidFrom: ptr(at.Add(d))}
	}
	in := mem("Release 41 of the billing service runs on Postgres 16 and is owned by Priya.", "release 41 of the billing service", "runs on", "Postgres 16", time.Hour)
	cands := []schema.Memory{
		mem("Release 40 of the billing service runs on Postgres 14 and is owned by Priya.", "release 40 of the billing service", "runs on", "Postgres 14", 0),
		mem("The staging database runs Postgres 14.", "staging database", "runs", "Postgres 14", 0),
		mem("Priya prefers dashboards in Grafana for project 12.", "priya", "prefers", "dashboards in Grafana", 0),
		mem("We decided to move service 7 onto Kubernetes after the review with Tom.", "we", "decided", "to move service 7 onto Kubernetes", 0),
		mem("The billing service is owned by Priya.", "billing service", "is owned by", "Priya", 0),
	}
	b.Run("Compare", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, c := range cands {
				Compare(c, in)
			}
		}
	})
	// What the worker adds for candidates the rules leave unrelated: the
	// words' check before any vector is read.
	b.Run("Apart", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, c := range cands {
				Apart(c, in)
			}
		}
	})
}

func ptr[T any](v T) *T { return &v }
