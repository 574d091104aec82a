package conflicts

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Round 3 rules: attributes that never change, the speaker's team as
// "we", paraphrases that read as one slot (allergies, "works as", where a
// thing is kept, "is named"), negated adjectives, diets, counts, numbered
// things and the denial of an act.
func TestRound3Slots(t *testing.T) {
	cor := func(m schema.Memory) schema.Memory { m.Correction = true; return m }
	neg := func(m schema.Memory) schema.Memory { m.Negated = true; return m }
	sys := func(m schema.Memory) schema.Memory {
		m.Entities = append(m.Entities, schema.Mention{Name: m.Value, Kind: schema.KindSystem})
		return m
	}
	named := func(m schema.Memory, name string) schema.Memory {
		m.Entities = append(m.Entities, schema.Mention{Name: name, Kind: schema.KindOther})
		return m
	}
	claimed := func(m schema.Memory, c string) schema.Memory { m.Claim = c; return m }
	tests := []struct {
		name               string
		existing, incoming schema.Memory
		want               Relation
	}{
		{"a birthday is never superseded by lateness", mem("leo", "birthday", "4 August", at(1)), mem("leo", "birthday", "14 August", at(8)), Contradicts},
		{"a birthday said twice is a duplicate", mem("leo", "birthday", "4 August", at(1)), mem("leo", "birthday", "4 August", at(8)), Duplicate},
		{"a corrected birthday supersedes", mem("leo", "birthday", "4 August", at(1)), cor(mem("leo", "birthday", "14 August", at(1))), Supersedes},
		{"a changed birth date is still a conflict", mem("user", "birth date", "3 July 1990", at(1)), mem("user", "birth date", "13 July 1990", at(20)), Contradicts},
		{"place of birth", mem("kai", "was born in", "Dundee", at(1)), mem("kai", "was born in", "Aberdeen", at(20)), Contradicts},
		{"born where and born when are two slots", mem("kai", "was born in", "Dundee", at(1)), mem("kai", "was born in", "1988", at(20)), Unrelated},
		{"blood type", mem("user's blood type", "is", "A positive", at(1)), mem("user's blood type", "is", "O negative", at(20)), Contradicts},
		{"native language", mem("sven", "native language", "Swedish", at(1)), mem("sven", "native language", "Danish", at(20)), Contradicts},
		{"an ordinary property still moves on", mem("user", "phone number", "555-0134", at(1)), mem("user", "new phone number", "555-0199", at(20)), Supersedes},
		{"the team is we", mem("team", "uses", "Jira", at(1)), cor(neg(mem("we", "uses", "Jira", at(20)))), Supersedes},
		{"another team is not we", mem("payments team", "uses", "Jira", at(1)), cor(neg(mem("we", "uses", "Jira", at(20)))), Unrelated},
		{"an allergy said two ways", mem("elif", "is allergic to", "penicillin", at(1)), mem("elif", "has", "penicillin allergy", at(20)), Duplicate},
		{"an allergy to", mem("elif", "is allergic to", "penicillin", at(1)), mem("elif", "has", "an allergy to penicillin", at(20)), Duplicate},
		{"two allergies", mem("elif", "is allergic to", "penicillin", at(1)), mem("elif", "has", "cat allergy", at(1)), Unrelated},
		{"works as is is", mem("farid", "works as", "paramedic", at(1)), mem("farid", "is", "paramedic", at(20)), Duplicate},
		{"where a thing lives", claimed(mem("invoice template", "lives in", "shared drive", at(1)), "The invoice template lives in the shared drive."), claimed(mem("invoice template", "is in", "shared drive", at(20)), "The invoice template is in the shared drive."), Duplicate},
		{"where a named person lives is not where they are", named(mem("anna", "lives in", "Lisbon", at(1)), "Anna"), named(mem("anna", "is in", "Porto", at(20)), "Anna"), Unrelated},
		{"is named is is called", mem("sara's dog", "is called", "Biscuit", at(1)), mem("sara's dog", "is named", "Biscuit", at(20)), Duplicate},
		{"a negated adjective", mem("deposit", "is", "refundable", at(1)), mem("deposit", "is", "non-refundable", at(1)), Contradicts},
		{"un- before an adjective", mem("invoice", "is", "paid", at(1)), mem("invoice", "is", "unpaid", at(1)), Contradicts},
		{"un- before a noun is not a denial", mem("guest", "is", "cle", at(1)), mem("guest", "is", "uncle", at(1)), Unrelated},
		{"a diet against eating meat", mem("tomas", "is", "vegetarian", at(1)), mem("tomas", "eats", "meat", at(1)), Contradicts},
		{"not eating meat is the vegetarian diet", mem("tomas", "is", "vegetarian", at(1)), neg(mem("tomas", "eats", "meat", at(1))), Duplicate},
		{"counts in words", mem("flat", "has", "two bedrooms", at(1)), mem("flat", "has", "three bedrooms", at(1)), Contradicts},
		{"counts of different things", mem("flat", "has", "two bedrooms", at(1)), mem("flat", "has", "three windows", at(1)), Unrelated},
		{"numbered things", mem("train", "leaves from", "platform 4", at(1)), mem("train", "leaves from", "platform 9", at(1)), Contradicts},
		{"numbered things visited", mem("user", "visited", "room 4", at(1)), mem("user", "visited", "room 9", at(1)), Unrelated},
		{"the denial of an act", mem("package", "was delivered to", "front desk", at(1)), neg(mem("package", "was delivered", "", at(1))), Contradicts},
		{"the denial of another act", mem("package", "was delivered to", "front desk", at(1)), neg(mem("package", "was opened", "", at(1))), Unrelated},
		{"what a machine runs", sys(mem("server", "runs", "Ubuntu 20.04", at(1))), sys(mem("server", "runs", "Ubuntu 22.04", at(20))), Supersedes},
		{"what a person runs", mem("anna", "runs", "marathons", at(1)), mem("anna", "runs", "a bakery", at(20)), Unrelated},
		{"a start date", mem("autumn term", "starts", "2 September", at(1)), mem("autumn term", "starts", "9 September", at(1)), Contradicts},
		{"a start and an end are two slots", mem("course", "starts", "2 September", at(1)), mem("course", "ends", "9 September", at(1)), Unrelated},
		{"a change of time by a phrasal verb", mem("user's dentist appointment", "is", "3 pm on Friday", at(1)), mem("user's dentist appointment", "is pushed back to", "4:30", at(2)), Supersedes},
	}
	for _, tt := range tests {
		if got := Compare(tt.existing, tt.incoming); got.Relation != tt.want {
			t.Errorf("%s: %s, want %s (%s)", tt.name, got.Relation, tt.want, got.Reason)
		}
	}
}
