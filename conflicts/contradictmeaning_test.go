package conflicts

import (
	"math"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// contradictionByMeaning extracts one memory from each text, b said apart
// after a, and reads them with ContradictionByMeaning at the given
// similarity.
func contradictionByMeaning(t *testing.T, a, b string, apart time.Duration, sim float64) (Decision, bool) {
	t.Helper()
	at := time.Date(2024, 3, 4, 9, 0, 0, 0, time.UTC)
	e, i := extractOne(t, a, at), extractOne(t, b, at.Add(apart))
	if d := Compare(e, i); d.Relation != Unrelated {
		t.Fatalf("the rules relate %q / %q (%s: %s); the test needs a pair they leave unrelated", a, b, d.Relation, d.Reason)
	}
	if d, ok := ChangeByMeaning(e, i, sim); ok {
		t.Fatalf("the change read by meaning relates %q / %q (%s: %s); the test needs a pair it leaves unrelated", a, b, d.Relation, d.Reason)
	}
	return ContradictionByMeaning(e, i, sim)
}

// TestContradictionByMeaning: two close claims said together that give
// one thing two values, one saying its value is the only one, contradict;
// two things of a kind, a value beside another, a change, someone else's
// value, the same value, and a claim said days later do not. The
// similarity is given: these cases test the words.
func TestContradictionByMeaning(t *testing.T) {
	const close = 0.9
	hours := func(n int) time.Duration { return time.Duration(n) * time.Hour }
	for _, c := range []struct {
		a, b  string
		apart time.Duration
		want  Relation // Unrelated: nothing decided
	}{
		{"The only car we own is a grey Skoda Octavia.", "Our car is a red Ford Focus estate.", hours(3), Contradicts},
		{"Tom's swimming lesson is on Wednesdays.", "Tom has swimming once a week, on Saturday mornings.", hours(5), Contradicts},
		{"The billing service is written in Java.", "Billing is a Rust service, all of it.", hours(1), Contradicts},
		{"Both girls go to Hillcrest Academy.", "The girls' school is St Bede's, a short bus ride away.", hours(26), Contradicts},
		{"My single current account is with Monzo.", "The current account I have is with Barclays.", hours(2), Contradicts},
		// said clearly later: a change nobody called one, or a slip; the
		// rules read a later value of one slot, this reading leaves it
		{"The only car we own is a grey Skoda Octavia.", "Our car is a red Ford Focus estate.", hours(24 * 20), Unrelated},
		// neither says its value is the only one
		{"Tom's swimming lesson is on Wednesdays.", "Tom goes swimming on Saturday mornings.", hours(5), Unrelated},
		// "only" that says nothing of how many: "not only", "only just"
		{"Tom's swimming lesson is on Wednesdays.", "Tom not only swims on Saturdays, he loves it.", hours(5), Unrelated},
		// two things of a kind, named by the word before them
		{"Primary backups go to an S3 bucket in Ireland.", "Secondary backups only go to the tape library in Leeds.", hours(2), Unrelated},
		{"The outbound flight is the only one with BA, at 07:10.", "The return flight leaves at 19:45 with Iberia.", hours(2), Unrelated},
		// a value beside another, a change, a wish, someone else
		{"The only car we own is a grey Skoda Octavia.", "We also have a red Ford Focus estate.", hours(3), Unrelated},
		{"The only car we own is a grey Skoda Octavia.", "We've switched to a red Ford Focus estate.", hours(3), Unrelated},
		{"The only car we own is a grey Skoda Octavia.", "I'd love a red Ford Focus estate one day.", hours(3), Unrelated},
		{"Ella's only club is netball on Tuesdays.", "Max's club is chess on Thursdays.", hours(3), Unrelated},
		// the same values said twice
		{"The only car we own is a grey Skoda Octavia.", "Our car is a grey Skoda Octavia estate.", hours(3), Unrelated},
	} {
		d, ok := contradictionByMeaning(t, c.a, c.b, c.apart, close)
		got := Unrelated
		if ok {
			got = d.Relation
		}
		if got != c.want {
			t.Errorf("%q / %q (%s apart): %s (%s), want %s", c.a, c.b, c.apart, got, d.Reason, c.want)
		}
	}
}

// TestContradictionByMeaningBounds: below the similarity, or at NaN (a
// zero vector), nothing is decided; at it, the pair contradicts.
func TestContradictionByMeaningBounds(t *testing.T) {
	a, b := "The only car we own is a grey Skoda Octavia.", "Our car is a red Ford Focus estate."
	for _, c := range []struct {
		sim  float64
		want bool
	}{
		{ContradictionMeaningSimilarity - 0.001, false},
		{math.NaN(), false},
		{ContradictionMeaningSimilarity, true},
	} {
		if _, ok := contradictionByMeaning(t, a, b, time.Hour, c.sim); ok != c.want {
			t.Errorf("similarity %v: decided %v, want %v", c.sim, ok, c.want)
		}
	}
}

// TestSaysOnly: the words that say a value is the only one, and those
// that look like them and do not.
func TestSaysOnly(t *testing.T) {
	for claim, want := range map[string]bool{
		"The only bike I own is a Trek.":              true,
		"My one and only ISA is with Vanguard.":       true,
		"My one piano is a Kawai.":                    true,
		"Choir meets once a week, on Mondays.":        true,
		"Both kids go to Greenway Primary.":           true,
		"All our dashboards are in Grafana.":          true,
		"Everything runs in eu-west-1.":               true,
		"My single S&S ISA sits with Hargreaves.":     true,
		"The table is rebuilt solely by the nightly.": true,
		"I'm single.":                             false,
		"We booked a single room.":                false,
		"Not only is it cheap, it's quick.":       false,
		"I only just made the train.":             false,
		"I was at the gym all day.":               false,
		"She's not happy at all.":                 false,
		"It rains all the time here.":             false,
		"Once upon a time we had a cat.":          false,
		"One of my cats is called Miso.":          false,
		"Tom's swimming lesson is on Wednesdays.": false,
		"Both.": false,
	} {
		if got := SaysOnly(schema.Memory{Claim: claim}); got != want {
			t.Errorf("SaysOnly(%q) = %v, want %v", claim, got, want)
		}
	}
}
