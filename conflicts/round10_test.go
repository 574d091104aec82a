package conflicts

import (
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// Families of phrasing read in the tenth pass, each in wordings of its own.
func TestRound10Families(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		// a noun and its verb: "fly" / "flight", "allergic" / "allergy",
		// "weighs" / "weight", "born" / "birthday"
		{"We fly to Oslo on 9 June.", "Sorry, I meant the 11th of June for the Oslo flight.", 0, Supersedes},
		{"My niece Ayla's birthday is 4 August.", "Ayla was born on the 14th of August.", 0, Contradicts},
		{"Our tortoise Sheldon weighs 3 kg.", "Sheldon's weight is 4 kg.", 0, Contradicts},
		// a mass is a weight
		{"Pickle weighs 9 kg.", "Our dog Pickle is 12 kilos.", 0, Contradicts},
		// a title goes with its name; a person and a practice are one
		// provider of a thing held one at a time
		{"My vet is Dr Morrow at Oakhill Vets.", "We've changed vets, ours is Dr Salas at Greenway Animal Clinic now.", 200 * day, Supersedes},
		{"Our landlord is Mr Hebden.", "Our landlord is Mrs Quayle at Northgate Lettings.", 0, Contradicts},
		// "not with X any more, Y is ... now": X is the old value
		{"Our energy supplier is Octopus.", "We're not with Octopus any more, Ovo is our energy supplier now.", 90 * day, Supersedes},
		// "gave up X" of one of two names
		{"I swim at Park Road Pools in Crouch End on Sundays.", "Gave up Park Road Pools, I swim at the Lido in Tooting now.", 90 * day, Supersedes},
		// a possessive pronoun stands for the person the other claim names
		{"Gran's dentist is at Fairview Dental.", "Gran has moved her dentist to Cole Street Dental Care.", 60 * day, Supersedes},
		{"Zainab's piano teacher is Mr Ortiz.", "Zainab started a new term and her piano teacher this term is Ms Lund.", 120 * day, Supersedes},
		// a flat's number goes with its street address
		{"We live at 9 Alder Close, Hull.", "We've moved; the new address is Apartment 12, 40 Quay Street, Bristol.", 90 * day, Supersedes},
		// a generic word narrows nothing: "our home broadband" is "our
		// broadband"; the books are the bookkeeping
		{"Our broadband supplier is Plusnet.", "We switched our home broadband to Hyperoptic.", 90 * day, Supersedes},
		{"We do the charity's bookkeeping in Sage.", "The charity's books moved over to FreeAgent in April.", 120 * day, Supersedes},
		// one name holding the other's and more: the more is the thing
		{"The cottage in Whitby costs £140 a night.", "We're paying £165 per night for the Whitby cottage.", 0, Contradicts},
		// a period named after the thing the amount pays for
		{"Arlo gets £3 pocket money a week.", "We've put Arlo's pocket money up to £4 a week.", 120 * day, Supersedes},
		// what an activity is held as
		{"Ines's judo class starts at 6:15 on Tuesdays.", "Tuesday judo for Ines begins at 6:45.", 0, Contradicts},
		// abbreviations of units and topics
		{"The search API rate limit is 60 requests per minute.", "We raised the search API rate limit to 120 req/min.", 90 * day, Supersedes},
		// numbers written out with a hyphen
		{"My climbing pass is $65 a month.", "I pay sixty-five dollars a month for my climbing pass.", 60 * day, Duplicate},
		// a name in full and in short
		{"Disney Plus costs us £80 a year.", "We pay eighty pounds annually for Disney Plus.", 90 * day, Duplicate},
		{"Audible Premium costs us £7.99 a month.", "Premium is £8.99 a month now.", 90 * day, Supersedes},
		// "runs out" is an end; "done with X" retires X
		{"My driving licence expires in June 2031.", "My driving licence runs out in March 2029.", 0, Contradicts},
		{"Our energy is with Octopus.", "We switched our energy to Ovo last month, so we're done with Octopus.", 90 * day, Supersedes},
		// a correction that names the value it retires
		{"The electrician is coming Monday at 9.", "Sorry, I meant the electrician's coming Tuesday at 9, not Monday.", 0, Supersedes},
		// blood groups
		{"Mum's blood type is B positive.", "Mum is blood group AB negative.", 0, Contradicts},
		// a provider of a thing held one at a time comes with its package
		{"Our broadband is with Fibrenet, 900 Mbps.", "Our broadband is with Wavelink on the 300 Mbps plan.", 0, Contradicts},
	})
}

