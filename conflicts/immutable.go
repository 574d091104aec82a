package conflicts

import (
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// immutablePhrases name attributes a subject is given once and never
// changes: a birthday, a date or place of birth, a blood type, a native
// language, a maiden name. A later different value of one is not news but a contradiction
// (one of the two is wrong), unless the incoming claim is worded as a
// correction.
var immutablePhrases = [][]string{
	{"birthday"}, {"birthdate"}, {"dob"}, {"birthplace"}, {"birth", "date"}, {"birth", "place"},
	{"date", "of", "birth"}, {"place", "of", "birth"}, {"country", "of", "birth"},
	{"born"}, {"blood", "type"}, {"blood", "group"}, {"native", "language"},
	{"first", "language"}, {"mother", "tongue"}, {"native", "tongue"},
	{"maiden", "name"}, {"birth", "name"}, {"name", "at", "birth"},
}

// immutable reports whether the slot of view v (of memory m) never
// changes, and whether it is "born": where and when someone was born are
// two slots told apart by the value.
func immutable(v view, m schema.Memory) (ok, born bool) {
	if sk := key(m.Subject); len(sk) > 0 && sk[len(sk)-1] == "anniversary" && m.Attribute == "is" {
		// "our anniversary is the 14th of june": the date of a wedding,
		// not of an anniversary dinner, which may move
		return true, false
	}
	ws := strings.Fields(v.subj + " " + v.attr + " " + strings.Join(key(m.Subject), " ") + " " + strings.Join(key(m.Attribute), " "))
	for _, p := range immutablePhrases {
		if containsSeq(ws, p) {
			return true, p[0] == "born"
		}
	}
	return false, false
}

// immutableTopic: the topic's words (topicWords, in their normal form)
// hold a phrase of immutablePhrases (its topic words) other than "born",
// whose date and place the topic reading does not tell apart.
func immutableTopic(topic map[string]bool) bool {
	for _, p := range immutablePhrases {
		if p[0] == "born" {
			continue
		}
		n, all := 0, true
		for _, w := range p {
			if topicDrop[w] || w == "name" {
				continue // "name" goes with the value it names: "maiden" says it
			}
			n++
			all = all && topic[stem(w)]
		}
		if n > 0 && all {
			return true
		}
	}
	return false
}

// containsSeq: p occurs in ws as consecutive words.
func containsSeq(ws, p []string) bool {
	for i := 0; i+len(p) <= len(ws); i++ {
		match := true
		for j := range p {
			if ws[i+j] != p[j] {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// dateLike: the value names a date or a year ("1988", "3 May", "in
// spring"), not a place.
func dateLike(s string) bool {
	for _, w := range key(s) {
		if calendarWords[w] || yearWord(w) {
			return true
		}
		switch w {
		case "spring", "summer", "autumn", "fall", "winter":
			return true
		}
	}
	return false
}
