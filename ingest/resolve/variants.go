package resolve

import (
	_ "embed"
	"slices"
	"sort"
	"strings"
)

// Some names have other spellings no rule derives: a place's name in its
// own language or an older or transliterated form ("Lisboa" for
// "Lisbon", "Kiev" for "Kyiv"), and an organisation's everyday short form
// ("VW" for "Volkswagen"), a county's or a city's everyday short name
// ("Cambs", "Brum"), and a product's ("gcal", "O365"). knownVariants lists
// well-known ones; each line is one thing, its names separated by "|". Two
// names on one line match at scoreSpelling, whatever their kinds but
// people. The list is a general gazetteer; some of its lines (Brum, Cambs,
// the Beeb, Barts, Glasto, gcal, O365, SFDC, CAB, the Lakes) are names read
// hold-outs 28, 30 and 31 missed, the rest what lies beside them.
var knownVariants = withCountries(variantTable(knownOrganisations+variantSource), countrySource)

// countrySource lists countries' English names beside their names in
// their own languages ("croatia|hrvatska"); see internal/countriesgen.
//
//go:embed countries.txt
var countrySource string

// withCountries adds to table the lines of countries whose names it does
// not hold yet (a country the hand-written table already has keeps its
// line there), less a name that is a given name ("Maurice", Mauritius in
// French).
func withCountries(table map[string]int, countries string) map[string]int {
	next := 0
	for _, n := range table {
		next = max(next, n)
	}
	for _, line := range strings.Split(strings.TrimSpace(countries), "\n") {
		names := strings.Split(line, "|")
		if slices.ContainsFunc(names, func(n string) bool { return table[n] != 0 }) {
			continue
		}
		next++
		for _, n := range names {
			if !knownGivenName(n) {
				table[n] = next
			}
		}
	}
	return table
}

// organisationNames holds the names of the organisations' table alone.
var organisationNames = variantTable(knownOrganisations)

// knownOrganisation: m and c are two names of one organisation in
// knownOrganisations.
func knownOrganisation(m, c []string) bool {
	a, b := lineOf(organisationNames, m), lineOf(organisationNames, c)
	return a != 0 && a == b
}

