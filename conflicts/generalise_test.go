package conflicts

import (
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// The general rules of subject.go, paraphrase.go, exclusive.go and
// when.go, each with cases that must and must not match.
func TestGeneralRules(t *testing.T) {
	cor := func(m schema.Memory) schema.Memory { m.Correction = true; return m }
	said := func(m schema.Memory, c string) schema.Memory { m.Claim = c; return m }
	ent := func(m schema.Memory, name string, k schema.EntityKind) schema.Memory {
		m.Entities = append(m.Entities, schema.Mention{Name: name, Kind: k})
		return m
	}
	on := func(m schema.Memory, day time.Time) schema.Memory { m.ValidFrom = &day; return m }
	date := func(mon time.Month, d int) time.Time { return time.Date(2024, mon, d, 0, 0, 0, 0, time.UTC) }
	sameDay := func(h int) *time.Time { t := time.Date(2024, 3, 5, h, 0, 0, 0, time.UTC); return &t }
	bare := func(c string, when *time.Time) schema.Memory { return schema.Memory{Claim: c, SaidAt: when} }
	neg := func(m schema.Memory) schema.Memory { m.Negated = true; return m }
	tests := []struct {
		name               string
		existing, incoming schema.Memory
		want               Relation
	}{
		// change modifiers and possessives on a subject
		{"a new holder of a role", mem("the cat's sitter", "is", "Mrs Holt", at(1)), mem("cat", "new sitter", "Mr Brae", at(20)), Supersedes},
		{"a new holder said the same day", mem("cat's sitter", "is", "Mrs Holt", sameDay(9)), mem("cat", "new sitter", "Mr Brae", sameDay(10)), Supersedes},
		{"the same holder again", mem("cat's sitter", "is", "Mrs Holt", at(1)), mem("cat", "current sitter", "Mrs Holt", at(20)), Duplicate},
		{"a new thing that is not a name is not a role", mem("cat", "new toy", "a ball", at(1)), mem("cat", "new toy", "a mouse", at(20)), Unrelated},
		{"New York is a name, not a change", mem("New York office", "is", "Mr Park", at(1)), mem("office", "is", "Mr Lee", at(20)), Unrelated},
		{"has a new role, named", said(mem("lars", "has", "new physio", at(20)), "Lars has a new physio, Ms Ruiz."), mem("lars's physio", "is", "Mr Dunn", at(1)), SupersededBy},
		{"has a new thing, no name", said(mem("lars", "has", "new physio", at(20)), "Lars has a new physio."), mem("lars's physio", "is", "Mr Dunn", at(1)), Unrelated},
		// kinship appositives
		{"a kinship appositive is the name", ent(mem("my uncle Bert", "lives in", "Leeds", sameDay(9)), "Bert", schema.KindPerson), ent(mem("Bert", "lives in", "York", sameDay(10)), "Bert", schema.KindPerson), Contradicts},
		{"a kinship word alone stays", mem("my uncle", "lives in", "Leeds", sameDay(9)), mem("Bert", "lives in", "York", sameDay(10)), Unrelated},
		// singular and plural
		{"a plural property and value", mem("gran", "favourite flower", "the peony", at(1)), mem("gran", "favourite flowers", "peonies", at(20)), Duplicate},
		{"a plural property, another value", mem("gran", "favourite colour", "blue", at(1)), mem("gran", "favourite colours", "green", at(20)), Supersedes},
		// agent nouns
		{"a verb and its agent noun", mem("bea", "drives", "a bus", at(1)), mem("bea", "is", "a bus driver", at(20)), Duplicate},
		{"teaches is a teacher, with a place", mem("priti", "teaches", "maths at Greenfield", at(1)), mem("priti", "is", "a maths teacher at Greenfield", at(20)), Duplicate},
		{"an instrument and its player", mem("tom", "plays", "bass in a jazz trio", at(1)), mem("tom", "is", "the bassist in a jazz trio", at(20)), Duplicate},
		{"an instrument ending in a vowel", mem("tom", "plays", "the cello", at(1)), mem("tom", "is", "a cellist", at(20)), Duplicate},
		{"drums and a drummer", mem("tom", "plays", "drums", at(1)), mem("tom", "is", "a drummer", at(20)), Duplicate},
		{"a game and its player", mem("tom", "plays", "rugby", at(1)), mem("tom", "is", "a rugby player", at(20)), Duplicate},
		{"another instrument's player", mem("tom", "plays", "bass in a jazz trio", at(1)), mem("tom", "is", "the pianist in a jazz trio", at(20)), Unrelated},
		{"the same instrument elsewhere", mem("tom", "plays", "bass in a jazz trio", at(1)), mem("tom", "is", "the bassist in an orchestra", at(20)), Unrelated},
		{"a denial is not a paraphrase", mem("bea", "drives", "a bus", at(1)), neg(mem("bea", "is", "a bus driver", at(20))), Unrelated},
		// posture, fears, particles
		{"sits is is", mem("compost bin", "is", "behind the shed", at(1)), mem("compost bin", "sits", "behind the shed", at(20)), Duplicate},
		{"sits elsewhere", mem("compost bin", "is", "behind the shed", at(1)), mem("compost bin", "sits", "under the tree", at(20)), Unrelated},
		{"a fear said two ways", mem("nadia", "is", "afraid of spiders", at(1)), mem("nadia", "has", "a fear of spiders", at(20)), Duplicate},
		{"two fears", mem("nadia", "is", "scared of spiders", at(1)), mem("nadia", "has", "a phobia of heights", at(20)), Unrelated},
		{"a particle before for", mem("we", "saves for", "a new roof", at(1)), mem("we", "saves up", "for a new roof", at(20)), Duplicate},
		// moved things and where things are
		{"an agent moved a thing", said(mem("allotment hose", "is in", "shed", at(1)), "The allotment hose is in the shed."), said(mem("I", "moved", "the allotment hose to the greenhouse", at(2)), "I moved the allotment hose to the greenhouse."), Supersedes},
		{"a moved thing said the same day", said(mem("bike", "is in", "garage", sameDay(9)), "The bike is in the garage."), said(mem("we", "moved", "the bike into the cellar", sameDay(10)), "We moved the bike into the cellar."), Supersedes},
		{"another thing moved", said(mem("bike", "is in", "garage", at(1)), "The bike is in the garage."), said(mem("we", "moved", "the ladder to the cellar", at(2)), "We moved the ladder to the cellar."), Unrelated},
		{"a state is not a place", said(mem("drill", "is in", "use", sameDay(9)), "The drill is in use."), said(mem("drill", "is in", "stock", sameDay(10)), "The drill is in stock."), Unrelated},
		{"a named person in a group is not a place", ent(said(mem("gemma", "is in", "choir", sameDay(9)), "Gemma is in the choir."), "Gemma", schema.KindOther), ent(said(mem("gemma", "is in", "orchestra", sameDay(10)), "Gemma is in the orchestra."), "Gemma", schema.KindOther), Unrelated},
		{"a change read from the claim", mem("user's sertraline dose", "is", "50 mg", at(1)), bare("The doctor increased my sertraline dose to 100 mg.", at(20)), Supersedes},
		{"a change of another thing read from the claim", mem("user's sertraline dose", "is", "50 mg", at(1)), bare("The doctor increased my iron dose to 100 mg.", at(20)), Unrelated},
		{"out of order is broken", mem("lift", "is out of", "order", at(1)), mem("lift", "works", "", at(20)), Supersedes},
		{"a causative is the passive", on(mem("boiler", "was installed", "", at(1)), date(time.January, 1)), on(mem("we", "had", "the boiler installed", at(20)), date(time.January, 1)), Duplicate},
		{"a causative on another date", on(mem("boiler", "was serviced", "", at(1)), date(time.January, 1)), on(mem("we", "had", "the boiler serviced", at(20)), date(time.June, 1)), Unrelated},
		// prices and rates
		{"a price is what it costs", mem("broadband", "costs", "32 pounds a month", at(1)), mem("broadband price", "went up to", "36 pounds a month", at(20)), Supersedes},
		{"a percentage of a thing is its rate", mem("savings account", "pays", "4.1% interest", at(1)), mem("interest rate on savings account", "dropped to", "3.6%", at(20)), Supersedes},
		{"a rate of another account", mem("savings account", "pays", "4.1% interest", at(1)), mem("interest rate on current account", "dropped to", "0.1%", at(20)), Unrelated},
		{"amounts for different things", said(mem("we", "pays", "90 pounds a month", sameDay(9)), "We pay 90 pounds a month for council tax."), said(mem("we", "pays", "45 pounds a month", sameDay(10)), "We pay 45 pounds a month for water."), Unrelated},
		{"amounts for one thing", said(mem("we", "pays", "90 pounds a month", sameDay(9)), "We pay 90 pounds a month for council tax."), said(mem("we", "pays", "95 pounds a month", sameDay(10)), "We pay 95 pounds a month for council tax."), Contradicts},
		// exclusive adjectives
		{"male and female", mem("hamster", "is", "male", sameDay(9)), mem("hamster", "is", "female", sameDay(10)), Contradicts},
		{"fixed and variable", mem("mortgage rate", "is fixed", "", sameDay(9)), mem("mortgage rate", "is", "variable", sameDay(10)), Contradicts},
		{"hyphenated members", mem("job", "is", "full-time", sameDay(9)), mem("job", "is", "part-time", sameDay(10)), Contradicts},
		{"a later exclusive value is a change", mem("mortgage rate", "is", "fixed", at(1)), mem("mortgage rate", "is", "variable", at(20)), Supersedes},
		{"members of two sets", mem("hamster", "is", "male", sameDay(9)), mem("hamster", "is", "diesel", sameDay(10)), Unrelated},
		{"two words outside every set", mem("hamster", "is", "fluffy", sameDay(9)), mem("hamster", "is", "shy", sameDay(10)), Unrelated},
		// when: the same words but the time, and one upcoming occasion
		{"the same words but the time, together", bare("The kids' school starts at 8:45.", sameDay(9)), bare("The kids' school starts at 8:30.", sameDay(10)), Contradicts},
		{"the same words but the time, corrected", bare("The parents' meeting is at 6 pm.", sameDay(9)), cor(bare("My mistake, the parents' meeting is at 6:30 pm.", sameDay(10))), Supersedes},
		{"the same words but the time, apart", bare("The kids' school starts at 8:45.", at(1)), bare("The kids' school starts at 8:30.", at(20)), Unrelated},
		{"the same words but a place", bare("The kids' school starts at the gate.", sameDay(9)), bare("The kids' school starts at the hall.", sameDay(10)), Unrelated},
		{"past events are two occasions", bare("The book club met on 3 February.", sameDay(9)), bare("The book club met on 2 March.", sameDay(10)), Unrelated},
		{"one upcoming occasion", on(mem("piano exam", "is", "12 June", at(1)), date(time.June, 12)), on(mem("piano exam", "is", "19 June", at(15)), date(time.June, 19)), Contradicts},
		{"the first occasion has passed", on(mem("piano exam", "is", "12 June", at(1)), date(time.March, 2)), on(mem("piano exam", "is", "19 June", at(15)), date(time.March, 9)), Unrelated},
		{"dates too far apart", on(mem("book club", "is on", "3 May", at(1)), date(time.May, 3)), on(mem("book club", "is on", "7 June", at(15)), date(time.June, 7)), Unrelated},
		{"weekdays are not dates", on(mem("review", "is on", "Monday", at(1)), date(time.March, 25)), on(mem("review", "is on", "Friday", at(15)), date(time.March, 29)), Unrelated},
		// a venue and a named holder of a role
		{"a club meets in one place", mem("book club", "meets at", "Clara's house", at(1)), mem("book club", "meets at", "the library", at(20)), Supersedes},
		{"a person meets in many places", ent(mem("anna", "meets at", "the library", at(1)), "Anna", schema.KindPerson), ent(mem("anna", "meets at", "the pub", at(20)), "Anna", schema.KindPerson), Unrelated},
		{"two names for one role", ent(mem("petra", "is", "the treasurer of the club", sameDay(9)), "Petra", schema.KindPerson), ent(mem("hannes", "is", "the treasurer of the club", sameDay(10)), "Hannes", schema.KindOther), Contradicts},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Compare(tt.existing, tt.incoming); got.Relation != tt.want {
				t.Errorf("Compare = %s, want %s (%s)", got.Relation, tt.want, got.Reason)
			}
		})
	}
}

