package conflicts

import "testing"

// TestAnEventThatHappensOnce: a death, a birth, a couple's wedding or
// divorce given two years is a contradiction; the same year, events of
// people not named, other events, or a test passed are not.
func TestAnEventThatHappensOnce(t *testing.T) {
	checkRelations(t, []relCase{
		{"My husband Janusz died in 2017, in the summer.", "Janusz passed in 2019, in March.", apart, Contradicts},
		{"Emeka and I got married in 2015", "Emeka and I married in 2016, I still remember the rain that day", apart, Contradicts},
		{"We got married in 2015.", "Actually we got married in 2016, not 2015.", apart, Supersedes},
		{"Divorced from Kari since 2019.", "Kari and I split in 2019. five years, feels longer", apart, Duplicate},
		{"Divorced from Kari since 2019.", "My sister divorced Tom in 2021.", apart, Unrelated},
		{"My grandmother died in 2019.", "My grandfather died in 2017.", apart, Unrelated},
		{"Janusz died in 2017.", "Janusz passed his driving test in 2019.", apart, Unrelated},
		{"Emeka and I got married in 2015.", "Emeka and I moved to Yaba in 2016.", apart, Unrelated},
	})
}

// TestWhereAPersonIsFrom: "grew up in X" says where the speaker is from;
// "originally" adds nothing; another place may also hold.
func TestWhereAPersonIsFrom(t *testing.T) {
	checkRelations(t, []relCase{
		{"I'm from Egersund originally", "grew up in Egersund, dad had a fishing boat there", apart, Duplicate},
		{"I'm from Egersund originally", "grew up in Bergen, dad had a fishing boat there", apart, Unrelated},
		{"My flour comes from Moulins Marion.", "I grew up in Lyon.", apart, Unrelated},
	})
}
