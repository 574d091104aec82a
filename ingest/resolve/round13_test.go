package resolve

import (
	"slices"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Short names of the kinds, for the tables of cases below and in
// round14_test.go.
const (
	per, org, sys, plc, prj, oth = schema.KindPerson, schema.KindOrganisation, schema.KindSystem, schema.KindPlace, schema.KindProject, schema.KindOther
)

// Readings of hold-out 28's misses, each with the look-alikes that must
// stay apart.
func TestRound13Resolution(t *testing.T) {
	e := ent
	checkMatches(t, []matchCase{
		// an acronym leaves out "to" as it does "of" and "the"
		{"RSPCA", org, []schema.Entity{e("a", "Royal Society for the Prevention of Cruelty to Animals", org), e("b", "RSPB", org)}, "a"},
		// initialisms that fold alike are still two
		{"RBC", org, []schema.Entity{e("a", "Royal Borough of Kingston", org, "RBK"), e("b", "Bank of Canada", org)}, ""},
		{"Kiev", plc, []schema.Entity{e("a", "Kiev", plc)}, "a"},
		// a company's "& Partners", "& Sons", "Holdings", "Group" are left out
		{"John Lewis", org, []schema.Entity{e("a", "John Lewis & Partners", org), e("b", "John Lewis", per)}, "a"},
		{"Hargreaves", org, []schema.Entity{e("a", "Hargreaves & Sons", org)}, "a"},
		// but a bank, labs or technologies may be another company
		{"Tesco Bank", org, []schema.Entity{e("a", "Tesco plc", org), e("b", "Tesco Mobile", org)}, ""},
		{"Tesco", org, []schema.Entity{e("a", "Tesco plc", org), e("b", "Tesco Bank", org)}, "a"},
		{"Quorra", sys, []schema.Entity{e("a", "Quorra Labs", org)}, ""},
		// a product named without its vendor
		{"Jira", sys, []schema.Entity{e("a", "Atlassian Jira", sys), e("b", "Atlassian Confluence", sys)}, "a"},
		{"Photoshop", sys, []schema.Entity{e("a", "Adobe Photoshop", sys), e("b", "Adobe Illustrator", sys)}, "a"},
		// a short form that several known names extend names none of them
		{"Microsoft", org, []schema.Entity{e("a", "Microsoft Teams", sys), e("b", "Microsoft 365", sys)}, ""},
		{"Apple", org, []schema.Entity{e("a", "Apple Music", sys), e("b", "Apple Watch", schema.KindOther), e("c", "Apple Tree Nursery", org)}, ""},
		{"Stratford", plc, []schema.Entity{e("a", "Stratford-upon-Avon", plc), e("b", "Stratford, London", plc)}, ""},
		{"Goldman", org, []schema.Entity{e("a", "Goldman Sachs", org), e("b", "Morgan Stanley", org)}, "a"},
		// everyday forms of given names, from the nickname to the name only
		{"Mike", per, []schema.Entity{e("a", "Michael Brennan", per), e("b", "Michelle Brennan", per)}, "a"},
		{"Mike Brennan", per, []schema.Entity{e("a", "Michael Brennan", per), e("b", "Michelle Brennan", per)}, "a"},
		{"Liz", per, []schema.Entity{e("a", "Elizabeth Ward", per), e("b", "Eliza Ward", schema.KindPerson)}, "a"},
		{"Mike", per, []schema.Entity{e("a", "Michael Brennan", per), e("b", "Michael Osei", per)}, ""},
		{"Katherine", per, []schema.Entity{e("a", "Kate Brennan", per)}, ""},
		{"Jo", per, []schema.Entity{e("a", "Joanna Kim", per)}, ""},
		{"Bob", per, []schema.Entity{e("a", "Roberta Hale", per)}, ""},
		// a relation word before the name: the one known with it ("Uncle
		// David"), else the only one of that name
		{"Uncle Dave", per, []schema.Entity{e("a", "David Morris", per, "Uncle David"), e("b", "Dave Hinds", per), e("c", "Davina Morris", per)}, "a"},
		{"Uncle Dave", per, []schema.Entity{e("b", "Dave Hinds", per)}, "b"},
		{"Aunt Carol", per, []schema.Entity{e("a", "Carol Jenkins", per), e("c", "Carl Jenkins", per)}, "a"},
		{"Aunt Carol", per, []schema.Entity{e("a", "Carol Jenkins", per), e("b", "Carol Price", per)}, ""},
		// a given name said alone names no one of two it may be short for
		{"Aunt Carol", per, []schema.Entity{e("a", "Carol Jenkins", per), e("b", "Caroline Price", per)}, ""},
		{"Alex", per, []schema.Entity{e("a", "Alex Turner", per), e("b", "Alexandra Pike", per)}, ""},
		// the first of two surnames, or of a double-barrelled one
		{"Ana Garcia", per, []schema.Entity{e("a", "Anna Lopez", per), e("b", "Ana García López", per), e("c", "María García", per)}, "b"},
		{"Sophie Lloyd", per, []schema.Entity{e("a", "Sophie Bennett", per), e("b", "Sophie Lloyd-Jones", per)}, "b"},
		{"Sophie Lloyd", per, []schema.Entity{e("a", "Sophie Jones", per)}, ""},
		// a name she was known by before
		{"Rachel Bryant", per, []schema.Entity{e("a", "Rachel Thompson", per, "Rachel Bryant"), e("b", "Rachel Adams", per)}, "a"},
		{"Rachel Bryant", per, []schema.Entity{e("a", "Rachel Thompson", per)}, ""},
		// a company's full name with a suffix still begins with its short name
		{"HSBC", org, []schema.Entity{e("a", "HSBC UK Bank plc", org), e("b", "Santander UK", org)}, "a"},
		// a first word spelled another way ("Caffè", "Cafe")
		{"Cafe Nero", org, []schema.Entity{e("a", "Caffè Nero", org), e("b", "Costa Coffee", org)}, "a"},
		{"Marlow Freight", org, []schema.Entity{e("a", "Marlowe Freight", org)}, ""},
		// a street's kind abbreviated at the end; "St" first is "Saint"
		{"Station Rd", plc, []schema.Entity{e("a", "Station Road", plc), e("b", "Station Street", plc)}, "a"},
		{"High St", plc, []schema.Entity{e("a", "High Street", plc), e("b", "High Road", plc)}, "a"},
		{"St Albans", plc, []schema.Entity{e("a", "Saint Albans", plc), e("b", "St Andrews", plc)}, "a"},
		// initials of the first words, the rest written out
		{"VS Code", sys, []schema.Entity{e("a", "Visual Studio Code", sys), e("b", "Visual Studio", sys), e("c", "Xcode", sys)}, "a"},
		{"GH Actions", sys, []schema.Entity{e("a", "GitHub", sys), e("b", "GitHub Actions", sys), e("c", "GitLab CI", sys)}, "b"},
		{"VS Code", sys, []schema.Entity{e("a", "Visual Studio", sys)}, ""},
		// other initials than the owner's own for it
		{"BA", org, []schema.Entity{e("a", "Booking.com", org), e("b", "Bank of America", org, "BofA")}, ""},
		{"MS", org, []schema.Entity{e("a", "Marks & Spencer", org, "M&S")}, ""},
		{"USA", plc, []schema.Entity{e("a", "United States", plc, "US"), e("b", "United Arab Emirates", plc)}, "a"},
		{"NYC", plc, []schema.Entity{e("a", "New York City", plc, "NY")}, "a"},
		// a facility named without the word that says what it is, as an
		// organisation; a place so named is not the facility, nor is an
		// organisation the place stored with that word
		{"Heathrow", org, []schema.Entity{e("a", "Heathrow Airport", plc), e("b", "Gatwick Airport", plc, "Gatwick"), e("c", "Hounslow", plc)}, ""},
		{"St Thomas' Hospital", plc, []schema.Entity{e("a", "St Thomas'", org)}, "a"},
		{"St Thomas'", org, []schema.Entity{e("a", "King's College Hospital", org), e("b", "St Thomas' Hospital", org), e("c", "Guy's Hospital", org)}, "b"},
		{"Cambridge", plc, []schema.Entity{e("a", "Cambridge University", org)}, ""},
		{"Cambridge University", org, []schema.Entity{e("a", "Cambridge", plc)}, ""},
		{"Wembley", org, []schema.Entity{e("a", "Wembley Stadium", plc), e("b", "Wembley Park", plc)}, ""},
		// a short form in the middle of two known names
		{"O2", org, []schema.Entity{e("a", "Virgin Media O2", org), e("b", "The O2 Arena", plc)}, ""},
		{"Stratford", plc, []schema.Entity{e("a", "Westfield Stratford City", org), e("b", "Stratford-upon-Avon", plc)}, ""},
		// a title says a man or a woman, and so does a common given name
		{"Mrs Henderson", per, []schema.Entity{e("a", "Gordon Henderson", per), e("b", "Gordon Hamilton", per)}, ""},
		{"Mr Henderson", per, []schema.Entity{e("a", "Gordon Henderson", per), e("b", "Lucy Henderson", per)}, "a"},
		{"Ms Okonkwo", per, []schema.Entity{e("a", "Emeka Okonkwo", per), e("b", "Adaeze Okonkwo", per)}, "b"},
		{"Mrs Henderson", per, []schema.Entity{e("a", "Mr Henderson", per)}, ""},
		{"Dr Henderson", per, []schema.Entity{e("a", "Gordon Henderson", per), e("b", "Lucy Henderson", per)}, ""},
		{"Mr Okafor", per, []schema.Entity{e("a", "Kelechi Okafor", per)}, "a"},
		// roles and relation words before a name
		{"Coach Dan", per, []schema.Entity{e("a", "Danielle Fox", per, "Dani"), e("b", "Daniel Kowalski", per, "Dan")}, "b"},
		{"Nanna Rose", per, []schema.Entity{e("a", "Rose Bennett", per, "Nan"), e("b", "Margaret Hale", per, "Granny Peg")}, "a"},
		// a doctors' practice's name ends in several ways
		{"Parkview surgery", org, []schema.Entity{e("a", "Oakwood Dental Care", org), e("b", "Parkview Medical Practice", org)}, "b"},
		{"Parkview surgery", org, []schema.Entity{e("a", "Parkside Medical Practice", org)}, ""},
		// what a firm does, after its name
		{"Harrow and Finch", org, []schema.Entity{e("a", "Finch Accountancy Ltd", org), e("b", "Harrow & Finch Solicitors LLP", org)}, "b"},
		// a facility named by its first words
		{"St Mary's", org, []schema.Entity{e("a", "Hillcrest Academy", org), e("b", "St Mary's Catholic Primary School", org)}, "b"},
		{"St Mary's", org, []schema.Entity{e("a", "St Mary's Hospital", org), e("b", "St Mary's Catholic Primary School", org)}, ""},
		// a project's name beside a product that holds it
		{"Atlas", schema.KindProject, []schema.Entity{e("a", "MongoDB Atlas", sys), e("b", "Project Atlas", schema.KindProject)}, "b"},
		// a person's initials
		{"JB", per, []schema.Entity{e("a", "Tom Kirby", per), e("b", "James Bradshaw", per), e("c", "Alan Price", per)}, "b"},
		{"JB", per, []schema.Entity{e("a", "James Bradshaw", per), e("b", "Julia Barnes", per)}, ""},
		{"jb", per, []schema.Entity{e("a", "James Bradshaw", per)}, ""},
		// a relation the owner stores someone by
		{"Mam", per, []schema.Entity{e("a", "Siobhán Doyle", per, "my sister"), e("b", "Margaret Doyle", per, "my mother"), e("c", "Doyle's Pharmacy", org)}, "b"},
		{"Amma", per, []schema.Entity{e("a", "Priya Iyer", per, "sister"), e("b", "Lakshmi Iyer", per, "mother")}, "b"},
		{"Mam", per, []schema.Entity{e("a", "Siobhán Doyle", per, "my sister")}, ""},
		{"Mom", per, []schema.Entity{e("a", "Mum", per), e("b", "Dad", per)}, "a"},
		// a title before a surname: not a given name; the one stored with
		// that title first
		{"Prof Lin", per, []schema.Entity{e("a", "Wei Lin", per, "PhD supervisor"), e("b", "Lin Zhou", per, "labmate")}, "a"},
		{"Dr. Patel", per, []schema.Entity{e("a", "Dr Anil Patel", per, "GP"), e("b", "Meera Patel", per)}, "a"},
		{"Dr Patel", per, []schema.Entity{e("a", "Anil Patel", per), e("b", "Meera Patel", per)}, ""},
		{"Judge Alvarez", per, []schema.Entity{e("a", "Alvarez & Marsal", org), e("b", "Maria Alvarez", per), e("c", "Carlos Ruiz", per)}, "b"},
		{"Coach Dan", per, []schema.Entity{e("a", "Dan Okafor", per)}, "a"},
		// an honorific after a name
		{"Ravi bhaiya", per, []schema.Entity{e("a", "Ravi Kumar", per, "elder brother"), e("b", "Sunita Kumar", per)}, "a"},
		// a car's model without its maker, for vehicles only
		{"Hilux", schema.KindOther, []schema.Entity{e("a", "Toyota Finance Australia", org), e("b", "Toyota Hilux", schema.KindOther)}, "b"},
		{"Clio", sys, []schema.Entity{e("a", "Renault Clio", schema.KindOther)}, ""},
		// a street with a number written as a word
		{"5th Ave", plc, []schema.Entity{e("a", "Fifth Avenue", plc), e("b", "Madison Avenue", plc)}, "a"},
		// a product named without its vendor beside a firm that holds the name
		{"Excel", sys, []schema.Entity{e("a", "Excel Physiotherapy", org), e("b", "Google Sheets", sys), e("c", "Microsoft Excel", sys)}, "c"},
		// a facility's words abbreviated
		{"Mass General", org, []schema.Entity{e("a", "Massachusetts General Hospital", org, "MGH"), e("b", "Boston Children's Hospital", org)}, "a"},
		// a council without the kind of council it is
		{"Leeds council", org, []schema.Entity{e("a", "Leeds", plc), e("b", "Leeds City Council", org), e("c", "Leeds Beckett University", org)}, "b"},
		{"Leeds council", org, []schema.Entity{e("a", "Bradford City Council", org)}, ""},
		// an institution's place abbreviated
		{"Syd Uni", org, []schema.Entity{e("a", "University of Technology Sydney", org, "UTS"), e("b", "University of Sydney", org)}, "b"},
		// initials of a company's name before its suffix
		{"M&S", org, []schema.Entity{e("a", "Morrisons", org), e("b", "Marks & Spencer plc", org)}, "b"},
		// a relation title in other words, with the name
		{"Auntie Bev", per, []schema.Entity{e("a", "Beverley Thompson", per, "Aunt Bev"), e("b", "Bev Marsh", per)}, "a"},
		{"Uncle Tony", per, []schema.Entity{e("a", "Antonio Russo", per, "Zio Tony"), e("b", "Tony Blackwell", per)}, "a"},
		// spellings of one given name
		{"Mohammed Iqbal", per, []schema.Entity{e("a", "Muhammad Iqbal", per, "Mo"), e("b", "Mohsin Iqbal", per)}, "a"},
		{"Mohammed Iqbal", per, []schema.Entity{e("a", "Mohsin Iqbal", per)}, ""},
		// a title and a surname's initial
		{"Miss T", per, []schema.Entity{e("a", "Hannah Thornton", per), e("b", "Tom Reed", per), e("c", "Sophie Marsh", per)}, "a"},
		{"Miss T", per, []schema.Entity{e("a", "Hannah Thornton", per), e("b", "Tara Timms", per)}, ""},
		{"Mr T", per, []schema.Entity{e("a", "Hannah Thornton", per)}, ""},
		{"Mrs Kowalski", per, []schema.Entity{e("a", "Piotr Kowalski", per), e("b", "Kowalski Builders Ltd", org)}, ""},
		// initials with the small words written out
		{"U of T", org, []schema.Entity{e("a", "University of Toronto", org), e("b", "Toronto Metropolitan University", org, "TMU")}, "a"},
		// a possessive name said as a place is the facility named after someone
		{"Addenbrooke's", plc, []schema.Entity{e("a", "Addenbrooke's Hospital", org), e("b", "Royal Papworth Hospital", org)}, "a"},
		{"Cambridge", plc, []schema.Entity{e("a", "Cambridge University Hospital", org)}, ""},
		// well-known short names
		{"Brum", plc, []schema.Entity{e("a", "Bromley", plc), e("b", "Birmingham", plc), e("c", "Bromsgrove", plc)}, "b"},
		{"gcal", sys, []schema.Entity{e("a", "Gmail", sys), e("b", "Google Calendar", sys), e("c", "Calendly", sys)}, "b"},
		{"Cambs", plc, []schema.Entity{e("a", "Cambridge", plc), e("b", "Cambridgeshire", plc)}, "b"},
		{"Brum", per, []schema.Entity{e("b", "Birmingham", plc)}, ""},
		{"Auntie Jo", per, []schema.Entity{e("a", "Jo Price", per, "Auntie Jo"), e("b", "Jo Reid", per)}, "a"},
	})
}

func TestSearchNames(t *testing.T) {
	tests := map[string][]string{
		"Mike":         {"Mike", "Michael"},
		"Mike Brennan": {"Mike Brennan", "Michael Brennan"},
		"Kate":         {"Kate", "Katherine", "Catherine", "Kathryn"},
		"Anna Silva":   {"Anna Silva"},
		"":             {""},
		"Uncle Dave.":  {"Uncle Dave.", "Uncle David"},
		"Brum":         {"Brum", "birmingham"},
		"Mam":          {"Mam", "mother", "mum", "mom"},
		"5th Ave":      {"5th Ave", "fifth avenue"},
		"O365":         {"O365", "m365", "microsoft 365", "office 365"},
		"JFK":          {"JFK", "john f kennedy"},
		"Jfk":          {"Jfk"},
		"Roissy":       {"Roissy", "charles de gaulle"},
		"MN":           {"MN", "minnesota"},
	}
	for in, want := range tests {
		if got := SearchNames(in); !slices.Equal(got, want) {
			t.Errorf("SearchNames(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRespelt(t *testing.T) {
	tests := []struct {
		m    schema.Mention
		want bool
	}{
		{schema.Mention{Name: "Kubernets", Kind: schema.KindSystem}, true},
		{schema.Mention{Name: "Syd Uni", Kind: schema.KindOrganisation}, true},
		{schema.Mention{Name: "Dan", Kind: schema.KindPerson}, true},
		{schema.Mention{Name: "Dr Okafor", Kind: schema.KindPerson}, true},
		{schema.Mention{Name: "Dan Silva", Kind: schema.KindPerson}, false},
	}
	for _, tt := range tests {
		if got := Respelt(tt.m); got != tt.want {
			t.Errorf("Respelt(%+v) = %v, want %v", tt.m, got, tt.want)
		}
	}
}
