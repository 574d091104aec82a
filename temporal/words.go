package temporal

import (
	"strconv"
	"strings"
	"time"
)

var monthNames = map[string]time.Month{
	"january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6,
	"july": 7, "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
}

// monthAbbrevs are read as months only beside a number or after a strong
// cue: "Jan" is also a name, "Mar" a verb.
var monthAbbrevs = map[string]time.Month{
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8,
	"sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}

var weekdayNames = map[string]time.Weekday{
	"monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday,
	"thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday, "sunday": time.Sunday,
}

var seasonNames = map[string]season{
	"spring": spring, "summer": summer, "autumn": autumn, "fall": autumn, "winter": winter,
}

var numberWords = map[string]int{
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
	"fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
	"nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
}

// unitNames maps calendar unit words to their granularity; fortnights are
// counted in days (unitOf).
var unitNames = map[string]Granularity{
	"day": Day, "days": Day, "week": Week, "weeks": Week,
	"month": Month, "months": Month, "year": Year, "years": Year,
}

// monthCues may stand before a bare month name ("in May").
var monthCues = map[string]bool{
	"in": true, "last": true, "next": true, "this": true, "early": true, "late": true,
	"mid": true, "since": true, "before": true, "after": true, "until": true, "till": true,
	"by": true, "of": true, "during": true, "from": true, "through": true, "throughout": true,
	"between": true, "around": true, "and": true, "to": true, "or": true, "every": false,
}

// abbrevCues are the stronger cues a month abbreviation needs.
var abbrevCues = map[string]bool{
	"in": true, "since": true, "during": true, "last": true, "next": true, "this": true,
	"early": true, "late": true, "mid": true, "until": true, "till": true,
}

// yearCues may stand before a bare year ("in 2023").
var yearCues = map[string]bool{
	"in": true, "since": true, "during": true, "of": true, "by": true, "before": true,
	"after": true, "until": true, "till": true, "throughout": true, "from": true,
	"early": true, "late": true, "mid": true, "year": true, "through": true, "around": true,
}

// seasonCues may stand before a bare season ("in summer", "over the winter").
var seasonCues = map[string]bool{
	"in": true, "during": true, "over": true, "since": true, "until": true, "till": true,
	"before": true, "after": true, "by": true, "throughout": true, "through": true,
}

// ordinal parses "1st", "22nd", "8th"; 0 if s is not one.
func ordinal(s string) int {
	if len(s) < 3 || len(s) > 4 {
		return 0
	}
	suf := s[len(s)-2:]
	if suf != "st" && suf != "nd" && suf != "rd" && suf != "th" {
		return 0
	}
	n, err := strconv.Atoi(s[:len(s)-2])
	if err != nil || n < 1 || n > 31 {
		return 0
	}
	return n
}

// ordinalWords are the days of a month in ordinal words ("the ninth",
// "the twenty-first").
var ordinalWords = func() map[string]int {
	m := map[string]int{
		"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
		"eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
		"fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
		"nineteenth": 19, "twentieth": 20, "thirtieth": 30, "thirty-first": 31,
	}
	for w, n := range m {
		if n < 10 {
			m["twenty-"+w] = 20 + n
		}
	}
	return m
}()

// MonthName reads a month's name, "March", or its abbreviation, "Mar" or
// "Sept" (abbrev true: read it as a month only beside a day or a year,
// since "Jan" is also a name and "mar" a verb). w is in lower case.
func MonthName(w string) (m time.Month, abbrev, ok bool) {
	if m, ok := monthNames[w]; ok {
		return m, false, true
	}
	m, ok = monthAbbrevs[w]
	return m, true, ok
}

// DayOfMonth reads a day of a month in figures, as an ordinal or in words:
// "9", "9th", "ninth", "twenty-first". w is in lower case.
func DayOfMonth(w string) (int, bool) {
	if d := ordinal(w); d > 0 {
		return d, true
	}
	if d, ok := ordinalWords[w]; ok {
		return d, true
	}
	if len(w) == 0 || len(w) > 2 {
		return 0, false
	}
	d, err := strconv.Atoi(w)
	return d, err == nil && d >= 1 && d <= 31
}

// Tense markers, read around an expression whose reading depends on tense.
var futureWords = map[string]bool{
	"will": true, "shall": true, "gonna": true, "plan": true, "plans": true, "planning": true,
	"intend": true, "intends": true, "tomorrow": true, "upcoming": true, "soon": true,
	"won't": true, "hope": true, "hoping": true, "scheduled": true, "expect": true, "expecting": true,
	"want": true, "wants": true, "going": true, "need": true, "needs": true, "must": true,
	"should": true, "let's": true, "remind": true, "due": true, "deadline": true,
	"would": true, "i'd": true, "we'd": true, "she'd": true, "he'd": true, "they'd": true,
}

// scheduleWords are timetable verbs whose simple present speaks of what is
// to come: "the shop opens in February", "our twins begin nursery in
// January" mean the coming February and January. Base forms that are also
// nouns ("the start", "the end") are read as verbs only away from a
// determiner (markerAt).
var scheduleWords = map[string]bool{
	"begin": true, "begins": true, "start": true, "starts": true, "open": true, "opens": true,
	"reopen": true, "reopens": true, "closes": true, "ends": true, "launch": true, "launches": true,
	"finishes": true, "resume": true, "resumes": true, "arrive": true, "arrives": true,
	"depart": true, "departs": true, "lands": true, "expires": true, "renews": true, "kicks": true,
	// travel booked: "we fly out on 20 January", "she leaves on the 3rd"
	"fly": true, "flies": true, "leave": true, "leaves": true, "sail": true, "sails": true,
	// an age reached: "oisín turns 2 on the 9th of march"
	"turns": true,
}

var pastWords = map[string]bool{
	"was": true, "were": true, "did": true, "had": true, "went": true, "ago": true,
	"yesterday": true, "didn't": true, "wasn't": true, "weren't": true, "hadn't": true,
	"came": true, "saw": true, "met": true, "got": true, "made": true, "took": true,
	"gave": true, "found": true, "told": true, "said": true, "thought": true, "left": true,
	"felt": true, "bought": true, "brought": true, "began": true, "ran": true, "wrote": true,
	"spoke": true, "ate": true, "drank": true, "flew": true, "drove": true, "rode": true,
	"sold": true, "sent": true, "spent": true, "built": true, "lost": true, "won": true,
	"paid": true, "heard": true, "kept": true, "held": true, "stood": true, "knew": true,
	"grew": true, "threw": true, "chose": true, "broke": true, "forgot": true, "sat": true,
	"slept": true, "swam": true, "sang": true, "taught": true, "caught": true, "fought": true,
	"wore": true, "became": true, "fell": true, "led": true, "shipped": true, "been": true,
}

// edExceptions end in -ed without being past tenses.
var edExceptions = map[string]bool{
	"need": true, "bed": true, "red": true, "shed": true, "speed": true, "indeed": true,
	"embed": true, "seed": true, "feed": true, "weed": true, "breed": true, "sled": true,
	"wed": true, "ted": true, "ned": true, "fred": true, "ed": true, "bred": true, "fled": false,
	"scheduled": true, "expected": true, "supposed": true, "planned": true,
	// a booking's date is the time booked, mostly one to come: "booked
	// mama's cardiologist at Iloilo Doctors', June 4"
	"booked": true, "rebooked": true, "reserved": true,
}

func isPastWord(w string) bool {
	if pastWords[w] {
		return true
	}
	if edExceptions[w] || len(w) < 4 || !strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "eed") {
		return false
	}
	return true
}

func isFutureWord(w string) bool {
	return futureWords[w] || strings.HasSuffix(w, "'ll")
}

// ownerWords before "last", "next" or "this" make the period someone's,
// not one counted from today ("her last year", "my next week off").
var ownerWords = map[string]bool{"my": true, "her": true, "his": true, "our": true, "their": true, "your": true, "its": true}
