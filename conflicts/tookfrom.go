package conflicts

import (
	"fmt"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// tookOverFrom reads an incoming claim that one named provider took over
// from another ("Caremark took over from Highland Home Care at the start
// of the month") against an existing claim that names the one left as it
// is now ("The carers come twice a day. They're from Highland Home
// Care"): the incoming claim supersedes it. The existing claim must name the one left and not the one that took
// over, be no claim of the past, and name no relative or other person the
// incoming claim does not.
func tookOverFrom(existing, incoming schema.Memory) (Decision, bool) {
	its, ok := saidAsDone(existing, incoming)
	if !ok {
		return Decision{}, false
	}
	left, took := leftFor(its)
	if left == nil {
		return Decision{}, false
	}
	ets := claimTokens(unlabelled(existing.Claim))
	if !namesIn(ets, left) || took != nil && namesIn(ets, took) || usedTo(ets) >= 0 || hasAny(ets, pastVerbsOfState) || hasAny(ets, formerWords) || !samePeople(ets, its) {
		return Decision{}, false
	}
	if _, ok := pastOpening(ets); ok {
		return Decision{}, false
	}
	return Decision{Supersedes, fmt.Sprintf("the incoming claim says %s was left for another, and the existing claim gives it as now", strings.Join(left, " "))}, true
}

// leftFor reads the named one a claim says was left, and the one that
// took over when it names it: "X took over from Y". ("switched from Y to
// X" is left to the readings of a switch, which know what was switched:
// a phone's network is not the broadband's.)
func leftFor(ts []ctok) (left, took []string) {
	k := runAt(ts, []string{"took", "over", "from"})
	if k < 0 {
		return nil, nil
	}
	left, _ = nameRun(ts, k+3, 4)
	if k > 0 {
		took, _ = nameRunBack(ts, k-1, 4)
	}
	return left, took
}

// nameRunBack reads the words written as names ending at k, at most max
// of them, in order: "Caremark" before "took over".
func nameRunBack(ts []ctok, k, max int) ([]string, int) {
	from := k + 1
	for j := k; j >= 0 && k-j < max && nameWord(ts[j]) && !(j < k && ts[j+1].brk); j-- {
		from = j
	}
	if from > k {
		return nil, from
	}
	name, _ := nameRun(ts, from, max)
	return name, from
}
