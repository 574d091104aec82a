package conflicts

import "github.com/persistmemory/persistmemory/schema"

// The same fact is often said again around the same values in other
// words: "I usually swim 40 lengths on Sunday mornings" / "On Sunday
// mornings I normally do forty lengths at the pool"; "My cholesterol test
// is booked for 9 May at 11am" / "I've got the cholesterol check on May
// 9th, 11 in the morning". restatedTopic reads two plain claims as one
// slot, for a duplicate only, when:
//
//   - neither is worded as a change or a correction;
//   - both give values of the same types, one of each, and at least one
//     is a measure, an amount, a date, a clock time or a version (a day
//     or a name alone is too common a value to say two claims are one);
//   - byTopic then finds every value equal;
//   - they share an anchor (as changedTopic), each has at most
//     maxRestateOnly words the other does not have anywhere, and nothing
//     tells two things apart: no differently qualified or narrower thing,
//     no other owner, no other verb before the value.
func restatedTopic(x, y topicClaim, xs, ys []bool, xw, yw map[string]bool, xm, ym schema.Memory) bool {
	if x.cue || y.cue || xm.Correction || ym.Correction || x.additive || y.additive {
		return false
	}
	if len(x.vals) != len(y.vals) {
		return false
	}
	strong := false
	for t := range x.vals {
		if _, ok := y.vals[t]; !ok {
			return false
		}
		if !nameTypes[t] && t != "day" {
			strong = true
		}
	}
	if !strong {
		return false
	}
	for _, p := range [][2]map[string]bool{{xw, yw}, {yw, xw}} {
		for w := range p[0] {
			if directions[w] && !p[1][w] {
				return false // "the flight to Rome" / "the flight back from Rome"
			}
		}
	}
	if hasAny(x.ts, otherWays) != hasAny(y.ts, otherWays) {
		return false
	}
	if !anchored(x, xs, xw, yw) {
		return false
	}
	if oneSided(x, xs, xw, y, yw) > maxRestateOnly || oneSided(y, ys, yw, x, xw) > maxRestateOnly {
		return false
	}
	if twoThings(x, xs, xw, y, ys, yw) || twoThings(y, ys, yw, x, xs, xw) || headsApart(x, xs, yw, y, ys, xw) {
		return false
	}
	h, k := valueHead(x, xs), valueHead(y, ys)
	return h == "" || k == "" || h == k || yw[h] || xw[k]
}

// maxRestateOnly bounds the words one claim of a restatement may have
// that the other does not have anywhere (restatedTopic).
const maxRestateOnly = 2

// oneSided counts the topic words of claim a (not generic, not
// directions) that claim b does not have anywhere.
func oneSided(a topicClaim, as []bool, aw map[string]bool, b topicClaim, bw map[string]bool) int {
	n := 0
	for w := range aw {
		if !bw[w] && !genericStems[w] && !directions[w] && !hasWord(b, w) {
			n++
		}
	}
	return n
}

// anchored: the topics xw and yw share an anchor: a common-noun word of
// x's (thingWord), or two words, neither generic nor a direction.
func anchored(x topicClaim, xs []bool, xw, yw map[string]bool) bool {
	shared := 0
	for w := range xw {
		if !yw[w] || genericStems[w] || directions[w] {
			continue
		}
		if thingWord(x, xs, w) {
			return true
		}
		shared++
	}
	return shared >= 2
}

// twoThings: claim a names a thing b may not: a differently qualified
// one, a narrower one, or another owner's.
func twoThings(a topicClaim, as []bool, aw map[string]bool, b topicClaim, bs []bool, bw map[string]bool) bool {
	return qualifiedApart(a, as, bw, b, bs, aw) || narrower(a, as, bw) || otherOwner(a, b, bw)
}

// otherOwner: claim a says whose its thing is ("Mum's", "Ravi's") and
// claim b does not name that owner anywhere.
func otherOwner(a, b topicClaim, bw map[string]bool) bool {
	for i, t := range a.ts {
		if w := stem(t.low); ownerWord(a.ts, i) && !bw[w] && !hasWord(b, w) && !hasAny(b.ts, thirdPersons) {
			return true
		}
	}
	return false
}
