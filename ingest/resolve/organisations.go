package resolve

import (
	"slices"
	"strings"
)

// knownOrganisations lists everyday names of well-known organisations
// that no rule derives from their full names: nicknames ("Big Blue",
// "Maccies", "the Tube"), tickers and initials people say ("MSFT", "PwC"),
// and a name without its legal or generic words where that word is what
// everyone leaves out ("Deloitte"). Each line is one organisation, its
// names separated by "|", read like knownVariants (variants.go). Left out:
// names that are as often something else ("Chase", a person; "AA", two
// organisations; "Bayern", a region; "United", many clubs), and a parent
// and its brand or subsidiary ("Google" and "Alphabet", "Facebook" and
// "Meta" stay two), which are two entities.
const knownOrganisations = `
federal reserve|fed|federal reserve board|us federal reserve|federal reserve system
international business machines|ibm|big blue
mcdonald|mcdonalds|mickey d|mickey ds|maccies|maccas|macca
kentucky fried chicken|kfc
starbucks|starbs|sbux
walmart|wal mart|wally world
home depot|the home depot
john lewis|john lewis partnership|jlp
waitrose|waitrose and partners
primark|primarni|penneys
ap moller maersk|maersk|moller maersk|maersk line
national health service|nhs
his majesty revenue and customs|her majesty revenue and customs|hm revenue and customs|hmrc|revenue and customs
driver and vehicle licensing agency|dvla
department for work and pensions|dwp
internal revenue service|irs
federal bureau of investigation|fbi
central intelligence agency|cia
national aeronautics and space administration|nasa
european union|eu
massachusetts institute of technology|mit
university of california los angeles|ucla
london school of economics|lse|london school of economics and political science
goldman sachs|goldman sachs group
ford motor company|ford|ford motor|ford motors
jpmorgan chase|jp morgan|jpmorgan|jp morgan chase|jpm
hsbc|hongkong and shanghai banking corporation|hsbc bank
general motors|gm
harley davidson|harley
johnson and johnson|j and j|jnj
pricewaterhousecoopers|pwc|price waterhouse|pricewaterhouse
ernst and young|ey
deloitte|deloitte touche tohmatsu|deloitte and touche
mckinsey and company|mckinsey|mckinsey and co
boston consulting group|bcg
microsoft|msft|microsoft corporation
united parcel service|ups
british telecom|bt|bt group|british telecommunications
transport for london|tfl
new york police department|nypd
london underground|the tube|the underground
bay area rapid transit|bart
metropolitan transportation authority|mta
easyjet|easy jet
young men christian association|ymca
international monetary fund|imf
world trade organization|wto|world trade organisation
organisation for economic cooperation and development|oecd|organization for economic cooperation and development
north atlantic treaty organization|nato|north atlantic treaty organisation
federation internationale de football association|fifa
union of european football associations|uefa
national basketball association|nba
national football league|nfl
major league baseball|mlb
premier league|epl|english premier league|the prem
manchester united|man united|man utd|the red devils
manchester city|man city
tottenham hotspur|spurs|tottenham hotspur fc
arsenal fc|arsenal football club|the gunners
afc bournemouth|bournemouth fc|the cherries
brentford fc|the bees
charlton athletic fc|charlton athletic|the addicks
southampton fc|the saints
newcastle united|newcastle united fc|the toon|the magpies
crystal palace fc|the eagles
watford fc|the hornets
burnley fc|the clarets
fulham fc|the cottagers
stoke city|stoke city fc|the potters
luton town|luton town fc|the hatters
huddersfield town|the terriers
office for standards in education, children's services and skills|ofsted
office of communications|ofcom
office of gas and electricity markets|ofgem
office of qualifications and examinations regulation|ofqual
water services regulation authority|ofwat
fc barcelona|barca|barcelona fc
paris saint germain|psg
juventus|juve|juventus fc|the old lady|la vecchia signora
inter milan|internazionale|inter
new york yankees|yankees|the bronx bombers
los angeles lakers|lakers
university college london|ucl
kings college london|kcl
university of central lancashire|uclan
imperial college london|imperial college
carnegie mellon university|cmu|carnegie mellon
university of southern california|usc
new york university|nyu
california institute of technology|caltech
eth zurich|eth|eidgenossische technische hochschule zurich|swiss federal institute of technology|swiss federal institute of technology zurich|swiss federal institute of technology in zurich
walt disney company|disney|the walt disney company
warner bros|warner brothers|warner bros pictures
international olympic committee|ioc
medecins sans frontieres|doctors without borders|msf
world wide fund for nature|wwf|world wildlife fund
amnesty international|amnesty
h and m|hennes and mauritz|h and m hennes and mauritz
louis vuitton|lv
yves saint laurent|ysl|saint laurent
dolce and gabbana|d and g
burger king|bk
dunkin donuts|dunkin
seven eleven|7 eleven
whole foods market|whole foods
national public radio|npr
public broadcasting service|pbs
cable news network|cnn
financial times|ft|the pink un
wall street journal|wsj
the guardian|guardian|grauniad|the graun
bloomberg lp|bloomberg news|bloomberg
securities and exchange commission|sec
food and drug administration|fda
centers for disease control and prevention|cdc|centers for disease control
environmental protection agency|epa
department of motor vehicles|dmv
transportation security administration|tsa
his majesty passport office|hm passport office|passport office|her majesty passport office
office for national statistics|ons
financial conduct authority|fca
bank of england|boe|the old lady of threadneedle street
european central bank|ecb
lg electronics|lg|goldstar
tata consultancy services|tcs
state bank of india|sbi
life insurance corporation of india|lic
klm|royal dutch airlines|koninklijke luchtvaart maatschappij|klm royal dutch airlines
sncf|french national railways|french national railway company|societe nationale des chemins de fer francais
deutsche bahn|german railways|german rail
renfe|spanish national railways
sbb|swiss federal railways
nederlandse spoorwegen|dutch railways
ratp|regie autonome des transports parisiens|paris transport authority
national autonomous university of mexico|unam|universidad nacional autonoma de mexico
epfl|ecole polytechnique federale de lausanne|swiss federal institute of technology lausanne|swiss federal institute of technology in lausanne
sciences po|institut d'etudes politiques de paris|paris institute of political studies
saudi aramco|aramco|saudi arabian oil company
university of pennsylvania|upenn|penn
pennsylvania state university|penn state
petrobras|petroleo brasileiro
pemex|petroleos mexicanos
sabic|saudi basic industries corporation
adnoc|abu dhabi national oil company
ntt|nippon telegraph and telephone
japan airlines|jal
companhia hidro eletrica do sao francisco|chesf
thai airways international|thai airways|thai airways international public company limited
ukrainian railways|ukrzaliznytsia
pko bp|pko bank polski|powszechna kasa oszczednosci|pko
joint stock commercial bank for foreign trade of vietnam|vietcombank|vcb
tencent|tencent holdings|tengxun
turkish airlines|thy|turk hava yollari
grupo bimbo|bimbo
lithuanian railways|lietuvos gelezinkeliai|ltg
latvian railways|latvijas dzelzcels
office national des chemins de fer du maroc|oncf|moroccan railways
telia lietuva|teo lt|teo
garuda indonesia|garuda
ceske drahy|czech railways
flamengo|clube de regatas do flamengo|fla|mengao|cr flamengo
gcb bank|ghana commercial bank|gcb
east japan railway company|jr east|jr higashi nihon
west japan railway company|jr west|jr nishi nihon
central japan railway company|jr central|jr tokai
vinmonopolet|polet
rigshospitalet|riget
tokyo electric power company|tepco|tokyo electric power
equinor|statoil
kaizer chiefs|amakhosi
malayan banking|maybank|malayan banking berhad
accenture|andersen consulting
shell|shell plc|royal dutch shell|royal dutch shell plc
sap s 4hana|sap s4|s4hana|sap s4hana|s4 hana|s 4|s4
scandinavian airlines|sas|scandinavian airlines system|sas scandinavian airlines
telefonos de mexico|telmex
isro|indian space research organisation|indian space research organization
cern|european organization for nuclear research|european organisation for nuclear research
european space agency|esa
unicef|united nations childrens fund|united nations international childrens emergency fund
rai|radiotelevisione italiana
nhk|japan broadcasting corporation|nippon hoso kyokai
deutsche bundesbank|bundesbank
kth|kth royal institute of technology|royal institute of technology
ludwig maximilian university of munich|lmu|lmu munich|ludwig maximilians universitat munchen
technical university of munich|tum|technische universitat munchen
university of buenos aires|uba|universidad de buenos aires
university of sao paulo|usp|universidade de sao paulo
trinity college dublin|tcd
university of hong kong|hku
hong kong university of science and technology|hkust
peking university|pku|beida
university of tokyo|todai
university of michigan|umich
university of texas at austin|ut austin|utexas
georgia institute of technology|georgia tech|gatech
university of illinois urbana champaign|uiuc|university of illinois at urbana champaign
fabbrica italiana automobili torino|fiat
commonwealth bank of australia|commonwealth bank|commbank|cba
victoria and albert museum|v and a
wechat|weixin
instagram|insta|ig
facebook|fb
youtube|yt
google drive|gdrive
google docs|gdocs
google sheets|gsheets
playstation 5|ps5|sony playstation 5
playstation 4|ps4|sony playstation 4
bbc proms|the proms|proms
guy fawkes night|bonfire night
oktoberfest|wiesn|the wiesn
agencia tributaria|hacienda|agencia estatal de administracion tributaria
caisse d'allocations familiales|caf
woolworths|woolies|woolworths supermarkets|woolworths group
pick n pay|pnp
university of galway|nui galway|national university of ireland galway|nuig
university of mississippi|ole miss
university of missouri|mizzou
university of alabama|bama
vanderbilt university|vandy
university of connecticut|uconn
university of massachusetts amherst|umass amherst|umass
university of north carolina at chapel hill|unc chapel hill|unc
university of pittsburgh|pitt
california polytechnic state university|cal poly slo
virginia polytechnic institute and state university|virginia tech
washington university in st louis|washu|wash u
the new york times|new york times|nyt|nytimes|the grey lady|the gray lady
the daily telegraph|the telegraph|daily telegraph|torygraph|the torygraph
royal canadian mounted police|rcmp|the mounties|mounties
metropolitan police service|metropolitan police|met police|scotland yard|new scotland yard
an garda siochana|garda siochana|the gardai|gardai
at and t|att|ma bell
rabobank|rabo
citigroup|citibank|citi
bnp paribas|bnp
societe generale|socgen|soc gen
chevrolet|chevy
lamborghini|lambo
land rover|landie
rolls royce|rolls royce motor cars
everton fc|everton|the toffees
west ham united|west ham|the hammers
leicester city|the foxes
university of the witwatersrand|wits|wits university
ntt docomo|docomo
standard chartered|stanchart|stan chart
albert heijn|appie
aston villa|the villans
norwich city|the canaries
brighton and hove albion|the seagulls
sheffield united|the blades
sheffield wednesday|the owls
west bromwich albion|west brom|the baggies
wolverhampton wanderers|wolves
sunderland afc|the black cats
ipswich town|the tractor boys
real madrid cf|real madrid|los blancos
instituto tecnologico y de estudios superiores de monterrey|itesm|tec de monterrey|el tec de monterrey
borussia monchengladbach|gladbach|the foals
atletico madrid|atletico de madrid|club atletico de madrid|atleti|los colchoneros|los rojiblancos
ac milan|the rossoneri|rossoneri
borussia dortmund|bvb
celtic fc|the bhoys
san francisco 49ers|the niners|niners
new england patriots|the pats
montreal canadiens|the habs
toronto maple leafs|the leafs
golden state warriors|the dubs
cleveland cavaliers|the cavs
dallas mavericks|the mavs
philadelphia 76ers|the sixers|sixers
toronto blue jays|the jays
the salvation army|the sally army|sally ann
ministry of defence|mod
jd wetherspoon|wetherspoons|spoons
pret a manger|pret
wagamama|wagas
tim hortons|timmies|timmys|timmy hos
hudson's bay|hudsons bay|the bay|hudson's bay company
`

