package conflicts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// ChangeMeaningSimilarity is the least cosine similarity of two claims'
// vectors (MeaningModel's passage vectors, as stored) at which
// ChangeByMeaning reads a claim worded as a change as changing the other.
// Chosen on the read sets of bench/engine, the streams of one person's
// messages first: at 0.80 a person's claims about other things of their
// life were read as changes of each other (the read streams' supersessions
// by meaning 28 right and 22 false before the checks), at 0.85 with them
// 24 and 1.
const ChangeMeaningSimilarity = 0.85

// ChangeMeaningSimilarityShared is the least similarity at which
// ChangeByMeaning reads two claims that share at least
// MinSharedForLowerSimilarity words of the thing they are about ("my
// pension is paid into my Japan Post Bank account" / "moved my pension
// account to Resona Bank"), none qualified otherwise on the two sides
// (qualifiersApart): the words say what the model's looser closeness
// cannot. Chosen on bench/engine: at 0.80 with two shared words the pair
// sets gained 10 changes unread without a false one, but the unread
// streams 2 right and 2 false; with three, 3 unread pairs and no false.
const ChangeMeaningSimilarityShared = 0.80

// MinSharedForLowerSimilarity is how many words of what they are about
// two claims must share to be read at ChangeMeaningSimilarityShared.
const MinSharedForLowerSimilarity = 3

// ChangeMeaningSimilarityApart is the least similarity at which
// ChangeByMeaning reads two claims that share no word of what they are
// about (sharedWords) as one changing the other.
const ChangeMeaningSimilarityApart = 0.88

// A change is often said in words that share no subject or attribute with
// the claim it changes: "I put £300 a month into my ISA" / "Upped my ISA
// contributions to £500 a month after the pay rise"; "Maya does ballet on
// Saturday mornings" / "Maya's given up ballet, she does gymnastics on
// Saturday mornings instead now". The rules cannot line the two up, but
// the model puts them close, and one of them says it is a change.

// ChangeByMeaning relates two claims the rules (Compare) left Unrelated
// when one of them is worded as a change or a correction ("upped",
// "switched", "now", "instead", "actually") and the other is not (or both
// are and the incoming one is clearly later), their vectors are close
// (similarity at least ChangeMeaningSimilarity), and nothing in their
// words says they are about other things (ChangeApart): the claim worded
// as a change is the later state. Supersedes when it is the incoming one
// (Contradicts when the existing one was confirmed by the person and the
// incoming is no correction), SupersededBy when it is the existing one;
// nothing when the other claim is clearly later than it. ok is false when
// it decides nothing.
func ChangeByMeaning(existing, incoming schema.Memory, similarity float64) (Decision, bool) {
	if !(similarity >= ChangeMeaningSimilarityShared) {
		return Decision{}, false
	}
	if similarity < ChangeMeaningSimilarity {
		a, b := claimTokens(unlabelled(existing.Claim)), claimTokens(unlabelled(incoming.Claim))
		if shared := thingWords(sharedWords(a, b), a); len(shared) < MinSharedForLowerSimilarity || qualifiersApart(a, b, shared) {
			return Decision{}, false
		}
	}
	if bothHold(existing, incoming) != "" {
		return Decision{}, false // not one thing's values (items.go)
	}
	incomingChanged, why := ChangeApart(existing, incoming)
	if why != "" {
		return Decision{}, false
	}
	if movedApart(existing, incoming) {
		return Decision{}, false
	}
	if similarity < ChangeMeaningSimilarityApart && len(sharedWords(claimTokens(unlabelled(existing.Claim)), claimTokens(unlabelled(incoming.Claim)))) == 0 {
		return Decision{}, false
	}
	said := fmt.Sprintf("(similarity %.3f, at least %.2f)", similarity, ChangeMeaningSimilarity)
	if !incomingChanged {
		if saidLater(incoming, existing) || clearlyLater(incoming, existing) {
			return Decision{}, false
		}
		return Decision{SupersededBy, "the existing claim is worded as a change of what the incoming one says " + said}, true
	}
	if saidLater(existing, incoming) || clearlyLater(existing, incoming) {
		// ("moved to Toronto in 2015", said after "I'm an engineer at
		// Routewise here in Toronto": a change dated before the other
		// claim was said did not retire it)
		return Decision{}, false
	}
	if existing.Confirmed && !incoming.Correction {
		return Decision{Contradicts, "the incoming claim is worded as a change of what the existing one says " + said + ", but the existing one was confirmed by the person"}, true
	}
	return Decision{Supersedes, "the incoming claim is worded as a change of what the existing one says " + said}, true
}

// ChangeApart says why two claims are not one worded as a change of the
// other, or "" when they may be; incomingChanged tells which is worded as
// the change. It reads words only; ChangeByMeaning adds how close they
// are in meaning.
func ChangeApart(existing, incoming schema.Memory) (incomingChanged bool, why string) {
	a, b, why := framedApart(existing, incoming)
	if why != "" {
		return false, why
	}
	eC, iC := WordedAsChange(existing), WordedAsChange(incoming)
	switch {
	case !eC && !iC:
		return false, "neither is worded as a change"
	case eC && iC && !saidLater(incoming, existing):
		return false, "both are worded as a change, and the incoming one is not clearly later"
	}
	o, c, ot, ct := existing, incoming, a, b
	if eC && !iC {
		o, c, ot, ct = incoming, existing, b, a
	}
	if why := valuesApart(existing, incoming, o, c, a, b, ot, ct, false); why != "" {
		return false, why
	}
	if severalOfKind(o, c) {
		// "Lily has swimming on Tuesdays at 5pm and piano on Saturdays" /
		// "Lily's swimming moved to Thursdays": retiring the claim would
		// retire the other day, which holds still (a conflict retires
		// nothing, so ContradictionApart does not ask)
		return false, "the unchanged claim gives days of two things, the change one"
	}
	if immutableView(o) || immutableView(c) {
		return false, "the claims are about what never changes"
	}
	return iC, ""
}

