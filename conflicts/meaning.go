package conflicts

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// The same claim is often said again in other words: "I take my coffee
// black" / "I drink my coffee without milk or sugar"; "Biscuit the rabbit
// is terrified of the hoover" / "Our rabbit Biscuit is scared stiff of the
// vacuum cleaner". No rule of words relates them, but the local embedding
// model puts them close. It also puts close claims that differ in one
// value ("Omar's birthday is on 12 May" / "... on 21 May", cosine .99), in
// who ("my dad is a pilot" / "my uncle is a pilot") or in one word that is
// the point of the claim ("Hamid lives in Valletta" / "Hamid works in
// Valletta"). So ByMeaning reads two claims as one only when their vectors
// are close and nothing in their words sets them apart (Apart).

// DuplicateMeaningSimilarity is the least cosine similarity of two claims'
// vectors (MeaningModel's passage vectors, as stored) at which ByMeaning
// reads them as the same claim, provided Apart finds nothing between
// them. Chosen on the read corpora of bench/engine.
const DuplicateMeaningSimilarity = 0.93

// MeaningModel is the embedding model DuplicateMeaningSimilarity was
// chosen for, the local model (intfloat/e5-small-v2). Another model's
// similarities are on another scale: the caller compares by meaning only
// with this one.
const MeaningModel = "e5-small-v2"

// ByMeaning relates two claims the rules (Compare) left Unrelated by what
// they mean: Duplicate when similarity, the cosine of their vectors, is at
// least DuplicateMeaningSimilarity and Apart finds nothing between them.
// It never retires or disputes anything: a claim said again in other words
// reinforces the stored one. ok is false when it decides nothing.
func ByMeaning(existing, incoming schema.Memory, similarity float64) (Decision, bool) {
	if similarity >= DuplicateMeaningSimilarity && Apart(existing, incoming) == "" {
		return Decision{Duplicate, fmt.Sprintf("the claims mean the same (similarity %.3f, at least %.2f) and carry the same values, names and polarity", similarity, DuplicateMeaningSimilarity)}, true
	}
	if similarity >= StillMeaningSimilarity && saysStill(incoming) && apartAs(existing, incoming, true) == "" {
		return Decision{Duplicate, fmt.Sprintf("the incoming claim says the existing one still holds (similarity %.3f, at least %.2f), with no value, name or polarity against it", similarity, StillMeaningSimilarity)}, true
	}
	return Decision{}, false // below, or NaN (a zero vector)
}

// onceAgainGap is how long after a claim one that says "again" tells of
// another time of it, not the same one said again.
const onceAgainGap = 90 * 24 * time.Hour

// StillMeaningSimilarity is the least cosine similarity at which ByMeaning
// reads a claim that says a thing still holds ("Jonas still at handball, 3
// practices a week", "skittles weds as usual for Bradworthy") as an
// earlier claim said again with more or fewer details.
const StillMeaningSimilarity = 0.85

// MayBeSame: nothing in the words of the two claims sets them apart
// (Apart), or the incoming one says the other still holds and nothing
// sets them apart but details one gives and the other does not. The
// caller reads by meaning (ByMeaning) only such pairs.
func MayBeSame(existing, incoming schema.Memory) bool {
	return Apart(existing, incoming) == "" || saysStill(incoming) && apartAs(existing, incoming, true) == ""
}

// saysStill: the claim says a thing holds still, as before: "still", "as
// usual", "as always", "as ever", "like always".
func saysStill(m schema.Memory) bool {
	ts := claimTokens(m.Claim)
	for i, t := range ts {
		next := ""
		if i+1 < len(ts) {
			next = ts[i+1].low
		}
		if t.low == "still" || (t.low == "as" || t.low == "like" || t.low == "per") && (next == "usual" || next == "always" || next == "ever") {
			return true
		}
	}
	return false
}

