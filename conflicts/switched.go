package conflicts

import (
	"fmt"

	"github.com/persistmemory/persistmemory/schema"
)

// A switch often names the new thing by its kind, with no value a type
// could read: "I take oat milk in my coffee" / "I've switched to almond
// milk in my coffee"; "we deploy to the blue cluster" / "we've moved
// over to the green cluster". switchedKind reads such a pair as the
// incoming claim replacing the stored one when:
//
//   - the incoming claim switches "to" something ("switched to", "moved
//     over to", "changed to", "gone over to");
//   - the two claims' content words differ by one word each, and those
//     two words qualify the same shared word ("oat milk" / "almond
//     milk");
//   - they share at least two content words besides, name no owner the
//     other lacks, and the speaker stands where it stood.
func switchedKind(existing, incoming schema.Memory) (Decision, bool) {
	if existing.Negated || incoming.Negated || clearlyLater(existing, incoming) {
		return Decision{}, false
	}
	its, ets := claimTokens(incoming.Claim), claimTokens(existing.Claim)
	if !switchesTo(its) || speakerRole(ets) != speakerRole(its) {
		return Decision{}, false
	}
	ew, iw := contentWords(ets), contentWords(its)
	var onlyE, onlyI []string
	shared := 0
	for w := range ew {
		if iw[w] {
			shared++
		} else {
			onlyE = append(onlyE, w)
		}
	}
	for w := range iw {
		if !ew[w] {
			onlyI = append(onlyI, w)
		}
	}
	if len(onlyE) != 1 || len(onlyI) != 1 || shared < 2 {
		return Decision{}, false
	}
	he, hi := headAfter(ets, onlyE[0], iw), headAfter(its, onlyI[0], ew)
	if he == "" || he != hi {
		return Decision{}, false
	}
	e, i := topicClaim{ts: ets}, topicClaim{ts: its}
	if otherOwner(e, i, iw) || otherOwner(i, e, ew) {
		return Decision{}, false
	}
	return Decision{Supersedes, fmt.Sprintf("the incoming claim switches from %q %s to %q %s", onlyE[0], he, onlyI[0], he)}, true
}

// switchesTo: the claim switches, moves or changes "to" something.
func switchesTo(ts []ctok) bool {
	for i, t := range ts {
		switch t.low {
		case "switched", "switching", "switch", "changed", "moved", "gone", "went", "swapped":
		default:
			continue
		}
		for k := i + 1; k < len(ts) && k <= i+2; k++ {
			if ts[k].low == "to" {
				return true
			}
			if ts[k].low != "over" && ts[k].low != "back" {
				break
			}
		}
	}
	return false
}

// headAfter is the content word (normal form) right after the word w of
// a claim, when the other claim has it too: the thing w qualifies.
func headAfter(ts []ctok, w string, other map[string]bool) string {
	for i := 0; i+1 < len(ts); i++ {
		if stem(ts[i].low) == w {
			if h := stem(ts[i+1].low); other[h] {
				return h
			}
			return ""
		}
	}
	return ""
}
