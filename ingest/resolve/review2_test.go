package resolve

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// TestReviewedRulesOfTheSession: a review of the twenty-second to
// twenty-ninth rounds' rules found these wrong merges, each a reading
// wider than its comment (docs/bench-engine.md, thirty-first round); each
// is kept apart here, beside a match of the same rule that must stay.
func TestReviewedRulesOfTheSession(t *testing.T) {
	e := ent
	checkMatches(t, []matchCase{
		// landmarkShort: what is left is a place of its own
		{"San Francisco", plc, []schema.Entity{e("a", "Iglesia de San Francisco", plc)}, ""},
		{"San Marco", plc, []schema.Entity{e("a", "Basilica di San Marco", plc)}, ""},
		{"London Docklands", plc, []schema.Entity{e("a", "Museum of London Docklands", plc)}, ""},
		{"City of New York", plc, []schema.Entity{e("a", "Museum of the City of New York", plc)}, ""},
		{"Sagrada Familia", plc, []schema.Entity{e("a", "Basílica de la Sagrada Família", plc)}, "a"},
		// roleReference: a word inside a place's name, or a noun "of" something
		{"the pool", plc, []schema.Entity{e("a", "Liverpool", plc)}, ""},
		{"my pool", oth, []schema.Entity{e("a", "Blackpool", plc)}, ""},
		{"the church", plc, []schema.Entity{e("a", "Christchurch", plc)}, ""},
		{"the bank", org, []schema.Entity{e("a", "Bank of England", org)}, ""},
		{"the school", org, []schema.Entity{e("a", "School of Oriental and African Studies", org)}, ""},
		{"the office", org, []schema.Entity{e("a", "Office for National Statistics", org)}, ""},
		{"my gym", org, []schema.Entity{e("a", "PureGym Leeds", org)}, "a"},
		{"my gym", org, []schema.Entity{e("a", "Iron Temple", org, "the gym on Boar Lane")}, "a"},
		// koreanSpelling: Western names, and Korean syllables that differ
		{"Tina Lee", per, []schema.Entity{e("a", "Dina Lee", per)}, ""},
		{"Tina Lee", per, []schema.Entity{e("a", "Dina Yi", per)}, ""},
		{"Tara Chang", per, []schema.Entity{e("a", "Dara Chang", per)}, ""},
		{"Kia Lee", per, []schema.Entity{e("a", "Gia Lee", per)}, ""},
		{"Kim Seo-yeon", per, []schema.Entity{e("a", "Kim Seo-yoon", per)}, ""},
		{"Park Min-seo", per, []schema.Entity{e("a", "Park Min-su", per)}, ""},
		{"Ryu Ji-hoon", per, []schema.Entity{e("a", "Yoo Ji-hoon", per)}, ""},
		{"Park Ji-hoon", per, []schema.Entity{e("a", "Pak Ji-hun", per)}, "a"},
		{"Seong-min Jeong", per, []schema.Entity{e("a", "Chung Sung-min", per)}, "a"},
		// sameSchool: two faiths are two schools; a place word is no given name
		{"St Mary's C of E Primary School", org, []schema.Entity{e("a", "St Mary's Catholic Primary School", org)}, ""},
		{"Park Primary School", org, []schema.Entity{e("a", "Victoria Park Primary School", org)}, ""},
		{"Park High School", org, []schema.Entity{e("a", "Stanley Park High School", org)}, ""},
		{"St Joseph's Primary", org, []schema.Entity{e("a", "Saint Joseph's Catholic Primary School", org)}, "a"},
		{"Lincoln Elementary", org, []schema.Entity{e("a", "Abraham Lincoln Elementary School", org)}, "a"},
		// blendOf: a word that happens to begin two words
		{"Falcon", prj, []schema.Entity{e("a", "Fall Conference", prj)}, ""},
		{"Everest", prj, []schema.Entity{e("a", "Event Restructure", prj)}, ""},
		{"Outlook", sys, []schema.Entity{e("a", "Outreach Lookup", sys)}, ""},
		{"Capital Taxis", org, []schema.Entity{e("a", "Capita", org)}, ""},
		{"Virtual Gin", org, []schema.Entity{e("a", "Virgin", org)}, ""},
		{"Telmex", org, []schema.Entity{e("a", "Teléfonos de México", org)}, "a"},
		// descriptive names of systems: another head, a word more
		{"Sales dashboard", sys, []schema.Entity{e("a", "Sales tax tool", sys)}, ""},
		{"Sales dashboard", sys, []schema.Entity{e("a", "Sales platform", sys)}, ""},
		{"the HR dashboard", sys, []schema.Entity{e("a", "HR portal", sys)}, ""},
		{"the HR portal", sys, []schema.Entity{e("a", "Workday", sys, "HR system")}, "a"},
		// "job" is a piece of work of any kind, not of any subject
		{"the Google job", prj, []schema.Entity{e("a", "Google Cloud migration", prj)}, ""},
		{"the Berlin job", prj, []schema.Entity{e("a", "Berlin office relocation", prj)}, ""},
		{"the kitchen job", prj, []schema.Entity{e("a", "Kitchen renovation – 14 Elm Road", prj)}, "a"},
		// bareHead: the same head word, not one of its kind
		{"the move", prj, []schema.Entity{e("a", "Billing database migration", prj)}, ""},
		{"the sale", prj, []schema.Entity{e("a", "Charity bake sale for Willow Hospice", prj)}, ""},
		{"the trip", prj, []schema.Entity{e("a", "Tokyo and Kyoto holiday", prj)}, ""},
		{"the wedding", prj, []schema.Entity{e("a", "Anna & Tom's wedding", prj)}, "a"},
		{"the appeal", prj, []schema.Entity{e("a", "School roof appeal", prj)}, ""},
		{"the deployment", prj, []schema.Entity{e("a", "Mobile app launch", prj)}, ""},
		// sameBusiness: one premises word is not another
		{"Oak Tree Surgery", org, []schema.Entity{e("a", "Oak Tree Studio", org)}, ""},
		{"London Dermatology Clinic", org, []schema.Entity{e("a", "London Dermatology Centre", org)}, ""},
		{"City Sports", org, []schema.Entity{e("a", "City Sports Centre", org)}, ""},
		{"Greenleaf Dental", org, []schema.Entity{e("a", "Green Leaf Dental Clinic", org)}, "a"},
		// nationalShort: a common word after the nation
		{"Marines", org, []schema.Entity{e("a", "Royal Marines", org), e("b", "US Marine Corps", org)}, ""},
		{"Academy", org, []schema.Entity{e("a", "Royal Academy", org)}, ""},
		{"Infirmary", org, []schema.Entity{e("a", "Royal Infirmary", org)}, ""},
		{"Brompton", org, []schema.Entity{e("a", "Royal Brompton", org)}, ""},
		{"Lufthansa", org, []schema.Entity{e("a", "Deutsche Lufthansa AG", org)}, "a"},
		// relations: one side of the family is not the other
		{"Mormor", per, []schema.Entity{e("a", "Solveig Berg", per, "farmor")}, ""},
		{"morfar", per, []schema.Entity{e("a", "Nils Berg", per, "farfar")}, ""},
		{"my younger brother", per, []schema.Entity{e("a", "Sam Ray", per, "older brother")}, ""},
		{"Tia's wedding", prj, []schema.Entity{e("a", "Auntie Bev's wedding", prj)}, ""},
		{"Tia Louise Smith", per, []schema.Entity{e("a", "Louise Smith", per)}, ""},
		{"Zia Ahmed Khan", per, []schema.Entity{e("a", "Ahmed Khan", per)}, ""},
		{"Tia Smith", per, []schema.Entity{e("a", "Tia Smith", per, "colleague")}, "a"},
		{"Son Ji-woo", per, []schema.Entity{e("a", "Son Ji-woo", per, "colleague")}, "a"},
		// firstOfTwoSurnames: a middle name is no second surname
		{"Ben James", per, []schema.Entity{e("a", "Benjamin James Wilson", per)}, ""},
		{"Tom Henry", per, []schema.Entity{e("a", "Thomas Henry Clarke", per)}, ""},
		{"Paco Jiménez", per, []schema.Entity{e("a", "Francisco Jiménez Ortega", per)}, "a"},
		{"Zé Pereira", per, []schema.Entity{e("a", "José Pereira da Silva", per)}, "a"},
		// seriesShort: a season is no subtitle
		{"House: Season 1", oth, []schema.Entity{e("a", "Full House: Season 1", oth)}, ""},
		{"Girls: Season 1", oth, []schema.Entity{e("a", "Gilmore Girls: Season 1", oth)}, ""},
		{"Zelda: BotW", oth, []schema.Entity{e("a", "The Legend of Zelda: Breath of the Wild", oth)}, "a"},
		// a system's version: a known name, not a close spelling
		{"Angular 17", sys, []schema.Entity{e("a", "AngularJS", sys)}, ""},
		{"Terraform 1.5", sys, []schema.Entity{e("a", "Terraformer", sys)}, ""},
		{"Postgres 15", sys, []schema.Entity{e("a", "PostgreSQL", sys)}, "a"},
		// table lines across kinds
		{"SAS", sys, []schema.Entity{e("a", "Scandinavian Airlines", org)}, ""},
		{"shell", sys, []schema.Entity{e("a", "Royal Dutch Shell", org)}, ""},
		{"Riget", org, []schema.Entity{e("a", "Rigshospitalet", org)}, "a"},
		{"Neve Kelly", per, []schema.Entity{e("a", "Niamh Kelly", per)}, ""},
		// a station: the candidate must be one
		{"Kings Cross station", plc, []schema.Entity{e("a", "Sydney Kings Cross", plc)}, ""},
		{"Kings Cross Station", plc, []schema.Entity{e("a", "London King's Cross railway station", plc)}, "a"},
		{"Central station", plc, []schema.Entity{e("a", "Hong Kong Central", plc)}, ""},
		// honorifics before a Korean or Chinese name
		{"Pak Jihoon", per, []schema.Entity{e("a", "Jihoon Kim", per)}, ""},
		{"Bu Lan", per, []schema.Entity{e("a", "Lan Nguyen", per)}, ""},
		{"Pak Budi", per, []schema.Entity{e("a", "Budi Santoso", per)}, "a"},
		// articleShort: a surname is no article; onePart keeps a proper word
		{"Legal Services", org, []schema.Entity{e("a", "Das Legal Services", org)}, ""},
		{"the hospice fundraiser", prj, []schema.Entity{e("a", "Charity bake sale for Willow Hospice", prj)}, "a"},
	})
}