// framedApart reads what sets two claims apart before their values: a
// claim that describes what was shown, says what would be, holds beside
// another value, was quoted or offered, or is wished; the parties in other
// roles or other persons. It returns both claims' words, the speaker label
// of a turn ("Nate: ...") left out: it says who speaks, not what of.
func framedApart(existing, incoming schema.Memory) (a, b []ctok, why string) {
	if aside(existing.Claim) || aside(incoming.Claim) {
		return nil, nil, "a claim describes what was shown"
	}
	a, b = claimTokens(unlabelled(existing.Claim)), claimTokens(unlabelled(incoming.Claim))
	switch {
	case hypothetical(a) || hypothetical(b):
		return a, b, "a claim says what would be"
	case besides(a) || besides(b):
		return a, b, "a claim says a value holds beside another"
	case offered(a) || offered(b):
		return a, b, "a claim says what was quoted or offered, or holds on a condition"
	case wished(a) || wished(b):
		return a, b, "a claim says what is wanted, hoped or thought of"
	}
	if why := partiesApart(existing, incoming, a, b); why != "" {
		return a, b, why
	}
	if pa, pb := personsOf(a), personsOf(b); len(pa) > 0 && len(pb) > 0 && !slices.ContainsFunc(pa, func(p string) bool { return slices.Contains(pb, p) }) {
		// "I take" / "we've cut Biscuit back": one person at least is in
		// both, or they speak of others
		return a, b, fmt.Sprintf("they speak of other persons (%s; %s)", strings.Join(pa, " "), strings.Join(pb, " "))
	}
	return a, b, ""
}

// valuesApart reads whether two claims give values of one thing: o is the
// claim read as the one that holds (for a change, the one not worded as
// it), c the other; ot and ct their words, a and b those of existing and
// incoming. past says c is read as what held before, so its words of a
// time before are no reason. It returns why not, or "".
func valuesApart(existing, incoming, o, c schema.Memory, a, b, ot, ct []ctok, past bool) string {
	switch {
	case !concrete(o) || !concrete(c):
		// "Now my relationships feel more genuine" / "Makes me feel
		// connected": what a conversation says in passing holds no value
		// to change
		return "a claim gives no value that could change"
	case bareSubject(o) || bareSubject(c):
		// "It's gonna be my 4th one": what "it" is, the claim does not say
		return "a claim's subject stands for something it does not name"
	case speakerOf(existing.Claim) != speakerOf(incoming.Claim):
		return "other people say them"
	case !subjectIn(o, ct):
		return "what the unchanged claim is said of is not in the other"
	case onlyMeasureMoved(c, ct) && !headIn(o, ct):
		// "Credit card balance is down to £1,200" says nothing of the
		// card's limit
		return "the measure that moved is not the one the other claim gives"
	case namedSubject(c) && !subjectIn(c, ot) && !changeAttr(c.Attribute):
		// "Biscuit's going to doggy daycare on Tuesdays now" is not said
		// of "the dog walker"; "TAP changed our Lisbon flight" is
		return "the changed claim is said of someone the other does not name"
	case titlesDiffer(a, b):
		return "they name a man and a woman"
	case periodsDiffer(a, b):
		return "they name other periods"
	case identifiersDiffer(a, b):
		return "they name other numbered things"
	case oldAndNew(a, b):
		return "they speak of an old and a new thing"
	case targetApart(a, b):
		return "one speaks of a target, the other of what is"
	case pastState(ot):
		return "the unchanged claim says what was"
	case !past && (aboutBefore(ct) || usedTo(ct) >= 0):
		return "the changed claim speaks of a time before, or of once"
	case oneOff(a) || oneOff(b):
		return "a claim speaks of a one-off"
	case otherOldValue(ct, ot):
		// "sorry, got that wrong — the offsite's in Lisbon, not Porto"
		// corrects a Porto the other claim does not hold
		return "the change names an old value the other claim does not hold"
	case grewUp(ot) || grewUp(ct):
		return "the claims are about what never changes"
	case !saidOf(o) && saidOf(c) && !subjectIn(c, ot) && !changeAttr(c.Attribute):
		// "I've had them for 3 years" / "The tank is big enough now":
		// the unchanged claim is said of the speaker, the other of a
		// thing it does not name
		return "the changed claim is said of something the other does not name"
	case nothingDiffers(existing, incoming, a, b):
		return "they carry the same values and names"
	}
	shared := sharedWords(a, b)
	switch {
	case len(shared) == 0 && kindsApart(existing, incoming):
		return "they share no word of what they are about and give values of other kinds"
	case onlyNameShared(existing, incoming, shared):
		return "the only word they share is a person's name, said of other things of theirs"
	}
	return ""
}

// kindsApart: the values of two claims are of no common kind. Two claims
// that share no word of what they are about (sharedWords) and whose values
// are so are about other things, however close the model puts two claims
// of one person: "my new manager is Tom Reilly" / "I moved to Manchester,
// new flat near Ancoats" (a person; a place), "Rent's £1,240 a month" /
// "I've switched my energy to Octopus" (money; a name). A claim with no value of a kind it
// can tell (valueKinds) keeps them together, and so do two names of one
// kind ("I bank with Monzo" / "I was previously with Barclays").
func kindsApart(existing, incoming schema.Memory) bool {
	ka, kb := valueKinds(existing), valueKinds(incoming)
	if len(ka) == 0 || len(kb) == 0 {
		return false
	}
	for k := range ka {
		if kb[k] {
			return false
		}
	}
	return true
}

// severalOfKind: claim o gives two days of the week, each of its own thing
// ("swimming on Tuesdays … and piano on Saturdays": a word of what is on
// it stands between them), and claim c gives one day: a change of one
// would retire the other with it. ("Tuesdays and Thursdays" are the days
// of one thing.)
func severalOfKind(o, c schema.Memory) bool {
	oc, _ := readTopic(o)
	cc, _ := readTopic(c)
	if len(cc.vals["day"]) != 1 {
		return false
	}
	ds := oc.vals["day"]
	for k := 1; k < len(ds); k++ {
		for i := ds[k-1].to; i < ds[k].from && i < len(oc.ts); i++ {
			if w := oc.ts[i].low; isWord(w) && !dayJoins[w] {
				return true
			}
		}
	}
	return false
}

