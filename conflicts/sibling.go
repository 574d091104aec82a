package conflicts

import (
	"fmt"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// siblingOrder reads two claims that each say whether a named brother or
// sister of the speaker is older or younger ("My older sister Ana is
// getting married" / "My little sister Ana just sent me her playlist";
// "my sister Jess is 3 years older than me" / "my little sister Jess is
// coming over"). Which of two siblings was born first never changes:
// older in one and younger in the other is a contradiction, or, worded as
// a correction, a supersession. Another sibling, or one not named, is
// not read.
func siblingOrder(existing, incoming schema.Memory) (Decision, bool) {
	en, eo, ok1 := siblingOf(existing)
	in, io, ok2 := siblingOf(incoming)
	if !ok1 || !ok2 || en != in || eo == io {
		return Decision{}, false
	}
	return fixedValueDiffers(incoming, fmt.Sprintf("the speaker's sibling %s is %s in one claim and %s in the other", en, eo, io)), true
}

// siblingWords name a brother or sister.
var siblingWords = map[string]bool{"sister": true, "brother": true, "sis": true, "bro": true}

// siblingAges say whether a sibling is older or younger than the speaker.
var siblingAges = map[string]string{
	"older": "older", "big": "older", "elder": "older", "oldest": "older", "eldest": "older",
	"little": "younger", "younger": "younger", "baby": "younger", "kid": "younger", "youngest": "younger", "wee": "younger",
}

// notSiblingNames may follow "my sister" without naming her.
var notSiblingNames = map[string]bool{
	"is": true, "was": true, "and": true, "who": true, "has": true, "had": true, "just": true, "lives": true,
	"in": true, "on": true, "at": true, "from": true, "says": true, "said": true, "will": true, "to": true, "the": true,
}

// siblingOf reads the speaker's sibling a claim names and whether they are
// older or younger: "my older sister Ana", "my little brother tom", "my
// sister Jess is 3 years older than me".
func siblingOf(m schema.Memory) (name, order string, ok bool) {
	ts := claimTokens(m.Claim)
	for i, t := range ts {
		if !siblingWords[t.low] || i == 0 || i+1 >= len(ts) {
			continue
		}
		j := i - 1
		o := siblingAges[ts[j].low]
		if o != "" {
			j--
		}
		if j < 0 || ts[j].low != "my" {
			continue
		}
		n := strings.TrimSuffix(ts[i+1].low, "'s")
		if !isWord(n) || notSiblingNames[n] || ts[i].brk {
			continue
		}
		if o == "" {
			o = thanMe(ts, i+2)
		}
		if o != "" {
			return n, o, true
		}
	}
	return "", "", false
}

// thanMe reads "is 3 years older than me" (or "younger") from token at.
func thanMe(ts []ctok, at int) string {
	for k := at; k+2 < len(ts) && k < at+6; k++ {
		if o := ts[k].low; (o == "older" || o == "younger") && ts[k+1].low == "than" && (ts[k+2].low == "me" || ts[k+2].low == "i") {
			return o
		}
		if ts[k].brk {
			break
		}
	}
	return ""
}
