package conflicts

import (
	"testing"
	"time"
)

// TestATopicSaidAsAHeadline: a topic said alone ("Czynsz again!") and its
// value in the next sentence ("From January 710 zł.") are one claim, and a
// label saying where news came from ("Letter from the spółdzielnia:") is
// not what the claim is about.
func TestATopicSaidAsAHeadline(t *testing.T) {
	checkRelations(t, []relCase{
		{"The czynsz for my flat is 620 zł per month at the moment.", "Czynsz again! From January 710 zł. spółdzielnia says gas prices", apart, Supersedes},
		{"Letter from the spółdzielnia: from July the czynsz goes up to 680 zł.", "Czynsz again! From January 710 zł.", apart, Supersedes},
		{"My gym membership is £35 a month.", "Gym membership, ugh. From March £42 a month.", apart, Supersedes},
		{"Our rent is £1,300 a month.", "Email from the landlord: the rent goes up to £1,450 from May.", apart, Supersedes},
		// a headline of another thing, a sentence with its own topic, a
		// label that hides no topic of its own
		{"Our rent is £900 a month.", "Council tax again! From April £130.", apart, Unrelated},
		{"Our rent is £900 a month.", "Big week! The gym is £40 a month from May.", apart, Unrelated},
		{"Our rent is £900 a month.", "Letter from the council: council tax goes up to £130 a month from April.", apart, Unrelated},
	})
}

// TestTheSpeakersNameIsNoSlot: "I'm Chidinma" and "I'm Igbo" are a name and
// a people, both true; an age beside the name still grows.
func TestTheSpeakersNameIsNoSlot(t *testing.T) {
	checkRelations(t, []relCase{
		{"Hi! I'm Chidinma, 38.", "I'm Igbo, from Enugu", apart, Unrelated},
		{"I'm Marek.", "I'm Polish, from Gdańsk originally.", apart, Unrelated},
		{"im mia, 27, living in leeds", "oh and i'm 28 now, birthday was yesterday haha", 25 * 24 * time.Hour, Supersedes},
	})
}

// TestASaleNamesWhatItEnded: "Sold the Corolla finally!" ends the car it
// names, not the generator another sale ended, however near the model puts
// them.
func TestASaleNamesWhatItEnded(t *testing.T) {
	const close = 0.9
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"sold the Firman.", "Sold the Corolla finally!", false},
	} {
		_, ok := changeByMeaning(t, c.a, c.b, 30*24*time.Hour, close, false)
		if ok != c.want {
			t.Errorf("%q / %q: a change %v, want %v", c.a, c.b, ok, c.want)
		}
	}
}
