package rules

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// An ordinal that numbers a thing ("the 2nd floor") is not a day; one
// that stands alone or before a month is.
func TestOrdinalNounsAreNotDates(t *testing.T) {
	tests := []struct {
		text string
		date string
	}{
		{"The printer on the 2nd floor is broken.", ""},
		{"We're celebrating our 10th anniversary.", ""},
		{"The school trip is on the 30th.", "2023-05-30"},
		{"The school trip is on the 30th of May.", "2023-05-30"},
		{"The school trip is on the 30th at 5pm.", "2023-05-30"},
		// alone, standing for a day: at the sentence's start, or after a
		// verb in the past, before no noun of its own
		{"The 4th was our tenth anniversary, we went to Dishoom for dinner.", "2023-05-04"},
		{"We celebrated the 2nd at my cousin's place.", "2023-05-02"},
		{"I live on the 4th floor.", ""},
		{"She finished the 4th and was thrilled.", ""},
		{"Henry the 8th was a king.", ""},
	}
	for _, tt := range tests {
		ms := extract(t, tt.text)
		if len(ms) != 1 {
			t.Fatalf("%q: %d memories", tt.text, len(ms))
		}
		if got := day(ms[0].ValidFrom); got != tt.date {
			t.Errorf("%q dated %q, want %q", tt.text, got, tt.date)
		}
	}
}

// A common noun keeps the phrase that says which one it is; a name does
// not need it.
func TestSubjectKeepsItsModifier(t *testing.T) {
	tests := map[string]string{
		"The printer on the 2nd floor is broken.": "printer on the 2nd floor",
		"The meeting with Legal is at noon.":      "meeting with legal",
		"Marta from Globex emailed me.":           "marta",
		// a reason given first is said of its own subject
		"since Camille is 34 the midwife wanted a couple of extra tests": "camille",
		"Because Tom is away, the meeting moved to Friday.":              "tom",
	}
	for text, want := range tests {
		ms := extract(t, text)
		if len(ms) == 0 || ms[0].Subject != want {
			t.Errorf("%q: subject %v, want %q", text, ms, want)
		}
	}
}

// Days of the week in the plural are times, not names.
func TestWeekdayPluralsAreNotEntities(t *testing.T) {
	for _, m := range extract(t, "The gym closes early on Sundays and Mondays.") {
		for _, e := range m.Entities {
			t.Errorf("unexpected entity %q (%s)", e.Name, e.Kind)
		}
	}
}

// A possessor before a compound property stays in the subject: a son's
// shoe size is not a daughter's; the speaker's own "my" or "our" does not.
func TestPossessorKeepsCompoundProperty(t *testing.T) {
	tests := []struct{ text, subj, attr string }{
		{"My son's shoe size is 3.", "user's son's shoe", "size"},
		{"My daughter's shoe size is 5.", "user's daughter's shoe", "size"},
		{"Nadia's shoe size is 4.", "nadia's shoe", "size"},
		{"Our API version is 3.", "api", "version"},
	}
	for _, tt := range tests {
		ms := extract(t, tt.text)
		if len(ms) == 0 || ms[0].Subject != tt.subj || ms[0].Attribute != tt.attr {
			t.Errorf("%q: %v, want subject %q attribute %q", tt.text, ms, tt.subj, tt.attr)
		}
	}
}

// An obligation worded with "got to", or what someone said they would do,
// is a commitment when it says by when; without the deadline, or when
// what they would do is to be somewhere or to like something, it is not.
func TestCommitmentsInOtherWords(t *testing.T) {
	tests := []struct {
		text       string
		commitment bool
	}{
		{"I've got to submit my visa application by 15 May.", true},
		{"gotta get the car through its MOT by Friday", true},
		{"Kate said she'd send over the wedding photos by Wednesday.", true},
		{"I got to Paris by Friday.", false},
		{"Kate said she'd be there by 6.", false},
		{"He said he'd love to come by Friday.", false},
		{"Tom said he'd fix the fence.", false},
	}
	for _, tt := range tests {
		ms := extract(t, tt.text)
		if len(ms) != 1 || (ms[0].Type == schema.TypeCommitment) != tt.commitment {
			var got []schema.MemoryType
			for _, m := range ms {
				got = append(got, m.Type)
			}
			t.Errorf("%q typed %v, want a commitment: %v", tt.text, got, tt.commitment)
		}
	}
}

