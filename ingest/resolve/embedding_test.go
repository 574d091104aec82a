package resolve

import (
	"math"
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

func nb(e schema.Entity, sim float64) Neighbour { return Neighbour{Entity: e, Similarity: sim} }

func TestMatchEmbedding(t *testing.T) {
	const th, mg = EmbeddingThreshold, EmbeddingMargin
	mumbai := ent("ent_mumbai", "Mumbai", schema.KindPlace)
	delhi := ent("ent_delhi", "Delhi", schema.KindPlace)
	gsk := ent("ent_gsk", "GlaxoSmithKline", schema.KindOrganisation)
	youtube := ent("ent_yt", "YouTube", schema.KindOrganisation)
	kitchen := ent("ent_kitchen", "Kitchen renovation", schema.KindProject)
	bath := ent("ent_bath", "Bathroom refit", schema.KindProject)
	sarah := ent("ent_sarah", "Sarah", schema.KindPerson)
	mexico := ent("ent_mexico", "Mexico", schema.KindPlace)
	iraq := ent("ent_iraq", "Iraq", schema.KindPlace)
	q3 := ent("ent_q3", "Q3 budget", schema.KindOther)
	redis := ent("ent_redis", "Redis", schema.KindSystem)
	tests := []struct {
		name   string
		m      schema.Mention
		near   []Neighbour
		want   string // "" for no match
		reason string
	}{
		{"descriptive names", schema.Mention{Name: "the kitchen remodel", Kind: schema.KindProject}, []Neighbour{nb(kitchen, 0.967), nb(bath, 0.899)}, "ent_kitchen", ""},
		{"at the threshold", schema.Mention{Name: "the kitchen remodel", Kind: schema.KindProject}, []Neighbour{nb(kitchen, th)}, "ent_kitchen", ""},
		{"just below the threshold", schema.Mention{Name: "the kitchen remodel", Kind: schema.KindProject}, []Neighbour{nb(kitchen, th-0.001)}, "", ""},
		{"runner-up just inside the margin", schema.Mention{Name: "the kitchen remodel", Kind: schema.KindProject}, []Neighbour{nb(kitchen, 0.96), nb(bath, 0.96-mg+0.001)}, "", "a close rival is a guess"},
		{"runner-up a margin below", schema.Mention{Name: "the kitchen remodel", Kind: schema.KindProject}, []Neighbour{nb(kitchen, 0.96), nb(bath, 0.96-mg-0.001)}, "ent_kitchen", ""},
		{"order does not matter", schema.Mention{Name: "the kitchen remodel", Kind: schema.KindProject}, []Neighbour{nb(bath, 0.80), nb(kitchen, 0.96)}, "ent_kitchen", ""},
		{"the same neighbour twice counts once", schema.Mention{Name: "the kitchen remodel", Kind: schema.KindProject}, []Neighbour{nb(kitchen, 0.95), nb(kitchen, 0.96)}, "ent_kitchen", ""},
		{"unknown kinds are compatible, with the penalty", schema.Mention{Name: "kitchen remodel"}, []Neighbour{nb(kitchen, th+penaltyKind+0.001)}, "ent_kitchen", ""},
		{"the penalty can take it below the threshold", schema.Mention{Name: "kitchen remodel"}, []Neighbour{nb(kitchen, th+penaltyKind/2)}, "", ""},
		{"a place never", schema.Mention{Name: "Bombay", Kind: schema.KindPlace}, []Neighbour{nb(mumbai, 0.99), nb(delhi, 0.80)}, "", "a country and its capital sit as close as an exonym"},
		{"an unknown mention never takes a place", schema.Mention{Name: "Bombay"}, []Neighbour{nb(mumbai, 0.99)}, "", ""},
		{"an organisation never", schema.Mention{Name: "Google", Kind: schema.KindOrganisation}, []Neighbour{nb(youtube, 0.99)}, "", "a company and its product sit close"},
		{"GSK is Match's", schema.Mention{Name: "GSK"}, []Neighbour{nb(gsk, 0.99)}, "", ""},
		{"incompatible kinds", schema.Mention{Name: "Bombay", Kind: schema.KindPerson}, []Neighbour{nb(kitchen, 0.99)}, "", ""},
		{"place and organisation", schema.Mention{Name: "GSK", Kind: schema.KindPlace}, []Neighbour{nb(gsk, 0.99)}, "", ""},
		{"a person mention never", schema.Mention{Name: "Sara", Kind: schema.KindPerson}, []Neighbour{nb(sarah, 0.99)}, "", "people are never merged by meaning"},
		{"a person neighbour never", schema.Mention{Name: "Sara"}, []Neighbour{nb(sarah, 0.99)}, "", ""},
		{"a person rival still blocks", schema.Mention{Name: "the kitchen remodel"}, []Neighbour{nb(kitchen, 0.96), nb(sarah, 0.95)}, "", ""},
		{"part of the other's name", schema.Mention{Name: "Mexico City", Kind: schema.KindPlace}, []Neighbour{nb(mexico, 0.95)}, "", "Match judged it"},
		{"a letter apart", schema.Mention{Name: "Iran", Kind: schema.KindPlace}, []Neighbour{nb(iraq, 0.95)}, "", "Match judged it"},
		{"one head, other modifiers", schema.Mention{Name: "the bathroom renovation", Kind: schema.KindProject}, []Neighbour{nb(kitchen, 0.99)}, "", "a bathroom renovation is not the kitchen's"},
		{"one modifier, other heads", schema.Mention{Name: "kitchen refit", Kind: schema.KindProject}, []Neighbour{nb(kitchen, 0.96)}, "ent_kitchen", "a refit of the kitchen may be its renovation"},
		{"an identifier with a digit", schema.Mention{Name: "Sprint 12 retro", Kind: schema.KindProject}, []Neighbour{nb(ent("ent_s12", "Sprint 12 review", schema.KindProject), 0.99)}, "", "names with digits are Match's"},
		{"other digits", schema.Mention{Name: "Q4 budget"}, []Neighbour{nb(q3, 0.97)}, "", ""},
		{"nothing near", schema.Mention{Name: "the kitchen remodel", Kind: schema.KindProject}, nil, "", ""},
		{"not a number", schema.Mention{Name: "the kitchen remodel", Kind: schema.KindProject}, []Neighbour{nb(kitchen, math.NaN())}, "", ""},
		{"above one", schema.Mention{Name: "the kitchen remodel", Kind: schema.KindProject}, []Neighbour{nb(kitchen, 1.5)}, "", ""},
		{"infinite rival ignored", schema.Mention{Name: "the kitchen remodel", Kind: schema.KindProject}, []Neighbour{nb(kitchen, 0.96), nb(bath, math.Inf(1))}, "ent_kitchen", ""},
		{"empty mention", schema.Mention{Name: "", Kind: schema.KindPlace}, []Neighbour{nb(kitchen, 0.99)}, "", ""},
		{"punctuation only", schema.Mention{Name: "?!…", Kind: schema.KindPlace}, []Neighbour{nb(kitchen, 0.99)}, "", ""},
		{"control characters", schema.Mention{Name: "\x00\x01\x7f", Kind: schema.KindSystem}, []Neighbour{nb(redis, 0.99)}, "", ""},
		{"neighbour without id", schema.Mention{Name: "the kitchen remodel", Kind: schema.KindProject}, []Neighbour{nb(schema.Entity{Name: "Kitchen renovation", Kind: schema.KindProject}, 0.99)}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, score, ok := MatchEmbedding(tt.m, tt.near)
			if tt.want == "" && ok {
				t.Fatalf("matched %s (%.3f), want no match (%s)", got.ID, score, tt.reason)
			}
			if tt.want != "" && (!ok || got.ID != tt.want) {
				t.Fatalf("got %q %.3f ok=%v, want %s", got.ID, score, ok, tt.want)
			}
		})
	}
}

