package conflicts

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A person telling how things were gives an older amount of what they
// have now: "6 hectares of vines" / months later "my father bought this
// land in 1979, it was only 2 hectares of país then, we planted the rest
// in the 90s". The incoming claim tells the older state.

// amountBack decides such a pair as SupersededBy: the incoming claim, said
// later and dated to a past year, says "was" an amount "then" ("it was
// only 2 hectares then", "back then it was 40 acres"); the existing
// claim gives one amount in that unit, in the present, smaller or larger,
// and neither is a question or a plan.
func amountBack(existing, incoming schema.Memory) (Decision, bool) {
	if !saidLater(incoming, existing) || asks(existing.Claim) || asks(incoming.Claim) || existing.Negated || incoming.Negated {
		return Decision{}, false
	}
	i, _ := readTopic(incoming)
	unit, then, ok := amountThen(i)
	if !ok || !pastYearIn(i.ts, saidTime(incoming).Year()) {
		return Decision{}, false
	}
	e, _ := readTopic(existing)
	vs := e.vals[unit]
	if len(vs) != 1 || vs[0].old || e.past || usedTo(e.ts) >= 0 || hasAny(e.ts, pastVerbsOfState) || hypothetical(e.ts) || vs[0].key == then {
		return Decision{}, false
	}
	return Decision{SupersededBy, fmt.Sprintf("the incoming claim gives %s %s as it was in a past year, and the existing claim gives %s %s now", then, strings.TrimPrefix(unit, "quantity:"), vs[0].key, strings.TrimPrefix(unit, "quantity:"))}, true
}

// amountThen reads "was [only|just|about] AMOUNT … then" in one clause:
// the amount's type and key.
func amountThen(c topicClaim) (typ, key string, ok bool) {
	ts := c.ts
	for _, t := range slices.Sorted(maps.Keys(c.vals)) {
		vs := c.vals[t]
		if !strings.HasPrefix(t, "quantity:") || t == "quantity:age" || len(vs) != 1 {
			continue
		}
		v := vs[0]
		j := v.from - 1
		for j >= 0 && (ts[j].low == "only" || ts[j].low == "just" || ts[j].low == "about" || ts[j].low == "around") {
			j--
		}
		if j < 0 || ts[j].low != "was" && ts[j].low != "were" {
			continue
		}
		for k := v.to; k < len(ts) && k < v.to+4; k++ {
			if k > v.to && ts[k].brk {
				break
			}
			if ts[k].low == "then" {
				return t, v.key, true
			}
		}
	}
	return "", "", false
}

// pastYearIn: the claim names a year before now: "bought this land in
// 1979".
func pastYearIn(ts []ctok, now int) bool {
	for _, t := range ts {
		if yearWord(t.low) {
			if y, err := strconv.Atoi(t.low); err == nil && y < now {
				return true
			}
		}
	}
	return false
}
