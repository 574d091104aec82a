package conflicts

import (
	"slices"
	"strings"
	"unicode"

	"github.com/persistmemory/persistmemory/schema"
)

// A change is often told with more words than the fact it changes: "Dad
// takes 5 mg of amlodipine a day" / "Dad's doctor increased his
// amlodipine dose to 10 mg a day"; "Biscuit gets 200 grams of dry food a
// day" / "The vet told us to cut Biscuit's food down to 150 grams". The
// teller names who changed it and why, so the topics differ by words a
// plain restatement would not add, and sameTopic and softTopic, which
// must also hold for two plain claims, leave them apart.
//
// changedTopic reads such a pair as one slot only when one claim says it
// changed something and the other states it plainly, and the words they
// share pin the thing down:
//
//   - the changing claim is worded as a change (a change verb with its
//     new value, "now", "no longer", a correction) and was not said
//     before the plain one;
//   - the plain claim is not a happening or a plan, and not itself
//     worded as a change;
//   - they share an anchor: a word of the plain claim's topic that names
//     a thing (not a generic noun such as "plan" or "price", not a
//     proper name alone), or two shared words of any kind;
//   - the plain claim has at most maxPlainOnly words the other lacks (a
//     qualifier the teller of the change leaves out: "dry food" / "food",
//     "rent on the flat" / "the rent");
//   - no shared word is qualified differently on the two sides: "dry
//     food" / "wet food", "Standard plan" / "Premium plan", "guitar
//     lesson" / "piano lesson" name two things.
//
// byTopic then still requires exactly one typed value to differ, and a
// pair read this way is never a duplicate.
func changedTopic(x, y topicClaim, xs, ys []bool, xw, yw map[string]bool, xm, ym schema.Memory) bool {
	xChange, yChange := x.cue || xm.Correction, y.cue || ym.Correction
	if xChange == yChange {
		return false // both plain (sameTopic's), or both changes
	}
	if xChange {
		x, y, xs, ys, xw, yw, xm, ym = y, x, ys, xs, yw, xw, ym, xm
	}
	// x is the plain claim, y the change
	if x.happened && !y.cue || clearlyLater(xm, ym) {
		return false
	}
	anchors, shared, plainOnly := 0, 0, 0
	inValue := valueWords(x)
	for w := range xw {
		switch {
		case directions[w] && !yw[w]:
			if hasAny(y.ts, otherWays) {
				// "flight to Lisbon" / "moved my flight back from Lisbon"
				return false
			}
		case genericStems[w] || directions[w]:
		case !yw[w] && !hasWord(y, w):
			if whoseWord(x, xs, w) && !inValue[w] && !pronounFor(y.ts, w) {
				// "Dad takes" / "the doctor increased her dose": whose
				// it is, said by one claim only
				return false
			}
			if !inValue[w] {
				// a value the change leaves out is not another thing
				// ("at the Linden Clinic" / "same clinic")
				plainOnly++
			}
		default:
			// in both topics, or named by the change outside its topic:
			// "Netflix has raised ...", "same clinic"
			shared++
			if yw[w] && thingWord(x, xs, w) {
				anchors++
			}
		}
	}
	for t := range x.vals {
		if label, ok := strings.CutPrefix(t, "version:"); ok && labelNouns[label] && len(y.vals[t]) > 0 {
			// "our allotment is plot 14" / "we swapped to plot 22": the
			// numbered thing both name is what changed
			anchors++
		}
	}
	for w := range yw {
		if !xw[w] && directions[w] {
			// "flight to Lisbon" / "moved my flight back from Lisbon";
			// the change may name it more loosely ("my Lisbon flight")
			return false
		}
	}
	if a, b := leadName(x.ts), leadName(y.ts); a != "" && b != "" && a != b && !hasWord(x, b) && !hasWord(y, a) {
		// "Ella gets £5 a week" / "Max has started getting £3 a week":
		// each claim opens with its own person
		return false
	}
	for i, t := range y.ts {
		if w := stem(t.low); !xw[w] && ownerWord(y.ts, i) && !hasWord(x, w) && (!hasAny(x.ts, thirdPersons) || namesKin(x.ts)) {
			// "Dad takes 5 mg" / "Mum's doctor increased her dose"; "Dad
			// takes 5 mg for his blood pressure" names whose "his" is
			return false
		}
	}
	if plainOnly > maxPlainOnly || anchors == 0 && shared < 2 {
		return false
	}
	if plainOnly > 0 && newOtherThing(y, xw, x) {
		// the change is only "a new" thing the plain claim does not
		// name: "quoted £450 to add sockets in the garage" / "same
		// electrician quoted £1,100 for a new consumer unit" are two
		// quotes
		return false
	}
	if narrower(y, ys, xw) {
		return false // "my rent" / "raised my garage rent to £120"
	}
	if h, k := valueHead(x, xs), valueHead(y, ys); h != "" && k != "" && h != k && !yw[h] && !xw[k] && !(genericStems[h] && genericStems[k]) {
		// "opens at 9am" / "closes at 4pm"; but "quoted £3,200" / "a
		// revised figure of £3,650" name one amount
		return false
	}
	return !qualifiedApart(x, xs, yw, y, ys, xw) && !qualifiedApart(y, ys, xw, x, xs, yw) && !headsApart(x, xs, yw, y, ys, xw)
}

