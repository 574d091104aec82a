package rules

import (
	"strings"
)

// A person's measures are one-valued slots whatever the sentence's verb:
// "I weigh 82kg", "Down to 80.5kg this morning!", "Weighed in at 78.2" are
// all the speaker's weight, and "Dr Evans upped my sertraline to 100mg",
// "I'm on 100mg of sertraline", "my sertraline dose is 100mg" are all the
// dose of one medicine. measureSlot reads them so that a later reading
// replaces an earlier one.

// massUnits follow a body weight.
var massUnits = set(`kg kgs kilo kilos kilogram kilograms lb lbs pound pounds stone st`)

// doseUnits follow a dose of a medicine.
var doseUnits = set(`mg mcg µg ug milligram milligrams microgram micrograms iu`)

// unitNames write each unit one way ("micrograms", "µg" and "mcg" are
// mcg); the value itself is kept as written.
var unitNames = map[string]string{
	"kg": "kg", "kgs": "kg", "kilo": "kg", "kilos": "kg", "kilogram": "kg", "kilograms": "kg",
	"lb": "lb", "lbs": "lb", "pound": "lb", "pounds": "lb", "stone": "st", "st": "st",
	"mg": "mg", "milligram": "mg", "milligrams": "mg", "mcg": "mcg", "µg": "mcg", "ug": "mcg",
	"microgram": "mcg", "micrograms": "mcg", "iu": "iu",
}

// weightCues say a mass is the speaker's weight.
var weightCues = set(`weigh weighs weighed weighing weight weigh-in scales scale`)

// doseVerbs change or start a dose: "upped my sertraline to 100mg",
// "put me on 50mg of sertraline".
var doseVerbs = set(`up upped increase increased raise raised bump bumped reduce reduced lower lowered cut
drop dropped decrease decreased double doubled halve halved change changed switch switched move moved
put started start taper tapered prescribe prescribed`)

// notDrugs are words that stand where a medicine's name would and are not one.
var notDrugs = set(`my the a an of to on from at by dose dosage daily day per each every twice once me i
it is was now take taking took and or but just only still currently morning night evening tablet tablets
pill pills`)

// measureSlot reads a body weight or a medicine's dose said of the
// speaker. It returns the subject, attribute and value, or ok false.
// Someone else's measures ("the suitcase weighs 23kg", "Dad's on 5mg of
// ramipril") are not the speaker's and are left to the clause.
func measureSlot(toks []tok) (subject, attribute, value string, ok bool) {
	if len(toks) == 0 || !speakerOnly(toks) {
		return "", "", "", false
	}
	for _, t := range toks {
		if t.low == "also" || t.low == "too" {
			// "I also take metformin 500mg with my evening meal": a
			// second dose beside the first, not a new one
			return "", "", "", false
		}
	}
	for _, t := range toks {
		if t.kind == tNum {
			break // "I weigh 82kg and I'm aiming for 76": the 82kg is now
		}
		if notCurrent[t.low] {
			return "", "", "", false
		}
	}
	if v, ok := bodyWeight(toks); ok {
		return "user", "weight", v, true
	}
	if drug, v, ok := dose(toks); ok {
		if strings.HasSuffix(strings.ToLower(v), "iu") {
			// international units are not a mass: "1000 IU" and "25
			// micrograms" of vitamin D may be the same dose
			return "user", drug + " dose in IU", v, true
		}
		return "user", drug + " dose", v, true
	}
	return "", "", "", false
}

// speakerOnly: the sentence speaks of the speaker, or of no one (a
// subjectless "Down to 80kg"), and of no other person's possession, nor
// of someone the speaker names by their relation ("my son weighs 20kg",
// "I give my daughter 5mg of melatonin").
func speakerOnly(toks []tok) bool {
	for i, t := range toks {
		if kinship[t.low] && !carers[t.low] && i > 0 && (toks[i-1].low == "my" || toks[i-1].low == "our") {
			return false
		}
		if thirdPerson[t.low] && t.low != "they" && t.low != "them" {
			return false // "his dose", "she weighs"
		}
		if t.low == "'s" && i > 0 && toks[i-1].cap && i+1 < len(toks) && toks[i+1].kind != tNum {
			return false // "Dad's dose", but not "it's 80kg"
		}
	}
	return true
}

