package conflicts

import (
	"testing"
	"time"
)

// Words that say when or why, not what, stay out of the topic; a claim
// that names the existing value as the old one is one slot with it;
// units and periods fold; a compound modifier on one side only is the
// same thing when the other refers back with "the".
func TestContextRules(t *testing.T) {
	months := 120 * 24 * time.Hour
	cases := []struct {
		a, b string
		want Relation
	}{
		// temporal adjuncts
		{"The office PCs run Windows 10.", "The office PCs were upgraded to Windows 11 over the summer.", Supersedes},
		{"Our build server runs Java 17.", "Our build server was moved to Java 21 at the end of the month.", Supersedes},
		{"The API runs Python 3.10.", "Last spring the API was upgraded to Python 3.12.", Supersedes},
		// trailing asides and leading adjuncts
		{"We get our gas from Octopus.", "Switched our gas over to EDF, their tariff was lower.", Supersedes},
		{"The session timeout is 15 minutes.", "After the security review we raised the session timeout to 30 mins.", Supersedes},
		// the old value named
		{"We host the website on Heroku.", "We replaced Heroku with Render last month.", Supersedes},
		{"I drive a 2016 Ford Focus.", "Traded the Focus in - I drive a Toyota Yaris now.", Supersedes},
		{"Our shop uses Shopify for the online store.", "We switched from Shopify to Squarespace in March.", Supersedes},
		// units
		{"The cache expiry is 30 seconds.", "The cache expiry was raised to 90 secs.", Supersedes},
		{"The puppy weighs 4 kilograms.", "The puppy weighs 4 kg.", Duplicate},
		// the speaker's habit verb
		{"I coach netball on Tuesday evenings.", "Netball has moved to Wednesday evenings now.", Supersedes},
		// a compound modifier referred back to with "the"
		{"The upload size limit is set to 10 MB.", "We raised the size limit to 25 MB.", Supersedes},
	}
	for _, c := range cases {
		if d := relate(t, c.a, c.b, months); d.Relation != c.want {
			t.Errorf("%q / %q: %s (%s), want %s", c.a, c.b, d.Relation, d.Reason, c.want)
		}
	}
}

// Claims about other things stay unrelated, said together or months
// apart, in either order.
func TestContextHardNegatives(t *testing.T) {
	pairs := [][2]string{
		{"My son's shoe size is 3.", "My daughter's shoe size is 5."},
		{"Staging runs Redis 7.2.", "Production runs Redis 6.2."},
		{"Nadia's piano lesson is on Mondays at 4.", "Nadia's swimming lesson is on Mondays at 5."},
		{"My morning coffee is a flat white.", "My afternoon coffee is a black Americano."},
		{"Our old flat had a gas hob.", "The current flat has an induction hob."},
		{"My flight to Oslo leaves at 8.", "My flight back from Oslo leaves at 17:00."},
		{"Our rent is £900 a month.", "Our garage rent is £100 a month."},
		{"I like tea.", "I like coffee."},
		{"Ana plays the violin.", "Ana plays the piano."},
		{"Hamid lives in Valletta.", "Hamid works in Valletta."},
		{"The pool is closed on Sundays.", "The pool is closed on Mondays."},
		{"We decided to move service 25 onto Kafka.", "We decided to move service 305 onto Kafka."},
		{"The return flight leaves at 5.", "The flight leaves at 8."},
		// the rules of this file, their own negatives
		{"We fly KLM when we visit family in Utrecht.", "We moved from Utrecht to Leiden."},
		{"The return flight time is 17:00.", "The outbound flight time is 08:00."},
		{"I teach piano on Mondays.", "I take piano lessons on Wednesdays."},
	}
	wantUnrelated(t, pairs)
}

func TestTemporalAdjunct(t *testing.T) {
	for _, c := range []struct {
		s    string
		at   int
		want int
	}{
		{"upgraded over the weekend", 1, 4},
		{"at the start of the quarter", 0, 6},
		{"moved last autumn to", 1, 3},
		{"this September", 0, 2},
		{"in January 2024", 0, 3},
		{"two weeks ago", 2, 3},
		{"over the summer holidays", 0, 4},
		{"at the station", 0, 0},
		{"in the shed", 0, 0},
		{"every week", 0, 0},
	} {
		if got := temporalAdjunct(claimTokens(c.s), c.at); got != c.want {
			t.Errorf("temporalAdjunct(%q, %d) = %d, want %d", c.s, c.at, got, c.want)
		}
	}
}

func TestUnitKey(t *testing.T) {
	for _, g := range [][]string{
		{"s", "sec", "secs", "second", "seconds"},
		{"min", "mins", "minute", "minutes"},
		{"h", "hr", "hrs", "hour", "hours"},
		{"kg", "kilo", "kilos", "kilogram", "kilograms"},
		{"g", "gram", "grams"},
		{"ml", "millilitres"},
		{"km", "kilometres"},
	} {
		for _, u := range g[1:] {
			if unitKey(u) != unitKey(g[0]) {
				t.Errorf("unitKey(%q) = %q, want %q", u, unitKey(u), unitKey(g[0]))
			}
		}
	}
}
