package conflicts

import (
	"slices"
	"testing"
	"time"
)

// Families read in the forty-third round: "go" as a verb of an amount
// moved, "put me on" as a move to another day or treatment, and "one" as
// the pronoun of a thing named before, with the look-alikes that must
// stay as they are.
func TestRound14Families(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		// "go" moves an amount only up, down or to a figure
		{"My stipend is $25k a year.", "My stipend goes up to $28.5k a year.", 300 * day, Supersedes},
		// a person put on another day
		{"I volunteer at the food bank on Tuesday mornings.", "The food bank have put me on Thursday mornings.", 60 * day, Supersedes},
		{"I volunteer at the food bank on Tuesday mornings.", "We put the food bank's tables out on Thursday.", 60 * day, Unrelated},
		// an age given beside a name, of a pronoun or as "a 70-year-old"
		{"Two kids: Sarah (38) lives in Pt Chevalier, and Tom (41) is over in Brisbane.", "Tom flew over with his girls. Can't believe he's 44, where does the time go", 200 * day, Contradicts},
		{"Camille is 31, she's a nurse at the hospital.", "since Camille is 34 the midwife wanted a couple of extra tests", 70 * day, Contradicts},
		{"I'm Yoshiko, 67, a retired teacher in Osaka.", "as a 70-year-old I shouldn't climb ladders, Kenji says.", 366 * day, Contradicts},
		{"Tom (41) is over in Brisbane.", "Tom flew over with his girls. Can't believe he's 42 now.", 200 * day, Supersedes},
		{"Tom (41) is over in Brisbane.", "Sarah rang. Can't believe she's 44.", 200 * day, Unrelated},
		// a birthday given by the day one turns an age, in lower case
		{"oisín turns 2 on the 9th of march, thinking a small party at home", "oisín's birthday is the 19th of april, give me ideas for his party", 100 * day, Contradicts},
		{"oisín turns 2 on the 9th of march, thinking a small party at home", "oisín's birthday is the 9th of march, party ideas?", 100 * day, Unrelated},
		// a pet's breed and coat never change
		{"We have a dog, Praline, a beagle. She steals bread constantly.", "Praline our cocker spaniel ate a whole baguette off the counter.", 270 * day, Contradicts},
		{"my cat Mochi is a brown tabby and very spoiled", "Mochi, black from nose to tail, slept on my open suitcase all afternoon", 230 * day, Contradicts},
		{"We have a dog, Praline, a beagle.", "Sorry, I got that wrong: Praline is a cocker spaniel.", 2 * day, Supersedes},
		{"We have a dog, Praline, a beagle.", "Praline our beagle ate a whole baguette.", 270 * day, Unrelated},
		{"Our dog Bruno is a spaniel.", "Bruno the cocker spaniel had his jabs.", 30 * day, Unrelated},
		{"We have a dog, Praline, a beagle.", "Praline is a beagle cross, the vet thinks half collie.", 30 * day, Unrelated},
		{"We have a dog, Praline, a beagle.", "Our neighbour's dog Rex is a collie.", 30 * day, Unrelated},
		{"my cat Mochi is a brown tabby", "Mochi's bed is black and white.", 30 * day, Unrelated},
		// a weekly thing moved to another day, in other words
		{"Started English lessons on Thursday evenings at a language school near Bellecour.", "english class moved to wednesday evenings, same teacher", 180 * day, Supersedes},
		{"I run along the quays every Sunday morning, about 10 km.", "no more sunday runs, I go wednesday afternoons during the quiet hours instead", 225 * day, Supersedes},
		{"We open at 6:30 every morning and close on Mondays.", "we're closing on tuesdays instead of mondays from now on", 365 * day, Supersedes},
		{"Cian has hurling training tuesdays at 7 in Ballyvourney.", "Cian moved up to the U16s and training is mondays now, 7pm", 420 * day, Supersedes},
		{"Maya's swimming club is on tuesdays at 5.", "Sam's swimming club has moved to fridays from this week.", 13 * day, Unrelated},
		{"Mum's physio is on Tuesday mornings at the Linden Clinic.", "Mum's dentist moves to Thursday mornings, same clinic.", 120 * day, Unrelated},
		{"English lessons are on Thursday evenings.", "The English exam moved to Wednesday the 14th.", 30 * day, Unrelated},
		{"English lessons on Thursday evenings.", "Should the english class move to wednesday evenings?", 60 * day, Unrelated},
		// an allergy or a lasting condition said again in other shapes
		{"fyi I'm allergic to penicillin, in case I ever ask you about medicine", "reminder: I can't take penicillin, I'm allergic", 290 * day, Duplicate},
		{"I'm allergic to buckwheat, so no soba for me", "A friend invited me out. I had to say no, buckwheat allergy", 150 * day, Duplicate},
		{"Cian is allergic to penicillin, we found out when he was about 4.", "remember cian cant take penicillin.", 330 * day, Duplicate},
		{"Ada has a peanut allergy so we're always careful with snacks at parties", "had to remind the school nurse: Ada cannot take groundnut at all, she's allergic", 160 * day, Duplicate},
		{"Note for you: I'm allergic to shellfish.", "Can you help me with a meal plan? no shellfish obviously, I'm allergic", 320 * day, Duplicate},
		{"I'm coeliac by the way, diagnosed in my 40s.", "I'm coeliac so it has to be proper GF, not just low gluten", 245 * day, Duplicate},
		{"Cian is allergic to penicillin.", "Aoife is allergic to penicillin too.", 30 * day, Unrelated},
		{"I'm allergic to penicillin.", "I can't take the 8:15 train any more.", 30 * day, Unrelated},
		{"I'm allergic to penicillin.", "I'm allergic to shellfish as well.", 30 * day, Unrelated},
		// a value of a person named first is not the speaker's
		{"milking 90 cows at the moment.", "Ger is milking 200 cows now, more than double us.", 70 * day, Unrelated},
		{"We're milking 90 cows at the moment.", "We're milking 105 cows now.", 120 * day, Supersedes},
		// what held before a thing named short ("the Kangoo" of "Renault Kangoo")
		{"I do the deliveries to two restaurants myself, in an old white Renault Kangoo.", "before the Kangoo I did all the deliveries on a cargo bike, two winters of that", 320 * day, SupersededBy},
		// the older state, told with the year the present one began
		{"Niamh is a nurse in Cork University Hospital, nights mostly", "when we got married Niamh was still nursing in Tralee, she only moved to CUH in 2010", 56 * day, SupersededBy},
		{"Emeka works at Access Bank.", "Before that he was at GTBank, he only moved to Access in 2019.", 300 * day, SupersededBy},
		{"Emeka works at Access Bank.", "he only moved to Access in 2019", 300 * day, Unrelated},
		{"Niamh is a nurse in Cork University Hospital.", "when we got married Aoife was still nursing in Tralee, she only moved to CUH in 2010", 56 * day, Unrelated},
		// a thing the speaker uses, ended, though it has no name
		{"I still use a flip phone. my old students would laugh at me", "finally got rid of the flip phone, I have an iPhone SE now.", 130 * day, Supersedes},
		{"i ride my old mamachari everywhere, the basket fits a week of groceries", "bought an electric-assist bike. the old mamachari went to the neighbour's daughter", 140 * day, Supersedes},
		{"My sister uses a flip phone.", "finally got rid of the flip phone, I have an iPhone SE now.", 130 * day, Unrelated},
		{"I still use a flip phone.", "Got rid of the old phone case.", 130 * day, Unrelated},
		// a correction that names only the value it takes back
		{"committee meeting is set for nov 14 at 1pm, I need to start on slides this week", "sorry I said the 14th, its the 18th (monday). same time", 1 * day, Supersedes},
		{"The release is 0.9.7.", "I said 0.9.7 but it's 0.9.8.", 1 * day, Supersedes},
		{"committee meeting is set for nov 14 at 1pm", "sorry I said the 21st, its the 28th", 1 * day, Unrelated},
		{"My manager is Tom.", "I told you Tom, it's fine, he agreed.", 1 * day, Unrelated},
		// one trip dated twice
		{"I was in Georgia in 2022 with the Third Age university group, Tbilisi and Kazbegi.", "Georgia was 2019, just before covid closed everything.", 140 * day, Contradicts},
		{"We went to Portugal in 2018.", "the Portugal trip was in 2021, I think, the one with the kids.", 140 * day, Contradicts},
		{"I was in Georgia in 2022 with the group.", "Georgia was 2022, best trip of my life.", 140 * day, Unrelated},
		{"I was in Georgia in 2022 with the group.", "We went to Georgia again in 2024.", 140 * day, Unrelated},
		{"I was in Georgia in 2022 with the group.", "I was in Georgia in 2019 too.", 140 * day, Unrelated},
		// a finished career's length given twice
		{"I taught for 38 years before retiring in 2021.", "in my 32 years in the classroom I never saw a child eat as slowly as my grandson", 120 * day, Contradicts},
		{"I retired in March after 38 years as an engineer with Watercare.", "I retired from Watercare after 41 years and some days I still wake up at 5.30", 340 * day, Contradicts},
		{"I retired in March after 38 years as an engineer with Watercare.", "My brother retired from Fonterra after 41 years.", 340 * day, Unrelated},
		{"I taught for 38 years before retiring in 2021.", "I taught for 38 years, mostly third grade.", 120 * day, Unrelated},
		{"I've worked at Watercare for 20 years.", "I'm retiring from Watercare after 22 years.", 700 * day, Unrelated},
		// "one" is no word of what a claim is about
		{"Lab meeting is every Wednesday, I present every 6 weeks, first one is 2 October.", "The airline changed my flight, they've put me on the 5 October one instead.", 20 * day, Unrelated},
	})
}

