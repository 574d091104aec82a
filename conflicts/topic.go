package conflicts

import (
	"slices"
	"strings"
)

// A claim's topic is what it is about apart from its value: its content
// words outside the typed values being compared, in one normal form (lower
// case, singular, a nominalisation or verb form as its stem: "collected",
// "collection" and "collects" are "collect"), without pronouns of the
// speaker, determiners, auxiliaries, prepositions that introduce the
// value, verbs that only relate a thing to its value ("runs", "uses",
// "costs", "comes from", "is handled in"), change cues and time fillers
// ("now", "these days", "instead", "from next month"). Words that tell
// one slot from another stay: a qualifier ("guitar" lesson, "staging"),
// a person's name, a direction after a noun ("flight back from", "flight
// to"), other people's pronouns.

// topicDrop are words that never tell one slot from another.
var topicDrop = map[string]bool{
	// determiners and the speaker
	"a": true, "an": true, "the": true, "usual": true, "my": true, "our": true, "your": true, "i": true, "me": true,
	"we": true, "us": true, "it": true, "its": true, "this": true, "that": true, "these": true,
	"those": true, "there": true, "mine": true, "ours": true, "myself": true, "ourselves": true,
	"i've": true, "we've": true, "we're": true, "i'm": true, "it's": true, "there's": true, "i'd": true,
	"we'd": true, "i'll": true, "we'll": true, "you": true, "some": true, "any": true,
	"all": true, "one": true, "ones": true, // "the 7am one": a pronoun
	// auxiliaries and modals
	"is": true, "are": true, "was": true, "were": true, "be": true, "been": true, "being": true, "am": true,
	"has": true, "have": true, "had": true, "having": true, "do": true, "does": true, "did": true,
	"will": true, "would": true, "shall": true, "should": true, "can": true, "could": true,
	"may": true, "might": true, "must": true, "'s": true, "s": true, "ve": true, "re": true, "ll": true,
	"get": true, "gets": true, "got": true, "gotten": true, "getting": true,
	// prepositions that introduce a value, and conjunctions
	"in": true, "on": true, "at": true, "for": true, "with": true, "by": true, "of": true,
	"through": true, "via": true, "about": true, "per": true, "into": true, "onto": true, "as": true,
	"and": true, "or": true, "but": true, "so": true, "which": true, "who": true, "than": true,
	// time fillers and discourse markers
	"now": true, "currently": true, "anymore": true, "instead": true, "actually": true, "sorry": true,
	"meant": true, "mean": true, "just": true, "still": true, "already": true, "recently": true,
	"lately": true, "usually": true, "always": true, "normally": true, "generally": true,
	"typically": true, "today": true, "then": true, "really": true, "very": true, "new": true,
	"latest": true, "current": true, "present": true, "ok": true, "okay": true, "well": true,
	"oh": true, "right": true, "apparently": true, "officially": true, "finally": true,
	"every": true, "each": true, "no": true, "correction": true, "mistake": true, "wrong": true,
	"said": true, "wait": true, "scratch": true, "update": true,
	// approximations before a number
	"approximately": true, "approx": true, "around": true, "roughly": true, "nearly": true,
	"almost": true, "circa": true, "ish": true,
	// and how much it feels: "a solid eight hours", "a good six hours"
	"solid": true, "good": true, "decent": true, "whole": true,
	// a date a thing falls on is the date it is
	"fall": true, "falls": true,
	// verbs that relate a thing to its value
	"run": true, "runs": true, "running": true, "ran": true, "use": true, "uses": true, "using": true,
	"used": true, "come": true, "comes": true, "came": true, "coming": true, "go": true, "goes": true,
	"went": true, "gone": true, "provide": true, "provides": true, "provided": true, "supply": true,
	"supplies": true, "supplied": true, "handle": true, "handles": true, "handled": true,
	"done": true, "manage": true, "manages": true, "managed": true, "processed": true, "sorted": true,
	"pay": true, "pays": true, "paid": true, "paying": true, "cost": true, "costs": true,
	"costing": true, "charge": true, "charges": true, "charged": true, "take": true, "takes": true,
	"took": true, "taken": true, "happen": true, "happens": true, "happening": true, "take place": true,
	"held": true, "hold": true, "holds": true, "live": true, "lives": true, "stand": true,
	"stands": true, "sits": true, "stay": true, "stays": true, "set": true,
	// where or how a thing is placed or made: "based in", "built with"
	"based": true, "located": true, "situated": true, "built": true, "hosted": true, "deployed": true,
	"headquartered": true,
	// when a thing is set for, and what it must be
	"planned": true, "scheduled": true, "due": true, "need": true, "needs": true, "needed": true,
	"wear": true, "wears": true,
	// change verbs and particles
	"switch": true, "switched": true, "switches": true, "switching": true, "move": true,
	"swap": true, "swapped": true, "swaps": true, "swapping": true, "shifted": true, "shifting": true, "hit": true, "hits": true, "reached": true,
	"reaches": true, "topped": true,
	"moved": true, "moves": true, "moving": true, "migrate": true, "migrated": true,
	"migrating": true, "change": true, "changed": true, "changes": true, "changing": true,
	"replace": true, "replaced": true, "replacing": true, "raise": true, "raised": true,
	"increase": true, "increased": true, "decrease": true, "decreased": true, "reduce": true,
	"reduced": true, "lower": true, "lowered": true, "cut": true, "drop": true, "dropped": true,
	"push": true, "pushed": true, "bump": true, "bumped": true, "upped": true, "up": true,
	"down": true, "rose": true, "risen": true, "rise": true, "fell": true, "fallen": true,
	"brought": true, "forward": true, "updated": true, "upgraded": true, "downgraded": true,
	"rescheduled": true, "postponed": true, "put": true, "puts": true, "over": true,
	"raising": true, "increasing": true, "decreasing": true, "reducing": true, "lowering": true,
	"cutting": true, "dropping": true, "bumping": true, "pushing": true, "bringing": true,
}

