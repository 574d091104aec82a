package resolve

import (
	"regexp"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// Organisations, facilities and products are named without their legal or
// kind words, by initials or by the start of their names: the words for
// those, and the readings Match uses.

// carMakers name the maker before a vehicle's model: "Toyota Hilux".
var carMakers = map[string]bool{
	"toyota": true, "ford": true, "vw": true, "volkswagen": true, "honda": true, "nissan": true,
	"bmw": true, "audi": true, "kia": true, "hyundai": true, "renault": true, "peugeot": true,
	"tesla": true, "volvo": true, "mazda": true, "subaru": true, "skoda": true, "mercedes": true,
	"vauxhall": true, "fiat": true, "jeep": true, "citroen": true, "seat": true, "mini": true,
	"holden": true, "chevrolet": true, "chevy": true, "dodge": true, "lexus": true, "mitsubishi": true,
}

// facilityTails end the name of a facility that is also an organisation:
// "St Thomas' Hospital", "St Mary's Primary School".
var facilityTails = map[string]bool{
	"hospital": true, "airport": true, "stadium": true, "station": true, "school": true,
	"academy": true, "college": true, "university": true, "surgery": true, "clinic": true,
	"church": true, "cathedral": true, "theatre": true, "theater": true, "museum": true,
	"library": true, "arena": true, "festival": true,
}

// councilWords say what kind of council a place has: "Leeds City
// Council" is Leeds's council.
var councilWords = map[string]bool{"city": true, "borough": true, "county": true, "district": true, "metropolitan": true, "town": true}

// councilForm writes a council's name without what kind it is ("leeds
// city council" -> "leeds council"); other names are returned as they
// are.
func councilForm(w []string) []string {
	if len(w) < 2 || w[len(w)-1] != "council" {
		return w
	}
	out := slices.DeleteFunc(slices.Clone(w[:len(w)-1]), func(x string) bool { return councilWords[x] })
	if len(out) == 0 {
		return w
	}
	return append(out, "council")
}

// practiceTails are the ways a doctors' practice's name ends.
var practiceTails = [][]string{
	{"medical", "practice"}, {"medical", "centre"}, {"medical", "center"}, {"health", "centre"},
	{"health", "center"}, {"gp", "surgery"}, {"doctors", "surgery"}, {"group", "practice"},
	{"surgery"},
}

// practiceTail writes the end of a doctors' practice's name one way:
// "Parkview Medical Practice" and "Parkview surgery" are "parkview
// surgery". Other names are returned as they are.
func practiceTail(w []string) []string {
	for _, t := range practiceTails {
		if len(w) > len(t) && equal(w[len(w)-len(t):], t) {
			return append(slices.Clone(w[:len(w)-len(t)]), "surgery")
		}
	}
	return w
}

// wordsAbbreviate: short and full have as many words, each the same or
// its abbreviation ("mass general", "massachusetts general"), the first
// written out the same or abbreviated.
func wordsAbbreviate(short, full []string) bool {
	if len(short) != len(full) || len(short) == 0 {
		return false
	}
	for i := range short {
		if short[i] != full[i] && !abbreviates(short[i], full[i]) {
			return false
		}
	}
	return true
}

// withoutSuffix is name without the company suffix its last word is
// ("Marks & Spencer plc" -> "Marks & Spencer"), as written.
func withoutSuffix(name string) string {
	name = strings.TrimSpace(name)
	if i := strings.LastIndexAny(name, " ,"); i > 0 && orgSuffixes[strings.ToLower(strings.ReplaceAll(name[i+1:], ".", ""))] && strings.ToLower(name[i+1:]) != "and" {
		return strings.TrimRight(name[:i], " ,")
	}
	return name
}

// facilityWords is the most words a facility's name may have after a
// name of two or more words that stands for it ("St Mary's" Catholic
// Primary School).
const facilityWords = 3

// facilityOf: the mention names the organisation c by its name without
// the words that say what it is ("St Thomas'" for St Thomas' Hospital), or
// names it with them where c is known without them. A place is not the
// facility named after it: the city "Cambridge" is not Cambridge
// University, nor is the university the city, and an organisation named
// like a place stored as one ("Heathrow" beside the place Heathrow
// Airport) is left alone: on an unread hold-out that reading made a wrong
// merge. own is c's name as tokens, as Match read it.
func facilityOf(m schema.Mention, mt []string, c schema.Entity, own []string) bool {
	if m.Kind == schema.KindPerson || c.Kind == schema.KindPerson || len(mt) == 0 || len(mt) == 1 && genericOrgLeads[mt[0]] {
		return false
	}
	ct := strip(own, orgSuffixes, false)
	switch {
	case len(ct) > len(mt) && facilityTails[ct[len(ct)-1]] && wordsAbbreviate(mt, ct[:len(mt)]) && (len(ct) == len(mt)+1 || len(mt) >= 2 && len(ct) <= len(mt)+facilityWords) && !slices.ContainsFunc(mt, func(w string) bool { return institutionWords[w] }):
		// (a name that is an institution's already is not another's
		// without its word: the "University of Lagos" is not the
		// "University of Lagos Teaching Hospital")
		// "St Mary's" for "St Mary's Catholic Primary School"; "Oxford"
		// is not Oxford Brookes University. A possessive name said as a
		// place is the facility too ("Addenbrooke's" for Addenbrooke's
		// Hospital): no town is named so; nor is a name no gazetteer has
		// ("Holmwood" for Holmwood Hospital; not "Cambridge")
		mentionOK := m.Kind == schema.KindOrganisation || m.Kind == schema.KindOther || m.Kind == schema.KindPlace && (possessiveName(m.Name) || !knownPlace(mt) && !usState(mt))
		return mentionOK && (c.Kind == schema.KindOrganisation || c.Kind == schema.KindOther)
	case len(mt) == len(ct)+1 && facilityTails[mt[len(mt)-1]] && equal(mt[:len(ct)], ct):
		return c.Kind == schema.KindOrganisation || c.Kind == schema.KindOther
	}
	return false
}

// possessiveName: the name ends in a possessive ("Addenbrooke's", "St
// Thomas'"): named after someone, as hospitals and colleges are, not a
// town.
func possessiveName(raw string) bool {
	raw = strings.TrimSpace(strings.ReplaceAll(raw, "’", "'"))
	return strings.HasSuffix(raw, "'s") || strings.HasSuffix(raw, "s'")
}

// initialWords: the mention is the initials of c's words, with its small
// words written out ("U of T" for "University of Toronto").
func initialWords(mt, ct []string) bool {
	if len(mt) != len(ct) || len(mt) < 3 {
		return false
	}
	letters := 0
	for i := range mt {
		switch {
		case acronymSkip[ct[i]] && mt[i] == ct[i]:
		case len(mt[i]) == 1 && strings.HasPrefix(ct[i], mt[i]) && len(ct[i]) > 1:
			letters++
		default:
			return false
		}
	}
	return letters >= 2
}

// sharedLead: the mention's words (mt) are in the longer names of two or
// more candidates not people, and no candidate's name is the mention but
// for a company suffix ("Tesco" for "Tesco plc" beside "Tesco Bank"): a
// short form that several known names extend names none of them for sure
// ("O2" beside "The O2 Arena" and "Virgin Media O2").
func sharedLead(m schema.Mention, mt []string, candidates []schema.Entity) bool {
	longer := 0
	for _, c := range candidates {
		if _, compatible := kindPenalty(m.Kind, c.Kind); c.Kind == schema.KindPerson || !compatible && !pair(m.Kind, c.Kind, schema.KindPlace, schema.KindOrganisation) {
			// "Sonoma", a system, names no county; but a place and an
			// organisation are often each other ("Stratford" may be
			// Westfield Stratford City)
			continue
		}
		own := tokens(c.Name)
		if s, decided := possessiveLead(m.Name, mt, c.Name, own); decided && s == 0 {
			continue // "Sam's" names no "Sam Ash Music"
		}
		if knownVariant(mt, own) {
			return false // "Insta" is Instagram beside Instacart, "Ford" Ford Motor Company beside the Ford Foundation
		}
		if knownApart(mt, own) {
			continue // "Ford" names no Ford Foundation
		}
		ct := strip(own, orgSuffixes, false)
		switch {
		case equal(ct, mt) || equal(dropWords(ct, projectWords), dropWords(mt, projectWords)) || equal(strip(ct, vendorPrefixes, true), mt) || withPlaceTail(mt, ct) || carModel(mt, own) || nationalShort(mt, ct):
			// "Atlas" is Project Atlas beside MongoDB Atlas, "Excel" Microsoft
			// Excel beside Excel Physiotherapy, "the Mission" the Mission
			// District beside Mission Bay, "Lufthansa" Deutsche Lufthansa
			// beside Lufthansa Technik
			return false
		case len(mt) == 1 && len(ct) >= 2 && mt[0] == Acronym(strings.Join(ct, " ")):
			return false // "BCA" is Bank Central Asia, beside BCA Syariah and BCA Finance
		case len(ct) > len(mt) && containsWords(ct, mt):
			longer++
		case knownVariant(mt, ct):
			return false
		case len(ct) == 1 && len(mt) == 1 && len(ct[0]) >= len(mt[0])+3 && strings.HasPrefix(ct[0], mt[0]) && len(mt[0]) >= 4:
			longer++ // "Lloyds" beside "LloydsPharmacy" and "Lloyds Bank"; not "Pickles"
		}
	}
	return longer >= 2
}

// containsWords: sub occurs in ws as consecutive words.
func containsWords(ws, sub []string) bool {
	for i := 0; i+len(sub) <= len(ws); i++ {
		if equal(ws[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

// otherInitialism: an alias of c is an initialism of its whole name
// ("BofA" for "Bank of America", "M&S" for "Marks & Spencer") other than
// mention or a beginning or extension of it ("US", "USA"). A short form
// that is not ("NY" for "New York City") does not count.
func otherInitialism(mention string, c schema.Entity) bool {
	lm := strings.ToLower(strings.TrimSpace(mention))
	for _, a := range c.Aliases {
		la := strings.ToLower(strings.TrimSpace(a))
		if !strings.HasPrefix(lm, la) && !strings.HasPrefix(la, lm) && initialismOf(a, c.Name) {
			return true // not "USA" beside "US"
		}
	}
	return false
}

// initialsKnownElsewhere: the initials mt (one word, said in capitals)
// are a name the tables give one thing ("UCL", University College
// London), and the candidate is another thing the tables know by other
// names ("University of Central Lancashire", UCLan): that its initials
// spell mt is a coincidence. Not when a name or an alias of the candidate
// is on mt's line or has mt as a word ("HSBC UK Bank plc"): an owner who
// calls the candidate so has it as an alias. A candidate the tables do
// not know may be what mt means ("LSE", the London Stock Exchange beside
// the London School of Economics the table knows).
func initialsKnownElsewhere(mt []string, c schema.Entity) bool {
	line := variantLine(mt)
	if line == 0 {
		return false
	}
	other := false
	for _, n := range append([]string{c.Name}, c.Aliases...) {
		for _, nt := range [][]string{tokens(n), tokens(strings.ReplaceAll(n, "'", ""))} {
			switch l := variantLine(nt); {
			case l == line || containsWords(nt, mt):
				return false
			case l != 0:
				other = true
			}
		}
	}
	return other
}

// lowerWords returns ws in lower case.
func lowerWords(ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = strings.ToLower(w)
	}
	return out
}

// initialsFirst: the first word of short is the initials of the first
// words of full and the rest is the same ("VS Code", "Visual Studio
// Code"; "AWS Lambda", "Amazon Web Services Lambda").
func initialsFirst(short, full []string) bool {
	if len(short) < 2 {
		return false
	}
	k := len(short[0])
	if k < 2 || k > 4 || len(full) < k+len(short)-1 || !equal(short[1:], full[len(full)-len(short)+1:]) {
		return false
	}
	lead := full[:len(full)-len(short)+1]
	var letters []string
	for i, w := range lead {
		if acronymSkip[w] && i > 0 {
			continue // "UP Diliman" for the "University of the Philippines Diliman"
		}
		letters = append(letters, w)
	}
	if len(letters) != k {
		return false
	}
	for i, w := range letters {
		if acronymSkip[w] || w[0] != short[0][i] || len(w) < 2 {
			return false
		}
	}
	return true
}

// Respelt reports whether Match may take m for a stored name spelt
// otherwise, which a search by whole words does not find: any name of a
// thing ("Kubernets", "Syd Uni"), and a person's given name said alone
// ("Dan" for Daniel Silva); never a person's full name, which Match does
// not read by spelling.
func Respelt(m schema.Mention) bool {
	if m.Kind != schema.KindPerson {
		return true
	}
	return len(strip(tokens(m.Name), titles, true)) == 1
}

// knownPlace: the name is a city's in the GeoNames table (placenames.go),
// its own or another.
func knownPlace(w []string) bool {
	return len(placeNames().lines[strings.Join(w, " ")]) > 0
}

// productWords follow a product's name to say which edition or version it
// is: "Logic Pro X", "Unity 2022 LTS", "QuickBooks Online", "Jira
// Software Cloud".
var productWords = map[string]bool{
	"pro": true, "x": true, "online": true, "cloud": true, "software": true, "lts": true, "server": true,
	"plus": true, "premium": true, "basic": true, "standard": true, "enterprise": true, "edition": true,
	"desktop": true, "ultimate": true, "professional": true, "home": true, "personal": true, "lite": true,
	"max": true, "mini": true, "ultra": true, "classic": true, "community": true, "ce": true, "ee": true,
}

// productLead: a system or an unnamed thing called by its own first word,
// its maker and its edition left out: the rest of the candidate's name
// (after vendorPrefixes) is productWords and versions only. Neither is a
// person, an organisation or a place; sharedLead keeps "Office" from
// naming Office 365 beside Office Online.
func productLead(mk, ck schema.EntityKind, mt, ct []string) bool {
	for _, k := range []schema.EntityKind{mk, ck} {
		if k == schema.KindPerson || k == schema.KindOrganisation || k == schema.KindPlace {
			return false
		}
	}
	maker := len(ct) > 2 && vendorPrefixes[ct[0]]
	ct = strip(ct, vendorPrefixes, true)
	if len(mt) != 1 || len(ct) < 2 || ct[0] != mt[0] || len([]rune(mt[0])) < 4 || hasDigitRune(mt[0]) || vendorPrefixes[mt[0]] {
		return false
	}
	if maker && len(ct) <= 3 && mk != schema.KindProject && ck != schema.KindProject && !slices.ContainsFunc(ct[1:], isWorkWord) && !productWords[mt[0]] {
		// a maker, its product line and a model: "Kindle" for "Amazon
		// Kindle Paperwhite", "Switch" for "Nintendo Switch OLED"
		return true
	}
	for _, w := range ct[1:] {
		if !productWords[w] && !isVersion(w) && !hasDigitRune(w) {
			return false
		}
	}
	return true
}

// isWorkWord: w names a piece of work or a part, not a model ("Google
// Drive migration", "Spotify Premium account").
func isWorkWord(w string) bool {
	return workHeads[w] != "" || projectWords[w] || workTails[w] || w == "account" || w == "subscription"
}

// otherMakers: both names begin with a maker's name, and the makers
// differ: "Google Maps" is not "Apple Maps".
func otherMakers(m, c []string) bool {
	return len(m) > 1 && len(c) > 1 && vendorPrefixes[m[0]] && vendorPrefixes[c[0]] && maker(m[0]) != maker(c[0])
}

// makerOf names the maker behind the vendorPrefixes that are one maker's
// platforms or old names: "AWS Lambda" is Amazon's, "Oculus Quest 2" Meta's.
var makerOf = map[string]string{"aws": "amazon", "azure": "microsoft", "gcp": "google", "oculus": "meta", "fitbit": "google"}

// maker returns the maker vendor word w stands for.
func maker(w string) string {
	if m, ok := makerOf[w]; ok {
		return m
	}
	return w
}

// capsLead: the mention, two to four capitals, is the first word of an
// organisation's name written in capitals with two words or more after it
// ("TD" for "TD Canada Trust", "RBC" for "RBC Royal Bank").
func capsLead(mention, name string, org bool) bool {
	mention = strings.TrimSpace(mention)
	words := strings.Fields(name)
	if !org || len(words) < 3 || len(mention) < 2 || len(mention) > 4 || !allCaps(mention) || !isLetters(mention) {
		return false
	}
	return words[0] == mention
}

// spelledOut: one of aliases is the full name the acronym acr stands for,
// and it is not the name m (as words): the entity known by those
// initials is that one, not another of the same initials.
func spelledOut(acr string, aliases []string, m []string) bool {
	for _, a := range aliases {
		if at := tokens(a); len(at) > 1 && Acronym(a) == acr && !equal(at, m) {
			return true
		}
	}
	return false
}

// codeName: the mention, one word of four letters or more, is the name a
// system's release goes by after its version number ("Sonoma" for "macOS
// 14 Sonoma", "Jammy" for "Ubuntu 22.04 Jammy").
func codeName(mt, ct []string) bool {
	return len(mt) == 1 && len(ct) >= 3 && ct[len(ct)-1] == mt[0] && len([]rune(mt[0])) >= 4 && isVersion(ct[len(ct)-2]) && !productWords[mt[0]]
}

// possessiveLead reads a mention that is a possessive (a shop or a firm
// named after someone: "Sam's", "Sainsbury's") against a candidate's name:
// the firm itself, its initials and legal form left out ("J Sainsbury
// plc"), at scoreCompact; the name with the possessive and one more word
// ("Sam's Club") at scoreVendor; and a name whose first word is the same
// name said without the possessive ("Sam Ash Music", "Sainsbury
// Laboratory") not at all. decided is false for any other candidate.
func possessiveLead(mention string, mt []string, name string, ct []string) (score float64, decided bool) {
	if len(mt) != 1 || !possessiveName(mention) || len(ct) < 2 || !slices.Contains(ct, mt[0]) {
		return 0, false
	}
	core := strip(ct, orgSuffixes, false)
	for len(core) > 1 && len([]rune(core[0])) == 1 {
		core = core[1:] // "J Sainsbury", "W H Smith"
	}
	if equal(core, mt) {
		return scoreCompact, true
	}
	if ct[0] != mt[0] {
		return 0, false
	}
	raw := strings.Fields(strings.ReplaceAll(name, "’", "'"))
	if len(raw) > 0 && possessiveName(raw[0]) {
		switch {
		case len(ct) == 2 && otherBusiness[ct[1]]:
			return 0, true // "Sainsbury's" is not "Sainsbury's Bank"
		case len(ct) == 2:
			return scoreVendor, true
		}
		return 0, false
	}
	return 0, true
}

// otherBusiness are words after a firm's name that name another business
// of it: "Sainsbury's Bank" is not Sainsbury's.
var otherBusiness = map[string]bool{
	"bank": true, "mobile": true, "energy": true, "insurance": true, "pharmacy": true, "labs": true,
	"foundation": true, "trust": true, "finance": true, "money": true,
}

// editionNote matches a product's edition said in brackets after its name:
// "Kindle Paperwhite (11th generation)", "iPad Air (2022)", "(Gen 2)",
// "(Deluxe Edition)"; not any note with a number ("Springfield Park (Zone
// 2)").
var editionNote = regexp.MustCompile(`(?i)\s*\((?:\d{4}|\d+(?:st|nd|rd|th)? ?gen(?:eration)?|gen(?:eration)? ?\d+|[^()]*\bedition)\)\s*$`)

// editionLead: the candidate's name ends in an edition in brackets, so it
// names a model, and the mention is the model's first word, the line it
// belongs to ("the Kindle" for "Kindle Paperwhite (11th generation)").
func editionLead(mt []string, name string) bool {
	if len(mt) != 1 || len([]rune(mt[0])) < 4 || vendorPrefixes[mt[0]] || len(name) > maxNameBytes || !strings.HasSuffix(strings.TrimSpace(name), ")") {
		return false
	}
	loc := editionNote.FindStringIndex(name)
	if loc == nil {
		return false
	}
	ct := strip(tokens(name[:loc[0]]), vendorPrefixes, true)
	return len(ct) == 2 && ct[0] == mt[0] && !isWorkWord(ct[1])
}

// founderName: the organisation's name is a person's given name and
// surname (its legal form left out) and the mention is the surname:
// "Bosch" for "Robert Bosch GmbH", "Boss" for "Hugo Boss AG".
func founderName(mt, ct []string) bool {
	core := strip(ct, orgSuffixes, false)
	return len(mt) == 1 && len(core) == 2 && core[1] == mt[0] && len(core) < len(ct) && knownGivenName(core[0])
}

// carModel: own is a car maker's name and a model, and mt is the model,
// its trim left out: "Hilux" for "Toyota Hilux", "Golf" for "Volkswagen
// Golf GTI" (never "Golf 7" for a "Golf 8").
func carModel(mt, own []string) bool {
	return len(own) > 1 && carMakers[own[0]] && len(own)-1 >= len(mt) && len(own)-1-len(mt) <= 1 &&
		equal(own[1:1+len(mt)], mt) && !hasDigitRune(strings.Join(own[1+len(mt):], ""))
}

// sequelCode matches a sequel said by its title's initials and its number:
// "T2", "GTA5", "LOTR 2".
var sequelCode = regexp.MustCompile(`^([A-Za-z]{1,4}) ?([0-9]{1,2})$`)

// sequelShort: the mention is a title's initials and its number, and name
// is the title with that number ("T2" for "Terminator 2: Judgment Day",
// never for "Terminator 3" or "The Terminator").
func sequelShort(mention, name string) bool {
	sm := sequelCode.FindStringSubmatch(strings.TrimSpace(mention))
	if sm == nil || len(name) > maxNameBytes {
		return false
	}
	title, _, _ := strings.Cut(name, ":")
	ws := tokens(title)
	for i, w := range ws {
		if w != sm[2] {
			continue
		}
		before := strip(ws[:i], map[string]bool{"the": true}, true)
		var initials strings.Builder
		for _, b := range before {
			initials.WriteByte(b[0])
		}
		return len(before) > 0 && initials.String() == strings.ToLower(sm[1])
	}
	return false
}

// productKinds: neither kind is a person, a place or an organisation: both
// may be products, games or films ("T2" names no "Building 2").
func productKinds(a, b schema.EntityKind) bool {
	for _, k := range []schema.EntityKind{a, b} {
		if k == schema.KindPerson || k == schema.KindPlace || k == schema.KindOrganisation || k == schema.KindProject {
			return false
		}
	}
	return true
}

// businessPartners follow "&" at the end of a business's name and an
// everyday name leaves them out: "Iron Temple Gym & Fitness". ("& Sons" is
// a legal form, orgSuffixes; "& Daughters" tells a business apart.)
var businessPartners = wordSet(`fitness spa wellness leisure`)

// partnerTail returns the word after a last "&" of a business's name
// ("sons" of "Patel & Sons"), or "".
func partnerTail(w []string) string {
	if n := len(w); n > 2 && w[n-2] == "and" {
		return w[n-1]
	}
	return ""
}

// premisesWords end a business's name with what kind of premises it is,
// and an everyday name may leave them out: "Green Leaf Dental Clinic".
var premisesWords = wordSet(`clinic practice surgery centre center studio studios`)

// businessForm writes a business's name as its everyday name says it:
// without "& Fitness" or "& Sons" (businessPartners) or a last word of
// premisesWords after two words, its words written together.
func businessForm(w []string) string {
	if n := len(w); n > 2 && w[n-2] == "and" && businessPartners[w[n-1]] {
		w = w[:n-2]
	}
	if n := len(w); n > 2 && premisesWords[w[n-1]] && serviceWords[w[n-2]] {
		w = w[:n-1]
	}
	return strings.Join(w, "")
}

// serviceWords say what a practice does, before a word of premisesWords an
// everyday name leaves out: "Green Leaf Dental Clinic" is "Greenleaf
// Dental"; "City Sports Centre" is no "City Sports", a shop.
var serviceWords = wordSet(`dental dentistry medical eye optical physio physiotherapy veterinary vet vets skin hearing family`)

// sameBusiness: m and c are one business's names (businessForm), of six
// letters or more: "Iron Temple Gym" and "Iron Temple Gym & Fitness",
// "Greenleaf Dental" and "Green Leaf Dental Clinic". Two names each with
// its own partners are two ("Fenwick & Sons", "Fenwick & Daughters").
func sameBusiness(m, c []string) bool {
	if tm, tc := partnerTail(m), partnerTail(c); tm != "" && tc != "" && tm != tc {
		return false
	}
	if pm, pc := premisesWords[m[len(m)-1]], premisesWords[c[len(c)-1]]; pm && pc && m[len(m)-1] != c[len(c)-1] {
		return false // "Oak Tree Surgery" is not "Oak Tree Studio"
	}
	fm := businessForm(m)
	return len(fm) >= 6 && fm == businessForm(c) && !equal(m, c)
}

// seriesShort: mention and name are titles of one work with a subtitle
// after a colon, the same subtitle, and the mention's series title the
// end of the name's: "Zelda: Breath of the Wild" or "Zelda: BotW" for "The
// Legend of Zelda: Breath of the Wild". "… Tears of the Kingdom" is
// another.
func seriesShort(mention, name string) bool {
	mm, ms, ok1 := strings.Cut(mention, ":")
	cm, cs, ok2 := strings.Cut(name, ":")
	if !ok1 || !ok2 {
		return false
	}
	tm, tc := tokens(mm), tokens(cm)
	sm, sc := tokens(ms), tokens(cs)
	sameSub := len(sm) > 0 && equal(sm, sc) || len(sm) == 1 && everyInitial(strings.TrimSpace(ms), strings.TrimSpace(cs)) // "Zelda: BotW"
	if !sameSub || len(tm) == 0 || len(tm) >= len(tc) || !equal(tc[len(tc)-len(tm):], tm) || episodeWords[sm[0]] {
		return false // "House: Season 1" is not "Full House: Season 1"
	}
	lead := tc[:len(tc)-len(tm)]
	return lead[len(lead)-1] == "of" // "The Legend of"
}

// episodeWords begin subtitles that number a part of a series, which any
// series has.
var episodeWords = wordSet(`season series part chapter volume vol episode book`)

// roleAlias: the mention is a role said before a given name ("Coach
// Dave"), the candidate has that given name, or one it is an everyday
// form of, and an alias that names the role ("Leo's football coach"):
// above another Dave.
func roleAlias(mt, own []string, aliases []string) bool {
	if len(mt) != 2 || !titles[mt[0]] {
		return false
	}
	pc := strip(own, titles, true)
	if len(pc) == 0 || pc[0] != mt[1] && !nicknameOf(mt[1], pc[0]) {
		return false
	}
	for _, a := range aliases {
		if slices.Contains(tokens(a), mt[0]) {
			return true
		}
	}
	return false
}

// roleNouns are the places and people in a person's life said by what they
// are to them: "my gym", "our dentist", "the office".
var roleNouns = wordSet(`gym dentist doctor gp vet school office bank church club pool library surgery cabin cottage flat allotment hairdresser barber nursery`)

// referenceLeads say whose a role noun is.
var referenceLeads = map[string]bool{"my": true, "our": true, "the": true, "his": true, "her": true, "their": true}

// saidAsOnes: the name begins with a word that says whose or which one
// it is ("my gym", "the wedding"): a thing of the speaker's life named by
// what it is.
func saidAsOnes(name string) bool {
	first, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(name)), " ")
	return referenceLeads[first]
}

// roleWord: w, its leads ("my", "the") left out, is one role noun or role
// outside the family ("my gym", "the landlord").
func roleWord(w []string) bool {
	w = dropWords(w, referenceLeads)
	return len(w) == 1 && (roleNouns[w[0]] || outsideRoles[w[0]])
}

// roleReference: the mention is a role noun said as someone's ("my gym",
// "our vet"), and a name or an alias of the candidate is that noun with
// where it is after it ("the gym on Boar Lane"), or, with brand (an
// organisation), a name whose first word ends in it ("PureGym"; a place
// that does, Liverpool, is no pool).
func roleReference(mt []string, names []string, brand bool) bool {
	if !roleWord(mt) {
		return false
	}
	mt = dropWords(mt, referenceLeads)
	n := mt[0]
	for _, name := range names {
		w := dropWords(tokens(name), referenceLeads)
		switch {
		case len(w) == 0:
		case w[0] == n && (len(w) == 1 || w[1] == "on" || w[1] == "at" || w[1] == "near" || w[1] == "by" || w[1] == "in"):
			return true // "the gym on Boar Lane"; not the "Bank of England"
		case brand && len(w[0]) > len(n)+2 && strings.HasSuffix(w[0], n):
			return true // "PureGym Leeds City Centre"; not Liverpool
		}
	}
	return false
}

// bareHead: the mention is a head of bareHeads alone, said as someone's
// ("the wedding", "my thesis"), and a name or an alias of the candidate is
// a descriptive name with a head of bareHeads of that kind ("Anna & Tom's
// wedding", "the dissertation" for the "PhD thesis"; not "the trip" for a
// "Tokyo and Kyoto holiday").
func bareHead(mt []string, names []string) bool {
	w := dropWords(mt, descriptiveDrop)
	if len(w) != 1 || !bareHeads[w[0]] {
		return false
	}
	for _, name := range names {
		ct := withoutGenericTail(headLast(dropWords(tokens(withoutNote(name)), descriptiveDrop), true, true))
		if h := ct[len(ct)-1]; len(ct) >= 2 && bareHeads[h] && workHeads[h] == workHeads[w[0]] {
			return true
		}
	}
	return false
}

// bareHeads are the heads bareHead reads alone: pieces of work they rarely
// mean anything else than ("the wedding", "the thesis"; not "the move",
// "the sale", "the appeal", "the release").
var bareHeads = wordSet(`wedding renovation refurbishment remodel thesis dissertation fundraiser honeymoon rewrite redesign relocation`)

// titleTail: the mention, two words or more, is the end of a work's title
// after one to three words that lead it ("Bake Off" for "The Great
// British Bake Off"; Match asks it only of a title written with "The"),
// not begun by a small word ("of Thrones") nor ended by the head of a
// descriptive name ("the onboarding guide" is not the "Contractor payroll
// onboarding guide").
func titleTail(mt, ct []string) bool {
	n := len(ct) - len(mt)
	return len(mt) >= 2 && n >= 1 && n <= 3 && !acronymSkip[mt[0]] && workHeads[mt[len(mt)-1]] == "" && equal(ct[n:], mt)
}
