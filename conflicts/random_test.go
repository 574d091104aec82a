package conflicts

import (
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/ingest/rules"
	"github.com/persistmemory/persistmemory/schema"
)

// Claims made of the words the readings look for, in any order and cut
// anywhere: "every" as the last word, "half past" with no hour, a label
// with nothing after it. No reading may run past a claim's end; each pair
// is compared both ways and read apart, and none may panic. The seed is
// fixed, so a failure names its pair and repeats.
func TestRandomWordsNeverPanic(t *testing.T) {
	words := strings.Fields(`Caroline: Melanie, I my her his their it them the a an and half past to quarter twenty five
		ten 3 12 2025 03 14 / . - : every each other two weeks months a dozen hundred thousand fifty-two twelve pounds
		£5 $1.2k 3.15pm 9am in the afternoon evening morning at from between not no longer any more with done gave up
		new now instead of rather than Dr Mr Okafor [shares a photo: ] blood group A positive O negative runs out went
		up Saturday mornings monthly a week just 50mcg an hour and 1.5 hours fortnight lasts Flat Unit 17 Harcourt Road
		York named called is was moved switched to GP dentist a.m. p.m. kicks off kickoff grade third 4th Year Four
		fifth-grader sam@x.com 555-0142 +44 7700 900123 (415) weighs three-bed mg a day since it's if anyone asks
		name he's nightly job billing plot platform size locker number rating's hovering around handicap used
		before back when would be could cost if suggests recommended looked at moving considered 5 foot 7 ft in °F °C
		degrees Fahrenheit 200 cups of coffee manager's Max has started came come down axed sold moved out today
		tomorrow SRE V4s Dad's 72 this year last year 1.78 m tall wide long 40 mm`)
	r := rand.New(rand.NewSource(8))
	at := time.Date(2024, 3, 4, 9, 0, 0, 0, time.UTC)
	for range 3000 {
		var ms [2][]schema.Memory
		for k := range ms {
			b := make([]string, 1+r.Intn(12))
			for i := range b {
				b[i] = words[r.Intn(len(words))]
			}
			said := at.Add(time.Duration(r.Intn(3)) * 100 * 24 * time.Hour)
			ms[k], _ = rules.Extractor{}.Extract(t.Context(), schema.Document{ID: "d", Text: strings.Join(b, " "), SaidAt: said, CreatedAt: said})
		}
		for _, x := range ms[0] {
			for _, y := range ms[1] {
				func() {
					defer func() {
						if p := recover(); p != nil {
							t.Fatalf("panic %v comparing %q and %q", p, x.Claim, y.Claim)
						}
					}()
					Compare(x, y)
					Compare(y, x)
					Apart(x, y)
					ByMeaning(x, y, 0.99)
				}()
			}
		}
	}
}
