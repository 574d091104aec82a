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

// titleSaidNow decides as Supersedes the speaker's job title said anew in
// a claim with no slot: "I'm a senior staff nurse at Al Zahra Hospital"
// (or "Marisol here, 44, … senior staff nurse at Al Zahra Hospital") /
// "guess who's charge nurse now 🎉 got the promotion". The incoming claim
// gives the speaker ("guess who's", "I'm") a title whose head is a job
// noun, said as a change (jobChangeWords); the existing claim gives the
// speaker a title of the same head in other words; neither names a
// relative, and the incoming one holds it beside nothing.
func titleSaidNow(existing, incoming schema.Memory) (Decision, bool) {
	if saidTime(incoming).Before(saidTime(existing)) || existing.Negated || incoming.Negated || asks(incoming.Claim) {
		return Decision{}, false
	}
	b := claimTokens(unlabelled(incoming.Claim))
	head, it, ok := speakerTitle(b)
	if !ok || !hasAny(b, jobChangeWords) || hasAny(b, sideRoleWords) || hypothetical(b) || hasAny(b, tentative) || len(kinOf(b)) > 0 {
		return Decision{}, false
	}
	a := claimTokens(unlabelled(existing.Claim))
	if len(kinOf(a)) > 0 || !(speakerSubject(existing) || introduces(a)) {
		return Decision{}, false
	}
	et := ""
	for k, t := range a {
		if t.low == head {
			et = titleBefore(a, k)
			if j := k - len(strings.Fields(et)); j >= 0 && possessives[a[j].low] {
				et = "" // "My manager is Karen Li": whose manager, not what the speaker is
			}
		}
	}
	if et == "" || et == it || strings.Contains(et, it) {
		return Decision{}, false
	}
	return Decision{Supersedes, fmt.Sprintf("the speaker's job title, %q and then %q, and the incoming claim says it changed", et, it)}, true
}

// speakerTitle reads a title the speaker is given ("guess who's charge
// nurse now", "I'm a charge nurse now"): its head job noun and the title.
func speakerTitle(ts []ctok) (head, title string, ok bool) {
	for k, t := range ts {
		if !jobNouns[t.low] {
			continue
		}
		for j := k - 1; j >= 0 && j >= k-4; j-- {
			if ts[j].low == "i'm" || ts[j].low == "im" || ts[j].low == "who's" && j > 0 && ts[j-1].low == "guess" {
				return t.low, titleBefore(ts, k), true
			}
			if ts[j].brk {
				break
			}
		}
	}
	return "", "", false
}

// titleBefore is the title ending at the job noun at k: the noun and up
// to two words before it that are no article, pronoun or verb ("senior
// staff nurse", "charge nurse").
func titleBefore(ts []ctok, k int) string {
	words := []string{ts[k].low}
	for j := k - 1; j >= 0 && j >= k-2 && !ts[j+1].brk; j-- {
		w := ts[j].low
		if !isWord(w) || determiners[w] || possessives[w] || jobChangeWords[w] || w == "i'm" || w == "im" || w == "who's" || w == "am" || w == "is" || w == "just" || capitalised(ts[j].raw) && j > 0 && !acronym(ts[j].raw) {
			break
		}
		words = append([]string{w}, words...)
	}
	return strings.Join(words, " ")
}

// introduces: the claim opens by the speaker's name ("Marisol here, 44,
// ICU nurse in Dubai").
func introduces(ts []ctok) bool {
	return len(ts) > 1 && capitalised(ts[0].raw) && ts[1].low == "here"
}