// Apart says what in the words of two claims sets them apart although
// they may mean nearly the same, or "" when nothing does:
//
//   - one denies and the other affirms, or one is worded as a change, a
//     correction or an addition ("too", "also");
//   - their typed values differ (dates, days, times, money, quantities),
//     or the numbers outside them; or, with no time in words, the dates
//     read from relative words ("last week", said in two months);
//   - a name is in one only, or the names stand in other roles ("Sam
//     reports to Keiko" / "Keiko reports to Sam"), or the speaker does
//     where someone else is named ("I owe Tom" / "Tom owes me");
//   - they name other relations ("my dad" / "my uncle") or other persons
//     ("I'm proud of you" / "so proud of myself");
//   - one word takes another's place and the rest is the same ("lives in"
//     / "works in"; "plays the violin" / "plays the piano"), or a few do
//     in the same words around them ("the bus leaves from stand 6" / "the
//     train leaves from platform 6"), or a word
//     stands against its opposite ("locked" / "unlocked"; "male" /
//     "female") or is negated apart ("non-refundable").
//
// Apart is pure and safe for concurrent use; its answer does not depend
// on map order.
func Apart(existing, incoming schema.Memory) string { return apartAs(existing, incoming, false) }

// apartAs is Apart, or, loose, what sets apart a claim said again with
// more or fewer details: a value of one that the other does not have when
// each gives one the other lacks, a name in each that the other lacks, no
// word in common but names, or too few of the shorter's words in the
// longer (notSaidAgain).
func apartAs(existing, incoming schema.Memory, loose bool) string {
	if existing.Negated != incoming.Negated {
		return "one denies what the other affirms"
	}
	if existing.Correction || incoming.Correction {
		return "a claim is worded as a correction"
	}
	a, b := claimTokens(existing.Claim), claimTokens(incoming.Claim)
	if denials(toListener(a))%2 != denials(toListener(b))%2 {
		return "one denies what the other affirms"
	}
	for _, ts := range [][]ctok{a, b} {
		if cue, additive := changeCue(ts); cue || additive {
			return "a claim is worded as a change or an addition"
		}
	}
	va, vb := valueKeys(existing), valueKeys(incoming)
	if loose {
		if !valuesWithin(va, vb) && !valuesWithin(vb, va) {
			return fmt.Sprintf("the values differ (%s; %s)", strings.Join(va, ", "), strings.Join(vb, ", "))
		}
	} else if !valuesAlike(va, vb) {
		return fmt.Sprintf("the values differ (%s; %s)", strings.Join(va, ", "), strings.Join(vb, ", "))
	}
	if slices.ContainsFunc(b, func(t ctok) bool { return t.low == "again" }) && saidTime(incoming).Sub(saidTime(existing)) >= onceAgainGap {
		// "Golden Week. Quiet house." / a year later "Golden Week again.
		// Yuki and the kids come on the 3rd": another time of it
		return "the incoming claim says it happens again, months later"
	}
	if !saysWhen(va) && existing.ValidFrom != nil && incoming.ValidFrom != nil && !sameDay(existing.ValidFrom, incoming.ValidFrom) {
		// "I won a tournament last week", said in two months
		return "they are dated apart"
	}
	wa1, oka := nameMissing(existing, a, b)
	wb1, okb := nameMissing(incoming, b, a)
	switch {
	case loose && oka && okb:
		return fmt.Sprintf("each claim has a name the other lacks (%q, %q)", wa1, wb1)
	case !loose && oka:
		return fmt.Sprintf("the name %q is in one claim only", wa1)
	case !loose && okb:
		return fmt.Sprintf("the name %q is in one claim only", wb1)
	}
	if why := partiesApart(existing, incoming, a, b); why != "" {
		return why
	}
	if pa, pb := personsOf(a), personsOf(b); len(pa) > 0 && len(pb) > 0 && !slices.Equal(pa, pb) {
		return fmt.Sprintf("they speak of other persons (%s; %s)", strings.Join(pa, " "), strings.Join(pb, " "))
	}

	wa, wb := meaningWords(a), meaningWords(b)
	if loose {
		if why := notSaidAgain(a, b); why != "" {
			return why
		}
	}
	var onlyA, onlyB []string
	for w := range wa {
		if !wb[w] {
			onlyA = append(onlyA, w)
		}
	}
	for w := range wb {
		if !wa[w] {
			onlyB = append(onlyB, w)
		}
	}
	slices.Sort(onlyA)
	slices.Sort(onlyB)
	for _, w := range append(slices.Clone(onlyA), onlyB...) {
		if negPrefixes[w] {
			return fmt.Sprintf("a word is negated by %q in one claim only", w)
		}
	}
	for _, x := range onlyA {
		for _, y := range onlyB {
			if opposites[[2]string{strings.ReplaceAll(x, "-", ""), strings.ReplaceAll(y, "-", "")}] {
				return fmt.Sprintf("%q stands against %q", x, y)
			}
		}
	}
	ra, rb := wordsOnly(a, b), wordsOnly(b, a)
	for _, x := range ra {
		for _, y := range rb {
			if negatedAdjective(x, y) || negatedAdjective(y, x) {
				return fmt.Sprintf("%q stands against %q", x, y)
			}
		}
	}
	if len(onlyA) == 1 && len(onlyB) == 1 {
		return fmt.Sprintf("one word takes another's place (%q, %q)", onlyA[0], onlyB[0])
	}
	if x, y, ok := framed(a, b, wa, wb); ok {
		return fmt.Sprintf("words take others' places in the same words around them (%s; %s)", x, y)
	}
	if x, y, ok := swappedObject(a, b, wa, wb); ok {
		return fmt.Sprintf("one word takes another's place after the same words (%q, %q)", x, y)
	}
	if ev, iv := viewOf(existing), viewOf(incoming); len(detailsBeyond(existing, ev, incoming)) > 0 && len(detailsBeyond(incoming, iv, existing)) > 0 {
		return "each claim says more of its value that the other does not"
	}
	return ""
}

