package conflicts

import (
	"fmt"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// What a person is may hold several values ("I'm a nurse", "I'm a
// mum"), so two claims of the speaker's "is" are kept side by side. A job
// title is one of them that changes: "I'm a staff nurse on the children's
// ward" / "I'm a junior sister now", "I'm a senior backend engineer at
// Routewise" / "Got promoted! I'm tech lead on the payments team as of
// this week".
//
// ownJobChanged reads two of the speaker's "is" claims as one job
// changed (Supersedes) when both values name a job (jobNouns), they
// differ, and the incoming claim, said no earlier, says it changed ("now",
// "as of", "from August", a promotion) without saying it is held beside
// the other ("too", "as well", "on the side", a volunteer's role) or
// denying it.
func ownJobChanged(existing, incoming schema.Memory, ev, iv string) (Decision, bool) {
	if saidTime(incoming).Before(saidTime(existing)) || !speakerSubject(existing) || !speakerSubject(incoming) {
		return Decision{}, false
	}
	ej, ij := jobIn(ev), jobIn(iv)
	if ej == "" || ij == "" || strings.EqualFold(strings.TrimSpace(ev), strings.TrimSpace(iv)) {
		return Decision{}, false
	}
	its := claimTokens(incoming.Claim)
	c, _ := readTopic(incoming)
	changed := c.cue || c.scheduled || incoming.Correction || hasAny(its, jobChangeWords)
	if !changed || c.additive || hasAny(its, sideRoleWords) || hypothetical(its) || hasAny(its, tentative) {
		return Decision{}, false
	}
	for k, t := range its {
		if t.low == ij && hasAny(its[max(0, k-4):k], notWords) {
			return Decision{}, false // "I'm not a team lead any more"
		}
	}
	return Decision{Supersedes, fmt.Sprintf("the speaker's job, %q and %q, and the incoming claim says it changed", strings.TrimSpace(ev), strings.TrimSpace(iv))}, true
}

// jobIn returns the job noun a value names, or "".
func jobIn(v string) string {
	for _, t := range claimTokens(v) {
		if jobNouns[t.low] {
			return t.low
		}
	}
	return ""
}

// jobNouns name a job or a grade of one.
var jobNouns = map[string]bool{"nurse": true, "sister": true, "matron": true, "midwife": true, "doctor": true,
	"registrar": true, "consultant": true, "engineer": true, "developer": true, "programmer": true, "lead": true,
	"manager": true, "director": true, "officer": true, "coordinator": true, "teacher": true, "lecturer": true,
	"professor": true, "pharmacist": true, "technician": true, "analyst": true, "designer": true, "architect": true,
	"administrator": true, "assistant": true, "associate": true, "specialist": true, "supervisor": true,
	"chef": true, "accountant": true, "solicitor": true, "lawyer": true, "executive": true, "intern": true,
	"apprentice": true, "trainee": true, "receptionist": true, "clerk": true, "editor": true, "journalist": true,
	"researcher": true, "scientist": true, "therapist": true, "paramedic": true, "headteacher": true,
	"principal": true, "deputy": true, "cto": true, "ceo": true, "cfo": true, "vp": true, "partner": true}

// jobChangeWords say a job changed.
var jobChangeWords = map[string]bool{"now": true, "promoted": true, "promotion": true, "reorg": true, "officially": true}

// sideRoleWords say a role is held beside another.
var sideRoleWords = map[string]bool{"too": true, "also": true, "volunteer": true, "volunteering": true, "side": true,
	"part-time": true, "governor": true, "trustee": true, "acting": true, "temporarily": true, "cover": true, "covering": true}
