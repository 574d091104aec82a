package resolve

import (
	"math"
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

func TestNormalize(t *testing.T) {
	tests := map[string]string{
		"The Café Müller's":   "cafe muller",
		"  New   York City ":  "new york city",
		"AT&T":                "at and t",
		"São Paulo":           "sao paulo",
		"Node.js":             "node js",
		"the":                 "the",
		"O'Brien":             "obrien",
		"":                    "",
		"!!!":                 "",
		"Zoë":                 "zoe",
		"ＮＹＣ":                 "nyc",
		"Anna’s":              "anna",
		"The New York Times":  "new york times",
		"Postgres\x00\x01SQL": "postgres sql",
	}
	for in, want := range tests {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAcronym(t *testing.T) {
	tests := map[string]string{
		"New York City":      "nyc",
		"Bank of America":    "ba",
		"The New York Times": "nyt",
		"Postgres":           "",
		"":                   "",
		"European Union":     "eu",
		"Los Angeles":        "la",
	}
	for in, want := range tests {
		if got := Acronym(in); got != want {
			t.Errorf("Acronym(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSimilarity(t *testing.T) {
	tests := []struct {
		a, b     string
		min, max float64
	}{
		{"Postgres", "postgres", 1, 1},
		{"Anna Silva", "Silva, Anna", 1, 1},
		{"Postgres", "PostgreSQL", 0.95, 0.97},
		{"MARTHA", "MARHTA", 0.96, 0.962},
		{"Java", "JavaScript", 0.85, 0.9},
		{"Lisbon", "Kafka", 0, 0.5},
		{"", "x", 0, 0},
	}
	for _, tt := range tests {
		s := Similarity(tt.a, tt.b)
		if s < tt.min || s > tt.max {
			t.Errorf("Similarity(%q, %q) = %.3f, want in [%.3f, %.3f]", tt.a, tt.b, s, tt.min, tt.max)
		}
		if r := Similarity(tt.b, tt.a); math.Abs(r-s) > 1e-12 {
			t.Errorf("not symmetric: %q %q: %v vs %v", tt.a, tt.b, s, r)
		}
	}
}

func ent(id, name string, kind schema.EntityKind, aliases ...string) schema.Entity {
	return schema.Entity{ID: id, Name: name, Kind: kind, Aliases: aliases}
}

func TestMatch(t *testing.T) {
	nyc := ent("ent_nyc", "New York City", schema.KindPlace)
	pg := ent("ent_pg", "PostgreSQL", schema.KindSystem, "Postgres")
	annaS := ent("ent_annas", "Anna Silva", schema.KindPerson)
	annaC := ent("ent_annac", "Anna Costa", schema.KindPerson)
	anne := ent("ent_anne", "Anne", schema.KindPerson)
	paris := ent("ent_paris", "Paris", schema.KindPlace)
	parisP := ent("ent_parisp", "Paris", schema.KindPerson)
	acme := ent("ent_acme", "Acme Inc", schema.KindOrganisation)
	k8s := ent("ent_k8s", "Kubernetes", schema.KindSystem)
	kafka := ent("ent_kafka", "Apache Kafka", schema.KindSystem)
	python := ent("ent_py", "Python", schema.KindSystem)
	py2 := ent("ent_py2", "Python 2", schema.KindSystem)
	tests := []struct {
		name  string
		m     schema.Mention
		cands []schema.Entity
		want  string // "" = no match
	}{
		{"acronym", schema.Mention{Name: "NYC", Kind: schema.KindPlace}, []schema.Entity{nyc, paris}, "ent_nyc"},
		{"alias", schema.Mention{Name: "postgres", Kind: schema.KindSystem}, []schema.Entity{pg}, "ent_pg"},
		{"fuzzy system", schema.Mention{Name: "Postgresql", Kind: schema.KindOther}, []schema.Entity{ent("x", "Postgres", schema.KindSystem)}, "x"},
		{"first name unique", schema.Mention{Name: "Anna", Kind: schema.KindPerson}, []schema.Entity{annaS, anne}, "ent_annas"},
		{"first name ambiguous", schema.Mention{Name: "Anna", Kind: schema.KindPerson}, []schema.Entity{annaS, annaC}, ""},
		{"full name exact among namesakes", schema.Mention{Name: "Anna Costa", Kind: schema.KindPerson}, []schema.Entity{annaS, annaC}, "ent_annac"},
		{"different surname", schema.Mention{Name: "Anna Pereira", Kind: schema.KindPerson}, []schema.Entity{annaS, annaC}, ""},
		{"no spelling fuzz for people", schema.Mention{Name: "Anne", Kind: schema.KindPerson}, []schema.Entity{ent("a", "Anna", schema.KindPerson)}, ""},
		{"initial", schema.Mention{Name: "A. Silva", Kind: schema.KindPerson}, []schema.Entity{annaS}, "ent_annas"},
		{"title", schema.Mention{Name: "Dr. Anna Silva", Kind: schema.KindPerson}, []schema.Entity{annaS}, "ent_annas"},
		{"kind mismatch", schema.Mention{Name: "Paris", Kind: schema.KindPerson}, []schema.Entity{paris}, ""},
		{"kind picks", schema.Mention{Name: "Paris", Kind: schema.KindPlace}, []schema.Entity{parisP, paris}, "ent_paris"},
		{"unknown kind prefers same name, smallest id", schema.Mention{Name: "Paris"}, []schema.Entity{parisP, paris}, "ent_paris"},
		{"org suffix", schema.Mention{Name: "Acme", Kind: schema.KindOrganisation}, []schema.Entity{acme}, "ent_acme"},
		{"numeronym", schema.Mention{Name: "k8s", Kind: schema.KindSystem}, []schema.Entity{k8s}, "ent_k8s"},
		{"vendor", schema.Mention{Name: "Kafka", Kind: schema.KindSystem}, []schema.Entity{kafka}, "ent_kafka"},
		{"version", schema.Mention{Name: "Python 3", Kind: schema.KindSystem}, []schema.Entity{python}, "ent_py"},
		{"versions differ", schema.Mention{Name: "Python 3", Kind: schema.KindSystem}, []schema.Entity{py2}, ""},
		{"java is not javascript", schema.Mention{Name: "Java", Kind: schema.KindSystem}, []schema.Entity{ent("js", "JavaScript", schema.KindSystem)}, ""},
		{"digits differ", schema.Mention{Name: "EC2", Kind: schema.KindSystem}, []schema.Entity{ent("e", "EC3", schema.KindSystem)}, ""},
		{"empty mention", schema.Mention{Name: "  "}, []schema.Entity{paris}, ""},
		{"no candidates", schema.Mention{Name: "Paris"}, nil, ""},
		{"org vs system compatible", schema.Mention{Name: "GitHub", Kind: schema.KindOrganisation}, []schema.Entity{ent("gh", "Github", schema.KindSystem)}, "gh"},
		// a mention of no known kind ("Thanks, Mel!") loses nothing for it
		{"short name of unknown kind", schema.Mention{Name: "Mel", Kind: schema.KindOther}, []schema.Entity{ent("mel", "Melanie", schema.KindPerson), ent("car", "Caroline", schema.KindPerson)}, "mel"},
		{"every initial", schema.Mention{Name: "LOTR", Kind: schema.KindOther}, []schema.Entity{ent("lotr", "Lord of the Rings", schema.KindOther), ent("lotf", "Lord of the Flies", schema.KindOther)}, "lotr"},
		{"every initial, mixed case", schema.Mention{Name: "GoT", Kind: schema.KindOther}, []schema.Entity{ent("got", "Game of Thrones", schema.KindOther)}, "got"},
		{"every initial, another title", schema.Mention{Name: "LOTR", Kind: schema.KindOther}, []schema.Entity{ent("lotf", "Lord of the Flies", schema.KindOther)}, ""},
		{"plural initialism", schema.Mention{Name: "RPGs", Kind: schema.KindSystem}, []schema.Entity{ent("rpg", "RPG", schema.KindOrganisation)}, "rpg"},
		{"initialism, plural stored", schema.Mention{Name: "PC", Kind: schema.KindSystem}, []schema.Entity{ent("pcs", "PCs", schema.KindSystem)}, "pcs"},
		{"short name of unknown kind, two it may be", schema.Mention{Name: "Mel", Kind: schema.KindOther}, []schema.Entity{ent("mel", "Melanie", schema.KindPerson), ent("mls", "Melissa", schema.KindPerson)}, ""},
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
			if score < MatchThreshold || score > 1 {
				t.Errorf("score %.3f out of range", score)
			}
		})
	}
}

func TestMatchDeterministicTieBreak(t *testing.T) {
	a, b := ent("ent_b", "Lisbon", schema.KindPlace), ent("ent_a", "Lisbon", schema.KindPlace)
	for _, order := range [][]schema.Entity{{a, b}, {b, a}} {
		got, _, ok := Match(schema.Mention{Name: "lisbon", Kind: schema.KindPlace}, order)
		if !ok || got.ID != "ent_a" {
			t.Fatalf("got %q ok=%v, want ent_a", got.ID, ok)
		}
	}
}

func TestHostile(t *testing.T) {
	big := strings.Repeat("Ab ", 90000)
	for _, s := range []string{"", big, "\xff\xfe\xfd", "\x00\x01\x02\x7f", strings.Repeat("é", 50000)} {
		_ = Normalize(s)
		_ = Acronym(s)
		_ = Similarity(s, s+"x")
		Match(schema.Mention{Name: s}, []schema.Entity{{ID: "x", Name: s}, {ID: "y", Name: big}})
		_ = rawWords(s)
		_ = initialismOf(s, big)
		_ = initialismOf("BoE", s)
	}
	// the knowledge tables' paths: every kind, other scripts, no panic
	for _, s := range []string{strings.Repeat("Ж", 100000), "😀🙃", "\u0301\u0301", "ə", "'s", "the", "King's Cross station \xff", strings.Repeat("Bombay ", 20000)} {
		for _, k := range []schema.EntityKind{schema.KindPlace, schema.KindSystem, schema.KindPerson, schema.KindOrganisation, schema.KindProject, ""} {
			Match(schema.Mention{Name: s, Kind: k}, []schema.Entity{{ID: "x", Name: s, Kind: k}, {ID: "y", Name: "London " + s + " station", Kind: k}, {ID: "z", Name: "Mumbai", Kind: schema.KindPlace}})
		}
		if got := SearchNames(s); len(got) == 0 || len(got) > maxSearchNames {
			t.Errorf("SearchNames(%.20q) = %d names", s, len(got))
		}
	}
	// short forms read from garbage match nothing
	for _, s := range []string{"&&", "A&", "&B", "\xff\xfe", "\x00\x01", "A\xffB&", strings.Repeat("AB", 5)} {
		if e, _, ok := Match(schema.Mention{Name: s, Kind: schema.KindOrganisation}, []schema.Entity{{ID: "x", Name: "Alpha Beta", Kind: schema.KindOrganisation}}); ok {
			t.Errorf("%q matched %s", s, e.ID)
		}
	}
}