// swappedObject: a and b open with the same words, at least two, then
// each has a content word the other lacks, then the same word again ("Dad
// takes amlodipine for his blood pressure" / "Dad takes atorvastatin for
// his cholesterol"): what the shared opening is said of differs, whatever
// follows.
func swappedObject(a, b []ctok, wa, wb map[string]bool) (string, string, bool) {
	i := 0
	for i < len(a) && i < len(b) && stem(a[i].low) == stem(b[i].low) {
		i++
	}
	if i < 2 || i+1 >= len(a) || i+1 >= len(b) {
		return "", "", false
	}
	x, y := stem(a[i].low), stem(b[i].low)
	if !wa[x] || !wb[y] || wb[x] || wa[y] || stem(a[i+1].low) != stem(b[i+1].low) {
		return "", "", false
	}
	return x, y, true
}

// framed: a and b are the same words in the same order but for a few
// content words, each in the other's place ("the bus leaves from stand
// 6" / "the train leaves from platform 6"): those words are what the
// claims are about, and they differ. It gives the words that differ.
func framed(a, b []ctok, wa, wb map[string]bool) (string, string, bool) {
	if len(a) != len(b) {
		return "", "", false
	}
	var da, db []string
	for i := range a {
		x, y := stem(a[i].low), stem(b[i].low)
		if x == y {
			continue
		}
		if !wa[x] || !wb[y] || len(da) == 3 {
			return "", "", false
		}
		da, db = append(da, x), append(db, y)
	}
	if len(da) < 2 {
		return "", "", false
	}
	return strings.Join(da, " "), strings.Join(db, " "), true
}

// meaningWords are a claim's content words (contentWords) with the verbs
// that relate a thing to another ("lives in", "works in", "plays the
// violin"), which contentWords leaves out, each as its stem.
func meaningWords(ts []ctok) map[string]bool {
	out := contentWords(ts)
	for _, t := range ts {
		if relatingWord(t.low) {
			out[stem(t.low)] = true
		}
	}
	return out
}

// alikeValueKey: two of valueKeys' "type=key" are one value: equal, one
// clock time said with and without its half of the day ("9am" / "at
// nine"), or a day said with and without its part ("Saturday" /
// "Saturday mornings").
func alikeValueKey(a, b string) bool {
	ta, ka, _ := strings.Cut(a, "=")
	tb, kb, _ := strings.Cut(b, "=")
	if ta == "day" && (strings.HasPrefix(ka, kb+" ") || strings.HasPrefix(kb, ka+" ")) {
		return true // "on Saturday" / "on Saturday mornings": one says more
	}
	return (ta == tb || moneyAlike(ta, tb)) && sameTyped(ta, ka, kb)
}