// schoolWords end the names of schools, which are often called by the
// start of their first word: "Stuy" for Stuyvesant High School.
var schoolWords = map[string]bool{"school": true, "college": true, "academy": true, "prep": true}

// schoolShort: the mention, one word of four letters or more, begins the
// first word of c, a school's name whose other words are schoolWords
// ("high" before them too), and is shorter than it.
func schoolShort(mt, ct []string) bool {
	if len(mt) != 1 || len(ct) < 2 || len([]rune(mt[0])) < 4 || genericOrgLeads[mt[0]] || !strings.HasPrefix(ct[0], mt[0]) || ct[0] == mt[0] || !schoolWords[ct[len(ct)-1]] {
		return false
	}
	for _, w := range ct[1 : len(ct)-1] {
		if w != "high" && !schoolWords[w] {
			return false
		}
	}
	return true
}

// knownApart: the organisations' table knows m as one organisation, and c
// is another: on another line of the table ("Penn" is the University of
// Pennsylvania, not Penn State), or a name that begins with m's words and
// goes on with an institution of its own ("Ford" is the car maker, not the
// Ford Foundation; "HSBC UK Bank" is HSBC's).
func knownApart(m, c []string) bool {
	a := lineOf(organisationNames, m)
	if a == 0 || equal(m, c) {
		return false
	}
	if b := lineOf(organisationNames, c); b != 0 {
		return a != b
	}
	return len(c) > len(m) && equal(c[:len(m)], m) && ownInstitution[c[len(m)]]
}

