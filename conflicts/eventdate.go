package conflicts

import (
	"fmt"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// eventDates reads two claims that each date one event that befell a
// person: "His stroke was on the 3rd of November" / "Eleven months since
// his stroke on the 19th of October". The event is named with its
// person ("his stroke", "Mum's accident", "my diagnosis"), once, and each
// claim gives one calendar date; two dates for it, neither claim worded as
// a change, are a contradiction (a correction supersedes).
func eventDates(existing, incoming schema.Memory) (Decision, bool) {
	ek, ed, ok1 := eventDate(existing)
	ik, id, ok2 := eventDate(incoming)
	if !ok1 || !ok2 || ek != ik || ed == id {
		return Decision{}, false
	}
	if !incoming.Correction && (existing.Correction || cueIn(existing) || cueIn(incoming)) {
		return Decision{}, false
	}
	return fixedValueDiffers(incoming, fmt.Sprintf("one event (%s) is dated %s and %s", ek, ed, id)), true
}

// befallingEvents are what befalls a person once, named with the person.
var befallingEvents = map[string]bool{"stroke": true, "accident": true, "diagnosis": true, "crash": true}

// eventDate reads the event a claim dates ("his stroke") and its one
// calendar date; ok is false for a question, a plan, a claim naming two
// such events or dates, or an event with no person.
func eventDate(m schema.Memory) (event, date string, ok bool) {
	if asks(m.Claim) {
		return "", "", false
	}
	c, _ := readTopic(m)
	if hypothetical(c.ts) || len(c.vals["date"]) != 1 {
		return "", "", false
	}
	for k := 1; k < len(c.ts); k++ {
		if !befallingEvents[c.ts[k].low] {
			continue
		}
		if event != "" {
			return "", "", false
		}
		who := c.ts[k-1].low
		if !possessives[who] && !strings.HasSuffix(who, "'s") {
			return "", "", false
		}
		event = who + " " + c.ts[k].low
	}
	return event, c.vals["date"][0].key, event != ""
}