// valuesAlike: the typed values of two claims (valueKeys) pair off one to
// one as alikeValueKey or as one value written two ways (sameWrittenValue);
// a frequency only one claim gives is left over ("the daily standup is at
// 9:30" / "standup's at half past nine", "every day" read in one only).
func valuesAlike(va, vb []string) bool {
	if slices.EqualFunc(va, vb, alikeValueKey) {
		return true
	}
	used := make([]bool, len(vb))
	for _, a := range va {
		j := -1
		for k, b := range vb {
			if !used[k] && (alikeValueKey(a, b) || sameWrittenValue(a, b)) {
				j = k
				break
			}
		}
		switch {
		case j >= 0:
			used[j] = true
		case !strings.HasPrefix(a, "freq="):
			return false
		}
	}
	for j, b := range vb {
		if !used[j] && !strings.HasPrefix(b, "freq=") {
			return false
		}
	}
	return true
}

// sameWrittenValue: one value written two ways that alikeValueKey does not
// read alike: a bare number and a count or numbered thing of the same
// number ("my locker is number forty-two" / "my gym locker is 42", "Grade
// Five" / "Grade 5"), an amount of metric mass or volume in another unit
// ("250 g" / "a quarter of a kilo", "1.5 litres" / "1,500 ml"), and money
// with and without its period ("£52k" / "£52,000 a year").
func sameWrittenValue(a, b string) bool {
	ta, ka, _ := strings.Cut(a, "=")
	tb, kb, _ := strings.Cut(b, "=")
	if ta == "number" || tb == "number" {
		other := tb
		if ta != "number" {
			other = ta
		}
		fa, err1 := strconv.ParseFloat(ka, 64)
		fb, err2 := strconv.ParseFloat(kb, 64)
		return err1 == nil && err2 == nil && fa == fb && (other == "number" || strings.HasPrefix(other, "quantity:") || strings.HasPrefix(other, "version:"))
	}
	if ua, ok1 := strings.CutPrefix(ta, "quantity:"); ok1 {
		if ub, ok2 := strings.CutPrefix(tb, "quantity:"); ok2 {
			fa, err1 := strconv.ParseFloat(ka, 64)
			fb, err2 := strconv.ParseFloat(kb, 64)
			ma, oka := metricUnits[ua]
			mb, okb := metricUnits[ub]
			return err1 == nil && err2 == nil && oka && okb && ma.dim == mb.dim && math.Abs(fa*ma.scale-fb*mb.scale) < 1e-9*math.Max(1, math.Abs(fa*ma.scale))
		}
	}
	ca, pa, ok1 := strings.Cut(strings.TrimPrefix(ta, "money:"), ":")
	cb, pb, ok2 := strings.Cut(strings.TrimPrefix(tb, "money:"), ":")
	return strings.HasPrefix(ta, "money:") && strings.HasPrefix(tb, "money:") && ok1 && ok2 && ca == cb && (pa == "" || pb == "") && ka == kb
}

// metricUnits are the metric units of mass and volume by their dimension
// and size in the dimension's base unit.
var metricUnits = map[string]struct {
	dim   string
	scale float64
}{
	"g": {"mass", 1}, "kg": {"mass", 1000}, "mg": {"mass", 0.001},
	"ml": {"volume", 1}, "litre": {"volume", 1000}, "l": {"volume", 1000}, "cl": {"volume", 10},
}

// moneyAlike: two money types of one period, one of them with no named
// currency ("85 grand a year" / "$85,000 a year").
func moneyAlike(ta, tb string) bool {
	ra, ok1 := strings.CutPrefix(ta, "money:")
	rb, ok2 := strings.CutPrefix(tb, "money:")
	ca, pa, _ := strings.Cut(ra, ":")
	cb, pb, _ := strings.Cut(rb, ":")
	return ok1 && ok2 && pa == pb && (ca == "" || cb == "")
}

