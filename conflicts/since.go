package conflicts

import (
	"fmt"
	"maps"
	"strconv"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// yearsDontAddUp reads two claims that say since when one thing has held,
// one by a year ("been offshore since 1996") and the other by how long
// ("24 years offshore now", said in 2024), or both by years: when their
// topics are one and the years they start in are more than a year apart,
// one of them is wrong (Contradicts). A year apart or less is how people
// count, and decides nothing.
func yearsDontAddUp(existing, incoming schema.Memory) (Decision, bool) {
	ey, ok1 := heldSince(existing)
	iy, ok2 := heldSince(incoming)
	if !ok1 || !ok2 || ey-iy <= 1 && iy-ey <= 1 {
		return Decision{}, false
	}
	ea, _ := readTopic(existing)
	ia, _ := readTopic(incoming)
	if !sameOtherValues(ea, ia) {
		return Decision{}, false // "lived in Leeds for 5 years" / "lived in York since 2010"
	}
	et, it := topicWords(ea.ts, valueSkip(ea)), topicWords(ia.ts, valueSkip(ia))
	if len(et) == 0 || len(it) == 0 || !(sameTopic(et, it) || within(et, it) || within(it, et)) || thin(et, it) {
		return Decision{}, false
	}
	return Decision{Contradicts, fmt.Sprintf("the same topic (%s) held since %d and since %d: the years do not add up", strings.Join(sortedWords(et), " "), ey, iy)}, true
}

// sameOtherValues: the claims' typed values other than years and spans
// of years are the same, type by type; how often, said by one claim only
// ("been testing since 2021 and I still learn something new every
// week"), is of another clause.
func sameOtherValues(a, b topicClaim) bool {
	keys := func(c topicClaim) map[string]bool {
		out := map[string]bool{}
		for t, vs := range c.vals {
			if t == "year" || t == "quantity:year" || t == "freq" && (len(a.vals[t]) == 0 || len(b.vals[t]) == 0) {
				continue
			}
			for _, v := range vs {
				out[t+"="+v.key] = true
			}
		}
		return out
	}
	return maps.Equal(keys(a), keys(b))
}

// within: every word of a that is not a generic noun is in b, and there
// is one: "24 years offshore now" / "been offshore since 1996, seen
// everything out there" (a clause of more beside it).
func within(a, b map[string]bool) bool {
	n := 0
	for w := range a {
		if genericStems[w] {
			continue
		}
		if !b[w] {
			return false
		}
		n++
	}
	return n > 0
}

// heldSince is the year a claim says its state began: "since 1996", or,
// for "24 years now" and "for 24 years", the year it was said less the
// years. It reports false for a claim with no such span or more than one,
// a question, a plan or a wish.
func heldSince(m schema.Memory) (int, bool) {
	c, ok := readTopic(m)
	if !ok || asks(m.Claim) || hypothetical(c.ts) || wished(c.ts) {
		return 0, false
	}
	years, spans := c.vals["year"], c.vals["quantity:year"]
	switch {
	case len(years) == 1 && len(spans) == 0:
		y := years[0]
		if y.from == 0 || c.ts[y.from-1].low != "since" {
			return 0, false
		}
		n, err := strconv.Atoi(y.key)
		return n, err == nil
	case len(spans) == 1 && len(years) == 0:
		s := spans[0]
		before := s.from > 0 && c.ts[s.from-1].low == "for"
		now := s.to < len(c.ts) && (c.ts[s.to].low == "now" || s.to+1 < len(c.ts) && c.ts[s.to+1].low == "now")
		said := saidTime(m)
		n, err := strconv.ParseFloat(s.key, 64)
		if !(before || now) || err != nil || said.IsZero() || n != float64(int(n)) {
			return 0, false
		}
		return said.Year() - int(n), true
	}
	return 0, false
}

// valueSkip marks the tokens of a claim's typed values.
func valueSkip(c topicClaim) []bool {
	skip := make([]bool, len(c.ts))
	for _, vs := range c.vals {
		for _, v := range vs {
			for i := v.from; i < v.to && i < len(skip); i++ {
				skip[i] = true
			}
		}
	}
	return skip
}