// directions after a noun tell slots apart ("flight to", "flight back
// from"); after a verb or before a value they only introduce it.
var directions = map[string]bool{"to": true, "from": true, "back": true}

// timeUnits follow "next", "last" or "this" in a time filler.
var timeUnits = map[string]bool{
	"week": true, "month": true, "year": true, "term": true, "season": true, "time": true, "day": true,
	"weekend": true, "quarter": true, "semester": true, "sprint": true, "fortnight": true,
}

// validityWords before a time say from when a claim holds, not which slot
// it fills: "from 1 June", "since March", "as of 2025", "in 2024".
var validityWords = map[string]bool{"from": true, "starting": true, "since": true, "of": true, "until": true, "till": true, "in": true}

// genericNouns name a slot without telling it from another: "the gym
// membership" costs what "the gym" costs, "our broadband provider" is who
// provides the broadband. One topic may have them where the other has not.
var genericNouns = map[string]bool{
	"database": true, "db": true, "server": true, "instance": true, "cluster": true, "provider": true,
	"supplier": true, "company": true, "firm": true, "service": true, "plan": true, "tariff": true,
	"subscription": true, "membership": true, "bill": true, "fee": true, "price": true, "cost": true,
	"charge": true, "rate": true, "version": true, "release": true, "day": true, "time": true,
	"date": true, "schedule": true, "slot": true, "amount": true, "total": true, "system": true,
	"platform": true, "tool": true, "software": true, "app": true, "age": true, "year": true,
	"old": true, "tall": true, "setting": true, "level": true, "monthly": true, "weekly": true, "yearly": true,
	"annual": true, "daily": true, "hourly": true, "nightly": true, "job": true, "task": true,
	"figure": true, "estimate": true, "quote": true, "config": true, "configuration": true,
	"settings": true, "pressure": true,
	// a pipeline runs on what CI runs on
	"pipeline": true, "workflow": true,
	// where a thing is: "Rosa's home is in Coimbra" is where Rosa lives,
	// "the Dublin region" is Dublin
	"home": true, "region": true,
	// what a system runs on: "the staging server" / "a Hetzner box"
	"box": true, "machine": true, "host": true, "vm": true,
}

// genericStems are genericNouns in their normal form.
var genericStems = func() map[string]bool {
	m := map[string]bool{}
	for w := range genericNouns {
		m[stem(w)] = true
	}
	return m
}()