// "go back" and "go from" move nothing: a claim worded so is no change of
// another, whatever else relates them.
func TestGoIsNoChangeWithoutAWay(t *testing.T) {
	day := 24 * time.Hour
	for _, c := range []relCase{
		{"The autumn term starts on 4 September.", "The kids go back to school for the autumn term on 6 September.", 0, ""},
		{"Running club meets Thursdays at 6:30 at the leisure centre.", "Club runs go from the leisure centre car park at 7pm on Thursdays.", 150 * day, ""},
	} {
		if d := relate(t, c.a, c.b, c.apart); d.Relation == Supersedes || d.Relation == SupersededBy {
			t.Errorf("%q / %q: %s (%s), want no change", c.a, c.b, d.Relation, d.Reason)
		}
	}
}

// "go" words a claim as a change with a way or a figure after it.
func TestGoWordsAChange(t *testing.T) {
	for text, want := range map[string]bool{
		"stipend goes up to $28.5k/yr":              true,
		"Lunch deal's going to £19.95 from the 7th": true,
		"creche is going to 4 days from september":  true,
		"the kids go back to school on 6 September": false,
		"club runs go from the car park":            false,
		"I'm going to the 7th floor":                false,
		"we go to Lidl on Saturdays":                false,
	} {
		if got, _ := changeCue(claimTokens(text)); got != want {
			t.Errorf("changeCue(%q) = %v, want %v", text, got, want)
		}
	}
}

