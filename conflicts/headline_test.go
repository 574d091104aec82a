package conflicts

import "testing"

// TestATopicSaidAsAHeadline: a topic said alone ("Czynsz again!") and its
// value in the next sentence ("From January 710 zł.") are one claim, and a
// label saying where news came from ("Letter from the spółdzielnia:") is
// not what the claim is about.
func TestATopicSaidAsAHeadline(t *testing.T) {
	checkRelations(t, []relCase{
		{"The czynsz for my flat is 620 zł per month at the moment.", "Czynsz again! From January 710 zł. spółdzielnia says gas prices", apart, Supersedes},
		{"Letter from the spółdzielnia: from July the czynsz goes up to 680 zł.", "Czynsz again! From January 710 zł.", apart, Supersedes},
		{"My gym membership is £35 a month.", "Gym membership, ugh. From March £42 a month.", apart, Supersedes},
		{"Our rent is £1,300 a month.", "Email from the landlord: the rent goes up to £1,450 from May.", apart, Supersedes},
		// a headline of another thing, a sentence with its own topic, a
		// label that hides no topic of its own
		{"Our rent is £900 a month.", "Council tax again! From April £130.", apart, Unrelated},
		{"Our rent is £900 a month.", "Big week! The gym is £40 a month from May.", apart, Unrelated},
		{"Our rent is £900 a month.", "Letter from the council: council tax goes up to £130 a month from April.", apart, Unrelated},
	})
}
