package conflicts

import (
	"fmt"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// PastMeaningSimilarity is the least cosine similarity of two claims'
// vectors (MeaningModel's passage vectors, as stored) at which
// PastByMeaning reads a claim of what held before as the earlier value of
// the other. Chosen with ChangeMeaningSimilarity.
const PastMeaningSimilarity = 0.80

// What held before is often told after what holds now, in other words:
// "Eve's at Hillside Primary now" / "Before Hillside, Eve went to St
// Anne's"; "My commute is 25 minutes by tram" / "When we lived in Salford
// my commute used to be over an hour by bus". The rules cannot line them
// up; the model puts them close, and the later one says it tells of
// before.

// PastByMeaning relates two claims the rules and the readings by meaning
// before it left Unrelated when the incoming one tells what held before
// (WordedAsPast: "used to", "back when", "before …", "up until",
// "previously", "originally") and the existing one does not, their vectors
// are close (similarity at least PastMeaningSimilarity), and nothing in
// their words says they are about other things (PastApart): the existing
// claim supersedes the incoming one (SupersededBy), which is kept as
// what held before. ok is false when it decides nothing.
func PastByMeaning(existing, incoming schema.Memory, similarity float64) (Decision, bool) {
	if !(similarity >= PastMeaningSimilarity) {
		return Decision{}, false
	}
	if bothHold(existing, incoming) != "" {
		return Decision{}, false // not one thing's values (items.go)
	}
	if why := PastApart(existing, incoming); why != "" {
		return Decision{}, false
	}
	return Decision{SupersededBy, fmt.Sprintf("the incoming claim tells what held before the existing one (similarity %.3f, at least %.2f)", similarity, PastMeaningSimilarity)}, true
}

// PastApart says why the incoming claim is not what held before the
// existing one, or "": the checks of ChangeApart, with the incoming claim
// as the changed one and its words of a time before no reason; and a sum
// said once without "used to" ("We paid £380,000 for the house back in
// 2019" beside what it is worth), or something else done ("My mum used to
// teach in Cork" beside where she lives).
func PastApart(existing, incoming schema.Memory) string {
	a, b, why := framedApart(existing, incoming)
	if why != "" {
		return why
	}
	switch {
	case !wordedAsPast(b):
		return "the incoming claim does not tell what held before"
	case holdsNow(b):
		// "I still remember this story from when I was 10": a memory
		// held now, not a value held before
		return "the incoming claim says what still holds"
	case wordedAsPast(a) || pastState(a):
		return "the existing claim tells what held before too"
	case WordedAsChange(incoming):
		return "the incoming claim is worded as a change"
	case usedTo(b) < 0 && givesMoney(incoming):
		return "the incoming claim gives a sum paid once"
	case otherDoing(a, b):
		return "the incoming claim tells of something else done"
	}
	return valuesApart(existing, incoming, existing, incoming, a, b, a, b, true)
}

// WordedAsPast: the claim tells what held before ("used to", "back
// when", "before …", "up until", "previously", "originally").
func WordedAsPast(m schema.Memory) bool { return wordedAsPast(claimTokens(unlabelled(m.Claim))) }

func wordedAsPast(ts []ctok) bool {
	if usedTo(ts) >= 0 {
		return true
	}
	// the other words need a verb in the past beside them: "Before
	// Hillside, Eve went to St Anne's", not "Before I forget, my number is
	// …" or "I'll be back in London next week"
	return pastMarker(ts) && pastVerb(ts)
}

// pastMarker: a word that dates a claim before now ("before …" opening
// it, "back when", "up until", "previously", "when we lived in").
func pastMarker(ts []ctok) bool {
	if len(ts) > 0 && ts[0].low == "before" {
		return true
	}
	for i, t := range ts {
		next := ""
		if i+1 < len(ts) {
			next = ts[i+1].low
		}
		switch {
		case t.low == "back" && (next == "when" || next == "in" || next == "then") && !(i > 0 && (determiners[ts[i-1].low] || ts[i-1].low == "a")):
			// "back when she first started", not "at the back in photos"
			return true
		case (t.low == "until" || t.low == "till") && i > 0 && ts[i-1].low == "up",
			t.low == "previously" || t.low == "formerly" || t.low == "originally":
			return true
		case t.low == "when" && (next == "we" || next == "i" || next == "she" || next == "he" || next == "they") && i+2 < len(ts) && whenPast[ts[i+2].low]:
			// "When we lived in Salford", "when I first started"
			return true
		}
	}
	return false
}

// whenPast follow "when I" or "when we" in a clause that dates what
// held before ("when we lived in Salford"; not "when I was 10", which
// dates a memory as often).
var whenPast = map[string]bool{"lived": true, "bought": true, "moved": true, "first": true, "started": true}

// givesMoney: the claim gives a sum of money.
func givesMoney(m schema.Memory) bool {
	for _, k := range valueKeys(m) {
		if len(k) > len("money:") && k[:len("money:")] == "money:" {
			return true
		}
	}
	return false
}

// otherDoing: the incoming claim says "used to" and a verb (not "be",
// "have", "get", "go" or "do") the existing claim has no word of: "used
// to teach" beside "lives".
func otherDoing(a, b []ctok) bool {
	i := usedTo(b)
	if i < 0 || i+2 >= len(b) {
		return false
	}
	switch v := b[i+2].low; v {
	case "be", "have", "get", "go", "do":
		return false
	}
	sv := stem(b[i+2].low)
	for _, t := range a {
		if stem(t.low) == sv || len(sv) >= 4 && len(t.low) >= len(sv) && t.low[:len(sv)] == sv {
			return false // "used to manage" beside "a product manager"
		}
	}
	return true
}

// holdsNow: the claim says it holds now, whatever time it names: "I still
// remember", "I remember when" (not "Mum was still managing").
func holdsNow(ts []ctok) bool {
	for i, t := range ts {
		switch {
		case t.low == "remember" || t.low == "remembers" || t.low == "recall":
			return true
		case t.low == "still" && !(i > 0 && (ts[i-1].low == "was" || ts[i-1].low == "were" || ts[i-1].low == "had")):
			return true
		}
	}
	return false
}

// pastVerb: a verb in the past tense: a form of "be", "have" or "do", a
// common irregular past, or a word ending in "ed".
func pastVerb(ts []ctok) bool {
	for _, t := range ts {
		if irregularPast[t.low] || len(t.low) > 4 && strings.HasSuffix(t.low, "ed") && isWord(t.low) {
			return true
		}
	}
	return false
}

var irregularPast = map[string]bool{
	"was": true, "were": true, "had": true, "did": true, "went": true, "got": true, "took": true, "came": true,
	"made": true, "left": true, "ran": true, "drove": true, "taught": true, "spent": true, "bought": true,
	"paid": true, "sold": true, "kept": true, "met": true, "grew": true, "knew": true, "wore": true, "rode": true,
	"swam": true, "sang": true, "wrote": true, "gave": true, "sat": true, "stood": true, "felt": true, "held": true,
	"began": true, "broke": true, "became": true, "found": true, "fell": true, "rose": true, "quit": true,
}