// What must stay unrelated, said together and months apart, both orders.
func TestRound10KeepApart(t *testing.T) {
	pairs := [][2]string{
		// a flight and a flyer, a weight of another thing
		{"Our flight to Oslo leaves at 08:10.", "Our flight back from Oslo leaves at 19:20."},
		{"Pickle weighs 9 kg.", "Pickle's food bag weighs 12 kg."},
		{"Pickle weighs 9 kg.", "Biscuit weighs 12 kg."},
		// one of several held together: tools, not a provider
		{"We use Slack at work.", "We use Teams at work."},
		{"My GP is Dr Morrow.", "My physio is Dr Salas."},
		// two people's birthdays, a birthday and a wedding
		{"Ayla was born on 4 August.", "Ayla's brother was born on 14 August."},
		{"Ayla's birthday is 4 August.", "Ayla got married on 14 August."},
		// allergic to one thing and to another
		{"Felix is allergic to cats.", "Felix has a pollen allergy."},
		// giving up one thing and keeping another
		{"I swim at Park Road Pools.", "Gave up the gym at Park Road, still swim there though."},
		// "her" is not Dad, and another person's thing is not one's own
		{"Dad's dentist is at Fairview Dental.", "Gran has moved her dentist to Cole Street Dental Care."},
		{"Zainab's piano teacher is Mr Ortiz.", "Her brother Idris's piano teacher is Ms Lund."},
		// the office's address is not the home's
		{"We live at 9 Alder Close, Hull.", "The office address is Suite 4, 40 Quay Street, Bristol."},
		// a narrower thing is not a generic word
		{"Our broadband supplier is Plusnet.", "We switched our office broadband to Hyperoptic."},
		// another thing of one name, another activity, another period
		{"The cottage in Whitby costs £140 a night.", "The Whitby cottage's cleaning fee is £60."},
		{"Ines's judo class starts at 6:15 on Tuesdays.", "Ines's swimming class starts at 6:45 on Tuesdays."},
		{"Arlo gets £3 pocket money a week.", "Arlo's sister gets £4 pocket money a week."},
		// another's blood, another document's end, another service
		{"Mum's blood type is B positive.", "Dad is blood group AB negative."},
		{"My driving licence expires in June 2031.", "My passport runs out in March 2029."},
		{"Disney Plus costs us £80 a year.", "Apple Plus costs us £90 a year."},
		{"The electrician is coming Monday at 9.", "The plumber's coming Tuesday at 9, not the electrician."},
		// a quantity of another thing beside a provider
		{"Our broadband is with Fibrenet, 900 Mbps.", "Our phone contract is with Wavelink, 30 GB of data."},
	}
	wantUnrelated(t, pairs)
}

