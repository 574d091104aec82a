package conflicts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// totalsOfOneThing reads two claims that each give the whole amount of one
// thing, one of them saying it is the whole ("all in", "in total",
// "altogether", "the whole farm"): "the farm is 120 acres all in" / "the
// whole farm is only 85 acres"; "we farm 320 acres" / "We farm 280 acres
// all in". Two wholes of one thing in one unit, neither claim worded as a
// change or a correction, are a contradiction. The thing is the words
// before the amount, in its clause, as datesOfOneThing reads it; a claim
// that gives two amounts in the unit, or none, is not read.
func totalsOfOneThing(existing, incoming schema.Memory) (Decision, bool) {
	if saidAsChange(existing, incoming) {
		return Decision{}, false
	}
	et, eu, ev, ew, ok1 := totalOf(existing)
	it, iu, iv, iw, ok2 := totalOf(incoming)
	if !ok1 || !ok2 || eu != iu || !ew && !iw || ev == iv {
		return Decision{}, false
	}
	shown, one := oneThing(existing, incoming, et, it)
	if !one {
		return Decision{}, false
	}
	return Decision{Contradicts, fmt.Sprintf("the whole of one thing (%s) given twice: %q and %q, and neither claim is worded as a change, so one of them is wrong", shown, ev, iv)}, true
}

// wholeWords say an amount is all of a thing.
var wholeWords = map[string]bool{"whole": true, "entire": true, "altogether": true, "total": true}

// totalOf reads the one amount of a unit (quantity:…) a claim gives, the
// thing's words before it in its clause (stems, without wholeWords), and
// whether the claim says the amount is the whole.
func totalOf(m schema.Memory) (thing []string, unit, key string, whole, ok bool) {
	if asks(m.Claim) {
		return nil, "", "", false, false
	}
	ts := claimTokens(m.Claim)
	if hypothetical(ts) || wished(ts) {
		return nil, "", "", false, false
	}
	c, _ := readTopic(m)
	var v typedValue
	n := 0
	for typ, vs := range c.vals {
		if !strings.HasPrefix(typ, "quantity:") || typ == "quantity:age" {
			continue
		}
		n += len(vs)
		v = vs[0]
	}
	if n != 1 || v.from == 0 {
		return nil, "", "", false, false
	}
	if slices.ContainsFunc(ts[clauseStart(ts, v.from):min(len(ts), v.to+3)], func(t ctok) bool { return negators[t.low] }) {
		return nil, "", "", false, false
	}
	thing = thingBefore(ts, v.from, func(w string) bool { return wholeWords[w] || w == "only" || w == "about" || w == "around" })
	if len(thing) == 0 {
		return nil, "", "", false, false
	}
	for i, t := range ts {
		next := ""
		if i+1 < len(ts) {
			next = ts[i+1].low
		}
		if wholeWords[t.low] || t.low == "all" && next == "in" || t.low == "in" && next == "total" || t.low == "all" && next == "told" {
			whole = true
		}
	}
	return thing, v.typ, v.key, whole, true
}
