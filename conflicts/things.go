package conflicts

import (
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// Two claims with one subject, attribute and value can still be about
// other things: "Ravi met Priya to plan milestone 9" and "... milestone
// 10" are two meetings, "move service 25 onto Kafka" and "move service
// 305 onto Kafka" two decisions. The rules here read that.

// numbersOutside returns the numbers of a claim outside its value (whose
// comparison form is value), in order: number words read as digits ("eleven"
// = "11"), so a restatement keeps its numbers and a claim about milestone
// 10 is not one about milestone 9.
func numbersOutside(claim string, value []string) []string {
	left := map[string]int{}
	for _, w := range value {
		left[w]++
	}
	var out []string
	for _, w := range key(claim) {
		if left[w] > 0 {
			left[w]--
			continue
		}
		if hasDigit(w) {
			out = append(out, w)
		}
	}
	return out
}

// namesOutside are the names of m's entities, in key form, that are
// neither its subject nor inside its value, sorted.
func namesOutside(m schema.Memory, value []string) []string {
	subj := strings.Join(key(m.Subject), " ")
	var out []string
	for _, e := range m.Entities {
		k := key(e.Name)
		if len(k) == 0 || strings.Join(k, " ") == subj || containsWords(value, k) {
			continue
		}
		out = append(out, strings.Join(k, " "))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// tailPreps start the part two values may share while differing in what
// it is said of.
var tailPreps = map[string]bool{
	"onto": true, "into": true, "to": true, "in": true, "on": true, "at": true, "for": true,
	"with": true, "from": true, "by": true, "under": true, "over": true,
}

// sharedTail reports whether the values a and b (comparison forms) end
// alike from a preposition on, with two or more words, and differ before
// it: "service 305 onto neo4j" and "service 25 onto neo4j" share "onto
// neo4j" and say it of two services. Compare reads it for attributes of
// action only (actionAttribute). It returns the differing heads and
// the shared tail.
func sharedTail(a, b []string) (headA, headB, tail string, ok bool) {
	n := 0
	for n < len(a) && n < len(b) && a[len(a)-1-n] == b[len(b)-1-n] {
		n++
	}
	// the shared part must start at a preposition
	for n >= 2 && !tailPreps[a[len(a)-n]] {
		n--
	}
	if n < 2 || n == len(a) || n == len(b) {
		return "", "", "", false
	}
	ha, hb := a[:len(a)-n], b[:len(b)-n]
	if slices.Equal(ha, hb) {
		return "", "", "", false
	}
	return strings.Join(ha, " "), strings.Join(hb, " "), strings.Join(a[len(a)-n:], " "), true
}

// actionAttribute: the attribute is a verb of action ("moves", "sends"),
// not a copula, whose value may be a role with a qualifier ("is a junior
// analyst at Kestrel" → "a senior analyst at Kestrel" is one slot).
func actionAttribute(attr string) bool {
	ws := strings.Fields(attr)
	return len(ws) > 0 && !isCopula(ws[0]) && ws[0] != "works" && ws[0] != "work"
}

// occasionPreps introduce when or with what something is done: "with
// breakfast", "after school", "at the weekend".
var occasionPreps = map[string]bool{
	"with": true, "before": true, "after": true, "during": true, "at": true, "on": true,
	"in": true,
}

// otherOccasions reports whether two claims whose values are ea and ia
// (comparison forms) each go on, after the value, with an occasion
// ("Mum takes 500 mg of metformin with breakfast", "... 1,000 mg of
// metformin with her evening meal") and the occasions differ in words
// that are neither numbers nor days and months: two doses, two routines,
// both true. Times and dates are values, not occasions, so "on Monday at
// 4pm" and "on Tuesday at 5" still fill one slot; and a place that is the
// value ("meets at Clara's house") is not an occasion.
func otherOccasions(existing, incoming string, ea, ia []string) (string, string, bool) {
	ta, tb := occasion(key(existing), ea), occasion(key(incoming), ia)
	if len(ta) == 0 || len(tb) == 0 || slices.Equal(ta, tb) {
		return "", "", false
	}
	return strings.Join(ta, " "), strings.Join(tb, " "), true
}

// occasion returns the words of claim after its value when they start
// with an occasion preposition, or nil when the value is not found in the
// claim, nothing follows it, or a word after it is a number, a day or a
// month; or the period right after the value ("this month", "next
// week"), which scopes the claim to it.
func occasion(claim, value []string) []string {
	if len(value) == 0 {
		return nil
	}
	end := -1
	for i := 0; i+len(value) <= len(claim); i++ {
		if slices.Equal(claim[i:i+len(value)], value) {
			end = i + len(value)
		}
	}
	if end >= 0 && end+1 < len(claim) && periodAt(claim[end], claim[end+1]) != "" {
		return claim[end : end+2] // "at Anna's house this month"
	}
	if end < 0 || end+1 >= len(claim) || !occasionPreps[claim[end]] {
		return nil
	}
	tail := claim[end:]
	for _, w := range tail[1:] {
		if hasDigit(w) || calendarWords[w] || w == "noon" || w == "midnight" {
			return nil
		}
	}
	return tail
}
