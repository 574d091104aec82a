package resolve

import (
	_ "embed"
	"strings"
	"sync"
)

// A title says whether a person is a man or a woman ("Mr", "Mrs", "Ms",
// "Miss"), and so, for common given names, does the name: "Mrs Henderson"
// is not Gordon Henderson. The hand-written lists below come first; then
// givennames.txt, about 10,000 names that every language listing them
// gives one sex (internal/givennamesgen). Any other name says nothing.
// Irish women's names (Siobhán, Niamh, Aoife), first tried in the lists,
// made one wrong merge on hold-out 37: "Mr Byrne" beside the brother Conor
// Byrne and the sister Aoife Byrne took the brother; a title and surname
// now never name someone the owner knows by a relation (knownAsKin).

var maleTitles = map[string]bool{"mr": true, "sir": true}

var femaleTitles = map[string]bool{"mrs": true, "ms": true, "miss": true, "dame": true}

var maleNames = wordSet(`aaron adam adrian ahmed alan albert alexander alfie andrew angus anthony arthur
barry ben benjamin bernard bill bob brian bruce callum carl charles christopher colin craig
daniel darren david dean dennis derek desmond dominic donald douglas duncan edward emeka eric
ethan felix finn frank frederick gareth gary gavin geoffrey george gordon graham gregory
harold harry harvey henry hugh ian isaac jack jacob jake james jason jeffrey jeremy john
jonathan joseph joshua julian justin keith kenneth kevin kwame liam louis luke malcolm mark
martin matthew maurice michael mohammed muhammad neil nicholas nigel oliver oscar owen patrick paul
peter philip raymond richard robert roger ronald rory ryan samuel scott sean simon stephen
steven stuart terence theo thomas timothy tobias tom tony trevor victor vincent walter wayne
william zachary chidi tunde olumide rahul sanjay vikram arjun rohan hiroshi kenji wei jun
raj ravi amit sunil anil vijay ajay deepak sandeep piotr pawel tomasz krzysztof marek andrzej
wojciech lukasz michal jakub kacper sean ciaran padraig eoin cormac declan niall liam conor carlos diego javier jose juan luis miguel pablo pedro marco luca giovanni hans klaus jurgen
pierre jean francois ivan dmitri sergei`)

var femaleNames = wordSet(`abigail adaeze alice alison amanda amara amelia amy andrea angela anna anne
annie barbara beatrice bethany brenda bridget caroline catherine charlotte chloe christine
claire clare deborah denise diana diane donna dorothy eleanor elizabeth ella ellie emily emma
erin eva evelyn fiona florence frances freya gemma georgia gillian grace hannah harriet
heather helen holly imogen isabel isabella isla jacqueline jane janet jasmine jennifer
jessica jill joan joanna joanne josephine julia julie karen kate katherine kathleen kathryn
kelly kirsty laura lauren leah linda lisa lorraine louise lucy lydia lynne margaret maria
marie martha mary maya megan melanie michelle molly monica nancy naomi natalie ngozi nicola
nicole olivia patricia paula pauline penelope phoebe poppy priya rachel rebecca rose ruby
ruth sally samantha sandra sarah sharon sheila shirley sophia sophie stephanie susan tanya
teresa theresa tracey valerie vanessa victoria wendy yvonne zoe chioma funmilayo aisha fatima
ananya deepa anjali meera anita sunita pooja neha kavita katarzyna agnieszka malgorzata ewa
magdalena monika zofia yuki mei ling carmen lucia sofia elena ingrid greta anastasia olga natasha`)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// otherSex: the mention's title (mt, its normalised words) and the
// candidate's given name or title (ct) say a man and a woman.
func otherSex(mt, ct []string) bool {
	if len(mt) < 2 || len(ct) == 0 {
		return false
	}
	male, female := maleTitles[mt[0]], femaleTitles[mt[0]]
	if !male && !female {
		return false
	}
	switch c := ct[0]; {
	case maleTitles[c] || maleNames[c]:
		return female
	case femaleTitles[c] || femaleNames[c]:
		return male
	}
	switch givenSexes()[ct[0]] {
	case 'm':
		return female
	case 'f':
		return male
	}
	return false
}

// givenNames lists about 10,000 given names that are a man's or a woman's
// in every language that has them, one a line with "m" or "f"; see
// internal/givennamesgen. The hand-written lists above come first.
//
//go:embed givennames.txt
var givenNames string

// givenSexes reads givenNames once, into a map from name to 'm' or 'f'.
var givenSexes = sync.OnceValue(func() map[string]byte {
	out := make(map[string]byte, 11_000)
	for _, line := range strings.Split(givenNames, "\n") {
		if name, sex, ok := strings.Cut(line, " "); ok && sex != "" {
			out[name] = sex[0]
		}
	}
	return out
})

// sexOf returns 'm' or 'f' for a given name the lists or givennames.txt
// know as a man's or a woman's, 0 for any other.
func sexOf(name string) byte {
	switch {
	case maleNames[name]:
		return 'm'
	case femaleNames[name]:
		return 'f'
	}
	return givenSexes()[name]
}

// otherSexNames: the given names a and b are known, one as a man's and the
// other as a woman's.
func otherSexNames(a, b string) bool {
	sa, sb := sexOf(a), sexOf(b)
	return sa != 0 && sb != 0 && sa != sb
}
