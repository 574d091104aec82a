package conflicts

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// distancesFrom reads two claims that each give how far one subject is
// from one place: "we're about 40 km from Valparaíso" / "we're close, just
// 15 km from Valpo". A place does not move, so two distances of the same
// subject from it, neither claim worded as a change and the two further
// apart than distanceSlack allows, are a contradiction.
func distancesFrom(existing, incoming schema.Memory) (Decision, bool) {
	if existing.Subject == "" || existing.Subject != incoming.Subject || saidAsChange(existing, incoming) {
		return Decision{}, false
	}
	ek, ep, ok1 := distanceFrom(existing)
	ik, ip, ok2 := distanceFrom(incoming)
	if !ok1 || !ok2 || !samePlace(ep, ip) {
		return Decision{}, false
	}
	if math.Abs(ek-ik) <= distanceSlack*max(ek, ik) {
		return Decision{}, false // "about 40 km" / "45 km or so"
	}
	return Decision{Contradicts, fmt.Sprintf("the distance of %q from %s, a place that does not move, is %s km in one claim and %s km in the other, and neither is worded as a change", existing.Subject, ep, trimNumber(math.Round(ek)), trimNumber(math.Round(ik)))}, true
}

// distanceSlack is how far apart, as a share of the larger, two
// distances said of one place may be and still be the same said roughly.
const distanceSlack = 0.3

// kmPerMile converts miles to kilometres.
const kmPerMile = 1.609

// distanceFrom reads the one distance a claim gives, in km, and the place
// it is from: "40 km from Valparaíso", "15 miles out of Leeds". ok is
// false for a question or a claim that gives two distances.
func distanceFrom(m schema.Memory) (km float64, place string, ok bool) {
	if asks(m.Claim) {
		return 0, "", false
	}
	c, _ := readTopic(m)
	var found []typedValue
	for _, t := range []string{"quantity:km", "quantity:mile"} {
		found = append(found, c.vals[t]...)
	}
	if len(found) != 1 {
		return 0, "", false
	}
	v := found[0]
	f, err := strconv.ParseFloat(strings.TrimPrefix(v.key, "~"), 64)
	if err != nil {
		return 0, "", false
	}
	if v.typ == "quantity:mile" {
		f *= kmPerMile
	}
	k := v.to
	if k < len(c.ts) && (c.ts[k].low == "out" || c.ts[k].low == "outside") {
		k++
	}
	if k+1 < len(c.ts) && (c.ts[k].low == "from" || c.ts[k].low == "of") && capitalised(c.ts[k+1].raw) && isWord(c.ts[k+1].low) {
		return f, c.ts[k+1].low, true
	}
	return 0, "", false
}

// clippedPlace is the longest a place's clipped name is: "Valpo" for
// Valparaíso.
const clippedPlace = 6

// samePlace: two names of one place, the same or one clipped from the
// other (a short name sharing its first four letters).
func samePlace(a, b string) bool {
	if a == b {
		return true
	}
	short, long := a, b
	if len(short) > len(long) {
		short, long = b, a
	}
	return len(short) >= 4 && len(short) <= clippedPlace && short[:4] == long[:4]
}
