package graph

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/persistmemory/persistmemory/schema"
)

func TestNormalizeKey(t *testing.T) {
	tests := []struct{ in, want string }{
		{"New York City", "new york city"},
		{"  New   York\tCity\n", "new york city"},
		{"N.Y.C.", "nyc"},
		{"O'Brien", "obrien"},
		{"O’Brien", "obrien"},
		{"AT&T", "att"},
		{"Jean-Luc Picard", "jean luc picard"},
		{"Zürich", "zurich"},
		{"São Paulo", "sao paulo"},
		{"Ångström", "angstrom"},
		{"ﬁnance", "finance"},
		{"Café (Berlin)", "cafe berlin"},
		{"ledger_svc/v2", "ledger svc v2"},
		{"Straße", "straße"},
		{"東京 タワー", "東京 タワー"},
		{"version 0.9.7", "version 097"},
		{"!!!", ""},
		{"", ""},
		{"a — b", "a b"},
	}
	for _, tt := range tests {
		got := NormalizeKey(tt.in)
		if got != tt.want {
			t.Errorf("NormalizeKey(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if again := NormalizeKey(got); again != got {
			t.Errorf("NormalizeKey is not idempotent on %q: %q", got, again)
		}
	}
}

func TestAcronyms(t *testing.T) {
	tests := []struct {
		key  string
		want []string
	}{
		{"new york city", []string{"nyc"}},
		{"bank of america", []string{"boa", "ba"}},
		{"the ledger", nil}, // one word besides "the"
		{"ledger", nil},
		{"", nil},
		{"united states of america", []string{"usoa", "usa"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, Acronyms(tt.key), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Acronyms(%q) (-want +got):\n%s", tt.key, diff)
		}
	}
}

func TestEntityKeys(t *testing.T) {
	got := EntityKeys("New York City", []string{"NYC", "Big Apple", "new-york city", "!!"})
	want := []string{"ba", "big apple", "new york city", "nyc"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("EntityKeys (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"america", "bank", "city", "new"}, KeyTokens([]string{"bank of america", "new city", "the"})); diff != "" {
		t.Errorf("KeyTokens (-want +got):\n%s", diff)
	}
}

func TestNameKeys(t *testing.T) {
	for name, want := range map[string][]string{
		"Москва":          {"москва", "moskva"},
		"Дмитрий Соколов": {"дмитрии соколов", "dmitrii sokolov"}, // NFKD drops й's breve
		"Zürich":          {"zurich"},                             // Latin: one key, as before
		"東京":              {"東京", "dong jing"},
		"!!":              nil,
	} {
		if diff := cmp.Diff(want, NameKeys(name)); diff != "" {
			t.Errorf("NameKeys(%q) (-want +got):\n%s", name, diff)
		}
	}
	if diff := cmp.Diff([]string{"moskva", "москва"}, EntityKeys("Москва", nil)); diff != "" {
		t.Errorf("EntityKeys(Москва) (-want +got):\n%s", diff)
	}
}

func TestDerivedIDs(t *testing.T) {
	if TurnID("alice", "c1", 1) != TurnID("alice", "c1", 1) {
		t.Error("TurnID is not deterministic")
	}
	seen := map[string]bool{}
	for _, id := range []string{TurnID("alice", "c1", 1), TurnID("alice", "c1", 2), TurnID("alice", "c2", 1), TurnID("bob", "c1", 1),
		PersonalSpaceID("alice"), PersonalSpaceID("bob")} {
		if seen[id] {
			t.Errorf("derived id %s repeats", id)
		}
		seen[id] = true
	}
	if PersonalSpaceID("alice") != PersonalSpaceID("alice") {
		t.Error("PersonalSpaceID is not deterministic")
	}
}

func TestReinforcedConfidence(t *testing.T) {
	tests := []struct{ old, evidence, want float64 }{
		{0.6, 0.7, 0.88},
		{0.5, 0.5, 0.75},
		{0, 0, 0},
		{0.9, 0.9, MaxReinforcedConfidence},
		{0.995, 0.5, 0.995}, // never lowered by the cap
		{0.3, -1, 0.3},
		{2, 2, 1},
	}
	for _, tt := range tests {
		if got := ReinforcedConfidence(tt.old, tt.evidence); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("ReinforcedConfidence(%v, %v) = %v, want %v", tt.old, tt.evidence, got, tt.want)
		}
	}
	// what the API shows is the rounded number itself: 0.91, not
	// 0.9099999999999999 (a person reads it in a memory's detail)
	for _, tt := range []struct{ old, evidence float64 }{{0.7, 0.7}, {0.6, 0.6}, {0.55, 0.7}} {
		got := ReinforcedConfidence(tt.old, tt.evidence)
		if b, _ := json.Marshal(got); len(b) > len("0.0000") {
			t.Errorf("ReinforcedConfidence(%v, %v) = %s, want at most %d decimals", tt.old, tt.evidence, b, schema.ConfidenceDecimals)
		}
	}
}
