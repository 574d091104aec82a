package conflicts

import (
	"fmt"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// movedOffOnto reads an incoming claim that the speaker was moved off one
// thing onto another ("Reorg at work. they've moved me off payments onto
// the mobile app squad", "took me off nights onto days") against an
// existing claim that puts the speaker on the first ("QA engineer on the
// payments squad", "I'm on nights this month"): the incoming claim
// supersedes it. The thing left is the words between "off" and
// "onto"/"to", at most movedOffReach of them; the existing claim gives
// them after "on", names no relative or other person, and is not of the
// past.
func movedOffOnto(existing, incoming schema.Memory) (Decision, bool) {
	its, ok := saidAsDone(existing, incoming)
	if !ok {
		return Decision{}, false
	}
	left := offOnto(its)
	if left == nil {
		return Decision{}, false
	}
	ets := claimTokens(unlabelled(existing.Claim))
	if usedTo(ets) >= 0 || hasAny(ets, pastVerbsOfState) || hasAny(ets, formerWords) || !samePeople(ets, its) {
		return Decision{}, false
	}
	for k, t := range ets {
		if t.low != "on" {
			continue
		}
		j := k + 1
		for j < len(ets) && (determiners[ets[j].low] || possessives[ets[j].low]) {
			j++
		}
		if j+len(left) <= len(ets) && stemsAt(ets, j, left) {
			return Decision{Supersedes, fmt.Sprintf("the incoming claim moves the speaker off %s, which the existing claim puts the speaker on", strings.Join(left, " "))}, true
		}
	}
	return Decision{}, false
}

// movedOffReach bounds the words of the thing moved off.
const movedOffReach = 3

// offOnto reads "(moved|took|put) me off THING onto|to …": the stems of
// THING, or nil.
func offOnto(ts []ctok) []string {
	for k := 1; k+2 < len(ts); k++ {
		if ts[k].low != "off" || ts[k-1].low != "me" && ts[k-1].low != "us" {
			continue
		}
		j := k + 1
		for j < len(ts) && (determiners[ts[j].low] || possessives[ts[j].low]) {
			j++
		}
		var thing []string
		for ; j < len(ts) && len(thing) < movedOffReach && !ts[j].brk; j++ {
			if ts[j].low == "onto" || ts[j].low == "to" {
				if len(thing) > 0 {
					return thing
				}
				break
			}
			if !isWord(ts[j].low) {
				break
			}
			thing = append(thing, stem(ts[j].low))
		}
	}
	return nil
}

// stemsAt: the words of ts from j on have the stems of want, in order.
func stemsAt(ts []ctok, j int, want []string) bool {
	for i, w := range want {
		if stem(strings.TrimSuffix(ts[j+i].low, "'s")) != w {
			return false
		}
	}
	return true
}
