package conflicts

import (
	"fmt"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A trip is often dated again in a shape that says which year it was:
// "I was in Georgia in 2022 with the group" / "Georgia was 2019, just
// before covid". A place may be visited twice, so two years of one place
// decide nothing by themselves; but a claim that says the place "was" a
// year names the one trip the other dated otherwise.

// tripYears decides such a pair as a contradiction (a supersession when
// the incoming claim is worded as a correction): one claim says "PLACE
// was YEAR" (or "the PLACE trip was in YEAR"), the other dates a stay in
// the same place in another year ("was in PLACE in YEAR", "went to PLACE
// in YEAR"), and neither says it happened more than once ("again",
// "also", "second", "every").
func tripYears(existing, incoming schema.Memory) (Decision, bool) {
	a, b := claimTokens(unlabelled(existing.Claim)), claimTokens(unlabelled(incoming.Claim))
	if hasAny(a, repeatedTripWords) || hasAny(b, repeatedTripWords) {
		return Decision{}, false
	}
	pa, ya, ia := placeYear(a)
	pb, yb, ib := placeYear(b)
	if pa == "" || pa != pb || ya == yb || !(ia || ib) {
		return Decision{}, false
	}
	return fixedValueDiffers(incoming, fmt.Sprintf("the trip to %s is dated %s and %s", pa, ya, yb)), true
}

// repeatedTripWords say a place was visited more than once.
var repeatedTripWords = map[string]bool{
	"again": true, "also": true, "too": true, "second": true, "another": true, "every": true,
	"twice": true, "both": true, "first": true, "last": true, "back": true,
}

// placeYear reads a place and the year a claim dates it by, in the past:
// "PLACE was YEAR" or "the PLACE trip was (in) YEAR" (identity true), or
// "was/were/went/visited (in/to) PLACE in YEAR". The place is a
// capitalised word that is no month or day.
func placeYear(ts []ctok) (place, year string, identity bool) {
	placeAt := func(i int) bool {
		return i > 0 && i < len(ts) && nameWord(ts[i])
	}
	for i := range ts {
		if !placeAt(i) && !(i == 0 && nameWord(ts[i]) && len(ts) > 1 && ts[1].low == "was") {
			continue
		}
		k := i + 1
		if k < len(ts) && tripNouns[ts[k].low] {
			k++
		}
		if k+1 < len(ts) && ts[k].low == "was" {
			m := k + 1
			if ts[m].low == "in" && m+1 < len(ts) {
				m++
			}
			if yearWord(ts[m].low) {
				return strings.TrimSuffix(ts[i].low, "'s"), ts[m].low, true
			}
		}
		if i >= 1 && (ts[i-1].low == "in" || ts[i-1].low == "to") && i >= 2 && pastTripVerbs[ts[i-2].low] && i+2 < len(ts) && ts[i+1].low == "in" && yearWord(ts[i+2].low) {
			return ts[i].low, ts[i+2].low, false
		}
	}
	return "", "", false
}

// tripNouns may follow a place in a claim that dates the trip: "the
// Georgia trip was 2019".
var tripNouns = map[string]bool{"trip": true, "holiday": true, "visit": true}

// pastTripVerbs date a stay or a trip in the past.
var pastTripVerbs = map[string]bool{"was": true, "were": true, "went": true, "visited": true, "travelled": true, "traveled": true, "flew": true}
