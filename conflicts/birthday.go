package conflicts

import (
	"fmt"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// birthdaysOf reads two claims that each give one named person's birthday
// in other shapes than "X's birthday is D": "It's Ada's birthday today!!!"
// (said on 3 March) / "Ada's birthday is 12 April"; "Jonas turns 16 today"
// / "Jonas was born 20 August". A birthday never moves, so two days of the
// year are a contradiction, or, when the incoming claim is worded as a
// correction, a supersession. The same day is the birthday said again.
func birthdaysOf(existing, incoming schema.Memory) (Decision, bool) {
	ep, ed, ok1 := birthdayOf(existing)
	ip, id, ok2 := birthdayOf(incoming)
	if !ok1 || !ok2 || ep != ip {
		return Decision{}, false
	}
	if ed == id {
		// "today (feb 11) is my mom's birthday" / "my mom's birthday is
		// feb 11": the day said again
		return Decision{Duplicate, fmt.Sprintf("both claims give %s's birthday as %s", ep, ed)}, true
	}
	return fixedValueDiffers(incoming, fmt.Sprintf("%s's birthday, which never changes: %s and %s", ep, ed, id)), true
}

// fixedValueDiffers decides two values of what never changes (about says
// which and what): a supersession when the incoming claim is worded as a
// correction, else a contradiction.
func fixedValueDiffers(incoming schema.Memory, about string) Decision {
	if incoming.Correction {
		return Decision{Supersedes, about + ", and the incoming claim is worded as a correction"}
	}
	return Decision{Contradicts, about + ", so one of them is wrong"}
}

// birthdayOf reads whose birthday a claim gives and its day of the year
// ("april 12"): "X's birthday" (or "my birthday", the speaker's), "X was
// born", "X turns 16", with a date or "today", "yesterday" or "tomorrow"
// against when it was said. A birthday party, dinner or present is not
// the birthday; a question, a plan or a wish gives none.
func birthdayOf(m schema.Memory) (person, day string, ok bool) {
	ts := claimTokens(m.Claim)
	if asks(m.Claim) {
		return "", "", false
	}
	at := -1
	for i, t := range ts {
		switch t.low {
		case "birthday", "bday", "b-day":
			if i+1 < len(ts) && birthdayThings[ts[i+1].low] {
				return "", "", false // "Ada's birthday party is on Saturday"
			}
			if i > 0 {
				if ts[i-1].low == "my" {
					person = "user"
				} else if p, ok := strings.CutSuffix(ts[i-1].low, "'s"); ok && (capitalised(ts[i-1].raw) || p == m.Subject) {
					// ("oisín's birthday", in lower case, is still his
					// when the claim is said of him)
					person = p
				}
			}
			at = i
		case "born", "turns", "turned", "turning":
			if t.low != "born" && !(i+1 < len(ts) && isNumberWord(ts[i+1].low)) {
				continue
			}
			if i > 0 && (capitalised(ts[0].raw) || ts[0].low == m.Subject) && isWord(ts[0].low) && !topicDrop[ts[0].low] {
				person = strings.TrimSuffix(ts[0].low, "'s") // "Jonas was born", "Jonas turns 16"
			} else if ts[0].low == "i" || ts[0].low == "i'm" || ts[0].low == "i've" {
				person = "user"
			}
			at = i
		}
		if at >= 0 {
			break
		}
	}
	if at < 0 || person == "" {
		return "", "", false
	}
	if cl := ts[:clauseEnd(ts, at)]; hypothetical(cl) || wished(cl) {
		// "oisín turns 2 on the 9th of march, thinking a small party
		// at home": what is wished after the comma is the party's
		return "", "", false
	}
	// the day is said beside the words that say it is the birthday:
	// "turns 16 today", "It's Ada's birthday today", "born 20 August"
	near := func(i int) bool { return i >= at-birthdayReach && i <= at+birthdayReach }
	said := saidTime(m)
	for i, t := range ts {
		if d, ok := relativeDays[t.low]; ok && near(i) && !said.IsZero() {
			when := said.AddDate(0, 0, d)
			return person, strings.ToLower(when.Month().String()) + " " + fmt.Sprint(when.Day()), true
		}
	}
	c, ok := readTopic(m)
	if !ok || len(c.vals["date"]) != 1 || !near(c.vals["date"][0].from) || c.vals["date"][0].from < at {
		return "", "", false
	}
	md := strings.Fields(c.vals["date"][0].key)
	if len(md) < 2 {
		return "", "", false
	}
	return person, md[0] + " " + md[1], true // the day of the year: "june 12 2016" is "june 12"
}

// birthdayReach is how many words from "birthday", "born" or "turns" the
// day it gives may be.
const birthdayReach = 4

// relativeDays are the days a birthday "today" is said against.
var relativeDays = map[string]int{"today": 0, "yesterday": -1, "tomorrow": 1}

// birthdayThings follow "birthday" when the claim is about something on
// or for it, not the day itself.
var birthdayThings = map[string]bool{"party": true, "dinner": true, "lunch": true, "cake": true, "present": true,
	"presents": true, "gift": true, "gifts": true, "card": true, "cards": true, "celebration": true, "drinks": true,
	"trip": true, "bash": true, "plans": true, "weekend": true, "meal": true, "do": true}

// isNumberWord: w is a number, in digits or a word ("16", "sixteen").
func isNumberWord(w string) bool {
	if _, ok := number(w); ok {
		return true
	}
	_, ok := numberWords[w]
	return ok
}

// clauseEnd is where the clause holding the word at i ends: the next
// break after it, or the end.
func clauseEnd(ts []ctok, i int) int {
	for j := i + 1; j < len(ts); j++ {
		if ts[j].brk {
			return j
		}
	}
	return len(ts)
}
