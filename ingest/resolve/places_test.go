package resolve

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

func TestSpellingFold(t *testing.T) {
	tests := map[string]string{
		"tokio":        "tocio",
		"tokyo":        "tocio",
		"krakow":       "cracov",
		"cracow":       "cracov",
		"marseilles":   "marseiles",
		"philadelphia": "filadelfia",
	}
	for in, want := range tests {
		if got := spellingFold(in); got != want {
			t.Errorf("spellingFold(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"marrakech", "marrakesh", 1},
		{"abcd", "abdc", 1},
		{"slovakia", "slovenia", 2},
		{"", "ab", 2},
		{"same", "same", 0},
	}
	for _, tt := range tests {
		if got := editDistance([]rune(tt.a), []rune(tt.b), 1); min(got, 2) != min(tt.want, 2) {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestPlaceAndOrganisationVariants(t *testing.T) {
	pl, org, per := schema.KindPlace, schema.KindOrganisation, schema.KindPerson
	tests := []struct {
		name  string
		m     schema.Mention
		cands []schema.Entity
		want  string
	}{
		{"spelling fold", schema.Mention{Name: "Kopenhagen", Kind: pl}, []schema.Entity{ent("cph", "Copenhagen", pl)}, "cph"},
		{"one edit in a long name", schema.Mention{Name: "Marseilles", Kind: pl}, []schema.Entity{ent("mrs", "Marseille", pl)}, "mrs"},
		{"two edits are another place", schema.Mention{Name: "Austria", Kind: pl}, []schema.Entity{ent("au", "Australia", pl)}, ""},
		{"short names one letter apart", schema.Mention{Name: "Iran", Kind: pl}, []schema.Entity{ent("iq", "Iraq", pl)}, ""},
		{"a longer name is not a spelling", schema.Mention{Name: "Dominica", Kind: pl}, []schema.Entity{ent("dr", "Dominican Republic", pl)}, ""},
		{"place prefix is not fuzzy", schema.Mention{Name: "Guinea", Kind: pl}, []schema.Entity{ent("gb", "Guineas", pl)}, ""},
		{"distinctive first word", schema.Mention{Name: "Cluj", Kind: pl}, []schema.Entity{ent("cluj", "Cluj-Napoca", pl), ent("ber", "Bergen", pl)}, "cluj"},
		{"first word of two places", schema.Mention{Name: "Buenos", Kind: pl}, []schema.Entity{ent("a", "Buenos Aires", pl), ent("b", "Buenos Vistas", pl)}, ""},
		{"generic first word", schema.Mention{Name: "San", Kind: pl}, []schema.Entity{ent("sd", "San Diego", pl)}, ""},
		{"designator makes another place", schema.Mention{Name: "Panama", Kind: pl}, []schema.Entity{ent("pc", "Panama City", pl)}, ""},
		{"facility is not the place", schema.Mention{Name: "Porto", Kind: pl}, []schema.Entity{ent("po", "Porto Office", pl)}, ""},
		{"qualifier after a comma", schema.Mention{Name: "Portland", Kind: pl}, []schema.Entity{ent("pdx", "Portland, Oregon", pl)}, "pdx"},
		{"abbreviated place word", schema.Mention{Name: "Mt. Fuji", Kind: pl}, []schema.Entity{ent("fuji", "Mount Fuji", pl)}, "fuji"},
		{"organisation spelling", schema.Mention{Name: "Deloite", Kind: org}, []schema.Entity{ent("dt", "Deloitte", org)}, "dt"},
		{"organisation first word is not enough", schema.Mention{Name: "General", Kind: org}, []schema.Entity{ent("gm", "General Motors", org)}, ""},
		{"people never by spelling", schema.Mention{Name: "Katia", Kind: per}, []schema.Entity{ent("k", "Katya", per)}, ""},
		{"people never by first word of a place rule", schema.Mention{Name: "Rio", Kind: per}, []schema.Entity{ent("r", "Rio Ferdinand", per), ent("x", "Rio Tinto", per)}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, score, ok := Match(tt.m, tt.cands)
			if tt.want == "" {
				if ok {
					t.Fatalf("matched %s (%.3f), want no match", got.ID, score)
				}
				return
			}
			if !ok || got.ID != tt.want {
				t.Fatalf("got %q %.3f ok=%v, want %q", got.ID, score, ok, tt.want)
			}
		})
	}
}
