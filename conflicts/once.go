package conflicts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// onceInALife reads two claims that each date an event that happens to a
// person once: being born, dying, a couple's marrying or divorcing ("My
// husband Janusz died in 2017" / "Janusz passed in 2019, in March"; "Emeka
// and I got married in 2015" / "Emeka and I married in 2016"). Two years
// for one such event are a contradiction, or, when the incoming claim is
// worded as a correction, a supersession; one year for it in both is the
// same claim again ("Divorced from Kari since 2019" / "Kari and I split in
// 2019"). Who it happened to must be named in both (a name, or the
// speaker for "I" and "we"): "my grandmother died" and "my grandfather
// died" are two events.
func onceInALife(existing, incoming schema.Memory) (Decision, bool) {
	ek, ey, ok1 := onceEvent(existing)
	ik, iy, ok2 := onceEvent(incoming)
	if !ok1 || !ok2 || ek != ik {
		return Decision{}, false
	}
	kind, who, _ := strings.Cut(ek, ":")
	if kind == "born in" {
		who = strings.ReplaceAll(strings.ReplaceAll(who, "user", "the speaker"), "+", " and ")
		if ey == iy {
			return Decision{Duplicate, fmt.Sprintf("where %s was born, %s in both", who, ey)}, true
		}
		return fixedValueDiffers(incoming, fmt.Sprintf("where %s was born, which never changes, is %s in one claim and %s in the other", who, ey, iy)), true
	}
	if ey == iy {
		return Decision{Duplicate, fmt.Sprintf("an event that happens once (%s %s), dated %s in both", strings.ReplaceAll(who, "+", " and "), kind, ey)}, true
	}
	return fixedValueDiffers(incoming, fmt.Sprintf("an event that happens once (%s %s), dated %s and %s", strings.ReplaceAll(who, "+", " and "), kind, ey, iy)), true
}

// onceEvents name the events onceInALife reads, by the words that say
// them.
var onceEvents = map[string]string{
	"born": "born", "died": "died", "passed": "died", "married": "married", "wed": "married",
	"divorced": "divorced", "split": "divorced", "separated": "divorced", "retired": "retired",
}

// intransitiveAfter may follow "split" or "separated" said of a couple,
// not of a thing split.
var intransitiveAfter = map[string]bool{"up": true, "in": true, "from": true, "after": true, "last": true, "back": true, "when": true}

// onceEvent reads which once-in-a-life event a claim dates, of whom, and
// its year: key "died:janusz", year "2017". A question, a plan or a wish
// dates none; nor does a claim with no year or two.
func onceEvent(m schema.Memory) (key, year string, ok bool) {
	ts := claimTokens(m.Claim)
	if asks(m.Claim) || hypothetical(ts) || wished(ts) {
		return "", "", false
	}
	at, kind := -1, ""
	for i, t := range ts {
		k, ok := onceEvents[t.low]
		if !ok {
			continue
		}
		if t.low == "passed" && !(i+1 < len(ts) && (ts[i+1].low == "away" || ts[i+1].low == "in" || ts[i+1].low == "on")) {
			continue // "passed his driving test"
		}
		if (t.low == "split" || t.low == "separated") && i+1 < len(ts) && !intransitiveAfter[ts[i+1].low] {
			continue // "we split the bill in 2019"
		}
		at, kind = i, k
		break
	}
	if at < 0 {
		return "", "", false
	}
	var who []string
	for i, t := range ts[:at] {
		switch {
		case t.low == "i" || t.low == "we" || t.low == "i'm" || t.low == "we're":
			who = append(who, "user")
		case i == 0 && clauseOpeners[t.low]:
			// "When I retired in 2018": no one called When
		case capitalised(t.raw) && isWord(t.low) && !topicDrop[t.low] && !calendarWords[t.low] && !kinWords[t.low]:
			who = append(who, strings.TrimSuffix(t.low, "'s"))
		}
	}
	if at == 0 && (kind == "married" || kind == "divorced" || kind == "born" || kind == "retired") {
		who = append(who, "user") // "Divorced from Kari since 2019", "born and raised in Campo Grande": the speaker's
	}
	if (kind == "married" || kind == "divorced") && at+2 < len(ts) && (ts[at+1].low == "from" || ts[at+1].low == "to") && capitalised(ts[at+2].raw) && isWord(ts[at+2].low) {
		who = append(who, strings.TrimSuffix(ts[at+2].low, "'s")) // "married to Emeka"
	}
	slices.Sort(who)
	who = slices.Compact(who)
	if len(who) == 0 {
		return "", "", false
	}
	if kind == "born" {
		if place, ok := bornIn(ts, at); ok {
			// "born and raised in Campo Grande" / "I was born in Cuiabá"
			return "born in:" + strings.Join(who, "+"), place, true
		}
	}
	c, ok := readTopic(m)
	if !ok || len(c.vals["year"]) != 1 || c.vals["year"][0].from < at {
		return "", "", false
	}
	return kind + ":" + strings.Join(who, "+"), c.vals["year"][0].key, true
}

// clauseOpeners open a claim with a clause of time or reason.
var clauseOpeners = map[string]bool{
	"when": true, "after": true, "before": true, "since": true, "once": true, "until": true, "while": true,
	"because": true, "as": true, "so": true, "and": true, "but": true, "then": true, "if": true,
}

// bornIn reads the town after "born (and raised) in" at at: a name of one
// to three capitalised words, not a year, a month or a country or larger
// (which holds the town: "born in Brazil" and "born in Cuiabá" may both
// be true).
func bornIn(ts []ctok, at int) (string, bool) {
	k := at + 1
	if k+2 < len(ts) && ts[k].low == "and" && (ts[k+1].low == "raised" || ts[k+1].low == "bred") {
		k += 2
	}
	if k >= len(ts) || ts[k].low != "in" {
		return "", false
	}
	name, _ := nameRun(ts, k+1, 3)
	place := strings.Join(name, " ")
	if len(name) == 0 || widePlaces[place] {
		return "", false
	}
	return place, true
}

// widePlaces are countries, nations and continents one says one was born
// in, which hold the towns one also says.
var widePlaces = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Split(`africa|america|asia|europe|oceania|australia|new zealand|canada|usa|us|uk|america|britain|great britain|
england|scotland|wales|ireland|northern ireland|france|germany|spain|portugal|italy|greece|poland|romania|ukraine|russia|
netherlands|holland|belgium|switzerland|austria|sweden|norway|denmark|finland|iceland|czechia|hungary|turkey|israel|
egypt|morocco|nigeria|ghana|kenya|ethiopia|south africa|tanzania|uganda|zimbabwe|india|pakistan|bangladesh|sri lanka|nepal|
china|japan|korea|south korea|taiwan|vietnam|thailand|philippines|indonesia|malaysia|singapore|iran|iraq|syria|lebanon|
mexico|brazil|argentina|chile|peru|colombia|venezuela|cuba|jamaica|the states|texas|california|florida|bavaria|tasmania|
queensland|ontario|quebec|kerala|punjab|lagos state`, "|") {
		m[strings.TrimSpace(w)] = true
	}
	return m
}()
