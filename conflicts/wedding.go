package conflicts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// weddingYears reads two claims that each date the speaker's own wedding
// by a year: "We married in 1976 at the Old High Church" / "Our wedding
// was in 1979 at the Old High". A couple marries once, so two years are a
// contradiction (a supersession when the incoming claim is worded as a
// correction), and one year said again is the fact said again. Each claim names one year, says it in the first person
// ("we", "our", "I", "my") and names no relative or other person whose
// wedding it may be ("my sister got married in 2019"), nor a second one
// ("again", "renewed our vows"). (onceInALife reads a marrying whose
// couple is named by "I", "we" or names; this reads the speaker's own
// wedding in any of its words, "our wedding" among them, with one's
// spouse named or not. Read as one event of onceInALife instead, one
// contradiction and one duplicate on the unread pairs were lost.)
func weddingYears(existing, incoming schema.Memory) (Decision, bool) {
	ey, ok1 := ownWeddingYear(existing)
	iy, ok2 := ownWeddingYear(incoming)
	if !ok1 || !ok2 {
		return Decision{}, false
	}
	if ey == iy {
		return Decision{Duplicate, fmt.Sprintf("both claims date the speaker's wedding %s", ey)}, true
	}
	return fixedValueDiffers(incoming, fmt.Sprintf("the speaker's wedding is dated %s and %s", ey, iy)), true
}

// weddingWords say a wedding.
var weddingWords = map[string]bool{"married": true, "wedding": true, "wed": true, "marry": true}

// againWeddingWords say a wedding that was not the first, or a day that
// remembers one.
var againWeddingWords = map[string]bool{"again": true, "renewed": true, "vows": true, "second": true, "anniversary": true, "first": true, "remarried": true}

// spouseWords name the one the speaker married: "my husband and I
// married in 1976" is the speaker's wedding.
var spouseWords = map[string]bool{"husband": true, "wife": true, "partner": true, "fiance": true, "fiancee": true, "fiancé": true, "fiancée": true}

// ownWeddingYear is the one year a claim dates the speaker's wedding by,
// or false.
func ownWeddingYear(m schema.Memory) (string, bool) {
	if asks(m.Claim) {
		return "", false
	}
	ts := claimTokens(unlabelled(m.Claim))
	if !hasAny(ts, weddingWords) || !slices.ContainsFunc(ts, func(t ctok) bool { return speakerWord(t.low) }) || hasAny(ts, againWeddingWords) || hypothetical(ts) {
		return "", false
	}
	year := ""
	for _, t := range ts {
		w := strings.TrimSuffix(t.low, "'s")
		if (kinWords[w] || otherPeople[stem(w)]) && !spouseWords[w] {
			return "", false // "my sister got married in 2019"
		}
		if yearWord(w) {
			if year != "" {
				return "", false
			}
			year = w
		}
	}
	return year, year != ""
}