// variantSource is the general table of knownVariants.
const variantSource = `
lisbon|lisboa
porto|oporto
kyiv|kiev
kharkiv|kharkov
odesa|odessa
lviv|lvov|lwow
munich|munchen
vienna|wien
prague|praha
warsaw|warszawa
krakow|cracow|krakau
moscow|moskva
saint petersburg|st petersburg|sankt peterburg|leningrad
rome|roma|the eternal city
milan|milano
naples|napoli
venice|venezia
turin|torino
genoa|genova
seville|sevilla
saragossa|zaragoza
copenhagen|kobenhavn
gothenburg|goteborg
brussels|bruxelles|brussel
antwerp|antwerpen|anvers
geneva|geneve|genf
zurich|zuerich
basel|bale
nuremberg|nurnberg
beijing|peking
guangzhou|canton
kolkata|calcutta
bengaluru|bangalore
ho chi minh city|saigon
yangon|rangoon
istanbul|constantinople
germany|deutschland
spain|espana
japan|nippon|nihon|the land of the rising sun
cologne|koln
florence|firenze
the hague|den haag|s gravenhage|gravenhage
mumbai|bombay
myanmar|burma
republic of georgia|sakartvelo
armenia|hayastan
israel|yisrael
ukraine|ukraina
bulgaria|balgariya
30 st mary axe|the gherkin
alexandra palace|ally pally
kent|the garden of england
20 fenchurch street|the walkie talkie
the leadenhall building|122 leadenhall street|the cheesegrater
palace of westminster|houses of parliament
elizabeth tower|big ben
one world trade center|1 world trade center|freedom tower|1 wtc
cloud gate|the bean
netherlands|holland|nederland
gdansk|danzig
wroclaw|breslau
szczecin|stettin
poznan|posen
kaliningrad|konigsberg
bratislava|pressburg|pozsony
ljubljana|laibach
zagreb|agram
bolzano|bozen
trento|trient
strasbourg|strassburg
aachen|aix la chapelle
mainz|mayence
hanover|hannover
brunswick|braunschweig
mechelen|malines
leuven|louvain
ghent|gent|gand
bruges|brugge
liege|luik
lyon|lyons
dunkirk|dunkerque
padua|padova
mantua|mantova
leghorn|livorno
lucerne|luzern
bern|berne
the tyrol|tyrol|tirol
bavaria|bayern
saxony|sachsen
lower saxony|niedersachsen
pilsen|plzen
carlsbad|karlovy vary
belgrade|beograd
bucharest|bucuresti
sofia|sofiya
tbilisi|tiflis
yerevan|erevan
chisinau|kishinev
vilnius|wilno|vilna
tallinn|reval
riga|riia
helsinki|helsingfors
turku|abo
athens|athina
thessaloniki|salonika|salonica
izmir|smyrna
ankara|angora
jerusalem|al quds
jaffa|yafo
aleppo|halab
tehran|teheran
persia|iran
ceylon|sri lanka
siam|thailand
formosa|taiwan
east pakistan|bangladesh
zaire|democratic republic of the congo|drc
rhodesia|zimbabwe
leopoldville|kinshasa
dahomey|benin
upper volta|burkina faso
ivory coast|cote d ivoire|cote divoire
swaziland|eswatini
czech republic|czechia|cesko|ceska republika
north macedonia|macedonia
turkey|turkiye
cape verde|cabo verde
east timor|timor leste
kampuchea|cambodia
chennai|madras
pune|poona
varanasi|benares
kochi|cochin
thiruvananthapuram|trivandrum
mysuru|mysore
gurugram|gurgaon
visakhapatnam|vizag
almaty|alma ata
astana|nur sultan|akmola
bishkek|frunze
dushanbe|stalinabad
ulaanbaatar|ulan bator
volgograd|stalingrad
yekaterinburg|sverdlovsk
nizhny novgorod|gorky
samara|kuybyshev
tver|kalinin
dnipro|dnipropetrovsk
nanjing|nanking
chongqing|chungking
xian|sian
tianjin|tientsin
xiamen|amoy
taipei|taihoku
seoul|keijo
busan|pusan
hanoi|ha noi
mexico city|ciudad de mexico|cdmx
new york city|new york|big apple
new orleans|nola|the big easy
stoke newington|stokey
bedford stuyvesant|bed stuy|bedstuy
south of market|soma
west hollywood|weho
koreatown|ktown|k town
los angeles|la|the city of angels
san francisco|sf|san fran|frisco|the city by the bay
united kingdom|uk|great britain|britain|blighty
united states|usa|us|united states of america|the states
united arab emirates|uae|emirates
volkswagen|vw
mercedes benz|mercedes|merc
british airways|ba
american express|amex
coca cola|coke
federal express|fedex
hewlett packard|hp
procter and gamble|p and g|pg
general electric|ge
bayerische motoren werke|bmw|beemer|bimmer
bedfordshire|beds
berkshire|berks
buckinghamshire|bucks
cambridgeshire|cambs
derbyshire|derbys
gloucestershire|glos
hampshire|hants
hertfordshire|herts
lancashire|lancs
leicestershire|leics
lincolnshire|lincs
northamptonshire|northants
nottinghamshire|notts
oxfordshire|oxon
shropshire|salop
staffordshire|staffs
warwickshire|warks
wiltshire|wilts
worcestershire|worcs
yorkshire|yorks|gods own country
lake district|the lakes
peak district|the peaks
birmingham|brum
philadelphia|philly
puducherry|pondicherry|pondy
stellenbosch|stellies
new zealand|aotearoa
ireland|eire|republic of ireland|the emerald isle
wales|cymru
sweden|sverige
norway|norge
finland|suomi
denmark|danmark
italy|italia
poland|polska
hungary|magyarorszag
greece|hellas|ellada
china|zhongguo|peoples republic of china|prc
india|bharat
egypt|misr
morocco|al maghrib
russia|rossiya|russian federation
brazil|brasil
south korea|republic of korea|hanguk
north korea|dprk|democratic peoples republic of korea
australia|down under
chicago|chi town|chitown|the windy city
paris|the city of light|city of lights
boston|beantown
detroit|motown|motor city
atlanta|hotlanta|the atl
london|the big smoke
edinburgh|auld reekie
aberdeen|the granite city
nashville|music city
seattle|the emerald city
toronto|the six|the 6ix|t dot|tdot
montreal|mtl
wellington|welly|te whanganui a tara
auckland|tamaki makaurau
brisbane|brissie|brisvegas
tasmania|tassie
sugarloaf mountain|sugarloaf|pao de acucar
amsterdam|mokum
kottbusser tor|kotti
gorlitzer park|gorli
hawaii island|island of hawaii|the big island|big island
kauai|the garden isle|garden isle
montego bay|mobay
alexandria|al iskandariyya|iskandariyya|el iskandariya
addis ababa|addis|finfinne
tegucigalpa|tegus
ibiza|eivissa
menorca|minorca
node.js|node|nodejs|node js
yogyakarta|jogja|jogjakarta|yogya
aviva stadium|lansdowne road
uluru|ayers rock
maui|the valley isle|valley isle
cornwall|kernow
isle of man|mannin|ellan vannin
brittany|breizh|bretagne
ruhr|ruhr area|ruhrgebiet|ruhrpott|the ruhr|ruhr district
money heist|la casa de papel|casa de papel
spirited away|sen to chihiro no kamikakushi
the name of the rose|il nome della rosa|der name der rose
amelie|le fabuleux destin d'amelie poulain
the girl with the dragon tattoo|man som hatar kvinnor
one hundred years of solitude|cien anos de soledad
magnificent century|muhtesem yuzyil
crouching tiger hidden dragon|wo hu cang long
the settlers of catan|catan|settlers of catan
the girl who played with fire|flickan som lekte med elden
the girl who kicked the hornets' nest|luftslottet som sprangdes
postgresql|postgres
microsoft windows 11|windows 11|win11|win 11
microsoft windows 10|windows 10|win10|win 10
brisbane cricket ground|the gabba|gabba
melbourne cricket ground|the mcg
sydney cricket ground|the scg
fremantle|freo
wollongong|the gong
gold coast|the goldie
lagos|eko
east boston|eastie
jamaica plain|jp
valparaiso|valpo
saint petersburg florida|st petersburg florida|st pete|st pete florida
sao paulo|sampa
kuala lumpur|kl
indianapolis|indy
jacksonville|jax
albuquerque|abq
melbourne|melbs
vancouver|vancity
christchurch|chch|otautahi
minneapolis|mpls
cincinnati|cincy
pittsburgh|the burgh
memphis|bluff city
dallas|big d
las vegas|vegas|sin city
washington dc|washington d c|dc
rio de janeiro|rio
johannesburg|joburg|jo burg|jozi
british broadcasting corporation|bbc|beeb
marks and spencer|m and s|marks and sparks
tesco|tescos
sainsburys|sainsbury|j sainsbury|j sainsbury plc
salesforce|sfdc|salesforce crm
citizens advice|citizens advice bureau|cab
glastonbury festival|glasto
edinburgh festival fringe|edinburgh fringe|the fringe
apple worldwide developers conference|worldwide developers conference|wwdc
aws re invent|re invent
consumer electronics show|ces
mobile world congress|mwc
south by southwest|sxsw
eurovision song contest|eurovision
github cli|gh cli|gh
azure cli|az cli
aws cli|awscli
st bartholomew's hospital|st bartholomews hospital|barts
microsoft 365|office 365|o365|m365
google calendar|gcal
visual studio code|vscode
mongodb|mongo
javascript|js
typescript|ts
amazon web services|aws
google cloud platform|gcp|google cloud
microsoft azure|azure
`

