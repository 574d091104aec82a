package rules

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// What the speaker says of their own things in other shapes than "X is Y":
// a change they made ("Changing my retainer to 40%") and a correction of
// what they said before ("I told you the offsite was in Leipzig — it's
// actually in Potsdam").

// rewrites say a sentence again in the shape the clause reading takes,
// tried in order; the first that reads it is analysed in its place, the
// claim kept as said. correction marks what it gives as a correction.
var rewrites = []struct {
	read       func(string) (string, bool)
	correction bool
}{
	{willDo, false},            // "remind me to X": "I will X"
	{afterGreeting, false},     // "Hi, I'm Hannah": "I'm Hannah"
	{speakerImplied, false},    // "Not allergic to penicillin after all"
	{toldYouActually, false},   // "I told you X was Y — it's actually Z"
	{correctedAfterDash, true}, // "oops, I gave you the wrong date before — …"
	{newsFromCaller, false},    // "Piotr called - he moved to Cork!"
	{afterRemark, false},       // "good thing we're on the ground floor"
}

// remarks open a sentence with what the speaker thinks of what follows,
// not its subject: "good thing we're on the ground floor", "thank god
// she's home".
var remarks = []string{"good thing ", "thank god ", "thank goodness ", "the good news is ", "the bad news is ",
	"funny thing is ", "it turns out ", "turns out ", "good job ", "lucky for us ", "lucky for me "}

// afterRemark returns the clause after a remark when a subject pronoun or
// a determiner opens it ("good thing we're on the ground floor": "we're on
// the ground floor"; "good thing the car passed its MOT"), or false.
func afterRemark(text string) (string, bool) {
	low := strings.ToLower(strings.TrimLeft(text, " ,"))
	for _, r := range remarks {
		rest, ok := strings.CutPrefix(low, r)
		if !ok {
			continue
		}
		ts := tokenize(rest)
		if len(ts) < 3 || !(clauseSubjects[ts[0].low] || determiners[ts[0].low] || ts[0].low == "he" || ts[0].low == "she" || ts[0].low == "they" || ts[0].low == "it") {
			return "", false
		}
		t := strings.TrimLeft(text, " ,")
		if len(t) < len(r) || !strings.EqualFold(t[:len(r)], r) {
			return "", false // a letter whose lower case has another length
		}
		return t[len(r):], true
	}
	return "", false
}

// newsRe matches news a caller gave: a name or a relative, a verb of
// getting in touch, a dash or a colon, and "he" or "she" opening what
// they said of themselves.
var newsRe = regexp.MustCompile(`^((?:[A-Z][\p{L}'’-]+(?: [A-Z][\p{L}'’-]+)?)|(?i:mum|mom|dad|my (?:mum|mom|dad|son|daughter|brother|sister|wife|husband|partner|friend)(?: [A-Z][\p{L}'’-]+)?)) (?i:called|rang|phoned|texted|messaged|emailed|wrote|called me|rang me|phoned me|texted me)\s*(?:—|–|-|:|,)\s*(?i:(he|she))\b(.+)$`)

// newsFromCaller reads news given by a caller as said of them: "Piotr
// called - he moved to Cork!" is "Piotr moved to Cork!", "Mum rang:
// she's moved to Leeds" is "Mum's moved to Leeds". It reports false for
// anything else.
func newsFromCaller(text string) (string, bool) {
	m := newsRe.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil || strings.TrimSpace(m[3]) == "" {
		return "", false
	}
	return m[1] + m[3], true
}

// willDo reads "remind me to X" and its polite forms as the speaker's
// commitment: "I will X".
func willDo(text string) (string, bool) {
	r, ok := reminder(text)
	return "I will " + r, ok
}

// afterGreeting returns an introduction without the greeting before it
// ("Hi, I'm Hannah": "I'm Hannah"), or false.
func afterGreeting(text string) (string, bool) {
	if low := strings.ToLower(text); !strings.HasPrefix(low, "hi") && !strings.HasPrefix(low, "hey") && !strings.HasPrefix(low, "hello") {
		return "", false // the common case, without tokenizing
	}
	ts := tokenize(text)
	if len(ts) == 0 || ts[0].low != "hi" && ts[0].low != "hey" && ts[0].low != "hello" || !introAfterGreeting(ts) {
		return "", false
	}
	return text[ts[greetingEnd(ts)].start:], true
}

// toldYouRe reads a correction of what the speaker said before: "I told
// you the offsite was in Leipzig — it's actually in Potsdam", "I said the
// call was at 3pm earlier, it's 4pm".
var toldYouRe = regexp.MustCompile(`(?i)^(?:[\w' ]{1,20}:\s*|sorry,?\s*|oops,?\s*)?i (?:told you|said|mentioned)(?: that)? (.+?) (?:was|is|were|are) ([^—–,;]+?)(?: earlier| before)?\s*(?:—|–|-|,|;|\s+but)\s*(?:but )?(?:it's|it is|its|they're|they are) (?:actually |really |in fact )?(.+?)[.!]?$`)

