package conflicts

import (
	"testing"
	"time"
)

// TestDatedToAPeriod: a claim dated to a period longer than a week is
// earlier than another only if the whole period is: "We moved to Munich
// in the summer", said in November, is not older news than "We live in
// Bristol", said in July, and does not lose to it; "… in 2019" is.
func TestDatedToAPeriod(t *testing.T) {
	july := time.Date(2024, 7, 8, 19, 0, 0, 0, time.UTC)
	november := time.Date(2024, 11, 10, 19, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		existing, incoming string
		want               Relation
	}{
		{"We live in Bristol.", "We moved to Munich in the summer for Tom's job.", Contradicts},
		{"We live in Bristol.", "We moved to Munich in 2019 for Tom's job.", SupersededBy},
	} {
		e, i := extractOne(t, c.existing, july), extractOne(t, c.incoming, november)
		if d := Compare(e, i); d.Relation != c.want {
			t.Errorf("%q (July) / %q (November): %s (%s), want %s", c.existing, c.incoming, d.Relation, d.Reason, c.want)
		}
	}
}