// abbreviations of topic words read as the word: "prod" is
// "production", "repo" "repository".
var topicAbbreviations = map[string]string{
	"st": "street", "rd": "road", "ave": "avenue",
	"prod": "production", "dev": "development", "repo": "repository", "env": "environment",
	"admin": "administration", "docs": "documentation", "info": "information",
	"physio": "physiotherapy", "infra": "infrastructure", "k8s": "kubernetes", "req": "request", "reqs": "request",
	// the physio in Spanish-speaking South America: "kinesiólogo twice a week"
	"kinesiólogo": "physiotherapy", "kinesiologo": "physiotherapy", "kinesióloga": "physiotherapy", "kine": "physiotherapy", "kinesio": "physiotherapy",
	"min": "minute", "mins": "minute", "auth": "authentication", "children": "kid", "kids": "kid",
	"father": "dad", "mother": "mum", "mom": "mum", "mummy": "mum", "daddy": "dad",
	// a lesson and a class of one subject are one thing: "English lessons" /
	// "english class"
	"classes": "lesson", "class": "lesson", "lessons": "lesson",
	// irregular verb forms read as one stem
	"wrote": "write", "written": "write", "writes": "write",
}

// stem is the normal form of a topic word: possessive dropped, singular,
// and a verb form or nominalisation as its stem ("collected",
// "collection", "collecting" -> "collect"; "fluently" -> "fluent").
func stem(w string) string {
	w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "'")
	if full, ok := topicAbbreviations[w]; ok {
		w = full
	}
	if len(w) <= 3 || hasDigit(w) || nounsInIng[w] {
		return w
	}
	w = singular(w)
	if len(w) <= 3 && strings.HasSuffix(w, "ee") {
		return w // "fees" is "fee", as "fee" is
	}
	for _, suf := range []string{"ation", "ition", "ion", "ment", "ing", "ed", "ly", "er", "al"} {
		if b, ok := strings.CutSuffix(w, suf); ok && len(b) >= 4 {
			w = b
			break
		}
	}
	if n := len(w); n > 3 && w[n-1] == w[n-2] && !strings.ContainsAny(w[n-1:], "aeiouls") {
		w = w[:n-1] // "swimm" -> "swim"
	}
	w = strings.TrimSuffix(w, "e")
	if syn, ok := topicSynonyms[w]; ok {
		w = syn
	}
	return w
}

// nounsInIng are words in -ing that name a thing of their own, not the
// generic noun their stem would give: "the billing service" is not "the
// bill".
var nounsInIng = map[string]bool{"billing": true}

// topicSynonyms fold stems of one meaning: a flight that arrives lands; a
// thing that expires, or is valid until a date, ends then.
var topicSynonyms = map[string]string{
	"arriv": "land", "depart": "leav", "begin": "start", "finish": "end", "expir": "end", "expiry": "end",
	"valid": "end",
	// a noun and its verb or adjective: "we fly" / "the flight", "allergic
	// to" / "an allergy", "insured through" / "the insurance", "weighs" /
	// "his weight", "was born on" / "her birthday"
	"flight": "fly", "allergic": "allergy", "insuranc": "insur", "weight": "weigh", "born": "birthday",
	"birth": "birthday",
	// a school's tuition is its fees
	"tuit": "fee",
	// the shop's books are its bookkeeping; the internet at home is its
	// broadband
	"bookkeep": "book", "internet": "broadband",
	// "the mortgage fix" / "the fixed rate on our mortgage"
	"fixed": "fix",
	// a kickoff is a start
	"kickoff": "start", "kickof": "start",
	// petrol is the fuel a car or a generator runs on
	"petrol": "fuel", "gasolin": "fuel",
	// what one charges is one's rate: "I charge $45/hr" / "raised my
	// rate to $55/hr"
	"charg": "rate", "rat": "rate",
	// "lives in" / "is living in"
	"liv": "live", "living": "live",
}

// kickWords are "kick" in "kicks off".
var kickWords = map[string]bool{"kick": true, "kicks": true, "kicked": true, "kicking": true}