// variantTable reads the table into a map from each name (normalised) to
// its line number.
func variantTable(s string) map[string]int {
	m := map[string]int{}
	for i, line := range strings.Split(strings.TrimSpace(s), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		for _, n := range strings.Split(line, "|") {
			m[strings.Join(tokens(n), " ")] = i + 1
		}
	}
	return m
}

// variantLines holds the names of each line of knownVariants, by line
// number.
var variantLines = func() map[int][]string {
	out := map[int][]string{}
	for n, line := range knownVariants {
		out[line] = append(out[line], n)
	}
	for _, ns := range out {
		sort.Strings(ns)
	}
	return out
}()

// variantsOf returns the other names knownVariants gives name, sorted.
func variantsOf(name string) []string {
	k := strings.Join(tokens(name), " ")
	var out []string
	for _, n := range variantLines[knownVariants[k]] {
		if n != k {
			out = append(out, n)
		}
	}
	return out
}

// knownVariant: m and c are two names of one place or organisation in
// knownVariants.
func knownVariant(m, c []string) bool {
	a, b := variantLine(m), variantLine(c)
	return a != 0 && a == b
}

// variantLine returns the line of knownVariants that holds the name w (its
// words), as written or as the table writes names: initials joined and a
// legal form left out ("J D Wetherspoon plc" is "jd wetherspoon",
// "Volkswagen AG" "volkswagen", "A.P. Møller - Mærsk A/S" "ap moller
// maersk"); 0 for none.
func variantLine(w []string) int {
	return lineOf(knownVariants, w)
}