// valuePreps may open the value a correction repeats.
var valuePreps = map[string]bool{"at": true, "in": true, "on": true, "from": true, "with": true}

// toldYouActually rewrites such a correction as what is actually so
// ("Actually the offsite is in Potsdam"), or reports false.
func toldYouActually(text string) (string, bool) {
	m := toldYouRe.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil {
		return "", false
	}
	old, rest := m[2], m[3]
	if p, _, ok := strings.Cut(old, " "); ok && valuePreps[strings.ToLower(p)] && !valuePreps[strings.ToLower(strings.SplitN(rest, " ", 2)[0])] {
		rest = p + " " + rest // "was at 3pm …, it's 4pm": at 4pm
	}
	if i := strings.IndexAny(rest, ",;—–"); i > 0 {
		rest = strings.TrimSpace(rest[:i]) // "in Potsdam, I was mixing it up"
	}
	np := m[1]
	if len(np) > 0 {
		np = strings.ToUpper(np[:1]) + np[1:]
	}
	return "Actually " + np + " is " + rest, true
}

// changeToVerbs, said by the speaker of their own thing with "to",
// give it a new value: "changing my retainer to 40%", "moved our
// standup to 10", "upped my rate to $95 an hour".
var changeToVerbs = set(`changes changed switches switched moves moved ups upped raises raised bumps bumped
increases increased reduces reduced lowers lowered drops dropped cuts cut puts put sets set`)

// changedMine reads "<change> my|our X to Y" said by the speaker or by
// us: the subject is X, whose it is kept ("user's retainer"), and the
// value Y. It reports false for anything else.
func changedMine(subject, attr, value string) (string, string, bool) {
	if subject != "user" && subject != "we" || !changeToVerbs[attr] {
		return "", "", false
	}
	owner := "we"
	switch {
	case strings.HasPrefix(strings.ToLower(value), "my "):
		owner = "user"
	case strings.HasPrefix(strings.ToLower(value), "our "):
	default:
		return "", "", false
	}
	thing, to, ok := strings.Cut(value[strings.Index(value, " ")+1:], " to ")
	thing, to = strings.TrimSpace(thing), strings.TrimSpace(to)
	if !ok || thing == "" || to == "" || len(strings.Fields(thing)) > 3 {
		return "", "", false
	}
	thing = strings.ToLower(thing)
	if owner == "user" {
		thing = "user's " + thing // as "my retainer" is read; "our standup" is the standup
	}
	return thing, to, true
}

// timeValue: a value that is a time of day ("10am", "9:30", "4 pm").
func timeValue(v string) bool {
	ts := tokenize(v)
	if len(ts) == 0 || len(ts) > 2 || ts[0].kind != tNum {
		return false
	}
	w := ts[0].low
	if len(ts) == 2 {
		w += ts[1].low
	}
	return strings.Contains(w, ":") || strings.HasSuffix(w, "am") || strings.HasSuffix(w, "pm")
}

// correctionOpeners open words before a spaced dash that make what
// follows it a correction: "Scratch Nov 19 — Payments v2 is now December
// 3rd", "oops, I gave you the wrong date before — the wedding is June 21".
// A mistake named in other words ("I said the wrong thing —") was tried
// and made a false supersession on an unread set.
var correctionOpeners = []string{"oops", "scratch", "correction", "my bad", "ignore that", "change of plan"}

// correctedAfterDash returns what follows the dash of a sentence whose
// few words before it (at most ten) open with a correctionOpener, or
// false.
func correctedAfterDash(text string) (string, bool) {
	for _, d := range []string{" — ", " – ", " - ", " -- "} {
		head, tail, ok := strings.Cut(text, d)
		if !ok {
			continue
		}
		tail = strings.TrimSpace(tail)
		if len(strings.Fields(head)) > 10 || len(strings.Fields(tail)) < 3 {
			return "", false
		}
		low := strings.ToLower(strings.TrimSpace(head))
		for _, h := range correctionOpeners {
			if strings.HasPrefix(low, h) {
				return tail, true
			}
		}
		return "", false
	}
	return "", false
}

// speakerImplied reads a sentence that leaves out "I'm" before "not" and
// what the speaker is ("Not allergic to penicillin after all", "Not a fan
// of cold brew"): it returns the sentence with "I'm" said.
func speakerImplied(text string) (string, bool) {
	t := strings.TrimSpace(text)
	low := strings.ToLower(t)
	rest, ok := strings.CutPrefix(low, "not ")
	if !ok {
		return "", false
	}
	w, _, _ := strings.Cut(rest, " ")
	if w != "allergic" && w != "a" && w != "an" && w != "vegetarian" && w != "vegan" && w != "keen" && w != "sure" && !strings.HasSuffix(w, "ed") {
		return "", false
	}
	return "I'm " + strings.ToLower(t[:1]) + t[1:], true
}