// Turns of a conversation, as the worker gets them from an exchange: a
// speaker's label, names said to the other person, what was shown, and
// how things felt are no slot with one value. Read on LoCoMo, where such
// pairs were read as changes. Said together and months apart, both orders.
func TestConversationKeepApart(t *testing.T) {
	pairs := [][2]string{
		// the label and a name said to someone are not values
		{"Priya: Tomas, that's a lovely photo!", "Priya: A lot has happened - I just started a new pottery class last Tues."},
		{"Priya: I'm always here for you, Tomas!", "Priya: By the way, I went to a jazz night last Fri - it was brilliant!"},
		{"Tomas: Great news Priya!", "Tomas: Besides that, my cousin is looking for a new flat."},
		// two outings on two days: "went to" is no change
		{"Priya: Last weekend our town had a food festival!", "Priya: I went to a food festival last Friday and it was great."},
		// what a photo showed
		{"Tomas: [shares a photo: three ducks on a frozen pond]", "Tomas: [shares a photo: two ducks on a frozen pond]"},
		// who "them" is, neither says
		{"Priya: We took them to the beach last Sunday.", "Priya: I took them to a farm last spring and they loved it!"},
		// a shared feeling is no thing
		{"Tomas: Last Saturday was amazing - we had a barbecue!", "Tomas: My brother and I went to this amazing gig last weekend."},
	}
	wantUnrelated(t, pairs)
}

// What a named person "is on" is what they use or do, several at a time,
// as for "I" and "we": "Andrew: I'm still on the lookout" / "Andrew: I'm
// still on the hunt", their subject read from the speaker's name.
func TestPersonIsOnHoldsSeveral(t *testing.T) {
	andrew := []schema.Mention{{Name: "Andrew", Kind: schema.KindPerson}}
	on := func(claim, val string, day int) schema.Memory {
		return schema.Memory{Claim: claim, Subject: "Andrew", Attribute: "is on", Value: val, Entities: andrew, SaidAt: at(day)}
	}
	a := on("Andrew: I'm still on the lookout for the perfect furry friend.", "lookout", 0)
	b := on("Andrew: I'm still on the hunt, but it's tough finding a pet-friendly flat.", "hunt", 60)
	for _, p := range [][2]schema.Memory{{a, b}, {b, a}} {
		if d := Compare(p[0], p[1]); d.Relation != Unrelated {
			t.Errorf("%q / %q: %+v, want unrelated", p[0].Claim, p[1].Claim, d)
		}
	}
	// a system still runs on one thing at a time
	ledger := func(val string, day int) schema.Memory {
		return schema.Memory{Claim: "The ledger runs on " + val + ".", Subject: "ledger", Attribute: "runs on", Value: val, SaidAt: at(day)}
	}
	if d := Compare(ledger("Postgres", 0), ledger("MySQL", 60)); d.Relation != Supersedes {
		t.Errorf("the ledger on Postgres, then on MySQL: %+v, want supersedes", d)
	}
}

// "I named it Ned" says what the speaker named something, not what the
// speaker is called (LoCoMo: it had retired "Their name is Luna", read
// with the same speaker as subject); "my dog is called Rex" / "... is
// named Max" is still one name given twice.
func TestNamingSomethingIsNotOnesName(t *testing.T) {
	james := []schema.Mention{{Name: "James", Kind: schema.KindPerson}}
	a := schema.Memory{Claim: "James: I named it Ned.", Subject: "James", Attribute: "named", Value: "it Ned", Entities: james, SaidAt: at(0)}
	b := schema.Memory{Claim: "James: Their name is Luna.", Subject: "James", Attribute: "is called", Value: "Luna", Entities: james, SaidAt: at(60)}
	for _, p := range [][2]schema.Memory{{a, b}, {b, a}} {
		if d := Compare(p[0], p[1]); d.Relation != Unrelated {
			t.Errorf("%q / %q: %+v, want unrelated", p[0].Claim, p[1].Claim, d)
		}
	}
	c := schema.Memory{Claim: "My dog is called Rex.", Subject: "dog", Attribute: "is called", Value: "Rex", SaidAt: at(0)}
	d := schema.Memory{Claim: "My dog is named Max.", Subject: "dog", Attribute: "is named", Value: "Max", SaidAt: at(0)}
	if got := Compare(c, d); got.Relation != Contradicts {
		t.Errorf("two names for one dog said together: %+v, want contradicts", got)
	}
}