// Hostile input: nothing panics, nothing unrelated becomes a conflict.
func TestHostileInput(t *testing.T) {
	long := strings.Repeat("the rabbit's new vet is Dr Okafor and ", 2000)
	ctl := "The rabbit\x00's vet\x07 is\x1b[31m Dr Okafor\r\n"
	cases := []struct {
		name               string
		existing, incoming schema.Memory
		not                []Relation
	}{
		{"empty claims", schema.Memory{}, schema.Memory{}, []Relation{Supersedes, SupersededBy, Contradicts, Duplicate}},
		{"empty against full", schema.Memory{}, mem("rabbit's vet", "is", "Dr Okafor", at(1)), []Relation{Supersedes, SupersededBy, Contradicts}},
		{"very long claims", schema.Memory{Claim: long, Subject: long, Attribute: long, Value: long}, schema.Memory{Claim: long + "x", Subject: long, Attribute: "new vet", Value: long}, nil},
		{"very long change claim", schema.Memory{Claim: "I increased " + long + " to 5%"}, schema.Memory{Claim: "I moved " + long + " to " + long}, nil},
		{"control characters", schema.Memory{Claim: ctl, Subject: ctl, Attribute: "is", Value: ctl}, schema.Memory{Claim: ctl, Subject: "rabbit", Attribute: "new\x00vet", Value: "Dr\x07 Lindqvist"}, nil},
		{"invalid utf-8", schema.Memory{Claim: "\xff\xfe to \xff", Subject: "\xff", Attribute: "moved", Value: "\xff to \xfe"}, schema.Memory{Claim: "\xc3\x28 is at \xa0\xa1", Attribute: "has", Value: "new \xff"}, nil},
		{"mismatched languages", mem("Kaninchens Tierarzt", "ist", "Dr Okafor", at(1)), mem("rabbit's vet", "is", "Dr Lindqvist", at(20)), []Relation{Supersedes, SupersededBy, Contradicts, Duplicate}},
		{"non-latin scripts", mem("ウサギの獣医", "は", "岡本先生", at(1)), mem("кролик", "new vet", "Доктор Линдквист", at(20)), []Relation{Supersedes, SupersededBy, Contradicts, Duplicate}},
		{"case-changing letters", schema.Memory{Claim: "İstanbul has a new İmam, İsmail Ünal.", Subject: "İstanbul", Attribute: "has", Value: "new İmam"}, schema.Memory{Claim: "I moved İİİ to İstanbul", Subject: "I", Attribute: "moved", Value: "İİİ to İstanbul"}, nil},
		{"only punctuation", schema.Memory{Claim: "... ,,, !!!", Subject: "'s", Attribute: "new", Value: "%"}, schema.Memory{Claim: "% % %", Subject: "'s", Attribute: "new", Value: "5%"}, nil},
		// the readings of the third round, given their key words and nothing else
		{"a rename of nothing", schema.Memory{Claim: "renamed"}, schema.Memory{Claim: "renamed to", Negated: true}, []Relation{Supersedes, SupersededBy, Contradicts, Duplicate}},
		{"a rename to nothing", schema.Memory{Claim: "X is called Y."}, schema.Memory{Claim: "Y has been renamed to"}, []Relation{Supersedes, SupersededBy, Contradicts, Duplicate}},
		{"roles without holders", schema.Memory{Claim: "treasurer of of of the"}, schema.Memory{Claim: "took over as treasurer of"}, []Relation{Supersedes, SupersededBy, Contradicts, Duplicate}},
		{"a denial of nothing", schema.Memory{Claim: "no longer"}, schema.Memory{Claim: "not any more", Negated: true}, []Relation{Supersedes, SupersededBy, Contradicts, Duplicate}},
		{"addresses cut short", schema.Memory{Claim: "Unit 14 Street, ,"}, schema.Memory{Claim: "We've moved to 9999 Road Lane Street Close, M1 1AA 1AA"}, nil},
		{"a switch to nothing", schema.Memory{Claim: "switched to to to"}, schema.Memory{Claim: "I've switched over to"}, []Relation{Supersedes, SupersededBy, Contradicts, Duplicate}},
		{"spans without months", schema.Memory{Claim: "from to until"}, schema.Memory{Claim: "from March until"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := Compare(c.existing, c.incoming)
			if d.Reason == "" {
				t.Errorf("no reason for %s", d.Relation)
			}
			for _, r := range c.not {
				if d.Relation == r {
					t.Errorf("Compare = %s (%s), want anything but %v", d.Relation, d.Reason, c.not)
				}
			}
		})
	}
}

func TestSubjectKey(t *testing.T) {
	tests := []struct{ in, want string }{
		{"the rabbit's vet", "rabbit vet"},
		{"The rabbit's new vet", "rabbit vet"},
		{"my brother Farid", "farid"},
		{"Aunt Rosa", "rosa"},
		{"my brother", "user brother"},
		{"New York office", "new york office"},
		{"interest rate on our savings account", "we savings account interest rate"},
		{"head of finance", "finance head"},
		{"pool on sundays", "pool on sundays"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := subjectKey(tt.in); got != tt.want {
			t.Errorf("subjectKey(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSameNoun(t *testing.T) {
	tests := []struct {
		x, y string
		want bool
	}{
		{"flower", "flowers", true}, {"peony", "peonies", true}, {"box", "boxes", true},
		{"church", "churches", true}, {"glass", "glasses", true}, {"movie", "movies", true},
		{"bass", "bas", false}, {"is", "iss", false}, {"cat", "dog", false}, {"3", "3s", false},
	}
	for _, tt := range tests {
		if got := sameNoun(tt.x, tt.y); got != tt.want {
			t.Errorf("sameNoun(%q, %q) = %v, want %v", tt.x, tt.y, got, tt.want)
		}
	}
}
