package conflicts

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/ingest/rules"
	"github.com/persistmemory/persistmemory/schema"
)

// The worker drops a claim that repeats an earlier claim of its own
// document. With the index it compares each claim only with the earlier
// ones most alike it (sharing a content word or a typed value, at most
// RepeatCandidates); what it drops must be exactly what comparing every
// earlier claim drops, and it must compare far fewer pairs. The document
// is long enough that most claims share a word with more than
// RepeatCandidates earlier ones.
func TestRepeatIndexFindsEveryTwin(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	names := []string{"Anna", "Ravi", "Mei", "Tom", "Sara", "Yusuf"}
	things := []string{"the ledger", "our flat", "the allotment", "the team offsite", "my bike", "the school run"}
	templates := []string{
		"%[1]s said %[2]s costs £%[3]d a month.", "%[2]s costs %[1]s £%[3]d monthly.",
		"I'll send %[1]s the notes about %[2]s by Friday.", "%[1]s prefers %[2]s.",
		"The version of %[2]s is %[3]d.%[4]d.", "We decided to use %[2]s for project %[3]d.",
		"%[1]s is allergic to peanuts.", "Peanuts give %[1]s an allergic reaction.",
		"I'm %[3]d.", "I am %[3]d years old.", "Our rent is £%[3]d a month.", "We pay £%[3]d a month in rent.",
		"My email is %[5]s@example.com.", "You can reach me at %[5]s@example.com.",
		"%[1]s is a general practitioner.", "%[1]s is a GP.",
	}
	var sentences []string
	for range 900 {
		n, th := names[r.Intn(len(names))], things[r.Intn(len(things))]
		sentences = append(sentences, fmt.Sprintf(templates[r.Intn(len(templates))], n, th, 20+r.Intn(15), r.Intn(3), strings.ToLower(n)))
	}
	at := time.Date(2024, 3, 4, 9, 0, 0, 0, time.UTC)
	claims, err := rules.Extractor{}.Extract(t.Context(), schema.Document{ID: "d", Text: strings.Join(sentences, " "), SaidAt: at, CreatedAt: at})
	if err != nil {
		t.Fatal(err)
	}
	var all, indexed []schema.Memory
	var x RepeatIndex
	full, pruned, twins := 0, 0, 0
	for i, c := range claims {
		twinAll := false
		for _, p := range all {
			full++
			if Compare(p, c).Relation == Duplicate {
				twinAll = true
				break
			}
		}
		twinIdx := false
		for _, k := range x.Candidates(c) {
			pruned++
			if Compare(indexed[k], c).Relation == Duplicate {
				twinIdx = true
				break
			}
		}
		if twinAll != twinIdx {
			t.Fatalf("claim %d %q: a twin by every comparison %v, by the index %v", i, c.Claim, twinAll, twinIdx)
		}
		if twinAll {
			twins++
			continue
		}
		all, indexed = append(all, c), append(indexed, c)
		x.Add(c)
	}
	if twins == 0 || pruned*4 > full {
		t.Errorf("%d claims, %d twins: %d comparisons with the index against %d for every pair; want twins and at most a quarter", len(claims), twins, pruned, full)
	}
	t.Logf("%d claims, %d twins: %d comparisons with the index, %d for every pair", len(claims), twins, pruned, full)
}

// Every pair of the labelled corpora that Compare reads as a duplicate is
// one the index would compare.
func TestRepeatIndexKeepsCorpusDuplicates(t *testing.T) {
	files, err := filepath.Glob("../bench/engine/corpus/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files: %v", err)
	}
	at := time.Date(2024, 3, 4, 9, 0, 0, 0, time.UTC)
	extract := func(text string) []schema.Memory {
		ms, err := rules.Extractor{}.Extract(t.Context(), schema.Document{ID: "d", Text: text, SaidAt: at, CreatedAt: at})
		if err != nil {
			t.Fatal(err)
		}
		return ms
	}
	dups := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c struct {
			Pairs []struct {
				ID                 string
				Existing, Incoming struct{ Text string }
			}
		}
		if err := json.Unmarshal(b, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, p := range c.Pairs {
			for _, e := range extract(p.Existing.Text) {
				for _, i := range extract(p.Incoming.Text) {
					if Compare(e, i).Relation != Duplicate {
						continue
					}
					dups++
					var x RepeatIndex
					x.Add(e)
					if len(x.Candidates(i)) != 1 {
						t.Errorf("%s %s: %q / %q are duplicates, but the index would not compare them", filepath.Base(f), p.ID, e.Claim, i.Claim)
					}
				}
			}
		}
	}
	if dups < 100 {
		t.Errorf("only %d duplicate pairs in the corpora; want at least 100 to check", dups)
	}
	t.Logf("%d duplicate pairs, each one the index compares", dups)
}

// However many earlier claims share words with a claim, it is compared
// with at most RepeatCandidates of them, and its twin is among those even
// when hundreds of earlier claims differ from it in one number only.
func TestRepeatIndexBoundsCandidatesAndKeepsTheTwin(t *testing.T) {
	var x RepeatIndex
	var added []schema.Memory
	add := func(claim string) {
		m := schema.Memory{Claim: claim}
		added = append(added, m)
		x.Add(m)
	}
	for i := range 500 {
		add(fmt.Sprintf("Service %d runs on Kafka.", i))
	}
	add("")
	twin := schema.Memory{Claim: "Service 17 runs on Kafka."}
	got := x.Candidates(twin)
	if len(got) > RepeatCandidates {
		t.Fatalf("%d candidates, want at most %d", len(got), RepeatCandidates)
	}
	if len(got) == 0 || added[got[0]].Claim != twin.Claim {
		t.Fatalf("first candidate %v, want the earlier %q", got[:min(len(got), 1)], twin.Claim)
	}
	found := false
	for _, i := range got {
		found = found || Compare(added[i], twin).Relation == Duplicate
	}
	if !found {
		t.Errorf("no candidate of %q is its duplicate", twin.Claim)
	}
	// a claim with no key shares none with a claim with words: it is
	// compared only with the claims with no key, the latest first
	if slices.Contains(got, 500) {
		t.Errorf("the claim with no key (500) is among %v", got)
	}
	add("")
	if keyless := x.Candidates(schema.Memory{Claim: "?"}); !slices.Equal(keyless, []int{501, 500}) {
		t.Errorf("candidates of a claim with no key = %v, want [501 500]", keyless)
	}
	var empty RepeatIndex
	if got := empty.Candidates(twin); len(got) != 0 {
		t.Errorf("an empty index gave candidates %v", got)
	}
}

// TestRepeatIndexInitials: a value given as its initials shares no word
// with the value written out; the index still compares the two.
func TestRepeatIndexInitials(t *testing.T) {
	at := time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)
	claim := func(text string) schema.Memory {
		ms, err := rules.Extractor{}.Extract(t.Context(), schema.Document{ID: "d", Text: text, SaidAt: at, CreatedAt: at})
		if err != nil || len(ms) != 1 {
			t.Fatalf("extract %q: %v, %d memories", text, err, len(ms))
		}
		return ms[0]
	}
	var x RepeatIndex
	x.Add(claim("I'm a general practitioner."))
	x.Add(claim("I walk the dog every morning."))
	if got := x.Candidates(claim("I'm a GP.")); !slices.Contains(got, 0) {
		t.Errorf("candidates of \"I'm a GP.\" = %v, want the general practitioner (0) among them", got)
	}
}