// ownInstitution, after a firm's name, name an institution of its own
// that bears it: a foundation, a museum, a stadium.
var ownInstitution = map[string]bool{
	"foundation": true, "trust": true, "charity": true, "museum": true, "stadium": true, "arena": true,
	"institute": true, "library": true, "hall": true, "theatre": true, "theater": true, "centre": true,
	"center": true, "hospital": true, "school": true, "college": true, "university": true, "fund": true,
}

// schoolStages say which school of a place or a saint's name is meant:
// its primary and its secondary are two.
var schoolStages = wordSet(`primary secondary junior infant infants nursery high middle elementary grammar`)

// schoolFaiths say a school's faith; an everyday name leaves them out.
var schoolFaiths = wordSet(`catholic rc ce cofe methodist anglican jewish islamic christian`)

// schoolForm writes a school's name as its everyday name says it: "St"
// written out, its faith ("Catholic", "RC", "C of E") and a last "School"
// left out: "St. Joseph's Primary" and "Saint Joseph's Catholic Primary
// School" are "saint joseph primary". nil for a name with no stage
// (schoolStages): "St Joseph's College" and "St Joseph's Hospital" are
// other things than a school with one.
func schoolForm(w []string) []string {
	if !slices.ContainsFunc(w, func(x string) bool { return schoolStages[x] }) {
		return nil
	}
	var out []string
	for i := 0; i < len(w); i++ {
		switch x := w[i]; {
		case schoolFaiths[x]:
		case x == "c" && i+2 < len(w) && w[i+1] == "of" && w[i+2] == "e":
			i += 2 // "C of E"
		case x == "church" && i+2 < len(w) && w[i+1] == "of" && w[i+2] == "england":
			i += 2
		case x == "st" && i+1 < len(w):
			out = append(out, "saint")
		case x == "school" && i == len(w)-1:
		default:
			out = append(out, x)
		}
	}
	return out
}

