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
	if !ok1 || !ok2 || eu != iu || ew == notWhole && iw == notWhole || ev == iv {
		return Decision{}, false
	}
	if max(ew, iw) == onlyWhole && !slices.Equal(et, it) {
		// "The plot is 15 tsubo" / "The plot next door is only 10
		// tsubo": "only" says the whole of the thing it names, no more
		return Decision{}, false
	}
	shown, one := oneThing(existing, incoming, et, it)
	if !one {
		return Decision{}, false
	}
	return Decision{Contradicts, fmt.Sprintf("the whole of one thing (%s) given twice: %q and %q, and neither claim is worded as a change, so one of them is wrong", shown, ev, iv)}, true
}

// wholeness is how a claim says its amount is all of a thing.
type wholeness int

const (
	notWhole  wholeness = iota
	onlyWhole           // "is only 10 tsubo": of the thing named, no more
	saysWhole           // "all in", "in total", "the whole farm"
)

// wholeWords say an amount is all of a thing.
var wholeWords = map[string]bool{"whole": true, "entire": true, "altogether": true, "total": true}

// totalOf reads the first amount (quantity:…) a claim gives, when it is
// the only one in its unit, the thing's words before it in its clause
// (stems, without wholeWords), and whether the claim says the amount is
// the whole ("all in", "the whole farm", "is only 10 tsubo").
func totalOf(m schema.Memory) (thing []string, unit, key string, whole wholeness, ok bool) {
	if asks(m.Claim) {
		return nil, "", "", notWhole, false
	}
	ts := claimTokens(m.Claim)
	if hypothetical(ts) || wished(ts) {
		return nil, "", "", notWhole, false
	}
	c, _ := readTopic(m)
	// the first amount, the only one in its unit ("the base is only 35
	// km out of Corumbá, … we do the drive in under an hour")
	var v typedValue
	n := 0
	for typ, vs := range c.vals {
		if !strings.HasPrefix(typ, "quantity:") || typ == "quantity:age" {
			continue
		}
		if n == 0 || vs[0].from < v.from {
			v, n = vs[0], len(vs)
		}
	}
	if n != 1 || v.from == 0 {
		return nil, "", "", notWhole, false
	}
	if slices.ContainsFunc(ts[clauseStart(ts, v.from):min(len(ts), v.to+3)], func(t ctok) bool { return negators[t.low] }) {
		return nil, "", "", notWhole, false
	}
	thing = thingBefore(ts, v.from, func(w string) bool {
		return wholeWords[w] || w == "only" || w == "about" || w == "around" || w == stem("like")
	})
	if len(thing) == 0 {
		return nil, "", "", notWhole, false
	}
	for i, t := range ts {
		next := ""
		if i+1 < len(ts) {
			next = ts[i+1].low
		}
		if wholeWords[t.low] || t.low == "all" && next == "in" || t.low == "in" && next == "total" || t.low == "all" && next == "told" {
			whole = saysWhole
		}
	}
	if k := v.from; whole == notWhole && k >= 2 && ts[k-1].low == "only" && isCopulaOrContraction(ts[k-2].low) {
		// "My plot is only 10 tsubo", "the base is only 35 km out of
		// Corumbá": all there is of it
		whole = onlyWhole
	}
	return thing, v.typ, v.key, whole, true
}