// The gazetteer leaves out the cities whose names are ordinary words.
func TestGazetteerPlaces(t *testing.T) {
	if gazetteerPlaces["reading"] || gazetteerPlaces["mobile"] || !gazetteerPlaces["jaipur"] || len(gazetteerPlaces) < 30000 {
		t.Errorf("gazetteer: reading %v, mobile %v, jaipur %v, %d names", gazetteerPlaces["reading"], gazetteerPlaces["mobile"], gazetteerPlaces["jaipur"], len(gazetteerPlaces))
	}
}

// The gazetteer knows the larger cities' other names, accents or none.
func TestGazetteerOtherNames(t *testing.T) {
	for _, n := range []string{"bombay", "philly", "münchen", "munchen", "são paulo", "sao paulo"} {
		if !isGazetteerPlace(n) {
			t.Errorf("%q is not a place", n)
		}
	}
	for text, want := range map[string]schema.EntityKind{
		"We flew into Bombay on Monday.":  schema.KindPlace,
		"Philly was freezing last night.": schema.KindPlace,
	} {
		ms := extract(t, text)
		if len(ms) != 1 || len(ms[0].Entities) != 1 || ms[0].Entities[0].Kind != want {
			t.Errorf("%q: %+v, want one %s", text, ms, want)
		}
	}
}

// A month is no entity; a name said to be someone's relation or role is a
// person's ("Kuba Nowak is my new manager"), an animal's is not.
func TestMonthsAndRoles(t *testing.T) {
	for text, want := range map[string][]schema.Mention{
		"Jakub Nowak approved my leave for March.": {{Name: "Jakub Nowak", Kind: schema.KindPerson}},
		"Kuba Nowak is my new manager at work.":    {{Name: "Kuba Nowak", Kind: schema.KindPerson}},
		"Ines was our old neighbour in Porto.":     {{Name: "Ines", Kind: schema.KindPerson}, {Name: "Porto", Kind: schema.KindPlace}},
		"Rex is my dog.":                           {{Name: "Rex", Kind: schema.KindOther}},
		"June is my aunt.":                         {{Name: "June", Kind: schema.KindPerson}},
	} {
		ms := extract(t, text)
		if len(ms) != 1 || !slices.Equal(ms[0].Entities, want) {
			t.Errorf("%q: %+v, want entities %v", text, ms, want)
		}
	}
}

// To pick something up is to collect it; to pick one is to choose it.
func TestPickedUpIsNoChoice(t *testing.T) {
	for text, want := range map[string]schema.MemoryType{
		"I picked up my residence permit from the office on Thursday.": schema.TypeEvent,
		"We picked Kafka.": schema.TypeDecision,
	} {
		if ms := extract(t, text); len(ms) != 1 || ms[0].Type != want {
			t.Errorf("%q: %v, want one %s", text, ms, want)
		}
	}
}

// A commitment is due at its earliest "by": "it isn't due till next year,
// I'll submit it by 12 August" is due 12 August.
func TestCommitmentDueAtItsEarliestBy(t *testing.T) {
	ms := extract(t, "The final report isn't due till next year, I'll submit it by 12 August.")
	if len(ms) != 1 || ms[0].Type != schema.TypeCommitment || day(ms[0].ValidTo) != "2023-08-13" {
		t.Fatalf("got %+v, want one commitment due 2023-08-13", ms)
	}
}