// dayJoins may stand between the days of one thing: "Tuesdays and
// Thursdays", "Mondays, Wednesdays or Fridays".
var dayJoins = map[string]bool{"and": true, "or": true, "&": true, "on": true, "every": true, "the": true, "plus": true, "also": true}

// onlyNameShared: the only words two claims share (shared, sharedWords)
// are a person's name, and the person is not what both are said of: "Josh's parents' evening is
// Wednesday 4th October" / "Josh's football training is Thursdays at 6:30
// now" are two things of Josh's ("Rosa comes every other Thursday" / "Rosa
// has switched us to Monday mornings" are both said of Rosa).
func onlyNameShared(existing, incoming schema.Memory, shared []string) bool {
	if len(shared) == 0 {
		return false
	}
	names := personWords(existing, incoming)
	for _, w := range shared {
		if !names[w] || saidOfPerson(existing, w) && saidOfPerson(incoming, w) {
			return false
		}
	}
	return true
}

// sharedWords are the content words (contentWords) two claims share, other
// than the words that say a change and the values (numbers, days, months,
// parts of a day): "Started a Spanish class on Thursday evenings" and
// "Moved my 1:1 with Marcus from Tuesdays to Thursdays" share only a day.
// Sorted.
func sharedWords(a, b []ctok) []string {
	wa, wb := contentWords(a), contentWords(b)
	for _, ts := range [][]ctok{a, b} {
		at, _ := cueWords(ts)
		for _, i := range at {
			delete(wa, stem(ts[i].low))
		}
		for _, t := range ts {
			if valueWord(t.low) || judgementWords[t.low] {
				delete(wa, stem(t.low))
			}
		}
	}
	var out []string
	for w := range wa {
		if wb[w] && len(w) > 2 && hasLetter(w) && !relatingWord(w) && !determiners[w] && (!timeUnits[w] || perUnit(a, w) && perUnit(b, w)) {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return out
}

// movedApart: a claim says a thing was moved in time ("they bumped my
// comp exam to May 12", "pushed the dentist back a week") and the other
// claim has no word of that thing ("committee meeting is set for Nov 14"):
// another thing was moved. A thing of no word ("moved it to Friday") or
// only of a time things happen ("pushed my appointment back") sets nothing
// apart.
func movedApart(existing, incoming schema.Memory) bool {
	a, b := claimTokens(unlabelled(existing.Claim)), claimTokens(unlabelled(incoming.Claim))
	return movedNotIn(a, b) || movedNotIn(b, a)
}

// movedNotIn: ts moves a thing in time (timeMoved) none of whose words other has.
func movedNotIn(ts, other []ctok) bool {
	thing := timeMoved(ts)
	if !slices.ContainsFunc(thing, func(w string) bool { return !occasionNouns[w] }) {
		return false // "pushed my appointment to the 20th" names no thing
	}
	for _, t := range other {
		w := stem(strings.TrimSuffix(t.low, "'s"))
		if slices.Contains(thing, w) {
			return false
		}
	}
	return true
}

// timeMoved is the stems of the words a verb of moving in time governs,
// up to where it is moved to ("bumped my comp exam to": comp, exam),
// without determiners and values.
func timeMoved(ts []ctok) []string {
	for i, t := range ts {
		if !timeMoveVerbs[t.low] {
			continue
		}
		var out []string
		for j := i + 1; j < len(ts) && !(j > i+1 && ts[j].brk) && !moveEnds[ts[j].low]; j++ {
			w := strings.TrimSuffix(ts[j].low, "'s")
			if isWord(w) && len(w) > 2 && !determiners[w] && !valueWord(w) && !bareReference[w] {
				out = append(out, stem(w))
			}
		}
		return out
	}
	return nil
}

// occasionNouns name a time something happens, not the thing: moving
// "my appointment" moves whatever the other claim books.
var occasionNouns = func() map[string]bool {
	out := map[string]bool{}
	for _, w := range []string{"appointment", "booking", "meeting", "session", "lesson", "class", "slot", "date", "plan", "call", "visit", "time", "reservation", "shift", "thing", "one", "day", "start"} {
		out[stem(w)] = true
	}
	return out
}()

// timeMoveVerbs move a thing in time; moveEnds close the thing moved.
var (
	timeMoveVerbs = map[string]bool{"bumped": true, "pushed": true, "postponed": true, "rescheduled": true, "brought": true, "shifted": true}
	moveEnds      = map[string]bool{"to": true, "from": true, "back": true, "forward": true, "up": true, "till": true, "until": true, "by": true, "out": true, "on": true, "into": true, "again": true}
)

// perUnit: the time unit w (a stem) is said in ts as the unit of a rate
// ("20 km a week", "twice per month"), which a claim of another rate of
// the same thing shares; a time unit said otherwise ("after 38 years",
// "for years") is no word of what a claim is about.
func perUnit(ts []ctok, w string) bool {
	for i := 1; i < len(ts); i++ {
		if stem(ts[i].low) == w && rateWords[ts[i-1].low] {
			return true
		}
	}
	return false
}

// rateWords open the unit of a rate: "a week", "per month".
var rateWords = map[string]bool{"a": true, "an": true, "per": true, "each": true, "every": true}

// judgementWords say how the speaker finds a thing, not what it is:
// "the skin tones are just better" / "which suits me way better" share
// nothing.
var judgementWords = map[string]bool{
	"better": true, "worse": true, "best": true, "worst": true, "good": true, "great": true, "nice": true,
	"bad": true, "fine": true, "happy": true, "easier": true, "harder": true, "cheaper": true, "dearer": true,
	"closer": true, "quicker": true, "faster": true, "slower": true, "way": true, "much": true, "really": true,
	"just": true, "finally": true, "annoying": true, "brilliant": true, "love": true, "hate": true, "suits": true,
}

// valueWord: w is a value rather than what a claim is about: a number, a
// day of the week, a month or a part of a day.
func valueWord(w string) bool {
	if _, ok := number(w); ok {
		return true
	}
	_, day := weekdays[strings.TrimSuffix(w, "s")]
	_, part := dayParts[w]
	return day || part || slices.Contains(monthNames, w)
}

// personWords are the stems of the words of the persons the claims name.
func personWords(ms ...schema.Memory) map[string]bool {
	out := map[string]bool{}
	for _, m := range ms {
		for _, e := range m.Entities {
			if e.Kind != schema.KindPerson {
				continue
			}
			for _, w := range strings.Fields(strings.ToLower(e.Name)) {
				out[stem(strings.TrimSuffix(w, "'s"))] = true
			}
		}
	}
	return out
}

// saidOfPerson: the claim's subject is the person whose name has the stem
// w, perhaps after who they are ("our cleaner Rosa"), not a thing of
// theirs ("Josh's football training").
func saidOfPerson(m schema.Memory, w string) bool {
	sk := key(m.Subject)
	return len(sk) > 0 && stem(strings.TrimSuffix(sk[len(sk)-1], "'s")) == w
}

// valueKinds are the kinds of values a claim gives, other than when it
// holds unless it gives nothing else: its typed values by type ("money",
// "quantity:kg", "percent", a product's version) and the entities it
// names other than its subject, a person and an organisation as one kind
// (a provider is either: "Dr Okafor" / "Harbour Dental"), a place, and
// anything else.
func valueKinds(m schema.Memory) map[string]bool {
	c, _ := readTopic(m)
	out, when := map[string]bool{}, false
	for t := range c.vals {
		switch {
		case timeTypes[t]:
			when = true
		case nameTypes[t]:
			// read from the entities below
		case strings.HasPrefix(t, "money:"):
			out["money"] = true
		default:
			out[t] = true
		}
	}
	subj := key(m.Subject)
	for _, e := range m.Entities {
		if len(subj) > 0 && slices.Equal(key(e.Name), subj) {
			continue
		}
		switch e.Kind {
		case schema.KindPerson, schema.KindOrganisation:
			out["party"] = true
		case schema.KindPlace:
			out["place"] = true
		default:
			out["thing"] = true
		}
	}
	if len(out) == 0 && when {
		out["when"] = true
	}
	return out
}

// WordedAsChange: the claim says a value changed ("upped", "switched",
// "now", "instead"; not "new" alone) or is worded as a correction, and
// says no value that holds beside another ("also").
func WordedAsChange(m schema.Memory) bool {
	ts := claimTokens(unlabelled(m.Claim))
	cue, _ := strongCue(ts)
	return !besides(ts) && (cue || corrected(m, ts))
}

// besides: a word says a value holds beside another ("also", "too",
// "another", "as well"; not "both", "extra" or "second", which as often
// say how many: "both ends of the school run", "both eyes").
func besides(ts []ctok) bool {
	if hasAny(ts, besidesWords) {
		return true
	}
	for i := 0; i+1 < len(ts); i++ {
		if ts[i].low == "as" && ts[i+1].low == "well" {
			return true // "we were in Leeds as well"
		}
	}
	return false
}

var besidesWords = map[string]bool{"also": true, "too": true, "another": true, "additionally": true}

func immutableView(m schema.Memory) bool {
	im, _ := immutable(viewOf(m), m)
	return im
}

// partiesApart says what sets two claims apart in who they are about or
// who does what: the speaker in another role, names in other roles, other
// things of the kind, other relations; or "".
func partiesApart(existing, incoming schema.Memory, a, b []ctok) string {
	if ra, rb := speakerRole(a), speakerRole(b); ra != "" && rb != "" && ra != rb && otherParty(a, b) {
		return "the speaker stands in another role"
	}
	if rolesSwapped(existing.Claim, incoming.Claim) || !sameAgent(a, b) {
		return "the names stand in other roles"
	}
	if likeOthers(a) != likeOthers(b) {
		return "one claim speaks of other things of the kind"
	}
	if ka, kb := kinOf(a), kinOf(b); !slices.Equal(ka, kb) && !(len(ka) == 0 && asidesOnly(b)) && !(len(kb) == 0 && asidesOnly(a)) {
		return "they name other relations"
	}
	return ""
}

// asidesOnly: every relation ts names (kinOf) is named after a
// preposition, in what the claim says of its subject, not as who it is
// about ("bought 15 heifers off a neighbour so we're at 105 cows", "been
// that way since my father's time").
func asidesOnly(ts []ctok) bool {
	n := 0
	for i, t := range ts {
		if _, ok := kinWord(t); !ok {
			continue
		}
		n++
		j := i - 1
		for j >= 0 && j >= i-2 && (possessives[ts[j].low] || determiners[ts[j].low] || ts[j].low == "a" || ts[j].low == "an") {
			j--
		}
		if j < 0 || !asidePrepositions[ts[j].low] {
			return false
		}
	}
	return n > 0
}

// asidePrepositions open a phrase that says where, whence or since when.
var asidePrepositions = map[string]bool{"off": true, "from": true, "since": true, "via": true, "through": true}

// strongCue is changeCue without "new", which more often names another
// thing ("the new flat", "a new PB for that distance") than a change.
func strongCue(ts []ctok) (cue, additive bool) {
	at, additive := cueWords(ts)
	for _, i := range at {
		switch {
		case ts[i].low == "new":
		case nowAfterDuration(ts, i):
			// "for six years now"
		case (ts[i].low == "now" || ts[i].low == "actually") && (i == 0 || ts[i].brk):
			// "Now the hard work starts", "Actually, I just took my fam
			// camping": an opening word of talk, not a change
		case strings.HasSuffix(ts[i].low, "ing") && slices.ContainsFunc(ts, func(t ctok) bool { return t.low == "next" }):
			// "Kenji is moving to Osaka next month": a plan
		case relativeClause(ts, i):
			// "the cluster we're moving to" names a thing
		case i > 0 && (possessives[ts[i-1].low] || determiners[ts[i-1].low] || strings.HasSuffix(ts[i-1].low, "'s") && strings.HasSuffix(ts[i].low, "s")):
			// "my opponent's moves to stay ahead", "the changes": a noun,
			// not a change ("Ana's put her price up" is one)
		case anchoring(ts, i):
			// "I've known them for 4 years, since I moved from my home
			// country": the change dates something else
		default:
			return true, additive
		}
	}
	return handedOver(ts) || measureMoved(ts), additive
}

// measureMoved: a measure is said to be "up to" or "down to" a value
// ("we're up to 31 on the WhatsApp", "Pepper's down to 4.6 kilos").
func measureMoved(ts []ctok) bool {
	for i := 1; i+1 < len(ts); i++ {
		if (ts[i].low == "up" || ts[i].low == "down") && ts[i+1].low == "to" && isCopulaOrContraction(ts[i-1].low) {
			return true
		}
	}
	return false
}

// onlyMeasureMoved: the claim is worded as a change by measureMoved alone.
func onlyMeasureMoved(m schema.Memory, ts []ctok) bool {
	if !measureMoved(ts) || handedOver(ts) || corrected(m, ts) {
		return false
	}
	at, _ := cueWords(ts)
	return len(at) == 0
}

// handedOver: words that say a thing was given up, replaced or reached
// anew, which the rules' change cues (cueWords) do not hold because the
// slot reading needs more than the word ("Sold the Trek and picked up a
// Canyon", "Marcus has handed the account over to Dana", "we went with
// LV= at renewal", "we're up to 31 on the WhatsApp", "Pepper's down to
// 4.6 kilos").
func handedOver(ts []ctok) bool {
	for i, t := range ts {
		next := ""
		if i+1 < len(ts) {
			next = ts[i+1].low
		}
		switch {
		case handoverCues[t.low] && !(i > 0 && (determiners[ts[i-1].low] || ts[i-1].low == "a" || ts[i-1].low == "an" || negators[ts[i-1].low])):
			return true // not "a retired teacher", "won't quit"
		case (t.low == "went" || t.low == "gone" || t.low == "going") && (next == "with" || next == "over" || next == "onto"),
			t.low == "ended" && next == "up",
			(t.low == "gave" || t.low == "given" || t.low == "giving") && next == "up",
			t.low == "going" && next == "forward",
			t.low == "from" && (next == "here" || next == "next"),
			t.low == "as" && next == "of" && i+2 < len(ts) && !ts[i+2].brk,
			t.low == "no" && next == "more",
			t.low == "kicked" && next == "in",
			t.low == "thing" && next == "of" && i+3 < len(ts) && ts[i+3].low == "past",
			t.low == "end" && next == "of" && i > 1 && ts[i-1].low == "the" && (isCopulaOrContraction(ts[i-2].low) || ts[i-2].low == "thats" || ts[i-2].low == "its"),
			t.low == "decided" && next == "against":
			// "went onto Octopus Agile", "as of the 12th", "no more
			// contacts", "the price rise kicked in", "a thing of the
			// past", "that's the end of wednesday skittles", "decided
			// against medicine"
			return true
		case turnVerbs[t.low] && i+2 < len(ts) && slices.ContainsFunc(ts[i+2:min(len(ts), i+5)], func(u ctok) bool { return u.low == "up" || u.low == "down" }):
			// "turned the thermostat down to 18", "put our bill up"; not
			// "put down a deposit", "turned down the offer"
			return true
		case baseChangeVerbs[t.low] && slices.ContainsFunc(ts[i+1:min(len(ts), i+6)], func(u ctok) bool { return u.low == "to" }) && i > 1 && ts[i-1].low == "to" && ts[i-2].low == "had":
			// "we've had to increase Mum's care to three visits"
			return true
		}
	}
	return false
}

// turnVerbs turn a value up or down.
var turnVerbs = map[string]bool{"turned": true, "put": true, "puts": true, "putting": true, "bumped": true, "knocked": true, "dialled": true, "dialed": true}

// baseChangeVerbs are verbs of change in their base form, a change only
// after "had to" ("we've had to increase … to three visits"; not
// "proposing to raise dues").
var baseChangeVerbs = map[string]bool{"increase": true, "reduce": true, "raise": true, "lower": true, "cut": true, "move": true, "switch": true, "change": true}

var handoverCues = map[string]bool{
	"ditched": true, "sold": true, "retired": true, "quit": true,
	"decamped": true, "reallocated": true, "remortgaged": true, "handed": true,
	"stopped": true, "becomes": true, "became": true, "renamed": true, "rebranded": true, "ported": true,
	"reshuffled": true, "recalculated": true, "reassigned": true, "rehomed": true,
}

// isCopulaOrContraction: a form of "be", or a word ending in one ("we're",
// "Pepper's").
func isCopulaOrContraction(w string) bool {
	return isCopula(w) || strings.HasSuffix(w, "'re") || strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "'m")
}

// offered: a claim says what was quoted or offered, or what holds on a
// condition, not what is.
func offered(ts []ctok) bool { return hasAny(ts, offerWords) }

var offerWords = map[string]bool{"if": true, "quoted": true, "quote": true, "quotes": true, "offer": true, "offered": true, "usual": true, "usually": true}

// subjectIn: what o is said of (its subject, unless the speaker or a
// pronoun) shares a word with the claim c.
func subjectIn(o schema.Memory, c []ctok) bool {
	has := map[string]bool{}
	words := make([]string, 0, len(c))
	for _, t := range c {
		has[stem(strings.TrimSuffix(t.low, "'s"))] = true
		words = append(words, t.raw)
	}
	// the other claim's words in the subject's normal form ("physio" is
	// "physiotherapist")
	norm, _ := subjectWords(strings.Join(words, " "))
	for _, w := range norm {
		has[stem(strings.ToLower(w))] = true
	}
	own := ownSubject(o)
	for _, lw := range own {
		if has[stem(lw)] || len(lw) >= 6 && slices.ContainsFunc(c, func(t ctok) bool { return strings.Contains(t.low, lw) }) {
			return true // "mortgage" in "remortgaged"
		}
	}
	if len(own) == 0 {
		// "Our rent is £950 a month": the extractor's attribute is the thing
		if at, ok := nounAttribute(o); ok {
			return has[stem(at)]
		}
	}
	return len(own) == 0
}

// ownSubject lists the words of m's subject, in lower case, that are not
// the speaker (a pronoun, "user", a turn's speaker label) or a bare
// reference ("it").
func ownSubject(m schema.Memory) []string {
	sk, _ := subjectWords(m.Subject)
	speaker := strings.ToLower(speakerOf(m.Claim))
	var out []string
	for _, w := range sk {
		lw := strings.ToLower(strings.TrimSuffix(w, "'s"))
		if _, pron := persons[lw]; !pron && lw != "user" && lw != speaker && !bareReference[lw] && !habitAdverbs[lw] {
			out = append(out, lw)
		}
	}
	return out
}

// oldAndNew: one claim says "old" and the other "new" (or "previous" and
// "current"): two instances of a kind, not one that changed.
func oldAndNew(a, b []ctok) bool {
	return hasAny(a, formerWords) && hasAny(b, newWords) || hasAny(b, formerWords) && hasAny(a, newWords)
}

var newWords = map[string]bool{"new": true, "current": true}

// nothingDiffers: the claims carry the same values, names and content
// words: a restatement, not a change.
func nothingDiffers(existing, incoming schema.Memory, a, b []ctok) bool {
	if !slices.EqualFunc(valueKeys(existing), valueKeys(incoming), alikeValueKey) {
		return false
	}
	if _, ok := nameMissing(existing, a, b); ok {
		return false
	}
	if _, ok := nameMissing(incoming, b, a); ok {
		return false
	}
	pa, pb := partsOfDay(a), partsOfDay(b)
	return len(pa) == 0 || len(pb) == 0 || slices.Equal(pa, pb)
}

// partsOfDay lists the parts of a day a claim names (dayParts), sorted:
// "in the evening with dinner" / "in the mornings instead" give other
// values.
func partsOfDay(ts []ctok) []string { return wordsIn(ts, dayParts) }

// corrected: the extractor read m as a correction, other than by "these
// days", "nowadays" or a "now" after a length of time ("been with
// Hillside for six years now"), which as often say what holds as what
// changed.
func corrected(m schema.Memory, ts []ctok) bool {
	if slices.ContainsFunc(ts, func(t ctok) bool { return correctionWords[t.low] }) && !meantAsDuty(ts) {
		return true // "Sorry, I got that wrong: …"
	}
	if !m.Correction {
		return false
	}
	for i, t := range ts {
		switch {
		case t.low == "nowadays", t.low == "these" && i+1 < len(ts) && ts[i+1].low == "days":
			return false
		case nowAfterDuration(ts, i):
			return false
		}
	}
	return true
}

// periodsDiffer: each claim names a period ("last month", "this year")
// and they are not the same.
func periodsDiffer(a, b []ctok) bool {
	pa, pb := periodsOf(a), periodsOf(b)
	return len(pa) > 0 && len(pb) > 0 && !slices.Equal(pa, pb)
}

func periodsOf(ts []ctok) []string {
	var out []string
	for i := 0; i+1 < len(ts); i++ {
		switch ts[i].low {
		case "last", "this", "next", "previous":
			if timeUnits[ts[i+1].low] {
				out = append(out, ts[i].low+" "+ts[i+1].low)
			}
		}
	}
	slices.Sort(out)
	return out
}

// identifiersDiffer: each claim has a name of letters and digits the
// other does not ("k8s-prod-1" / "k8s-prod-2", "Q3" / "Q4").
func identifiersDiffer(a, b []ctok) bool {
	only := func(x, y []ctok) bool {
		has := map[string]bool{}
		for _, t := range y {
			has[t.low] = true
		}
		for _, t := range x {
			if identifier(strings.Trim(t.low, ",.")) && !has[t.low] {
				return true
			}
		}
		return false
	}
	return only(a, b) && only(b, a)
}

// relativeClause: the word at i follows "the <noun> <pronoun>" ("the
// cluster we're moving to"): it says which thing, not that one changed.
func relativeClause(ts []ctok, i int) bool {
	if i < 3 || ts[i-1].brk || ts[i-2].brk {
		return false
	}
	_, pron := persons[ts[i-1].low]
	return pron && determiners[ts[i-3].low] && !determiners[ts[i-2].low]
}

// targetApart: one claim speaks of a target, a goal or a budget and the
// other does not: what is aimed at is not what is.
func targetApart(a, b []ctok) bool {
	has := func(ts []ctok) bool {
		return slices.ContainsFunc(ts, func(t ctok) bool { return targetWords[stem(t.low)] })
	}
	return has(a) != has(b)
}

var targetWords = map[string]bool{"target": true, "goal": true, "budget": true, "aim": true, "quota": true}

// pastState: the claim says what was, in a past tense of being or living
// ("Marek was in Vienna in January", "I lived in Tokyo for three years"):
// a change since does not make it untrue.
func pastState(ts []ctok) bool { return hasAny(ts, pastStateWords) }

var pastStateWords = map[string]bool{"was": true, "were": true, "lived": true, "worked": true}

// aboutBefore: the claim speaks of a time before, once, or every year
// ("Before we moved into this house we were in Leeds", "just this once",
// "every year when the lido shuts").
func aboutBefore(ts []ctok) bool {
	if len(ts) > 0 && ts[0].low == "before" {
		return true
	}
	for i, t := range ts {
		if t.low == "once" && i > 0 && (ts[i-1].low == "this" || ts[i-1].low == "for" || ts[i-1].low == "just") || t.low == "every" && i+1 < len(ts) && (ts[i+1].low == "year" || ts[i+1].low == "winter" || ts[i+1].low == "summer") {
			return true
		}
	}
	return false
}

// changeAttr: the attribute is a verb of change ("changed", "raised"):
// its subject is who changed the thing, not the thing.
func changeAttr(attr string) bool {
	f := strings.Fields(strings.ToLower(attr))
	if len(f) == 0 {
		return false
	}
	_, ok := changeVerbs[f[0]]
	return ok
}

// grewUp: where one grew up or was raised never changes.
func grewUp(ts []ctok) bool {
	for i, t := range ts {
		if t.low == "raised" || t.low == "grew" && i+1 < len(ts) && ts[i+1].low == "up" ||
			t.low == "originally" && i+1 < len(ts) && ts[i+1].low == "from" || t.low == "hometown" {
			// ("I'm originally from Swift Current")
			return true
		}
	}
	return false
}

// namedSubject: the claim's subject is a name the extractor found in it
// ("Biscuit's going to doggy daycare"), not a word it took for one.
func namedSubject(m schema.Memory) bool {
	sk, _ := subjectWords(m.Subject)
	if len(sk) == 0 {
		return false
	}
	names := map[string]bool{}
	for _, e := range m.Entities {
		for _, w := range strings.Fields(strings.ToLower(e.Name)) {
			names[strings.TrimSuffix(w, "'s")] = true
		}
	}
	for _, w := range sk {
		if !names[strings.TrimSuffix(strings.ToLower(w), "'s")] {
			return false
		}
	}
	return true
}

// titlesDiffer: one claim names a man by his title and the other a woman
// by hers ("Mr Patel" / "Mrs Patel").
func titlesDiffer(a, b []ctok) bool {
	sex := func(ts []ctok) string {
		for _, t := range ts {
			switch strings.TrimSuffix(t.low, ".") {
			case "mr":
				return "m"
			case "mrs", "ms", "miss":
				return "f"
			}
		}
		return ""
	}
	sa, sb := sex(a), sex(b)
	return sa != "" && sb != "" && sa != sb
}

// headIn: the head of o's subject (its last word, or the word before a
// preposition: "flight" of "flight to Lisbon") is in c, or o is said of
// the speaker or a pronoun.
func headIn(o schema.Memory, c []ctok) bool {
	sk, _ := subjectWords(o.Subject)
	if len(sk) == 0 {
		return true
	}
	head := strings.ToLower(strings.TrimSuffix(sk[len(sk)-1], "'s"))
	for i, w := range sk {
		if lw := strings.ToLower(w); lw == "of" || lw == "to" || lw == "for" || lw == "in" || lw == "at" || lw == "on" {
			if i == 0 {
				return true
			}
			head = strings.ToLower(sk[i-1])
			break
		}
	}
	if at, ok := nounAttribute(o); ok {
		head = at // "credit card" / "limit": the limit
	} else if _, ok := persons[head]; ok || head == "user" {
		return true
	}
	for _, t := range c {
		if stem(strings.TrimSuffix(t.low, "'s")) == stem(head) {
			return true
		}
	}
	return false
}

// nounAttribute: the extractor's attribute is one word that reads as a
// noun, not a verb ("rent" of "Our rent is £950 a month", "limit"), in
// lower case.
func nounAttribute(m schema.Memory) (string, bool) {
	at := strings.Fields(strings.ToLower(m.Attribute))
	if len(at) != 1 || strings.HasSuffix(at[0], "s") || strings.HasSuffix(at[0], "ed") || strings.HasSuffix(at[0], "ing") {
		return "", false
	}
	return at[0], true
}

// concrete: the claim gives a value that could change: a typed value (an
// amount, a date, a day, a time, a number) or a name the extractor found;
// in a conversation's turn ("Caroline: ...") a typed value only: names
// there are as often the one spoken to ("Your art's amazing, Caroline")
// or a word that opens the turn ("Gaming has been my focus").
func concrete(m schema.Memory) bool {
	if len(valueKeys(m)) > 0 {
		return true
	}
	if speakerOf(m.Claim) != "" {
		return false
	}
	return len(m.Entities) > 0
}

// unlabelled is the claim without its speaker label ("Nate: ").
func unlabelled(claim string) string {
	if speakerLabel(claim) == 0 {
		return claim
	}
	_, rest, _ := strings.Cut(claim, ": ")
	return rest
}

// speakerOf is the label a conversation's turn opens with ("Caroline"
// of "Caroline: ..."; speakerLabel), or "".
func speakerOf(claim string) string {
	if speakerLabel(claim) == 0 {
		return ""
	}
	head, _, _ := strings.Cut(claim, ": ")
	return head
}

// wished: a claim says what someone wants, hopes for or is thinking of,
// not what is ("Thinking of trying RPGs", "I still really want one",
// "I'll definitely get one someday", "It's gonna be my 4th one").
func wished(ts []ctok) bool { return hasAny(ts, wishWords) }

var wishWords = map[string]bool{
	"want": true, "wants": true, "wanted": true, "wanting": true, "wish": true, "wishes": true,
	"hope": true, "hoping": true, "hopefully": true, "dying": true, "thinking": true, "considering": true,
	"might": true, "maybe": true, "someday": true, "perhaps": true, "gonna": true,
}

// bareSubject: the claim's subject is a word that stands for something
// named elsewhere ("it", "that", "they").
func bareSubject(m schema.Memory) bool {
	return bareReference[strings.ToLower(strings.TrimSpace(m.Subject))]
}

// anchoring: the word at i is in a clause opened by "since", "when",
// "before" or "after" two words or less before it ("since I moved from my
// home country").
func anchoring(ts []ctok, i int) bool {
	for j := max(0, i-2); j < i; j++ {
		switch ts[j].low {
		case "since", "when", "before", "after":
			return true
		}
	}
	return false
}

// saidOf: the claim's subject has a content word (not the speaker, a
// pronoun, or nothing).
func saidOf(m schema.Memory) bool { return len(ownSubject(m)) > 0 }

// oneOff: a claim says it speaks of a single occasion ("a one-time
// experience", "a one-off").
func oneOff(ts []ctok) bool {
	if hasAny(ts, oneOffWords) {
		return true
	}
	for i := 0; i+1 < len(ts); i++ {
		if (ts[i].low == "just" || ts[i].low == "only") && (ts[i+1].low == "tomorrow" || ts[i+1].low == "today" || ts[i+1].low == "tonight") {
			return true // "just tomorrow I'm starting work at 7:30"
		}
		if ts[i].low == "back" && i+2 < len(ts) && ts[i+1].low == "to" && ts[i+2].low == "normal" {
			return true // "… for the audit, then back to normal"
		}
		// "this week only", "only this week", "just this Friday"
		if ts[i].low != "this" || !oneOffSpans[ts[i+1].low] && !valueWord(ts[i+1].low) {
			continue
		}
		if i > 0 && (ts[i-1].low == "only" || ts[i-1].low == "just") || i+2 < len(ts) && ts[i+2].low == "only" {
			return true
		}
	}
	return false
}

// oneOffSpans are the spans "only this …" says a thing holds for once.
var oneOffSpans = map[string]bool{"week": true, "weekend": true, "time": true, "month": true, "once": true, "term": true, "year": true}

var oneOffWords = map[string]bool{"one-time": true, "one-off": true, "oneoff": true}

// correctionWords say a claim corrects what was said before, whether or
// not the extractor read it so.
var correctionWords = map[string]bool{"sorry": true, "correction": true, "meant": true, "wrong": true, "mistake": true, "typo": true, "misspoke": true}

// meantAsDuty: "meant" says what someone is supposed to do ("Josh is
// meant to clean them out"), and no other correction word is there: no
// correction ("sorry, I meant Tuesday" is one).
func meantAsDuty(ts []ctok) bool {
	duty := false
	for i, t := range ts {
		switch {
		case t.low == "meant":
			if !(i > 0 && presentBe[ts[i-1].low] && i+1 < len(ts) && ts[i+1].low == "to") {
				return false
			}
			duty = true
		case correctionWords[t.low]:
			return false
		}
	}
	return duty
}

// presentBe are the present forms of "to be".
var presentBe = map[string]bool{"is": true, "are": true, "am": true, "'s": true, "isn't": true, "aren't": true, "i'm": true, "we're": true, "they're": true, "he's": true, "she's": true, "it's": true}

// otherOldValue: the changed claim names the value it replaces after
// "not" or "instead of" ("in Lisbon, not Porto") and the other claim does
// not hold it.
func otherOldValue(c, o []ctok) bool {
	has := map[string]bool{}
	for _, t := range o {
		has[stem(strings.TrimSuffix(t.low, "'s"))] = true
	}
	for i := 0; i+1 < len(c); i++ {
		j := -1
		switch {
		case c[i].low == "not" && c[i+1].brk == false && (i == 0 || c[i].brk):
			j = i + 1 // ", not Porto"
		case c[i].low == "instead" && c[i+1].low == "of" && i+2 < len(c):
			j = i + 2
		case c[i].low == "from" && fromTo(c, i):
			j = i + 1 // "switched my current account from Barclays to Nationwide"
		case leftNames[c[i].low] && capitalised(c[i+1].raw):
			j = i + 1 // "packed in Greggs", "left Barclays"
		case leftNames[c[i].low] && determiners[c[i+1].low] && i+2 < len(c) && capitalised(c[i+2].raw):
			j = i + 1 // "sold the Corolla"
		case c[i].low == "packed" && c[i+1].low == "in" && i+2 < len(c) && capitalised(c[i+2].raw):
			j = i + 2
		}
		if j < 0 {
			continue
		}
		w := c[j].low
		if determiners[w] || w == "a" || w == "an" {
			if j+1 >= len(c) {
				continue
			}
			w = c[j+1].low
		}
		if !has[stem(strings.TrimSuffix(w, "'s"))] {
			return true
		}
	}
	return false
}

// fromTo: "from" at i opens the old value of a change to a new one: a
// "to" follows within three words ("from Tuesdays to Thursdays", "from
// Barclays to Nationwide"; not "comes from Tesco").
func fromTo(ts []ctok, i int) bool {
	for j := i + 2; j < len(ts) && j <= i+4; j++ {
		if ts[j].low == "to" {
			return true
		}
	}
	return false
}

// leftNames name, before a name, what a change left: "left Barclays",
// "quit Greggs", "cancelled PureGym", "sold the Corolla".
var leftNames = map[string]bool{"left": true, "quit": true, "cancelled": true, "canceled": true, "ditched": true, "dumped": true, "dropped": true, "leaving": true, "quitting": true,
	"sold": true, "scrapped": true, "traded": true}

// nowAfterDuration: the word at i is a "now" closing a length of time
// ("for six years now"), which says how long, not that anything changed.
func nowAfterDuration(ts []ctok, i int) bool {
	return ts[i].low == "now" && i > 0 && timeUnits[strings.TrimSuffix(ts[i-1].low, "s")]
}

// qualifiersApart: a word both claims share stands after a word in each
// that the other lacks ("the front tyres" / "the rear tyres", "house
// insurance" / "car insurance", "Ollie's school shoes" / "Ava's school
// shoes"): two things of a kind, not one. A word of a name ("Japan Post
// Bank" / "Resona Bank") is the value that changed, not a qualifier.
func qualifiersApart(a, b []ctok, shared []string) bool {
	before := func(ts []ctok) map[string][]string {
		out := map[string][]string{}
		for i := 1; i < len(ts); i++ {
			q := ts[i-1].low
			if ts[i].brk || !hasLetter(q) || topicDrop[q] && !possessives[q] || determiners[q] {
				continue
			}
			if capitalised(ts[i-1].raw) && !strings.HasSuffix(q, "'s") && i-1 > 0 {
				continue // a word of a name: "Japan Post Bank" / "Resona Bank" are the values
			}
			w := stem(ts[i].low)
			out[w] = append(out[w], stem(strings.TrimSuffix(q, "'s")))
		}
		return out
	}
	in := func(ts []ctok) map[string]bool {
		out := map[string]bool{}
		for _, t := range ts {
			out[stem(strings.TrimSuffix(t.low, "'s"))] = true
		}
		return out
	}
	qa, qb, wa, wb := before(a), before(b), in(a), in(b)
	for _, w := range shared {
		onlyA := slices.ContainsFunc(qa[w], func(q string) bool { return !wb[q] })
		onlyB := slices.ContainsFunc(qb[w], func(q string) bool { return !wa[q] })
		if onlyA && onlyB {
			return true
		}
	}
	return false
}

// thingWords are the shared words that name a thing: not a pronoun, and
// not a name alone, which says whose the thing is ("Freya's key worker" /
// "Freya moved up to the preschool room" share "Freya" and "she" only).
// One name may stay beside other words.
func thingWords(shared []string, a []ctok) []string {
	var out []string
	names := 0
	for _, w := range shared {
		if persons[w] != "" {
			continue
		}
		if slices.ContainsFunc(a, func(t ctok) bool { return stem(strings.TrimSuffix(t.low, "'s")) == w && capitalised(t.raw) }) {
			if names++; names > 1 {
				continue
			}
		}
		out = append(out, w)
	}
	if names == len(out) {
		return nil // names only
	}
	return out
}
