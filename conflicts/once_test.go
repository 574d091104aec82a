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
		{"We split up in 2017.", "We split the bill for the holiday in 2019.", apart, Unrelated},
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

// TestYearsThatDoNotAddUp: "24 years offshore now" said in 2024 began in
// 2000, which "since 1996" denies; a year apart is how people count;
// another topic, or a plan, says nothing of it.
func TestYearsThatDoNotAddUp(t *testing.T) {
	checkRelations(t, []relCase{
		// relate says the first claim in March 2024
		{"24 years offshore now. started as a young lad with hair", "been offshore since 1996, seen everything out there", apart, Contradicts},
		{"I've been vegetarian for 12 years.", "I've been vegetarian since 2005.", apart, Contradicts},
		{"24 years offshore now.", "been offshore since 2000, seen everything out there", apart, Unrelated},
		{"24 years offshore now.", "been offshore since 2001.", apart, Unrelated},
		{"I've been vegetarian for 12 years.", "I've been with Monzo since 2019.", apart, Unrelated},
		{"Our team has used Jira for 5 years.", "Our team has used Linear since 2010.", apart, Unrelated},
		{"I've been vegetarian for 12 years.", "I'd love to be vegan since 2020 was such a mess.", apart, Unrelated},
	})
}
