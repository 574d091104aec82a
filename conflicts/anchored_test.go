package conflicts

import (
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// A change told with more words than the fact it changes: who changed
// it, why, and the thing named more loosely (changedTopic).
func TestChangeToldWithMoreWords(t *testing.T) {
	checkRelations(t, []relCase{
		{"Rex gets 300 grams of wet food a day.", "The vet has us cutting Rex's food back to 250 grams a day.", apart, Supersedes},
		{"Grandad takes 20 mg of simvastatin at night.", "His GP raised Grandad's simvastatin to 40 mg.", apart, Supersedes},
		{"The fixed rate on our Nationwide mortgage is 3.9%.", "Nationwide lowered the rate on our mortgage to 3.4%.", apart, Supersedes},
		{"My train to Bristol leaves at 08:05.", "The operator retimed my Bristol train, it now leaves at 08:20.", apart, Supersedes},
		{"The hall hire costs £45 an hour.", "The parish council has put the hall hire up to £50 an hour.", apart, Supersedes},
		{"Tilly's ballet class starts at 4pm.", "The dance school moved Tilly's ballet to 4:30pm.", apart, Supersedes},
		{"The session timeout is 15 minutes.", "After the audit we increased the session timeout to 30 minutes.", apart, Supersedes},
		{"Our Spotify Family plan is £17.99 a month.", "Spotify has raised our Family plan to £19.99 a month.", apart, Supersedes},
		{"Gran's chiropody appointments are on Friday afternoons at the Elm Street practice.", "From next month Gran's chiropody moves to Monday afternoons, same practice.", apart, Supersedes},
	})
}

// What the relaxation must keep apart: another thing of the same kind,
// another person's, another direction, another act on the same thing.
func TestChangeOfAnotherThing(t *testing.T) {
	wantUnrelated(t, [][2]string{
		{"Rex gets 300 grams of dry food a day.", "The vet told us to cut Rex's wet food down to 100 grams a day."},
		{"Dad takes 5 mg of amlodipine every morning.", "Mum's doctor increased her amlodipine to 10 mg."},
		{"Dad takes 5 mg of amlodipine every morning.", "The doctor increased Mum's amlodipine to 10 mg."},
		{"Dad takes 5 mg of amlodipine every morning.", "Dad's doctor increased his atorvastatin to 40 mg."},
		{"My flight to Lisbon departs at 07:40.", "The airline moved my flight back from Lisbon to 18:00."},
		{"Ana's piano lesson is at 4pm.", "The school moved Ana's swimming lesson to 5pm."},
		{"The kitchen renovation budget is £8,000.", "We increased the bathroom renovation budget to £5,000."},
		{"The staging cluster runs Kubernetes 1.28.", "We upgraded the production cluster to Kubernetes 1.29."},
		{"The Q3 report deadline is 30 September.", "The Q4 report deadline moved to 15 January."},
		{"Our electricity bill is £80 a month.", "British Gas raised our gas bill to £95 a month."},
		{"The library opens at 9am on Saturdays.", "From next month the library closes at 4pm on Saturdays."},
		{"The gateway timeout is 30 seconds.", "We raised the database timeout to 60 seconds."},
		{"Ben's shoe size is 4.", "Ben's new glove size is 6."},
		{"We have 12 engineers on the platform team.", "We cut the data team to 5 engineers."},
		{"Our Netflix Standard plan is £10.99 a month.", "Netflix raised the Premium plan to £17.99 a month."},
		{"Rent at our old flat was £900 a month.", "Rent at the new flat is now £1,150 a month."},
		{"The savings account pays 4.1% interest.", "The bank dropped the interest on our current account to 0.1%."},
		{"The office opens at 8am.", "We moved the gym's opening time to 6am."},
		{"Biscuit gets 200 g of dry food a day.", "The vet told us to cut Pepper's food to 150 g a day."},
		{"My rent is £1,200 a month.", "The landlord raised my garage rent to £120 a month."},
		{"The gym opens at 6am.", "The gym has moved its pool opening to 7am."},
		{"Our Netflix Standard plan is £10.99 a month.", "Netflix has raised our Premium plan to £17.99 a month."},
		{"Mum's physio is on Tuesday mornings at the Linden Clinic.", "From next month Mum's dentist moves to Thursday mornings, same clinic."},
		{"Grandad's physio is on Tuesday mornings.", "From next month Grandad's dentist appointment moves to Thursday mornings."},
	})
}

// The same fact said again in another order is a duplicate
// (sameContent); the same words in other roles are not.
func TestSameContentWords(t *testing.T) {
	checkRelations(t, []relCase{
		{"The service's default port is 8443.", "8443 is the default port of the service.", apart, Duplicate},
		{"Amira's ring size is 7.", "Amira wears a size 7 ring.", apart, Duplicate},
		{"Grandma's hearing aids take size 13 batteries.", "Grandma uses size 13 batteries in her hearing aids.", apart, Duplicate},
	})
	wantUnrelated(t, [][2]string{
		{"Ravi reports to Tomasz.", "Tomasz reports to Ravi."},
		{"I owe Tom £20.", "Tom owes me £20."},
		{"The dog bit the postman.", "The postman bit the dog."},
		{"My sister lives with my mum.", "My mum lives with my sister."},
		{"I run 5 km in 30 minutes.", "I run 30 km in 5 minutes."},
		{"The car is faster than the van.", "The van is faster than the car."},
	})
}

// The same values said again around other words are a duplicate
// (restatedTopic); other things with the same values are not.
func TestRestatedAroundTheValues(t *testing.T) {
	checkRelations(t, []relCase{
		{"My dentist appointment is on 14 March at 3pm.", "I've got the dentist appointment at 3 in the afternoon on March 14th.", apart, Duplicate},
		// "3 in the morning" is a clock time of its own
		{"The dentist appointment is at 3 in the morning.", "The dentist appointment is at 3pm.", together, Contradicts},
	})
	wantUnrelated(t, [][2]string{
		{"My piano lesson is at 4pm on Tuesdays.", "My swimming lesson is at 4pm on Tuesdays."},
		{"Mum's blood test is on 3 June at 9am.", "Dad's blood test is on 3 June at 9am."},
		{"Bin day is Tuesday at 7am.", "The gym class is Tuesday at 7am."},
		{"The flight to Rome leaves at 9:40 on 2 May.", "The flight back from Rome leaves at 9:40 on 2 May."},
		{"The boiler service costs £90.", "The chimney sweep costs £90."},
		{"Our rent is £1,200 a month.", "Our mortgage is £1,200 a month."},
	})
}

// Where one thing is, said with other words, gives one place at a time.
func TestWhereOneThingIs(t *testing.T) {
	checkRelations(t, []relCase{
		{"Uncle Jim lives in Cardiff.", "Uncle Jim's home is in Swansea.", together, Contradicts},
		{"The payments database is hosted in Frankfurt.", "The payments database lives in the Dublin region.", together, Contradicts},
	})
	wantUnrelated(t, [][2]string{
		{"We have an office in Leeds.", "We have an office in York."},
		{"Rosa's home is in Coimbra.", "Rosa's office is in Porto."},
		{"The staging database is hosted in Frankfurt.", "The production database is hosted in Dublin."},
		{"Our backups are stored in Frankfurt.", "Our backups are stored in Dublin."},
		{"Ana was in London in May.", "Ana was in Paris in June."},
		{"Rosa lives in Porto.", "Rosa works in Coimbra."},
	})
}

// A claim said after a change it tells outranks a plain one said before
// it, whichever arrives second.
func TestLaterChangeOutranksEarlierPlainClaim(t *testing.T) {
	checkRelations(t, []relCase{
		{"Our water bill has been £41 a month since the price rise.", "We pay £35 a month for water.", -apart, SupersededBy},
		{"Since the rota change, the cleaner comes at 10:15.", "The cleaner comes at 9:45.", -apart, SupersededBy},
	})
}

// A denial with a word of ending retires the stored value it names
// (deniedValue); a denial of another thing's value does not.
func TestDenialRetiresTheValue(t *testing.T) {
	checkRelations(t, []relCase{
		{"Our energy supplier is Brightwave Energy.", "We're not with Brightwave Energy any more.", apart, Supersedes},
		{"The running club meets on Thursday evenings at the leisure centre.", "The running club no longer meets on Thursdays.", apart, Supersedes},
	})
	wantUnrelated(t, [][2]string{
		{"Mum's energy supplier is Brightwave Energy.", "We're not with Brightwave Energy any more."},
		{"The running club meets on Thursday evenings.", "The book club no longer meets on Thursdays."},
		{"Our energy supplier is Brightwave Energy.", "We don't use Brightwave Energy for broadband."},
		{"The kids swim on Saturdays.", "The kids no longer have piano on Saturdays."},
	})
}

// A street address is one value, and a place has one address of a kind.
func TestAddresses(t *testing.T) {
	checkRelations(t, []relCase{
		{"Our address is 22 Willow Crescent, Headingley, LS6 3QT.", "We've moved house - the new address is 5 Quarry Hill, Otley, LS21 1AB.", apart, Supersedes},
		{"We live at 8 Mill Lane, Bath.", "New address for us: 41 Church Road, Frome BA11 1AA.", apart, Supersedes},
		{"The studio's address is 3 Dock Street, Hull.", "We've moved the studio to Unit 7, Marina Court.", apart, Supersedes},
	})
	wantUnrelated(t, [][2]string{
		{"Our office address is 14 Harbour Street.", "We've moved house - the new address is 7 Penrose Terrace."},
		{"Mum lives at 12 Elm Road.", "We've moved house - our new address is 3 Oak Lane."},
		{"Our address is 14 Larch Close.", "Our holiday cottage is at 2 Shore Road."},
		{"We live at 14 Harcourt Road.", "The shop's address is 5 Market Street."},
	})
}

func TestAddressReading(t *testing.T) {
	for text, want := range map[string]string{
		"Our address is 14 Larch Close, Didsbury, M20 6TR.": "14 larch close didsbury m20 6tr",
		"We've moved the office to Unit 3, Quayside Park.":  "unit 3 quayside park",
		"New address for us: 3 Fenwick Lane, York YO1 7HH.": "3 fenwick lane york yo1 7hh",
		"We have 12 engineers on the platform team.":        "",
		"The meeting is in Room 12 Park Building.":          "",
	} {
		got := ""
		ts := claimTokens(text)
		for i := range ts {
			if _, _, k, ok := addressAt(ts, i); ok {
				got = k
				break
			}
		}
		if got != want {
			t.Errorf("%q: address %q, want %q", text, got, want)
		}
	}
}

// A move "into" a new value is a change; "not 20" after a corrected
// amount is its old number; a thing ends once.
func TestMoreChangeWordings(t *testing.T) {
	checkRelations(t, []relCase{
		{"Noor is in Year 2 at Hillside Primary.", "Noor moved up into Year 3 at Hillside Primary in September.", apart, Supersedes},
		{"The build timeout is 20 minutes.", "Correction: the build timeout is 45 minutes, not 20.", together, Supersedes},
		{"Our TV licence expires in June 2026.", "The TV licence is valid until September 2026.", together, Contradicts},
		{"Our car loan is fixed until 2028.", "The fixed rate on our car loan ends in 2027.", together, Contradicts},
	})
	wantUnrelated(t, [][2]string{
		{"The car insurance expires in May.", "The home insurance ends in June."},
		{"The offer ends on Friday.", "The sale starts on Saturday."},
		{"The offer runs until May.", "The sale ends in June."},
		{"We have 3 cats.", "We have 4 dogs, not 2 cats."},
	})
}

// A rename retires the name it replaces (renamedFrom).
func TestRenames(t *testing.T) {
	checkRelations(t, []relCase{
		{"The search service is called finder-api.", "finder-api has been renamed to lookup-api.", apart, Supersedes},
		{"The repo's default branch is trunk.", "We renamed the default branch to main.", apart, Supersedes},
	})
	wantUnrelated(t, [][2]string{
		{"The staging branch is called release.", "We renamed the default branch to main."},
		{"Our cat is called Pepper.", "We renamed the dog to Biscuit."},
		{"The invoicing repo is called billing-core.", "We renamed the payments repo to ledger-service."},
		{"The repo's default branch is master.", "We renamed the repo to orchard-api."},
	})
}

// A span of months is one value; a frequency adverb before a day is a
// frequency; a CI pipeline runs on what CI runs on.
func TestSpansAndFrequencies(t *testing.T) {
	checkRelations(t, []relCase{
		{"Pip, our hedgehog, hibernates from October to April.", "From October until April, Pip the hedgehog hibernates.", apart, Duplicate},
		{"The build pipeline runs on Jenkins.", "We use Jenkins for builds.", apart, Duplicate},
	})
	wantUnrelated(t, [][2]string{
		{"Oscar hibernates from November to March.", "The pond freezes from December to February."},
		{"The build pipeline runs on Jenkins.", "The data pipeline runs on Airflow."},
	})
	for text, want := range map[string]string{
		"Our garden waste goes out fortnightly on Fridays.": "1/fortnight",
		"The monthly charge is £12.":                        "",
	} {
		_, vs := typedValues(schema.Memory{Claim: text})
		got := ""
		for _, v := range vs {
			if v.typ == "freq" {
				got = v.key
			}
		}
		if got != want {
			t.Errorf("%q: frequency %q, want %q", text, got, want)
		}
	}
	// "Monday to Friday" is every weekday
	_, vs := typedValues(schema.Memory{Claim: "The office is staffed Monday to Friday."})
	if len(vs) != 1 || vs[0].typ != "day" || vs[0].key != "weekday" {
		t.Errorf("Monday to Friday read as %+v, want one day value: weekday", vs)
	}
	// a period adjective says how often, not which thing
	x, y := topicClaim{ts: claimTokens("the project meeting")}, topicClaim{ts: claimTokens("our weekly meeting")}
	xw, yw := topicWords(x.ts, make([]bool, len(x.ts))), topicWords(y.ts, make([]bool, len(y.ts)))
	if qualifiedApart(x, make([]bool, len(x.ts)), yw, y, make([]bool, len(y.ts)), xw) {
		t.Error(`"weekly" read as a qualifier that tells two meetings apart`)
	}
}

// A switch to another kind of the same thing retires the old kind
// (switchedKind); a switch of another thing does not.
func TestSwitchedKind(t *testing.T) {
	checkRelations(t, []relCase{
		{"I use a gel pen for my journal.", "I've switched to a fountain pen for my journal.", apart, Supersedes},
		{"I use the blue cluster for load tests.", "I have switched over to the green cluster for load tests.", apart, Supersedes},
	})
	wantUnrelated(t, [][2]string{
		{"I take oat milk in my coffee.", "I've switched to almond milk in my tea."},
		{"I drink oat milk.", "The kids have switched to almond milk."},
		{"Mum takes oat milk in her coffee.", "I've switched to almond milk in my coffee."},
		{"I take oat milk in my coffee.", "I've switched to almond milk."},
	})
}

// The same value's words in another order, on one slot, are a duplicate.
func TestSameValueInOtherOrder(t *testing.T) {
	checkRelations(t, []relCase{
		{"Ines speaks fluent Italian.", "Ines speaks Italian fluently.", apart, Duplicate},
	})
	wantUnrelated(t, [][2]string{
		{"Ines speaks fluent Italian.", "Ines speaks basic Italian."},
	})
}

// A noun written with a hyphen and a particle is one word; other hyphens
// split as before.
func TestCompoundHyphens(t *testing.T) {
	for text, want := range map[string]string{
		"The team stand-up is at 9:30.":             "the|team|stand-up|is|at|9:30",
		"Who is on-call this week?":                 "who|is|on-call|this|week",
		"She works full-time at a five-a-side club": "she|works|full|time|at|a|five|a|side|club",
	} {
		var got []string
		for _, tk := range claimTokens(text) {
			got = append(got, tk.low)
		}
		if strings.Join(got, "|") != want {
			t.Errorf("%q: tokens %q, want %q", text, strings.Join(got, "|"), want)
		}
	}
}

// The passive voice swaps the roles back.
func TestPassiveVoice(t *testing.T) {
	checkRelations(t, []relCase{
		{"The budget was approved by Tom.", "Tom approved the budget.", apart, Duplicate},
		{"Ana was hired by Tom.", "Tom hired Ana.", apart, Duplicate},
	})
	wantUnrelated(t, [][2]string{
		{"Ana was hired by Tom.", "Ana hired Tom."},
		{"The dog was bitten by the fox.", "The dog bit the fox."},
	})
}