// headsApart: right after a word both claims share, each has a word the
// other lacks: "Mum's physio" / "Mum's dentist" name two things of one
// owner.
func headsApart(a topicClaim, as []bool, bw map[string]bool, b topicClaim, bs []bool, aw map[string]bool) bool {
	after := func(c topicClaim, skip []bool, other map[string]bool) map[string]string {
		out := map[string]string{}
		for i := 0; i+1 < len(c.ts); i++ {
			s, h := stem(c.ts[i].low), c.ts[i+1].low
			if skip[i] || skip[i+1] || !other[s] || !hasLetter(h) || topicDrop[h] || directions[h] || valueLinks[h] || other[stem(h)] {
				continue
			}
			out[s] = stem(h)
		}
		return out
	}
	ah, bh := after(a, as, bw), after(b, bs, aw)
	for s, h := range ah {
		if k, ok := bh[s]; ok && k != h {
			return true
		}
	}
	return false
}

// whoseWord: the topic word w of claim c names a person or a named
// thing: a kinship word, or a capitalised word not opening the claim.
func whoseWord(c topicClaim, skip []bool, w string) bool {
	for i, t := range c.ts {
		if skip[i] || stem(t.low) != w {
			continue
		}
		if (kinWords[strings.TrimSuffix(t.low, "'s")] || capitalised(t.raw) && !claimStart(c.ts, i)) && !hasDone(c.ts, i) {
			return true
		}
	}
	return false
}

// narrower: the changing claim qualifies a word both topics share with a
// word the plain claim lacks: it may name a narrower thing ("my rent" /
// "my garage rent"). The plain claim may qualify it where the change does
// not ("dry food" / "cut his food down"): a change often names its thing
// loosely. A generic word narrows nothing ("our home broadband").
func narrower(y topicClaim, ys []bool, xw map[string]bool) bool {
	for i := 0; i+1 < len(y.ts); i++ {
		q, w := y.ts[i].low, y.ts[i+1].low
		if ys[i] || ys[i+1] || !hasLetter(q) || topicDrop[q] && !kindWords[q] || thirdPersons[q] || q == "same" || q == "usual" || genericStems[stem(q)] {
			continue
		}
		if !xw[stem(q)] && xw[stem(w)] && !genericStems[stem(w)] {
			return true
		}
	}
	return false
}

// ownerWord: the word at i says whose a thing is: the possessive of a
// kinship word or of a name ("Mum's", "Ravi's").
func ownerWord(ts []ctok, i int) bool {
	w, ok := strings.CutSuffix(ts[i].low, "'s")
	return ok && (kinWords[w] || capitalised(ts[i].raw)) && !hasDone(ts, i)
}

