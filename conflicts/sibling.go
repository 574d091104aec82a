package conflicts

import (
	"fmt"
	"strconv"
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

// childrenCounts reads two claims that each say how many children the
// speaker's parents had, by where the speaker stands among them: "I'm the
// first of 3 children" / "as the first of four children I have no choice
// but to send money home". The number does not change (a sibling born
// later aside, which a claim would say), so two numbers are a
// contradiction, or, worded as a correction, a supersession.
func childrenCounts(existing, incoming schema.Memory) (Decision, bool) {
	en, ok1 := childrenOf(existing)
	in, ok2 := childrenOf(incoming)
	if !ok1 || !ok2 || en == in {
		return Decision{}, false
	}
	return fixedValueDiffers(incoming, fmt.Sprintf("the speaker is one of %s children in one claim and of %s in the other", en, in)), true
}

// childWords are what the speaker is one of.
var childWords = map[string]bool{"children": true, "kids": true, "siblings": true}

// childrenOf reads "(first|eldest|youngest|one|…) of N children" said of
// the speaker ("I'm", "as the", "being the"), with no relative named
// whose place it may be ("my mum was the eldest of 5 kids").
func childrenOf(m schema.Memory) (string, bool) {
	ts := claimTokens(unlabelled(m.Claim))
	if asks(m.Claim) || hypothetical(ts) {
		return "", false
	}
	for _, t := range ts {
		w := strings.TrimSuffix(t.low, "'s")
		if kinWords[w] || otherPeople[stem(w)] || w == "he" || w == "she" || w == "he's" || w == "she's" {
			return "", false
		}
	}
	for k := 1; k+2 < len(ts); k++ {
		if ts[k].low != "of" || !childWords[ts[k+2].low] {
			continue
		}
		n := ts[k+1].low
		if w, ok := numberWords[n]; ok {
			n = w
		}
		if _, err := strconv.Atoi(n); err != nil {
			continue
		}
		for j := max(0, k-3); j < k; j++ {
			if ts[j].low == "i'm" || ts[j].low == "am" || ts[j].low == "as" || ts[j].low == "being" {
				return n, true
			}
		}
	}
	return "", false
}