// A person's weight and a medicine's dose are one slot each, whatever the
// verb; what is someone else's, a goal, or past is not read as one.
func TestMeasuresOfTheSpeaker(t *testing.T) {
	tests := []struct{ text, subject, attribute, value string }{
		{"I weigh 82kg at the moment and I'm aiming for 76 by the summer.", "user", "weight", "82kg"},
		{"Down to 80.5kg this morning!", "user", "weight", "80.5kg"},
		{"Weighed in at 78.2 this morning.", "user", "weight", "78.2"},
		{"I'm 81 kg now.", "user", "weight", "81 kg"},
		{"Dr Evans upped my sertraline to 100mg today.", "user", "sertraline dose", "100mg"},
		{"My GP put me on sertraline 50mg in November.", "user", "sertraline dose", "50mg"},
		{"My sertraline dose is 100mg.", "user", "sertraline dose", "100mg"},
		{"They cut my citalopram from 20mg to 10mg.", "user", "citalopram dose", "10mg"},
		{"I take 1000 IU of vitamin D daily.", "user", "vitamin d dose in IU", "1000 IU"},
		{"Kofi left, so we're back to four.", "we", "headcount", "four"},
	}
	for _, tt := range tests {
		ms := extract(t, tt.text)
		found := false
		for _, m := range ms {
			found = found || m.Subject == tt.subject && m.Attribute == tt.attribute && m.Value == tt.value
		}
		if !found {
			t.Errorf("%q: no memory %s / %s / %s in %+v", tt.text, tt.subject, tt.attribute, tt.value, ms)
		}
	}
	for _, text := range []string{
		"The suitcase weighs 23kg.",
		"My son weighs 20kg.",
		"I'm trying to get my weight down to 75 kg.",
		"I used to weigh 95kg.",
		"My daughter takes 5mg of melatonin.",
		"I also take metformin 500 mg with my evening meal.",
		"I can take up to 400mg of ibuprofen.",
	} {
		for _, m := range extract(t, text) {
			if m.Attribute == "weight" || strings.HasSuffix(m.Attribute, " dose") {
				t.Errorf("%q read as the speaker's %s (%s)", text, m.Attribute, m.Value)
			}
		}
	}
}

// A statement before a question in one sentence is kept: "VHS German again
// tonight — does anyone understand Konjunktiv II?"; a sentence that asks
// from its first word is not a statement.
func TestStatementBeforeAQuestion(t *testing.T) {
	for _, tt := range []struct{ text, claim string }{
		{"VHS German again tonight (Tues and Thurs, every week) — does anyone actually understand Konjunktiv II?", "VHS German again tonight (Tues and Thurs, every week)"},
		{"When people ask, 8 hours is $3,800 — should I put that on my website?", "When people ask, 8 hours is $3,800"},
		{"I'm on 98k, how do I make the case for a raise?", "I'm on 98k"},
		{"Is it true that the launch is Friday - or was it moved?", ""},
		{"What do you think of Lisbon?", ""},
	} {
		ms := extract(t, tt.text)
		got := ""
		if len(ms) > 0 {
			got = ms[0].Claim
		}
		if got != tt.claim {
			t.Errorf("%q: claim %q, want %q", tt.text, got, tt.claim)
		}
	}
}

// A weekday said as a routine ("ballet on Saturday mornings") dates no one
// day; a weekday morning said once does.
func TestRoutineWeekdaysAreNotDates(t *testing.T) {
	for _, tt := range []struct{ text, date string }{
		{"Mia has ballet on Saturday mornings.", ""},
		{"The running club meets on Thursday evenings at the leisure centre.", ""},
		{"We met on Saturday morning.", "2023-05-06"},
	} {
		ms := extract(t, tt.text)
		if len(ms) == 0 {
			t.Fatalf("%q: no memories", tt.text)
		}
		if got := day(ms[0].ValidFrom); got != tt.date {
			t.Errorf("%q dated %q, want %q", tt.text, got, tt.date)
		}
	}
}

// Slots from a sixth person's messages: a labelled event's subject, a
// denial without "I'm", a team's headcount.
func TestSixthPersonsSlots(t *testing.T) {
	for _, tt := range []struct{ text, subject, attribute, value string }{
		{"The Q2 planning offsite is on 23 March in Manchester.", "q2 planning offsite", "is", "23 March"},
		{"Not allergic to penicillin after all, the allergy test came back clear!", "user", "is allergic to", "penicillin"},
		{"We hired two more engineers, so the platform team is eight now.", "platform team", "headcount", "eight"},
		{"The platform team is six engineers.", "platform team", "headcount", "six engineers"},
	} {
		found := false
		for _, m := range extract(t, tt.text) {
			found = found || m.Subject == tt.subject && m.Attribute == tt.attribute && m.Value == tt.value
		}
		if !found {
			t.Errorf("%q: no memory %s / %s / %s", tt.text, tt.subject, tt.attribute, tt.value)
		}
	}
	if ms := extract(t, "Not allergic to penicillin after all."); len(ms) == 0 || !ms[0].Negated || !ms[0].Correction {
		t.Errorf("'Not allergic to penicillin after all.': %+v, want a negated correction", ms)
	}
}