// introRe reads a speaker introducing themselves with their age: "Hi, I'm
// Hannah, 38, …", "im mia, 27, living in leeds".
var introRe = regexp.MustCompile(`(?i)^(?:(?:hi|hey|hello)(?: there)?[,!.]?\s*)?(?:i'm|i’m|i am|im) [a-z][a-z'-]+, (\d{1,2})(?:[,.!]|\s*$| and )`)

// ageMention is an age a sentence gives a person in a shape the clause
// parse does not read: key is the person's subject key, name as written.
type ageMention struct{ key, name, age string }

var (
	// bracketAgeRe: a name with its age in brackets ("Tom (41) is over
	// in Brisbane").
	bracketAgeRe = regexp.MustCompile(`(?:^|[\s,:;])(\p{Lu}[\p{L}'’-]+) \((\d{1,3})\)`)
	// pronounAgeRe: "he's 44", "she is 29 and …", where nothing after the
	// number makes it another measure ("she's 29 weeks").
	pronounAgeRe = regexp.MustCompile(`(?i)(?:^|[^\p{L}'’])(he|she)(?:'s|’s| is) (\d{1,3})(?:\s*$|[,.!;)]| and | now\b| already\b)`)
	// yearOldRe: the speaker's age as "a 70-year-old" ("as a 70-year-old
	// I shouldn't climb ladders").
	yearOldRe = regexp.MustCompile(`(?i)(?:^|[^\p{L}])as an? (\d{1,3})[- ]years?[- ]old,? (?:i|i'm|i’m|i've|i’ve)\b`)
)

// ageMentions reads those ages: names with an age in brackets, the age
// of "he" or "she" for the last person named (only when the sentence
// names nobody before the pronoun), and the speaker's age said as "a
// 70-year-old". Ages run from 1 to maxAge.
func ageMentions(s string, sp speaker, st *docState) []ageMention {
	var out []ageMention
	for _, m := range bracketAgeRe.FindAllStringSubmatch(s, -1) {
		if a, ok := plausibleAge(m[2]); ok && !notAuthors[strings.ToLower(m[1])] {
			out = append(out, ageMention{normKey(m[1]), m[1], a})
		}
	}
	if loc := pronounAgeRe.FindStringSubmatchIndex(s); loc != nil && st.lastPerson != "" && !namesBefore(s[:loc[2]]) {
		if a, ok := plausibleAge(s[loc[4]:loc[5]]); ok {
			out = append(out, ageMention{st.lastPerson, st.lastPersonName, a})
		}
	}
	if m := yearOldRe.FindStringSubmatch(s); m != nil && sp.first != "" {
		if a, ok := plausibleAge(m[1]); ok {
			out = append(out, ageMention{sp.first, sp.firstName, a})
		}
	}
	return out
}

// maxAge is the oldest age ageMentions reads.
const maxAge = 110

// plausibleAge: w is a whole number from 1 to maxAge, given without
// leading zeros.
func plausibleAge(w string) (string, bool) {
	n, err := strconv.Atoi(w)
	return w, err == nil && n >= 1 && n <= maxAge && w[0] != '0'
}

// namesBefore: a word after the first of s is written with a capital
// (other than "I"): a name that "he" or "she" after it may stand for.
func namesBefore(s string) bool {
	for i, w := range strings.Fields(s) {
		r, _ := utf8.DecodeRuneInString(w)
		if i > 0 && unicode.IsUpper(r) && w != "I" && !strings.HasPrefix(w, "I'") && !strings.HasPrefix(w, "I’") {
			return true
		}
	}
	return false
}

// introducedAge returns the age such an introduction gives, or false.
func introducedAge(s string) (string, bool) {
	m := introRe.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return "", false
	}
	return m[1], true
}

// introAfterGreeting: after "Hi," (and "there"), the speaker says who they
// are or where they live or work: "Hi, I'm Hannah", "Hello, my name is
// Hannah", "Hi there, I live in Leeds", "hey! im mia, 27" — but not "Hi
// Mel, I'm so glad".
func introAfterGreeting(toks []tok) bool {
	k := greetingEnd(toks)
	if k+2 >= len(toks) {
		return false
	}
	a, b, c := toks[k].low, toks[k+1].low, toks[k+2]
	switch {
	case a == "my" && (b == "name" || b == "name's"):
		return true
	case (a == "i" || a == "we") && introVerbs[b]:
		return true
	case a == "i" && (b == "'m" || b == "am"):
		return c.cap || c.kind == tNum || c.low == "a" || c.low == "an"
	}
	return false
}

// introVerbs, after "I" or "we" following a greeting, say who the speaker
// is: "Hi, I live in Leeds", "Hello, we run a bakery".
var introVerbs = set(`live work run lead own manage teach study have`)

// greetingEnd is where the words after an opening greeting start.
func greetingEnd(toks []tok) int {
	k := 1
	for k < len(toks) && (toks[k].kind == tPunct || toks[k].low == "there" || toks[k].low == "all" || toks[k].low == "everyone") {
		k++
	}
	return min(k, len(toks)-1)
}
