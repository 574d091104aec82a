package conflicts

import (
	"sync"
	"testing"
	"time"
)

// The comparison remembers what it read of a claim (readTopic) and shares
// it between comparisons: comparing one claim with many, in any order and
// side by side, gives each pair the answer it gets alone. Run with -race.
func TestSharedReadingsAreNotChanged(t *testing.T) {
	day := 24 * time.Hour
	pairs := []relCase{
		// the first claim's name is read as a person, the second's as an
		// organisation: the comparison folds the kinds together
		{"Our broadband is with Fibrenet.", "We switched our broadband to Hyperoptic.", 90 * day, Supersedes},
		{"Our broadband is with Fibrenet.", "Our broadband is with Fibrenet, 900 Mbps.", 0, Unrelated},
		{"Netflix costs us £10.99 a month.", "Netflix costs us £12.99 a month now.", 90 * day, Supersedes},
		{"Lily gets £5 pocket money a week.", "We've bumped Lily's pocket money up to £7 a week.", 90 * day, Supersedes},
		// an amount with no period takes the other claim's period: a
		// month with one, a week with the other, whichever came first
		{"Our rent is £1,250 a month.", "The rent has gone up to £1,340.", 90 * day, Supersedes},
		{"Our rent is £310 a week.", "The rent has gone up to £1,340.", 90 * day, Supersedes},
	}
	want := make([]Decision, len(pairs))
	for i, c := range pairs {
		if want[i] = relate(t, c.a, c.b, c.apart); want[i].Relation != c.want {
			t.Errorf("%q / %q: %+v, want %s", c.a, c.b, want[i], c.want)
		}
	}
	var wg sync.WaitGroup
	for range 8 {
		for i, c := range pairs {
			wg.Go(func() {
				if got := relate(t, c.a, c.b, c.apart); got != want[i] {
					t.Errorf("%q / %q side by side: %+v, alone %+v", c.a, c.b, got, want[i])
				}
			})
		}
	}
	wg.Wait()
}