// notCurrent words make a measure something other than what the speaker
// weighs or takes now: a past one ("I used to weigh 95kg", "I was on
// 100mg years ago"), a goal ("I want to weigh 70kg", "target weight"), a
// possibility ("I can take up to 400mg", "if I need it"), said before
// the measure.
var notCurrent = set(`used was were ago previously heaviest lightest want wanted wants goal target hoping hope
aim aiming try trying tried would should could might can if max maximum needed`)

// carers may change the speaker's dose: "my doctor upped my sertraline".
var carers = set(`doctor dentist therapist coach nurse`)

// quantity reads a number with its unit at i: "80.5kg", "80.5 kg",
// "100 mg". It returns the value as written, the unit in one spelling
// and the tokens it spans.
func quantity(toks []tok, i int, units map[string]bool) (string, string, int, bool) {
	if i >= len(toks) || toks[i].kind != tNum {
		return "", "", 0, false
	}
	s := toks[i].low
	num := strings.TrimRightFunc(s, func(r rune) bool { return r < '0' || r > '9' })
	if num == "" {
		return "", "", 0, false
	}
	if unit := s[len(num):]; unit != "" {
		if units[unit] {
			return toks[i].s, unitNames[unit], 1, true
		}
		return "", "", 0, false
	}
	if i+1 < len(toks) && units[toks[i+1].low] {
		// as written: the comparison reads "50 micrograms" and "50mcg"
		// as one quantity, and finds the number in the claim
		return toks[i].s + " " + toks[i+1].s, unitNames[toks[i+1].low], 2, true
	}
	return num, "", 1, true
}

// bodyWeight: the first mass in a sentence that speaks of weighing
// ("I weigh 82kg and I'm aiming for 76": the 82kg), or a mass the speaker
// is, or is down or up to ("I'm 81kg now", "Down to 80.5kg").
func bodyWeight(toks []tok) (string, bool) {
	cue := false
	for _, t := range toks {
		if weightCues[t.low] {
			cue = true
			break
		}
	}
	if cue {
		// someone weighs: the speaker ("I weigh", "my weight"), or no one
		// said ("Weighed in at 78.2"), not "the suitcase weighs 23kg"
		first := false
		for i, t := range toks {
			if !weightCues[t.low] {
				continue
			}
			if subjectless(toks, i) || i > 0 && (toks[i-1].low == "i" || toks[i-1].low == "my") ||
				i > 1 && toks[i-2].low == "i" && (toks[i-1].low == "'ve" || toks[i-1].low == "just" || toks[i-1].low == "now" || toks[i-1].low == "only") {
				first = true // "I weigh", "my weight", "I've weighed", "Weighed in at"
			}
			break
		}
		cue = first
	}
	for i := range toks {
		v, unit, _, ok := quantity(toks, i, massUnits)
		if !ok {
			continue
		}
		if unit == "" && !(cue && i > 0 && (toks[i-1].low == "at" || weightCues[toks[i-1].low])) {
			continue // a bare number is a weight only right after "weighed in at", "weigh"
		}
		prev := ""
		if i > 0 {
			prev = toks[i-1].low
		}
		if i > 1 && (prev == "to" || prev == "at") && (toks[i-2].low == "aiming" || toks[i-2].low == "goal" || toks[i-2].low == "target" || toks[i-2].low == "get") {
			return "", false // a goal, not a weight
		}
		if prev == "lost" || prev == "gained" || prev == "lose" || prev == "gain" || prev == "put" || prev == "another" {
			return "", false // what changed, not what it is
		}
		switch {
		case cue:
			return v, true
		case unit != "" && i > 0 && (prev == "'m" || prev == "am") && i > 1 && toks[i-2].low == "i":
			return v, true // "I'm 81kg now"
		case unit != "" && i > 0 && prev == "to" && i > 1 && (toks[i-2].low == "down" || toks[i-2].low == "up") && subjectless(toks, i-2):
			return v, true // "Down to 80.5kg this morning!"
		}
		return "", false
	}
	return "", false
}

// subjectless: nothing but openers stand before i ("Down to", "Finally
// down to", "Yay, down to").
func subjectless(toks []tok, i int) bool {
	for _, t := range toks[:i] {
		if t.kind == tWord && !openers[t.low] {
			return false
		}
	}
	return true
}

// openers may stand before a subjectless measure.
var openers = set(`finally yay so now and phew ok okay well just officially today this morning`)

