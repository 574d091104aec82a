package rules

import (
	"slices"
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// TestHeadlineAndItsValue: a short headline naming a topic and a sentence
// after it giving only a value are one claim; anything else stays two.
func TestHeadlineAndItsValue(t *testing.T) {
	claims := func(text string) []string {
		var out []string
		for _, m := range extract(t, text) {
			out = append(out, m.Claim)
		}
		return out
	}
	for text, want := range map[string]string{
		"Czynsz again! From January 710 zł. spółdzielnia says gas prices": "Czynsz again! From January 710 zł.",
		"Gym membership, ugh. From March £42 a month.":                    "Gym membership, ugh. From March £42 a month.",
		"The school bus. Now 7:40, not 7:50.":                             "The school bus. Now 7:40, not 7:50.",
	} {
		if got := claims(text); !slices.Contains(got, want) {
			t.Errorf("%q: claims %q, want one %q", text, got, want)
		}
	}
	// the headline is the speaker's own clause, has a number, is long,
	// or the next sentence names its own topic: two sentences
	for _, text := range []string{
		"I love it! From Monday 9:30.",
		"Day 3 of the diet. From now 1,800 calories.",
		"Big news from the office today, finally! From May 4 days a week.",
		"Big week! The gym is £40 a month from May.",
		"Rent again. Is it 710?",
	} {
		for _, c := range claims(text) {
			if ms := sentences(c); len(ms) > 1 {
				t.Errorf("%q: one claim of two sentences: %q", text, c)
			}
		}
	}
	// the joined claim keeps the value's date
	ms := extract(t, "Czynsz again! From January 710 zł.")
	if len(ms) != 1 || ms[0].ValidFrom == nil || ms[0].ValidFrom.Month() != 1 {
		t.Errorf("got %+v, want one claim valid from January", ms)
	}
}

// TestARelativeNamedLikeAPlace: "our daughter Ada" and "my son Jordan" are
// people, though places have the names.
func TestARelativeNamedLikeAPlace(t *testing.T) {
	for text, name := range map[string]string{
		"I live in Yaba with my husband Emeka and our daughter Ada.": "Ada",
		"My son Jordan starts school in September.":                  "Jordan",
	} {
		found := false
		for _, m := range extract(t, text) {
			for _, e := range m.Entities {
				if e.Name == name {
					found = true
					if e.Kind != schema.KindPerson {
						t.Errorf("%q: %s is a %s, want a person", text, name, e.Kind)
					}
				}
			}
		}
		if !found {
			t.Errorf("%q: no entity %s", text, name)
		}
	}
}

// TestARemarkBeforeTheClause: "good thing", "thank god", "turns out" say
// what the speaker thinks of the clause after them, not its subject.
func TestARemarkBeforeTheClause(t *testing.T) {
	for text, subj := range map[string]string{
		"good thing we're on the ground floor, no stairs with jerrycans": "we",
		"Thank god she's home now.":                                      "",
		"Turns out I'm allergic to cats.":                                "user",
		"Good thing the car passed its MOT.":                             "",
	} {
		ms := extract(t, text)
		if len(ms) == 0 {
			t.Fatalf("%q: no memory", text)
		}
		if subj != "" && ms[0].Subject != subj {
			t.Errorf("%q: subject %q, want %q", text, ms[0].Subject, subj)
		}
		if strings.HasPrefix(strings.ToLower(ms[0].Subject), "good") || strings.HasPrefix(strings.ToLower(ms[0].Subject), "thank") {
			t.Errorf("%q: the remark read as the subject (%q)", text, ms[0].Subject)
		}
	}
}