// topicWords are the stemmed topic words of a claim's tokens, leaving out
// the spans marked in skip.
func topicWords(ts []ctok, skip []bool) map[string]bool {
	out := map[string]bool{}
	prevKept := "" // the last word read, kept or not
	for i := 0; i < len(ts); i++ {
		w := ts[i].low
		if skip[i] {
			prevKept = ""
			continue
		}
		switch {
		case (w == "next" || w == "last" || w == "this" || w == "coming") && i+1 < len(ts) && timeUnits[singular(ts[i+1].low)]:
			i++ // "from next month"
			prevKept = ""
			continue
		case kickWords[w] && i+1 < len(ts) && ts[i+1].low == "off":
			out["start"] = true // "kicks off at 2:00" starts then
			i++
			prevKept = ""
			continue
		case w == "these" && i+1 < len(ts) && ts[i+1].low == "days", w == "from" && i+1 < len(ts) && ts[i+1].low == "now",
			w == "the" && i+1 < len(ts) && ts[i+1].low == "moment":
			i++
			prevKept = ""
			continue
		case w == "same" && i+1 < len(ts) && isWord(ts[i+1].low):
			// "same time", "same clinic": what did not change
			i++
			prevKept = ""
			continue
		case w == "any" && i+1 < len(ts) && ts[i+1].low == "more":
			i++
			continue
		case w == "group" && i > 0 && ts[i-1].low == "blood":
			out[stem("type")] = true // a blood group is a blood type
			prevKept = w
			continue
		case (w == "run" || w == "runs" || w == "ran" || w == "running") && i+1 < len(ts) && ts[i+1].low == "out" && !skip[i+1]:
			// "my passport runs out in 2027": it ends then
			out["end"] = true
			i++
			prevKept = ""
			continue
		case w == "team" && claimStart(ts, i) && groupVerb(ts, i+1):
			// "the team tracks bugs": the team is the speaker's group
			prevKept = w
			continue
		case (w == "back" || w == "forward") && afterChangeVerb(ts, i):
			// "pushed the bedtime back to 8:30": a particle of the verb
			continue
		case w == "out" && i+2 < len(ts) && ts[i+1].low == "of" && skip[i+2]:
			// "fly out of Gatwick" flies from it
			i++
			continue
		case habitAdverbs[w] || w == "mainly":
			// "I usually fly", "I mostly fly": how often, not what
			continue
		}
		if directions[w] {
			// after a noun that is kept, and not before a value
			next := i + 1
			if next < len(ts) && (ts[next].low == "the" || ts[next].low == "our" || ts[next].low == "my") {
				next++
			}
			if prevKept != "" && !topicDrop[prevKept] && !(next < len(ts) && skip[next]) && !(next < len(ts) && ts[next].low == "now") {
				out[w] = true
			}
			continue
		}
		prevKept = w
		if topicDrop[w] || negators[w] {
			continue
		}
		if x, ok := strings.CutSuffix(w, "'s"); ok && slices.ContainsFunc(ts[i+1:], func(t ctok) bool { return stem(t.low) == stem(x) }) {
			// "my manager's manager", "my team lead's team lead": another
			// one
			out[stem(x)+" of "+stem(x)] = true
			continue
		}
		out[stem(w)] = true
	}
	return out
}

// sameTopic: two topics are one slot when they share a word that is not a
// generic noun and every word one has and the other lacks is a generic
// noun, on one side only.
func sameTopic(a, b map[string]bool) bool {
	shared, onlyA, onlyB := false, false, false
	for w := range a {
		if b[w] {
			shared = shared || !genericStems[w]
		} else if !genericStems[w] {
			return false
		} else {
			onlyA = true
		}
	}
	for w := range b {
		if !a[w] {
			if !genericStems[w] {
				return false
			}
			onlyB = true
		}
	}
	// "I'm 5 foot 7" / "I'm 1.78 m tall": a topic of generic words only
	// against none is the same thing
	return (shared || len(a) == 0 && onlyB || len(b) == 0 && onlyA) && !(onlyA && onlyB)
}

// groupVerb: the word at i is the verb of a group's clause: an
// auxiliary, or a verb in "-s" with no copula straight after it ("the
// team tracks bugs", not "the team members are").
func groupVerb(ts []ctok, i int) bool {
	if i >= len(ts) {
		return false
	}
	w := ts[i].low
	switch w {
	case "is", "are", "was", "were", "has", "have", "had", "will", "now", "still", "uses", "runs":
		return true
	}
	if len(w) <= 3 || !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss") || propertyNouns[w] {
		return false
	}
	return i+1 < len(ts) && !isCopula(ts[i+1].low)
}

// afterChangeVerb: a change verb comes at most six words before i.
func afterChangeVerb(ts []ctok, i int) bool {
	for j := max(0, i-6); j < i; j++ {
		if _, ok := changeVerbs[ts[j].low]; ok {
			return true
		}
	}
	return false
}