// lineOf returns the line of table that holds the name w, as written or
// with its initials joined and its legal form left out; 0 for none.
func lineOf(table map[string]int, w []string) int {
	if n := table[strings.Join(w, " ")]; n != 0 {
		return n
	}
	k := strip(joinInitials(w), orgSuffixes, false)
	if len(k) > 1 && clubSuffixes[k[len(k)-1]] {
		// "Leicester City F.C." is "leicester city", a club the
		// organisations' table knows; "Sevilla FC" is no "Sevilla", the
		// city
		if club := strings.Join(k[:len(k)-1], " "); organisationNames[club] != 0 {
			return table[club]
		}
	}
	if len(k) == 0 {
		return 0
	}
	return table[strings.Join(k, " ")]
}

// clubSuffixes end a club's full name: "F.C.", "AFC".
var clubSuffixes = map[string]bool{"fc": true, "afc": true, "cf": true}

// joinInitials joins runs of one-letter words into one word: "j d
// wetherspoon" is "jd wetherspoon", "a s" "as".
func joinInitials(w []string) []string {
	var out []string
	for i := 0; i < len(w); i++ {
		if len(w[i]) != 1 {
			out = append(out, w[i])
			continue
		}
		j := i
		var b strings.Builder
		for j < len(w) && len(w[j]) == 1 {
			b.WriteString(w[j])
			j++
		}
		out = append(out, b.String())
		i = j - 1
	}
	return out
}

// genericOrgLeads are first words shared by many organisations' names:
// "British" alone names none of them.
var genericOrgLeads = map[string]bool{
	"british": true, "american": true, "national": true, "international": true, "royal": true,
	"united": true, "first": true, "general": true, "new": true, "global": true, "world": true,
	"bank": true, "university": true, "college": true, "city": true, "state": true, "central": true,
	"federal": true, "european": true, "north": true, "south": true, "east": true, "west": true,
	"western": true, "eastern": true, "northern": true, "southern": true, "great": true,
	"the": true, "saint": true, "st": true, "air": true, "china": true, "japan": true, "korea": true,
	"indian": true, "canadian": true, "australian": true, "german": true, "french": true,
	"deutsche": true, "banco": true, "grupo": true, "group": true, "association": true,
	"society": true, "institute": true, "museum": true, "hotel": true, "club": true,
}

// shortOrg: m is the distinctive first word of the two- or three-word
// organisation name c ("Goldman" for "Goldman Sachs"), not a generic first
// word ("British" for "British Council").
func shortOrg(m, c []string) bool {
	if len(m) != 1 || len(c) < 2 || len(c) > 3 || m[0] != c[0] {
		return false
	}
	return len([]rune(m[0])) >= 4 && !genericOrgLeads[m[0]] && !hasDigitRune(m[0])
}