// valueKeys are a claim's typed values, old ones marked, and the numbers
// outside them, sorted. They are read from the claim's topic reading
// (readTopic), which Compare has usually made and remembered already.
func valueKeys(m schema.Memory) []string {
	c, _ := readTopic(m)
	in := make([]bool, len(c.ts))
	var out []string
	add := func(v typedValue) {
		t := v.typ
		if nameTypes[t] {
			return // names are compared word by word (nameMissing)
		}
		if v.old {
			t = "old " + t
		}
		out = append(out, t+"="+v.key)
		for i := v.from; i < v.to && i < len(in); i++ {
			in[i] = true
		}
	}
	for _, vs := range c.vals {
		for _, v := range vs {
			add(v)
		}
	}
	for _, v := range c.old {
		add(v)
	}
	for i, t := range c.ts {
		if n, ok := number(t.low); ok && !in[i] {
			n, _ = scaled(c.ts, i+1, n) // "worth 450 thousand"
			out = append(out, "number="+n)
		}
	}
	slices.Sort(out)
	return out
}

// nameMissing returns a word of a name in claim m (tokens a) that b does
// not have in any case: a capitalised word, a word of an entity the
// extractor found, or a word of letters and digits ("Ledgerzq4f2a",
// "svc305"). "The Berlin Marathon" has what "the Berlin marathon" has;
// "Lucy's birthday" not what "Tom's birthday" has, nor "Zq81 Halvorsen"
// what "Zq17 Halvorsen" has.
func nameMissing(m schema.Memory, a, b []ctok) (string, bool) {
	has := map[string]bool{}
	for _, t := range b {
		has[t.low] = true
		has[stem(strings.TrimSuffix(t.low, "'s"))] = true
	}
	orgs := slices.ContainsFunc(b, func(t ctok) bool { return orgNouns[stem(t.low)] })
	for _, w := range nameOrder(a) {
		if !has[w] && !(orgNouns[w] && !orgs) {
			// "Riverside Bowls Club" / "goes to Riverside": the kind of
			// place a name ends in, when the other claim names no kind
			return w, true
		}
	}
	for _, t := range a {
		if identifier(t.low) && !has[t.low] {
			return t.low, true
		}
	}
	for _, e := range m.Entities {
		for _, t := range claimTokens(e.Name) {
			if w := strings.TrimSuffix(t.low, "'s"); !has[w] && !has[stem(w)] && !(orgNouns[stem(w)] && !orgs) {
				return w, true
			}
		}
	}
	return "", false
}

// identifier: w names a thing with letters and then digits ("svc305",
// "sdk34", "zq81c2"); a number with its unit or ending ("11am", "9th",
// "10mg") starts with its digits and is not one.
func identifier(w string) bool {
	i := strings.IndexFunc(w, func(r rune) bool { return r >= '0' && r <= '9' })
	return i > 0 && hasLetter(w[:i])
}

// otherParty: the claims name someone beside the speaker (a name written
// with a capital inside a claim, or a relation), so where the speaker
// stands says who does what to whom: "I owe Tom £20" / "Tom owes me £20",
// not "I'm allergic to peanuts" / "Peanuts give me a reaction".
func otherParty(a, b []ctok) bool {
	for _, ts := range [][]ctok{a, b} {
		for i, t := range ts {
			if kinWords[t.low] || i > 0 && capitalised(t.raw) && t.low != "i" && !strings.HasPrefix(t.low, "i'") {
				return true
			}
		}
	}
	return false
}

// saysWhen: among a claim's values (valueKeys) is a time in words (a
// day, a date, a month, a year), which the words compare; a claim without
// one is dated from words relative to when it was said ("last week").
func saysWhen(keys []string) bool {
	for _, k := range keys {
		if t, _, _ := strings.Cut(strings.TrimPrefix(k, "old "), "="); timeTypes[t] {
			return true
		}
	}
	return false
}

// personsOf lists the grammatical persons a claim speaks of ("I" and
// "me" are one), sorted: "I'm proud of you" is not "so proud of myself",
// "we got this" not "you got this".
func personsOf(ts []ctok) []string { return wordsIn(ts, persons) }

