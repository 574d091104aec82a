package conflicts

import (
	"testing"
	"time"
)

// TestTotalsOfOneThing: the whole of one thing given twice in one unit,
// once said to be the whole, with no change said, is a contradiction; not
// without "all in" or the like, for another thing, another unit, or a
// change.
func TestTotalsOfOneThing(t *testing.T) {
	at := time.Date(2024, 2, 5, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"we farm 320 acres, about 200 of it ours and the rest rented off the estate", "We farm 280 acres all in.", true},
		{"Our allotment is 250 square metres in total.", "The allotment is 300 square metres.", true},
		{"we farm 320 acres.", "We farm 280 acres.", false},
		{"We farm 280 acres all in.", "The garden is 2 acres all in.", false},
		{"We farm 280 acres all in.", "We farm 114 hectares all in.", false},
		{"we farm 320 acres.", "We now farm 280 acres all in after selling the hill.", false},
		{"we farm 320 acres.", "We don't farm 280 acres all in.", false},
	} {
		e, i := extractOne(t, c.a, at), extractOne(t, c.b, at.Add(300*24*time.Hour))
		d, ok := totalsOfOneThing(e, i)
		if ok != c.want || ok && d.Relation != Contradicts {
			t.Errorf("%q / %q: %+v, %v; want a contradiction: %v", c.a, c.b, d, ok, c.want)
		}
	}
}