// A partner in trade or play is no relation of the speaker's: claims that
// name one are not set apart by it.
func TestTradePartnerIsNoRelation(t *testing.T) {
	for text, want := range map[string][]string{
		"the bank partner's sandbox was down for days": nil,
		"my tennis partner moved to Leeds":             nil,
		"my partner's car is a Golf":                   {stem("partner")},
		"my new partner works in Leeds":                {stem("partner")},
	} {
		if got := kinOf(claimTokens(text)); !slices.Equal(got, want) {
			t.Errorf("kinOf(%q) = %q, want %q", text, got, want)
		}
	}
}

// A comma before one or two digits that end a number is a decimal comma
// ("1,20 €"); before three it groups thousands ("1,200").
func TestDecimalComma(t *testing.T) {
	for text, want := range map[string]string{"1,20 €": "1.20", "3,5 km": "3.5", "1,200 users": "1200", "1,200,000": "1200000"} {
		if got := claimTokens(text)[0].low; got != want {
			t.Errorf("claimTokens(%q)[0] = %q, want %q", text, got, want)
		}
	}
}

// An allergy denied or outgrown is no allergy said again.
func TestConditionDeniedIsNoRepeat(t *testing.T) {
	for _, b := range []string{"Turns out Cian isn't allergic to penicillin after all.", "Cian is no longer allergic to penicillin.", "Cian outgrew the penicillin allergy."} {
		if d := relate(t, "Cian is allergic to penicillin.", b, 30*24*time.Hour); d.Relation == Duplicate {
			t.Errorf("%q: %s (%s), want no duplicate", b, d.Relation, d.Reason)
		}
	}
}

// A name of two words may be said short by one of them; a longer name may
// not.
func TestShortOfName(t *testing.T) {
	for _, c := range []struct {
		claim, word string
		want        bool
	}{
		{"in an old white Renault Kangoo.", "kangoo", true},
		{"ten years at Abeno Elementary, mostly third grade", "abeno", true},
		{"our GP is at Heaton Moor Medical Centre", "moor", false},
		{"our GP is at Heaton Moor Medical Centre", "heaton", false},
		{"Kangoo is the van", "kangoo", false},
	} {
		if got := shortOfName(claimTokens(c.claim), []string{c.word}); got != c.want {
			t.Errorf("shortOfName(%q, %q) = %v, want %v", c.claim, c.word, got, c.want)
		}
	}
}
