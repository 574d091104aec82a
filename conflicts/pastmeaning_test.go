package conflicts

import (
	"math"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// TestPastByMeaning: a claim telling what held before, said after a close
// claim of what holds now, is its earlier value; a sum paid once,
// something else done, a claim of now worded as a change, a value beside
// another and two claims of before are not. The similarity is given:
// these cases test the words.
func TestPastByMeaning(t *testing.T) {
	const close = 0.9
	at := time.Date(2024, 3, 4, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		a, b string
		want Relation // Unrelated: nothing decided
	}{
		{"We're in a two-bed flat in Bristol.", "Before Bristol we rented a house in Cardiff for six years.", SupersededBy},
		{"My commute is 20 minutes on the bike.", "When we lived in Croydon my commute used to be an hour on the train.", SupersededBy},
		{"Ollie is in the under-12s team this season.", "Back when he first started, Ollie was in the under-9s.", SupersededBy},
		{"I bank with Monzo.", "I was previously with Barclays for about ten years.", SupersededBy},
		// a sum paid once is no earlier value of what something is worth
		{"Our flat is worth about £310k.", "We paid £240,000 for the flat back in 2016.", Unrelated},
		// something else done
		{"My dad lives in Galway.", "My dad used to teach in Limerick.", Unrelated},
		// a value beside the other
		{"We live in Bristol.", "Before this house we were in Bristol as well, on the other side of town.", Unrelated},
		// a memory held now, dated by a time before
		{"Having the photo on my desk reminds me of them every day.", "I still remember the day it was taken, from when I was 10.", Unrelated},
		// nothing tells of before
		{"We live in Bristol.", "My sister lives in Cardiff.", Unrelated},
	} {
		e, i := extractOne(t, c.a, at), extractOne(t, c.b, at.Add(30*24*time.Hour))
		got := Unrelated
		if d := Compare(e, i); d.Relation != Unrelated {
			t.Fatalf("the rules relate %q / %q (%s: %s); the test needs a pair they leave unrelated", c.a, c.b, d.Relation, d.Reason)
		}
		d, ok := PastByMeaning(e, i, close)
		if ok {
			got = d.Relation
		}
		if got != c.want {
			t.Errorf("%q / %q: %s (%s; apart: %q), want %s", c.a, c.b, got, d.Reason, PastApart(e, i), c.want)
		}
	}
	e, i := extractOne(t, "I bank with Monzo.", at), extractOne(t, "I was previously with Barclays for about ten years.", at.Add(time.Hour))
	for _, sim := range []float64{PastMeaningSimilarity - 0.001, math.NaN()} {
		if _, ok := PastByMeaning(e, i, sim); ok {
			t.Errorf("similarity %v decided, want nothing", sim)
		}
	}
}

// TestWordedAsPast: the words that tell what held before, and openers
// that date nothing.
func TestWordedAsPast(t *testing.T) {
	for claim, want := range map[string]bool{
		"I used to train in the evenings.":                       true,
		"Before Hillside, Eve went to St Anne's Primary.":        true,
		"Back when she first started, Maya was in the under-8s.": true,
		"Up until last spring Mum was managing on her own.":      true,
		"I was previously with Barclays.":                        true,
		"When we lived in Salford my commute took an hour.":      true,
		"Before I forget, my mobile number is 07700 900456.":     false,
		"I'll be back in London for good next week.":             false,
		"Before bed I take 5mg of melatonin.":                    false,
		"I still remember this story from when I was 10.":        false,
		"We live in Bristol.":                                    false,
	} {
		if got := WordedAsPast(schema.Memory{Claim: claim}); got != want {
			t.Errorf("WordedAsPast(%q) = %v, want %v", claim, got, want)
		}
	}
}