// TestReviewedRulesOfTheLastRounds: a second review, of the thirty-second
// and thirty-third rounds' rules, found these wrong merges; each is kept
// apart here beside the match its rule was written for.
func TestReviewedRulesOfTheLastRounds(t *testing.T) {
	e := ent
	checkMatches(t, []matchCase{
		// swappedLetters: not the last two letters, nor two names of their own
		{"Christina Müller", per, []schema.Entity{e("a", "Christian Müller", per)}, ""},
		{"Marina Nowak", per, []schema.Entity{e("a", "Marian Nowak", per)}, ""},
		{"Kristen Berg", per, []schema.Entity{e("a", "Kirsten Berg", per)}, ""},
		{"Siobahn McGrath", per, []schema.Entity{e("a", "Siobhan McGrath", per)}, "a"},
		// compoundFirst: not another sex, nor a first surname read as a given name
		{"María García", per, []schema.Entity{e("a", "José María García", per), e("b", "Lucía García", per)}, ""},
		{"Martín López", per, []schema.Entity{e("a", "Ana Martín López", per)}, ""},
		{"Lupita Hernández", per, []schema.Entity{e("a", "María Guadalupe Hernández", per)}, "a"},
		// Bank X: the English lead only
		{"Honda", org, []schema.Entity{e("a", "Honda Motor Co.", org), e("b", "Banco Honda", org)}, ""},
		{"Falabella", org, []schema.Entity{e("a", "Banco Falabella", org)}, ""},
		{"Hapoalim", org, []schema.Entity{e("a", "Bank Hapoalim B.M.", org)}, "a"},
		// two given names' initials: said in capitals
		{"Al Smith", per, []schema.Entity{e("a", "Amy Louise Smith", per), e("b", "Peter Smith", per)}, ""},
		{"Ed Silva", per, []schema.Entity{e("a", "Elena da Silva", per)}, ""},
		{"Jo Walsh", per, []schema.Entity{e("a", "James Owen Walsh", per)}, ""},
		{"TJ Beaulieu", per, []schema.Entity{e("a", "Thomas James Beaulieu", per)}, "a"},
		// Ato is a given name too
		{"Ato Mensah", per, []schema.Entity{e("a", "Kwame Mensah", per), e("b", "Ato Boateng", per)}, ""},
		{"Ato Tesfaye Bekele", per, []schema.Entity{e("a", "Tesfaye Bekele", per)}, "a"},
		// table names for organisations only
		{"Dunks", oth, []schema.Entity{e("a", "Nike Dunk Low", oth, "Dunk Lows"), e("b", "Dunkin' Donuts", org)}, ""},
		{"Dunkin", org, []schema.Entity{e("a", "Dunkin' Donuts", org)}, "a"},
		{"Pig", oth, []schema.Entity{e("a", "Piggly Wiggly", org)}, ""},
		{"UZ", org, []schema.Entity{e("a", "Ukrainian Railways", org)}, ""},
		{"Wei Xin", oth, []schema.Entity{e("a", "WeChat", sys)}, ""},
		{"the vineyard", plc, []schema.Entity{e("a", "Martha's Vineyard", plc)}, ""},
		// a nun or a monk by given name, not by surname
		{"Brother Kelly", per, []schema.Entity{e("a", "Sinéad Kelly", per), e("b", "Sean Murphy", per)}, ""},
		{"Sister Murphy", per, []schema.Entity{e("a", "Declan Murphy", per)}, ""},
		{"Sister Bernadette", per, []schema.Entity{e("a", "Bernadette O'Neill", per)}, "a"},
		// a code name with a head: not a trip, a sale or a wedding
		{"Denver trip", prj, []schema.Entity{e("a", "Project Denver", prj), e("b", "Lisbon trip", prj)}, ""},
		{"Garden sale", prj, []schema.Entity{e("a", "Garden", prj)}, ""},
		{"Atlas migration", prj, []schema.Entity{e("a", "ATLAS", prj)}, "a"},
		// a group's lead: not before a common noun said with an article
		{"the casino", org, []schema.Entity{e("a", "Groupe Casino", org)}, ""},
		{"Bimbo", org, []schema.Entity{e("a", "Grupo Bimbo", org)}, "a"},
		// surname first: given names after the comma, nothing else
		{"David, Sarah's husband", per, []schema.Entity{e("a", "Sarah", per)}, ""},
		{"Mwangi, Peter", per, []schema.Entity{e("a", "Peter Mwangi", per)}, "a"},
		// a link in one name only is no skipped word
		{"Maria da Silva", per, []schema.Entity{e("a", "Maria Aparecida Silva", per)}, ""},
		// Mamad in West Africa is Mamadou
		{"Mamad Diallo", per, []schema.Entity{e("a", "Mohammed Diallo", per)}, ""},
	})
}