// sameSchool: m and c are one school's names (schoolForm), the given
// name of the person it is named after said or not ("Lincoln Elementary"
// for "Abraham Lincoln Elementary School").
func sameSchool(m, c []string) bool {
	fm, fc := schoolForm(m), schoolForm(c)
	if len(fm) < 2 || equal(m, c) {
		return false
	}
	if a, b := schoolFaith(m), schoolFaith(c); a != "" && b != "" && a != b {
		return false // a Catholic school and a C of E one are two
	}
	if len(fc) == len(fm)+1 && knownGivenName(fc[0]) && !placeNouns[fc[1]] {
		fc = fc[1:]
	} else if len(fm) == len(fc)+1 && knownGivenName(fm[0]) && !placeNouns[fm[1]] {
		fm = fm[1:] // not "Victoria" of "Victoria Park Primary"
	}
	return equal(fm, fc)
}

// placeNouns say what kind of place a name's word before them is of:
// "Victoria Park", "Holly Hill".
var placeNouns = wordSet(`park hill road green lane street grove wood woods field fields vale bridge gate cross common heath way avenue square`)

// schoolFaith returns the faith a school's name says, "ce" for the
// Church of England, "rc" for the Catholic Church; "" for none.
func schoolFaith(w []string) string {
	for i, x := range w {
		switch {
		case x == "catholic" || x == "rc":
			return "rc"
		case x == "ce" || x == "cofe" || x == "c" && i+2 < len(w) && w[i+1] == "of" && w[i+2] == "e" || x == "church" && i+2 < len(w) && w[i+1] == "of" && w[i+2] == "england":
			return "ce"
		case schoolFaiths[x]:
			return x
		}
	}
	return ""
}