// hasDone: the "'s" of the word at i is "has" before a change verb ("the
// doctor's reduced my citalopram", "Mum's switched to oat milk"): the word
// names who did it, not whose it is.
func hasDone(ts []ctok, i int) bool {
	if i+1 >= len(ts) || !strings.HasSuffix(ts[i].low, "'s") {
		return false
	}
	next := ts[i+1].low
	if next == "just" || next == "finally" || next == "now" || next == "already" {
		if i+2 >= len(ts) {
			return false
		}
		next = ts[i+2].low
	}
	_, change := changeVerbs[next]
	if !change && next != "been" && next != "got" {
		return false
	}
	// the thing changed is someone else's: "the doctor's reduced my
	// citalopram"; "my brother's moved his banking" is his
	return slices.ContainsFunc(ts[i+1:], func(t ctok) bool { return t.low == "my" || t.low == "our" || t.low == "me" || t.low == "us" })
}

// valueWords are the normal forms of the words inside the claim's typed
// values.
func valueWords(c topicClaim) map[string]bool {
	out := map[string]bool{}
	for _, vs := range c.vals {
		for _, v := range vs {
			for i := v.from; i < v.to && i < len(c.ts); i++ {
				out[stem(c.ts[i].low)] = true
			}
		}
	}
	return out
}

// hasWord: claim c has the word w (its normal form) anywhere, topic or
// not ("Dad's doctor increased ...", "same clinic").
func hasWord(c topicClaim, w string) bool {
	for _, t := range c.ts {
		if stem(t.low) == w {
			return true
		}
	}
	return false
}

// hasAny: one of the tokens is in words.
func hasAny(ts []ctok, words map[string]bool) bool {
	for _, t := range ts {
		if words[t.low] {
			return true
		}
	}
	return false
}

// otherWays are the words of a journey the other way: a change that says
// "back" or "from" is not about the plain claim's flight "to".
var otherWays = map[string]bool{"back": true, "from": true, "return": true, "inbound": true, "homeward": true}

// leadName is the normal form of the capitalised word a claim opens with
// when it is a name ("Ella gets", "Max's"), or "".
func leadName(ts []ctok) string {
	if len(ts) < 2 || !capitalised(ts[0].raw) {
		return ""
	}
	w := strings.TrimSuffix(ts[0].low, "'s")
	if topicDrop[w] || determiners[w] || subjectPronouns[ts[0].low] || kinWords[w] || calendarWords[w] || !isWord(w) {
		return ""
	}
	if _, ok := changeVerbs[w]; ok {
		return ""
	}
	return stem(w)
}

// pronounFor: ts has a third-person pronoun that may stand for the person
// w names ("his" for Dad, not "her"; any of them for a name).
func pronounFor(ts []ctok, w string) bool {
	for _, t := range ts {
		switch {
		case !thirdPersons[t.low]:
		case t.low == "his" && femaleKin[w], t.low == "her" && maleKin[w]:
		default:
			return true
		}
	}
	return false
}

// namesKin: the claim names a relative ("Dad takes ...", "my sister's
// flat").
func namesKin(ts []ctok) bool { return firstKin(ts) != "" }

// thirdPersons may stand for a person or a pet the other claim names:
// "Dad takes 5 mg" / "the doctor increased his dose".
var thirdPersons = map[string]bool{"his": true, "her": true, "their": true}

// valueHead is the topic word (its normal form) that introduces the
// claim's first typed value: the nearest word before it that is kept in
// the topic, across prepositions and determiners ("opens at 9am" ->
// "open"), or "" when a dropped word comes first ("gets 200 grams").
func valueHead(c topicClaim, skip []bool) string {
	first := -1
	for _, vs := range c.vals {
		for _, v := range vs {
			if first < 0 || v.from < first {
				first = v.from
			}
		}
	}
	for i := first - 1; i >= 0; i-- {
		w := c.ts[i].low
		switch {
		case skip[i] || c.ts[i].brk:
			return ""
		case valueLinks[w] || verbParticles[w]:
			continue
		case topicDrop[w] || !isWord(w):
			return ""
		}
		return stem(w)
	}
	return ""
}