func TestMatchEmbeddingTieBreak(t *testing.T) {
	a, b := ent("ent_b", "Kitchen renovation", schema.KindProject), ent("ent_a", "Kitchen renovation", schema.KindProject)
	for _, order := range [][]Neighbour{{nb(a, 0.95), nb(b, 0.95)}, {nb(b, 0.95), nb(a, 0.95)}} {
		got, _, ok := MatchEmbedding(schema.Mention{Name: "the kitchen remodel", Kind: schema.KindProject}, order)
		if ok || got.ID != "ent_a" {
			t.Fatalf("got %q ok=%v, want ent_a reported and refused (two equal entities are a guess)", got.ID, ok)
		}
	}
}

func TestMatchEmbeddingHostile(t *testing.T) {
	big := strings.Repeat("Ab ", 90000)
	for _, s := range []string{"", big, "\xff\xfe\xfd", "\x00\x01\x02\x7f", strings.Repeat("é", 50000), strings.Repeat("9", 100000)} {
		near := []Neighbour{nb(schema.Entity{ID: "x", Name: s}, 0.99), nb(schema.Entity{ID: "y", Name: big, Kind: schema.KindPlace}, 0.5)}
		MatchEmbedding(schema.Mention{Name: s}, near)
		MatchEmbedding(schema.Mention{Name: "Bombay"}, near)
	}
}

func TestCosine(t *testing.T) {
	tests := []struct {
		a, b []float32
		want float64
	}{
		{[]float32{1, 0}, []float32{1, 0}, 1},
		{[]float32{1, 0}, []float32{0, 1}, 0},
		{[]float32{1, 0}, []float32{-2, 0}, -1},
		{[]float32{3, 4}, []float32{6, 8}, 1},
		{[]float32{1, 0}, []float32{1}, 0},
		{nil, nil, 0},
		{[]float32{0, 0}, []float32{1, 0}, 0},
		{[]float32{float32(math.NaN()), 0}, []float32{1, 0}, 0},
	}
	for _, tt := range tests {
		if got := Cosine(tt.a, tt.b); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("Cosine(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
