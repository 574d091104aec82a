package retrieval

import (
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

func TestRenderLine(t *testing.T) {
	base := func(mod func(*schema.Memory)) schema.Memory {
		m := schema.Memory{ID: "mem_1", Type: schema.TypeDecision, Claim: "We chose Postgres.", State: schema.StateActive, RecordedAt: time.Date(2024, 1, 2, 23, 30, 0, 0, time.UTC)}
		if mod != nil {
			mod(&m)
		}
		return m
	}
	tests := []struct {
		name    string
		m       schema.Memory
		doc     docInfo
		history bool
		want    string
	}{
		{
			name: "recorded only",
			m:    base(nil),
			want: `[1] recorded 2024-01-02 · decision · "We chose Postgres."` + "\n",
		},
		{
			name: "valid from, provenance, said",
			m: base(func(m *schema.Memory) {
				m.ValidFrom, m.SaidAt, m.DocumentID = day("2023-05-08"), day("2023-05-07"), "doc_9"
			}),
			doc:  docInfo{source: "gmail", conversation: "conv_1"},
			want: `[1] 2023-05-08 · decision · "We chose Postgres." (source: gmail, conversation conv_1, said 2023-05-07, recorded 2024-01-02)` + "\n",
		},
		{
			name: "valid interval",
			m:    base(func(m *schema.Memory) { m.ValidFrom, m.ValidTo = day("2023-05-08"), day("2024-01-02") }),
			want: `[1] 2023-05-08 to 2024-01-02 · decision · "We chose Postgres."` + "\n",
		},
		{
			name: "valid to only",
			m:    base(func(m *schema.Memory) { m.ValidTo = day("2023-06-01") }),
			want: `[1] until 2023-06-01 · decision · "We chose Postgres." (recorded 2024-01-02)` + "\n",
		},
		{
			name: "undated",
			m:    base(func(m *schema.Memory) { m.RecordedAt = time.Time{} }),
			want: `[1] undated · decision · "We chose Postgres."` + "\n",
		},
		{
			name: "non-UTC times are shown as UTC days",
			m: base(func(m *schema.Memory) {
				t := time.Date(2023, 5, 8, 23, 0, 0, 0, time.FixedZone("UTC-5", -5*3600))
				m.ValidFrom = &t
			}),
			want: `[1] 2023-05-09 · decision · "We chose Postgres." (recorded 2024-01-02)` + "\n",
		},
		{
			name: "disputed and confirmed",
			m:    base(func(m *schema.Memory) { m.State, m.Confirmed = schema.StateDisputed, true }),
			want: `[1] recorded 2024-01-02 · decision · DISPUTED: an open conflict contradicts this · confirmed · "We chose Postgres."` + "\n",
		},
		{
			name:    "superseded, with history",
			m:       base(func(m *schema.Memory) { m.State, m.SupersedesID = schema.StateSuperseded, "mem_0" }),
			history: true,
			want:    `[1] recorded 2024-01-02 · decision · SUPERSEDED: no longer current · "We chose Postgres." (replaces mem_0)` + "\n",
		},
		{
			name: "replaces is history only",
			m:    base(func(m *schema.Memory) { m.SupersedesID = "mem_0" }),
			want: `[1] recorded 2024-01-02 · decision · "We chose Postgres."` + "\n",
		},
		{
			name: "excerpt that adds information",
			m:    base(func(m *schema.Memory) { m.Excerpt = "Alice:\n  we chose\tPostgres, for JSONB." }),
			want: `[1] recorded 2024-01-02 · decision · "We chose Postgres." (excerpt: "Alice: we chose Postgres, for JSONB.")` + "\n",
		},
		{
			name: "excerpt the claim already says",
			m:    base(func(m *schema.Memory) { m.Excerpt = "we chose postgres" }),
			want: `[1] recorded 2024-01-02 · decision · "We chose Postgres."` + "\n",
		},
		{
			name: "claim on one line, invalid UTF-8 replaced",
			m:    base(func(m *schema.Memory) { m.Claim = "  We chose\r\nPostgres\xff.  " }),
			want: `[1] recorded 2024-01-02 · decision · "We chose Postgres` + "\uFFFD" + `."` + "\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := renderLine(1, tt.m, tt.doc, tt.history); got != tt.want {
				t.Errorf("renderLine =\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

func TestRenderLongExcerptAndSource(t *testing.T) {
	m := schema.Memory{ID: "mem_1", Type: schema.TypeFact, Claim: "short", Excerpt: strings.Repeat("word ", 200)}
	line := renderLine(1, m, docInfo{source: strings.Repeat("s", 200)}, false)
	if !strings.Contains(line, "…\")") || strings.Count(line, "word") > MaxExcerptRunes/5+1 {
		t.Errorf("excerpt not shortened to %d runes: %q", MaxExcerptRunes, line)
	}
	if strings.Count(line, "s") > MaxSourceRunes+5 {
		t.Errorf("source not shortened: %q", line)
	}
	if strings.Count(line, "\n") != 1 || !strings.HasSuffix(line, "\n") || !strings.HasPrefix(line, "[") {
		t.Errorf("not one line starting with [ and ending in a newline: %q", line)
	}
}