// verbParticles end a phrasal verb: "goes out fortnightly".
var verbParticles = map[string]bool{"out": true, "up": true, "off": true, "down": true, "over": true, "back": true}

// valueLinks stand between a value and the word it belongs to.
var valueLinks = map[string]bool{"at": true, "on": true, "in": true, "to": true, "the": true, "a": true, "an": true, "of": true, "from": true, "by": true}

// newOtherThing: the only word of y that says a change is "new", and the
// words after it ("a new consumer unit") are not in the plain claim x.
func newOtherThing(y topicClaim, xw map[string]bool, x topicClaim) bool {
	at := y.newEnd - 1
	if at < 0 || at+1 >= len(y.ts) {
		return false
	}
	for k := at + 1; k < len(y.ts) && k <= at+3 && !y.ts[k].brk; k++ {
		w := stem(y.ts[k].low)
		if xw[w] || hasWord(x, w) {
			return false
		}
	}
	return true
}

// maxPlainOnly bounds the words a plain claim may have that the claim
// changing it lacks (changedTopic).
const maxPlainOnly = 3

// thingWord: the topic word w of claim c (its normal form) is written in
// small letters where c has it: a common noun or a verb, not a proper
// name that might be the only thing two claims share ("Netflix").
func thingWord(c topicClaim, skip []bool, w string) bool {
	for i, t := range c.ts {
		if skip[i] || stem(t.low) != w {
			continue
		}
		for _, r := range t.raw {
			return !unicode.IsUpper(r) || claimStart(c.ts, i)
		}
	}
	return false
}

// formerWords before a word name a thing that was replaced: "the rent at
// our old flat" is not the rent at the new one.
var formerWords = map[string]bool{"old": true, "former": true, "previous": true, "ex": true}

// formerThing: claim c calls a thing both topics have a former one ("our
// old flat") and the other topic does not: the two claims may be about
// two things, the one replaced and its successor.
func formerThing(c topicClaim, skip []bool, other map[string]bool) bool {
	for i := 0; i+1 < len(c.ts); i++ {
		if w := c.ts[i].low; formerWords[w] && !skip[i] && !skip[i+1] && !other[stem(w)] && other[stem(c.ts[i+1].low)] {
			return true
		}
	}
	return false
}

// periodAdjectives say how often, not which thing.
var periodAdjectives = map[string]bool{"daily": true, "weekly": true, "monthly": true, "yearly": true, "annual": true, "hourly": true, "nightly": true, "fortnightly": true, "quarterly": true}

// kindWords are topicDrop words that also name a kind of thing before a
// noun: a "current account" is not the present one of a "savings
// account".
var kindWords = map[string]bool{"current": true}

// qualifiedApart: a word of claim a that claim b lacks stands right
// before a word both share, and b has a word a lacks right before that
// same shared word: "dry food" / "wet food".
func qualifiedApart(a topicClaim, as []bool, bw map[string]bool, b topicClaim, bs []bool, aw map[string]bool) bool {
	before := func(c topicClaim, skip []bool, other map[string]bool) map[string]bool {
		out := map[string]bool{}
		for i := 0; i+1 < len(c.ts); i++ {
			if skip[i] || skip[i+1] || !hasLetter(c.ts[i].low) || topicDrop[c.ts[i].low] && !kindWords[c.ts[i].low] {
				continue
			}
			q, head := stem(c.ts[i].low), stem(c.ts[i+1].low)
			if periodAdjectives[c.ts[i].low] {
				continue // "our daily stand-up" is "the team stand-up" said with how often
			}
			if !other[q] && other[head] {
				out[head] = true
			}
		}
		return out
	}
	ah, bh := before(a, as, bw), before(b, bs, aw)
	for h := range ah {
		if bh[h] {
			return true
		}
	}
	return false
}

// hasLetter: w has a letter ("Q3", "v2", "staging").
func hasLetter(w string) bool {
	return strings.IndexFunc(w, unicode.IsLetter) >= 0
}
