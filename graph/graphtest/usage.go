package graphtest

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

func testUsage(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()

	empty, err := s.UsageReport(ctx, owner, time.Time{})
	if err != nil {
		t.Fatalf("UsageReport with no calls: %v", err)
	}
	if empty.Models == nil || len(empty.Models) != 0 || empty.Total != (schema.ModelUsage{Model: "all"}) {
		t.Errorf("UsageReport with no calls = %+v, want empty models and a zero total", empty)
	}

	recs := []schema.UsageRecord{
		{Model: "gpt-b", Purpose: schema.UsagePurposeExtraction, InputTokens: 1000, OutputTokens: 200, CostUSD: 0.003, Priced: true, Attempts: 1, At: ts},
		{Model: "gpt-b", Purpose: schema.UsagePurposeExtraction, InputTokens: 500, OutputTokens: 0, CostUSD: 0.001, Priced: true, Attempts: 2, Failed: true, FailureReason: "the output did not match the schema", At: ts.Add(time.Hour)},
		{Model: "gpt-b", Attempts: 3, Failed: true, FailureReason: "HTTP 500 after 3 attempts", At: ts.Add(2 * time.Hour), Priced: true},
		{Model: "local-a", InputTokens: 40, OutputTokens: 10, Attempts: 1, At: ts.Add(3 * time.Hour)},
	}
	for i, r := range recs {
		if i == 0 {
			r.ID = schema.NewID(schema.PrefixUsage)
			recs[0].ID = r.ID
		}
		if err := s.RecordUsage(ctx, owner, r); err != nil {
			t.Fatalf("RecordUsage %d: %v", i, err)
		}
	}
	// The same id again changes nothing.
	if err := s.RecordUsage(ctx, owner, recs[0]); err != nil {
		t.Fatalf("RecordUsage again: %v", err)
	}

	approx := cmpopts.EquateApprox(0, 1e-12)
	got, err := s.UsageReport(ctx, owner, time.Time{})
	if err != nil {
		t.Fatalf("UsageReport: %v", err)
	}
	want := schema.UsageReport{
		Models: []schema.ModelUsage{
			{Model: "gpt-b", Calls: 3, FailedCalls: 2, InputTokens: 1500, OutputTokens: 200, CostUSD: 0.004},
			{Model: "local-a", Calls: 1, InputTokens: 40, OutputTokens: 10, UnpricedCalls: 1},
		},
		Total: schema.ModelUsage{Model: "all", Calls: 4, FailedCalls: 2, InputTokens: 1540, OutputTokens: 210, CostUSD: 0.004, UnpricedCalls: 1},
	}
	if diff := cmp.Diff(want, got, approx); diff != "" {
		t.Errorf("UsageReport, models by name (-want +got):\n%s", diff)
	}

	// since includes calls made at that instant.
	got, err = s.UsageReport(ctx, owner, ts.Add(2*time.Hour))
	if err != nil {
		t.Fatalf("UsageReport since: %v", err)
	}
	want = schema.UsageReport{
		Since: ts.Add(2 * time.Hour),
		Models: []schema.ModelUsage{
			{Model: "gpt-b", Calls: 1, FailedCalls: 1},
			{Model: "local-a", Calls: 1, InputTokens: 40, OutputTokens: 10, UnpricedCalls: 1},
		},
		Total: schema.ModelUsage{Model: "all", Calls: 2, FailedCalls: 1, InputTokens: 40, OutputTokens: 10, UnpricedCalls: 1},
	}
	if diff := cmp.Diff(want, got, approx); diff != "" {
		t.Errorf("UsageReport since the third call (-want +got):\n%s", diff)
	}
	got, err = s.UsageReport(ctx, owner, ts.Add(24*time.Hour))
	if err != nil || len(got.Models) != 0 || got.Total.Calls != 0 {
		t.Errorf("UsageReport after every call = %+v, %v; want nothing", got, err)
	}

	// A zero At means now.
	other := newOwner()
	before := time.Now().Add(-time.Minute)
	if err := s.RecordUsage(ctx, other, schema.UsageRecord{Model: "m", Attempts: 1}); err != nil {
		t.Fatalf("RecordUsage without a time: %v", err)
	}
	got, err = s.UsageReport(ctx, other, before)
	if err != nil || got.Total.Calls != 1 {
		t.Errorf("UsageReport of a call recorded now = %+v, %v; want 1 call", got, err)
	}

	for name, r := range map[string]schema.UsageRecord{
		"no model":             {Attempts: 1},
		"long model":           {Model: strings.Repeat("m", schema.MaxUsageModelBytes+1)},
		"negative tokens":      {Model: "m", InputTokens: -1},
		"negative cost":        {Model: "m", Priced: true, CostUSD: -1},
		"NaN cost":             {Model: "m", Priced: true, CostUSD: math.NaN()},
		"cost without a price": {Model: "m", CostUSD: 1},
		"failed without why":   {Model: "m", Failed: true},
		"why without failing":  {Model: "m", FailureReason: "x"},
		"long reason":          {Model: "m", Failed: true, FailureReason: strings.Repeat("r", schema.MaxUsageReasonBytes+1)},
	} {
		wantErr(t, "RecordUsage with "+name, s.RecordUsage(ctx, owner, r), schema.ErrInvalid)
	}
	wantErr(t, "RecordUsage with a malformed owner", s.RecordUsage(ctx, "bad owner!", schema.UsageRecord{Model: "m"}), schema.ErrInvalid)
	_, err = s.UsageReport(ctx, "", time.Time{})
	wantErr(t, "UsageReport with an empty owner", err, schema.ErrInvalid)
}

func testUsageIsolation(t *testing.T, s graph.Store) {
	ctx := t.Context()
	alice, bob := newOwner(), newOwner()
	rec := schema.UsageRecord{ID: schema.NewID(schema.PrefixUsage), Model: "gpt-x", InputTokens: 7, Attempts: 1, At: ts}
	if err := s.RecordUsage(ctx, alice, rec); err != nil {
		t.Fatalf("RecordUsage: %v", err)
	}
	wantErr(t, "RecordUsage reusing another owner's id", s.RecordUsage(ctx, bob, rec), schema.ErrConflict)
	got, err := s.UsageReport(ctx, bob, time.Time{})
	if err != nil || len(got.Models) != 0 || got.Total.Calls != 0 {
		t.Errorf("bob's UsageReport = %+v, %v; want nothing of alice's", got, err)
	}
	got, err = s.UsageReport(ctx, alice, time.Time{})
	if err != nil || got.Total.Calls != 1 || got.Total.InputTokens != 7 {
		t.Errorf("alice's UsageReport = %+v, %v; want her one call", got, err)
	}
}