// wordsIn lists what the words of ts map to in m, each once, sorted.
func wordsIn(ts []ctok, m map[string]string) []string {
	var out []string
	for _, t := range ts {
		if p, ok := m[t.low]; ok && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// speakerWord: w says the speaker, or the speaker and others ("I", "my",
// "we've", "our").
func speakerWord(w string) bool { return persons[w] == "i" || persons[w] == "we" }

// persons maps pronouns to their person.
var persons = func() map[string]string {
	m := map[string]string{}
	for p, ws := range map[string]string{
		"i":    "i me my mine myself i'm i've i'd i'll",
		"we":   "we us our ours ourselves we're we've we'd we'll",
		"you":  "you your yours yourself yourselves you're you've you'd you'll y'all",
		"he":   "he him his himself he's he'd he'll",
		"she":  "she her hers herself she's she'd she'll",
		"they": "they them their theirs themselves they're they've they'd they'll",
	} {
		for _, w := range strings.Fields(ws) {
			m[w] = p
		}
	}
	return m
}()

// kinOf lists the relations a claim names ("my sister", "her dad"), in
// their normal form, sorted.
func kinOf(ts []ctok) []string {
	var out []string
	for i, t := range ts {
		if i+1 < len(ts) && !ts[i+1].brk && capitalised(ts[i+1].raw) && !strings.HasSuffix(t.low, "'s") {
			continue // "my son Milo": who Milo is, not another person
		}
		if w, ok := kinWord(t); ok && !tradePartner(ts, i, w) {
			out = append(out, stem(w))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// tradePartner: the partner at i is one in a trade or a game, named by
// the noun before it ("the bank partner's sandbox", "my tennis
// partner"), not the person one lives with.
func tradePartner(ts []ctok, i int, w string) bool {
	if w != "partner" || i == 0 || ts[i-1].brk {
		return false
	}
	p := ts[i-1].low
	return isWord(p) && !possessives[p] && !determiners[p] && p != "a" && p != "an" && !kinAdjectives[p]
}

// kinAdjectives may stand before a relation without naming another:
// "my new partner", "her late husband".
var kinAdjectives = map[string]bool{"new": true, "old": true, "late": true, "ex": true, "former": true, "current": true, "long-term": true, "future": true}

// kinWord: t names a relation ("sister", "dad's", "neighbours"), given
// without its possessive and plural endings.
func kinWord(t ctok) (string, bool) {
	w := strings.TrimSuffix(strings.TrimSuffix(t.low, "'s"), "s")
	return w, kinWords[w] || kinWords[t.low]
}

// negPrefixes negate the word after them when written apart from it:
// "non-refundable" is read as "non" and "refundable".
var negPrefixes = map[string]bool{"non": true, "anti": true}

// wordsOnly lists the words of a, as written in lower case, that b does
// not have, sorted.
func wordsOnly(a, b []ctok) []string {
	has := map[string]bool{}
	for _, t := range b {
		has[t.low] = true
	}
	var out []string
	for _, t := range a {
		if !has[t.low] && !slices.Contains(out, t.low) {
			out = append(out, t.low)
		}
	}
	slices.Sort(out)
	return out
}

// opposites are pairs of words (as stemmed) that name two ends of one
// scale or two exclusive states: the members of each of exclusiveSets, and
// these.
var opposites = func() map[[2]string]bool {
	sets := slices.Clone(exclusiveSets)
	for _, p := range [][2]string{
		{"senior", "junior"}, {"open", "closed"}, {"early", "late"}, {"inside", "outside"},
		{"on", "off"}, {"up", "down"}, {"first", "last"}, {"before", "after"}, {"more", "less"},
		{"higher", "lower"}, {"high", "low"}, {"hot", "cold"}, {"wet", "dry"}, {"empty", "full"},
		{"heavy", "light"}, {"cheap", "expensive"}, {"fast", "slow"}, {"long", "short"},
		{"old", "young"}, {"old", "new"}, {"easy", "hard"}, {"left", "right"}, {"north", "south"},
		{"east", "west"}, {"morning", "evening"}, {"morning", "afternoon"}, {"weekday", "weekend"},
		{"won", "lost"}, {"passed", "failed"}, {"allowed", "forbidden"}, {"upstairs", "downstairs"},
		{"front", "back"}, {"top", "bottom"}, {"buy", "sell"}, {"bought", "sold"},
		{"public", "private"}, {"paid", "free"}, {"working", "broken"}, {"married", "single"},
		{"vegetarian", "meat"}, {"vegan", "meat"}, {"like", "dislike"}, {"love", "hate"},
		{"accepted", "rejected"}, {"approved", "rejected"}, {"present", "absent"},
		{"online", "offline"}, {"minimum", "maximum"}, {"increase", "decrease"},
		{"raised", "lowered"}, {"always", "never"}, {"same", "different"}, {"true", "false"},
		{"safe", "dangerous"}, {"healthy", "ill"}, {"win", "lose"},
		// which way a thing goes: "the panels generate 3,500 kWh" / "the
		// house uses 3,500 kWh"
		{"generate", "use"}, {"generates", "uses"}, {"produce", "consume"}, {"produces", "consumes"},
		{"export", "import"}, {"exports", "imports"}, {"earn", "spend"}, {"earns", "spends"},
		{"earned", "spent"}, {"lend", "borrow"}, {"lent", "borrowed"}, {"give", "receive"},
		{"gave", "received"}, {"sent", "received"}, {"income", "outgoings"},
	} {
		sets = append(sets, p[:])
	}
	m := map[[2]string]bool{}
	for _, set := range sets {
		for _, a := range set {
			for _, b := range set {
				if a != b {
					m[[2]string{stem(strings.ReplaceAll(a, "-", "")), stem(strings.ReplaceAll(b, "-", ""))}] = true
				}
			}
		}
	}
	return m
}()

// orgNouns end the name of a place or body by its kind: "Riverside Bowls
// Club", "Castle Medical Centre".
var orgNouns = stemSet("club", "centre", "center", "surgery", "practice", "clinic", "hospital", "school",
	"college", "academy", "society", "association", "ltd", "limited", "inc", "plc", "llp", "group", "studio", "studios", "gym")

// toListener is a claim's words without what it says to the listener
// rather than of the thing: a trailing "so please don't suggest anything
// then", "so no dairy-heavy recipes please", "so never suggest anything
// with it", "just so you know", "in case I didn't mention", and an opening
// "Can't remember if I said,". Its denials are requests, not denials of
// the claim ("I'm lactose intolerant, so no dairy-heavy recipes please"
// says what "Dairy and I don't get along" says).
func toListener(ts []ctok) []ctok {
	if len(ts) > 3 && (ts[0].low == "can't" || ts[0].low == "cannot") && ts[1].low == "remember" {
		for k := 2; k < len(ts); k++ {
			if ts[k].brk {
				ts = ts[k:]
				break
			}
		}
	}
	for i := 1; i+1 < len(ts); i++ {
		w, next := ts[i].low, ts[i+1].low
		switch {
		case w == "so" && (next == "please" || next == "no" || next == "never" || next == "don't" || next == "do" || next == "you" || next == "keep" || next == "flag"),
			w == "just" && next == "so", w == "in" && next == "case":
			if ts[i].brk || ts[i-1].brk || w == "so" {
				return ts[:i]
			}
		}
	}
	return ts
}

// valuesWithin: every value of va (valueKeys) is alike to one of vb's, or
// written another way: the claim of va says no value the other does not.
func valuesWithin(va, vb []string) bool {
	for _, a := range va {
		if !slices.ContainsFunc(vb, func(b string) bool { return alikeValueKey(a, b) || sameWrittenValue(a, b) }) {
			return false
		}
	}
	return true
}

// repeatCover is the least share of the shorter claim's content words the
// longer claim has for the one to say the other again; chosen on the read
// streams of bench/engine.
const repeatCover = 0.4

// notSaidAgain says why one claim is not the other said again with more
// or fewer words, or "": they must share a content word that is no name,
// and the longer must have at least repeatCover of the shorter's content
// words ("Jonas plays handball, he's a good keeper" / "Jonas still at
// handball, 3 practices a week" share "Jonas" and "handball"; "Rosie's
// quilt is 60 by 80 inches, a log cabin pattern in blues" / "Rosie's
// quilt still needs binding" share too little).
func notSaidAgain(a, b []ctok) string {
	ca, cb := contentWords(a), contentWords(b)
	names := map[string]bool{}
	for _, w := range append(nameOrder(a), nameOrder(b)...) {
		names[w] = true
	}
	short, long := ca, cb
	if len(cb) < len(ca) {
		short, long = cb, ca
	}
	shared, plain := 0, false
	for w := range short {
		if long[w] {
			shared++
			plain = plain || !names[w]
		}
	}
	if !plain {
		return "they share no word but names"
	}
	if float64(shared) < repeatCover*float64(len(short)) {
		return fmt.Sprintf("they share %d of %d words", shared, len(short))
	}
	return ""
}