// Contractions typed without their apostrophe ("im", "dont") are read as
// contractions; words that would be something else without it ("ill",
// "were", "its") are left alone.
func TestContractionsWithoutApostrophes(t *testing.T) {
	for _, tt := range []struct {
		text, subject, attribute, value string
		neg                             bool
	}{
		{"im 28 now", "user", "is", "28", false},
		{"i dont eat meat", "user", "eats", "meat", true},
		{"I'm 28 now", "user", "is", "28", false},
	} {
		ms := extract(t, tt.text)
		if len(ms) == 0 || ms[0].Subject != tt.subject || ms[0].Attribute != tt.attribute || ms[0].Value != tt.value || ms[0].Negated != tt.neg {
			t.Errorf("%q: %+v, want %s / %s / %s negated %v", tt.text, ms, tt.subject, tt.attribute, tt.value, tt.neg)
		}
	}
	for _, w := range []string{"ill", "were", "its", "wont", "id"} {
		if ts := tokenize(w); len(ts) != 1 {
			t.Errorf("%q split into %d tokens", w, len(ts))
		}
	}
}

// An introduction after a greeting is kept ("Hi, I'm Hannah", "Hello, my
// name is Hannah"), with an age said beside the name; a greeting to
// someone else ("Hi Mel, I'm so glad") is still chitchat.
func TestIntroductionAfterAGreeting(t *testing.T) {
	for _, tt := range []struct {
		text   string
		values []string
	}{
		{"Hi, I'm Hannah.", []string{"Hannah"}},
		{"Hello, my name is Hannah.", []string{"Hannah"}},
		{"Hi there, I live in Leeds.", []string{"Leeds"}},
		{"Hi, I'm Hannah, 38, I run a studio.", []string{"Hannah", "38"}},
		{"hey! im mia, 27, living in leeds", []string{"mia", "27"}},
		{"Hi Mel, I'm so glad for you!", nil},
		{"Hi, how are you?", nil},
	} {
		var got []string
		for _, m := range extract(t, tt.text) {
			got = append(got, m.Value)
		}
		if !slices.Equal(got, tt.values) {
			t.Errorf("%q: values %q, want %q", tt.text, got, tt.values)
		}
	}
}

// An age said beside a name in brackets, of "he" or "she" for the last
// person named, or of the speaker as "a 70-year-old" is that person's
// age; a number that is another measure, or a pronoun after another name
// in its sentence, gives none.
func TestAgesInOtherShapes(t *testing.T) {
	for _, tt := range []struct {
		text string
		want []string // "subject=age"
	}{
		{"Two kids: Sarah (38) lives in Pt Chevalier, and Tom (41) is over in Brisbane.", []string{"sarah=38", "tom=41"}},
		{"Tom flew over with his girls. Can't believe he's 44, where does the time go", []string{"tom=44"}},
		{"My sister Anjali visits in March. She is 29 and has never seen snow.", []string{"anjali=29"}},
		{"as a 70-year-old I shouldn't climb ladders, Kenji says.", []string{"user=70"}},
		{"since Camille is 34 the midwife wanted a couple of extra tests", []string{"camille=34"}},
		{"Anjali is visiting. She's 29 weeks pregnant.", nil},
		{"Tom flew over. Then Sarah said he's 44.", nil},
		{"Ward 7 (12) is closed.", nil},
		{"The Annex (12) is closed for repairs.", nil},
		{"He's 44.", nil}, // nobody named before
	} {
		var got []string
		for _, m := range extract(t, tt.text) {
			if _, err := strconv.Atoi(m.Value); err == nil && m.Attribute == "is" {
				got = append(got, m.Subject+"="+m.Value)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q: ages %q, want %q", tt.text, got, tt.want)
		}
	}
}