// venueWords say what kind of place to eat or drink a business is, before
// its name: "Pizzeria Da Luigi", "Trattoria Da Lucia", "Café Rouge".
var venueWords = wordSet(`pizzeria trattoria ristorante osteria taverna taberna cafe caffe brasserie bistro restaurant restaurante cantina gelateria panaderia boulangerie patisserie`)

// venueShort: m, two words or more, is c without the word that says
// what kind of venue it is: "Da Luigi" for "Pizzeria Da Luigi".
func venueShort(m, c []string) bool {
	return len(m) >= 2 && len(c) == len(m)+1 && venueWords[c[0]] && equal(c[1:], m)
}

// leadArticles are articles of other languages that begin names: "El
// Corte Inglés", "La Poste", "Il Fornaio", "Die Zeit". Not "Das", "Le" or
// "Lo": surnames too ("Das Legal Services").
var leadArticles = wordSet(`el la los las les il gli der die het`)

// articleShort: m, two words or more, is c without the article it begins
// with: "Corte Ingles" for "El Corte Inglés". (Not for places: "Los
// Angeles" is not Angeles.)
func articleShort(m, c []string) bool {
	return len(m) >= 2 && len(c) == len(m)+1 && leadArticles[c[0]] && equal(c[1:], m)
}

// nationalLeads begin names of national companies and an everyday name
// leaves them out: "Deutsche Lufthansa", "Deutsche Telekom". Not "Royal"
// or "British": "Marines", "Academy", "Vogue" are words of their own.
var nationalLeads = wordSet(`deutsche deutscher`)

// genericOrgWords name what an organisation does, not which one it is:
// "Deutsche Bank" is never "Bank", "British Airways" never "Airways".
var genericOrgWords = wordSet(`bank bahn post airways airlines railways rail telecom telecoms mail gas steel petroleum council museum library airport insurance`)

// nationalShort: m is the one distinctive word after a national lead
// (nationalLeads) that makes the rest of c: "Lufthansa" for "Deutsche
// Lufthansa".
func nationalShort(m, c []string) bool {
	return len(m) == 1 && len(c) == 2 && (nationalLeads[c[0]] || bankLeads[c[0]]) && c[1] == m[0] && len([]rune(m[0])) >= 5 && !genericOrgWords[m[0]] && !properName(m[0])
}

// bankLeads begin a bank's name before the one word that tells it apart,
// which an everyday name keeps alone: "Bank Hapoalim". Not "Banco":
// "Banco Honda", "Banco Falabella" are banks of companies of that name.
var bankLeads = wordSet(`bank`)