// dose: a medicine and the dose the speaker takes of it. The medicine is
// the word after "of" ("100mg of sertraline"), before the dose
// ("sertraline 50mg"), or the one a dose verb names ("upped my sertraline
// to 100mg"); the dose named after "to" wins over the one after "from".
func dose(toks []tok) (string, string, bool) {
	first := false
	for _, t := range toks {
		if t.low == "i" || t.low == "me" || t.low == "my" {
			first = true
		}
	}
	if !first {
		return "", "", false
	}
	var drug, val string
	for i := 0; i < len(toks); i++ {
		v, unit, n, ok := quantity(toks, i, doseUnits)
		if !ok || unit == "" {
			continue
		}
		if i > 0 && toks[i-1].low == "from" {
			continue // "from 50mg to 100mg": the old dose
		}
		d := ""
		if j := i + n; j+1 < len(toks) && toks[j].low == "of" && isDrugWord(toks[j+1]) {
			d = toks[j+1].low
		} else if i > 0 && isDrugWord(toks[i-1]) {
			d = toks[i-1].low
		} else if i > 1 && toks[i-1].low == "," && isDrugWord(toks[i-2]) {
			d = toks[i-2].low // "my thyroid pill is levothyroxine, 50mcg"
		} else {
			d = dosedDrug(toks, i)
		}
		if d == "" {
			continue
		}
		if d == "vitamin" {
			d = vitaminOf(toks)
		}
		drug, val = d, v
		if i > 0 && toks[i-1].low == "to" {
			break
		}
	}
	return drug, val, drug != ""
}

// dosedDrug: the medicine a dose verb names before the dose at i:
// "upped my sertraline (dose) to 100mg", "put me on sertraline at 50mg".
func dosedDrug(toks []tok, i int) string {
	for k := i - 1; k > 0; k-- {
		if (toks[k].low == "dose" || toks[k].low == "dosage") && isDrugWord(toks[k-1]) {
			return toks[k-1].low // "my sertraline dose is 100mg"
		}
	}
	for k := i - 1; k >= 0 && k >= i-6; k-- {
		if doseVerbs[toks[k].low] {
			for j := k + 1; j < i; j++ {
				if isDrugWord(toks[j]) && toks[j-1].low != "to" {
					return toks[j].low
				}
			}
			return ""
		}
	}
	return ""
}

// isDrugWord: a word that may name a medicine.
func isDrugWord(t tok) bool {
	return t.kind == tWord && len(t.low) > 3 && !notDrugs[t.low] && !doseVerbs[t.low] && !weightCues[t.low]
}

// countWords are the small numbers said in words.
var countWords = set(`one two three four five six seven eight nine ten eleven twelve fifteen twenty`)

// isCount: a number, in digits or words.
func isCount(t tok) bool { return t.kind == tNum || countWords[t.low] }

// countBackTo reads the count of "back to four", "down to 3", "up to
// six" after a "be", where the clause took "back", "down" or "up" (and
// maybe "to") as its particle. It returns where the count starts.
func countBackTo(toks []tok, particle string, from int) (int, bool) {
	if from < 0 {
		return 0, false
	}
	switch particle {
	case "back to", "down to", "up to":
	case "back", "down", "up":
		if from >= len(toks) || toks[from].low != "to" {
			return 0, false
		}
		from++
	default:
		if from+1 < len(toks) && (toks[from].low == "back" || toks[from].low == "down") && toks[from+1].low == "to" {
			from += 2
			break
		}
		return 0, false
	}
	return from, from < len(toks) && isCount(toks[from])
}

// isCountValue: a value that is only a count ("five", "12"), perhaps of
// people ("six engineers", "8 people").
func isCountValue(v string) bool {
	ts := tokenize(v)
	switch {
	case len(ts) == 1:
		return isCount(ts[0])
	case len(ts) == 2:
		return isCount(ts[0]) && ts[1].kind == tWord && (strings.HasSuffix(ts[1].low, "s") || ts[1].low == "people" || ts[1].low == "staff")
	}
	return false
}

// vitaminOf names the vitamin of a sentence ("vitamin D", "vitamin B12").
func vitaminOf(toks []tok) string {
	for k := 0; k+1 < len(toks); k++ {
		if toks[k].low == "vitamin" && len(toks[k+1].low) <= 3 {
			return "vitamin " + toks[k+1].low
		}
	}
	return "vitamin"
}
