package resolve

import (
	"maps"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/persistmemory/persistmemory/schema"
)

// Scores Match gives to each kind of evidence. A candidate matches when its
// score reaches MatchThreshold.
const (
	// MatchThreshold is the least score Match accepts.
	MatchThreshold = 0.90
	// AmbiguityMargin: when the best match is not exact and another entity
	// scores within this margin of it, Match refuses (ok false) rather
	// than guess between them.
	AmbiguityMargin = 0.05

	scoreExact     = 1.00 // same normalised name or alias
	scoreFullName  = 0.95 // same first and last name, middle names differ
	scoreCompact   = 0.97 // same without spaces/hyphens, or without "Inc", "Ltd"...
	scoreVersion   = 0.95 // same name but for a version number ("Python 3")
	scoreAcronym   = 0.93 // "NYC" for "New York City"
	scoreInitial   = 0.92 // "A. Silva" for "Anna Silva"
	scoreVendor    = 0.92 // "Kafka" for "Apache Kafka"
	scoreNumeronym = 0.92 // "k8s" for "Kubernetes"
	scorePartName  = 0.90 // "Dan" or "Mike" for "Daniel Silva" (only if unambiguous)
	// scoreKinName: a relation word and a name the entity is known by
	// with the same word ("Uncle Dave" for one known as "Uncle David"):
	// as good as exact, so that a Dave known otherwise does not make it
	// ambiguous.
	scoreKinName = 0.99
	// scoreRole: the relation the owner stores someone by ("Mam" for the
	// one known as "my mother"), or a title and surname where the name
	// stored has that title ("Dr Patel" for "Dr Anil Patel"): above a
	// plain surname by more than AmbiguityMargin.
	scoreRole = 0.96
	// scoreFacility: a facility named without the word that says what it
	// is ("St Thomas'" for St Thomas' Hospital); see facilityOf.
	scoreFacility = 0.94
	// fuzzyThreshold is the least Jaro-Winkler similarity at which two
	// names of things (never people) match, for names of at least
	// fuzzyMinRunes: "Postgres" ~ "PostgreSQL" (0.96), not "Java" ~
	// "JavaScript" (0.88).
	fuzzyThreshold = 0.94
	fuzzyMinRunes  = 5
	// penaltyKind is taken off when the kinds differ but are compatible
	// (one unknown; organisation vs system; project vs system), so a
	// same-kind candidate wins ties.
	penaltyKind = 0.02
)

// orgSuffixes are dropped before comparing organisation names.
var orgSuffixes = map[string]bool{
	"inc": true, "ltd": true, "llc": true, "corp": true, "corporation": true, "co": true,
	"gmbh": true, "plc": true, "ag": true, "sa": true, "limited": true, "company": true,
	"as": true, "asa": true, "ab": true, "oy": true, "bv": true, "nv": true, "srl": true,
	"spa": true, "sas": true, "pty": true, "kk": true, "llp": true, "lp": true, "sarl": true, "bm": true,
	// words a company's full name ends with and its everyday name leaves
	// out: "John Lewis & Partners", "Marks Holdings". "Tesco Bank" is not
	// "Tesco", and "Quorra Labs" or "Slack Technologies" may be the
	// company beside its product: those words are kept.
	"and": true, "partners": true, "sons": true, "holdings": true, "group": true,
	// what the firm does, after its name: "Harrow & Finch Solicitors LLP"
	"solicitors": true, "accountants": true, "accountancy": true, "architects": true,
	"surveyors": true, "opticians": true, "chartered": true,
}

// orgTails end an organisation's full name and are often left out of a
// short one: "the Met Police" for the "Metropolitan Police Service".
var orgTails = map[string]bool{"service": true, "services": true}

// vendorPrefixes are dropped before comparing system names ("Apache Kafka").
var vendorPrefixes = map[string]bool{
	"apache": true, "amazon": true, "aws": true, "google": true, "microsoft": true,
	"azure": true, "gcp": true, "atlassian": true, "adobe": true, "oracle": true, "ibm": true,
	"jetbrains": true, "mozilla": true, "hashicorp": true, "cisco": true,
	// and makers of things people own: "Quest 3" for "Meta Quest 3"
	"meta": true, "apple": true, "sony": true, "samsung": true, "nintendo": true, "vorwerk": true,
	"dyson": true, "garmin": true, "fitbit": true, "philips": true, "bosch": true, "oculus": true,
	"valve": true, "bbc": true, "intuit": true, "fender": true, "gibson": true, "yamaha": true,
	"irobot": true, "logitech": true, "lenovo": true, "dell": true, "hp": true, "asus": true, "acer": true,
	"canon": true, "nikon": true, "panasonic": true, "lg": true, "xiaomi": true, "huawei": true, "bose": true,
	"sonos": true, "netgear": true, "roku": true,
}

// appTails name what a product is without telling it apart: "the Monzo
// app" is Monzo.
var appTails = map[string]bool{"app": true, "application": true, "software": true}

// projectWords are dropped before comparing project names ("Project
// Atlas", "the Atlas project").
var projectWords = map[string]bool{
	"project": true, "initiative": true, "programme": true, "program": true,
	"projekt": true, "projet": true, "proyecto": true, "progetto": true, "projeto": true, "proj": true,
}

// mentionWords returns the words of m's name as Match compares them: its
// tokens, with what a kind of name writes otherwise read as the rest of
// the names are ("ProjectAtlas" as "project atlas", "Mwangi, Peter" as
// "peter mwangi", "Ato Tesfaye Bekele" without the Amharic "Mr", "Ma.
// Cristina" as "maria cristina", "MS Teams" as "microsoft teams").
func mentionWords(m schema.Mention) []string {
	mt := tokens(m.Name)
	switch {
	case len(mt) == 0:
	case m.Kind == schema.KindProject:
		mt = projectCompound(mt)
	case m.Kind == schema.KindPerson:
		mt = surnameFirst(m.Name, mt)
		if len(mt) >= 3 && mt[0] == "ato" {
			mt = mt[1:] // "Ato Mensah" is a Ghanaian Ato
		}
		if len(mt) >= 3 && mt[0] == "ma" && strings.HasPrefix(strings.TrimSpace(m.Name), "Ma.") {
			mt = append([]string{"maria"}, mt[1:]...) // as Filipinos write it
		}
	case (m.Kind == schema.KindSystem || m.Kind == schema.KindOther) && len(mt) >= 2 && mt[0] == "ms":
		mt = append([]string{"microsoft"}, mt[1:]...) // "Ms" before a person's name is a title
	}
	return mt
}

// phaseWords are left out of project names with projectWords: "Kestrel 2"
// is "Project Kestrel – Phase 2".
var phaseWords = func() map[string]bool {
	m := maps.Clone(projectWords)
	m["phase"], m["stage"] = true, true
	return m
}()

// techHeads are the heads of a piece of work a project's code name is said
// with ("Atlas migration"); not a trip, a sale or a wedding, which a code
// name or a place may be the subject of ("Denver trip" is no Project
// Denver).
var techHeads = wordSet(`migration rebuild rewrite redesign launch rollout upgrade refactor deployment implementation`)

// withoutWorkHead leaves out the head of a descriptive name after a code
// name of one or two words: "BLUE-BIRD migration" is "blue bird".
func withoutWorkHead(w []string) []string {
	if n := len(w); n >= 2 && n <= 3 && workHeads[w[n-1]] != "" {
		return w[:n-1]
	}
	return w
}

// codeNameExtended: one code name is the other with letters after it
// ("falcon", "falconer"): another code name, not a misspelling.
func codeNameExtended(a, b string) bool {
	return a != b && (strings.HasPrefix(a, b) || strings.HasPrefix(b, a))
}

// clubLeads begin the names of sports clubs in many languages: "GNK
// Dinamo Zagreb", "NK Lokomotiva", "FC Porto", "SK Slavia Praha".
var clubLeads = wordSet(`fc afc cf nk gnk hnk sk fk ac as ssc sc cd rcd vfb vfl tsg bsc`)

// withoutClubLead leaves out a club's lead before a name of two words or
// more: "GNK Dinamo Zagreb" is "dinamo zagreb"; "AC Milan" keeps its lead,
// as "Milan" alone is the city.
func withoutClubLead(w []string) []string {
	if len(w) >= 3 && clubLeads[w[0]] {
		return w[1:]
	}
	return w
}

// groupLeads begin the names of groups of companies in other languages:
// "Grupo Bimbo", "Groupe Casino", "Gruppo Campari".
var groupLeads = wordSet(`grupo groupe gruppo grupa`)

// groupShort: the mention, written as a name (capitalised, no article:
// not "the casino"), is c's name without a group's lead ("Bimbo" for
// "Grupo Bimbo").
func groupShort(raw string, mt, c []string) bool {
	raw = strings.TrimSpace(raw)
	if raw == "" || !unicode.IsUpper([]rune(raw)[0]) || saidAsOnes(raw) || len(c) < 2 || !groupLeads[c[0]] {
		return false
	}
	return equal(strip(c[1:], orgSuffixes, false), mt)
}

// projectCompound writes a project's name of one word that is "project"
// and a name of three letters or more written together as two words:
// "projectatlas" as "project atlas", so that it is not "Project Atlantis"
// misspelt.
func projectCompound(w []string) []string {
	if len(w) == 1 {
		if rest, ok := strings.CutPrefix(w[0], "project"); ok && len(rest) >= 3 && isLetters(rest) {
			return []string{"project", rest}
		}
	}
	return w
}

// titles are dropped before comparing people's names.
var titles = map[string]bool{
	"mr": true, "mrs": true, "ms": true, "miss": true, "dr": true, "prof": true,
	"professor": true, "sir": true, "dame": true,
	// roles said before a name: "Coach Dan", "Rev Andrews"
	"coach": true, "pastor": true, "rev": true, "reverend": true, "rabbi": true, "imam": true,
	"captain": true, "capt": true, "cllr": true, "councillor": true, "sgt": true, "sergeant": true,
	"judge": true, "hon": true,
	// a familiar "old" before a Chinese surname: "Lao Zhang"
	"lao": true,
	// said before a given name: "Khun Somchai", "Fr Tomasz"
	"khun": true, "fr": true, "chief": true,
}

// givenHonorifics are said before a given name: in Indonesian and Malay
// ("Pak Budi", "Ibu Sari"), and before a nun's or a monk's ("Sister
// Bernadette"). Not titles: "Pak" is a Korean surname too, and "Sister
// Murphy" is no Declan Murphy.
var givenHonorifics = map[string]bool{"pak": true, "bapak": true, "bu": true, "ibu": true, "encik": true, "puan": true, "sister": true, "brother": true}

// familyFirstTitles are said before the family name of a name whose family
// name comes first: "Lao Zhang" is Zhang Wei.
var familyFirstTitles = map[string]bool{"lao": true}

// Match returns the candidate the mention most likely names. ok is false
// when no candidate reaches MatchThreshold, or when the best is not an
// exact match and another entity scores within AmbiguityMargin of it
// (best and score then describe the top candidate, for logging). Among
// equal scores the candidate with the smallest ID wins. Candidates of an
// incompatible kind (a person and a place) are never matched; KindOther
// (or an empty kind) is compatible with every kind.
//
// Match is pure and safe for concurrent use.
func Match(m schema.Mention, candidates []schema.Entity) (best schema.Entity, score float64, ok bool) {
	mt := mentionWords(m)
	if len(mt) == 0 {
		return schema.Entity{}, 0, false
	}
	type scored struct {
		e schema.Entity
		s float64
		// caseOnly: the score is an all-capital mention equal, but for
		// case, to a name not written in capitals ("WHO", "The Who").
		caseOnly bool
		// bySurname: a person's full name matched only a surname.
		bySurname bool
	}
	pm := strip(mt, titles, true)
	if strings.ContainsRune(m.Name, '@') {
		pm = nil // a handle or e-mail address is not a name with a surname
	}
	if len(pm) == 2 && honorifics[pm[1]] {
		pm = pm[:1] // "Ravi bhaiya"
	}
	// titled: a title said before a surname and one name ("Prof Lin",
	// "Dr. Patel"; not "Coach Dan")
	titled := len(pm) == 1 && len(mt) == 2 && surnameTitles[mt[0]]
	caps, acr := allCaps(m.Name), Acronym(m.Name)
	// saidByRole: a relation ("my mother-in-law"), a role ("my
	// landlord") or an honorific and a given name ("Pak Budi"): no surname
	// to tell people apart by
	saidByRole := relationOf(mt) != "" || len(mt) == 2 && givenHonorifics[mt[0]] || saidAsOnes(m.Name) && roleWord(mt)
	var all []scored
	for _, c := range candidates {
		given := c // the candidate as given: the spellings read below are not its aliases
		pen, compatible := kindPenalty(m.Kind, c.Kind)
		own := tokens(c.Name)
		if !compatible && pair(m.Kind, c.Kind, schema.KindPlace, schema.KindOrganisation) && (crossKinds(mt, own) || sameAirport(m.Name, mt, c.Name, own)) {
			// the organisations' table knows the name: "Barça", taken
			// for a place, is FC Barcelona; an airport is a place and an
			// organisation: "JFK", taken for one, is the other
			pen, compatible = penaltyKind, true
		}
		facility := facilityOf(m, mt, c, own)
		if !compatible && !facility {
			continue
		}
		if facility && !compatible {
			pen = penaltyKind // "St Thomas' Hospital", a place, for the organisation "St Thomas'"
		}
		if m.Kind == schema.KindOther || m.Kind == "" {
			// the extractor did not tell what the mention is ("Thanks,
			// Mel!"): no kind to differ
			pen = 0
		}
		person := m.Kind == schema.KindPerson || c.Kind == schema.KindPerson
		project := m.Kind == schema.KindProject || c.Kind == schema.KindProject
		if len(c.Name) <= maxNameBytes && strings.ContainsAny(c.Name, umlauts) {
			if g := germanSpelling.Replace(c.Name); g != c.Name {
				// "Mr Mueller" for Klaus Müller, "Aldi Sued" for ALDI SÜD:
				// a name written without its umlauts is the same name
				c.Aliases = append(slices.Clone(c.Aliases), g)
			}
		}
		if person && caps && len(mt) == 1 && personInitials(mt[0], strip(own, titles, true)) {
			all = append(all, scored{e: given, s: scorePartName - pen})
			continue // "JB" for James Bradshaw, "JP" for Jean-Pierre Martin
		}
		if person && otherSex(mt, own) {
			continue // "Mrs Henderson" is not Gordon Henderson
		}
		if person && titled && knownAsKin(c.Aliases) {
			continue // "Mr Byrne" is not the brother, Conor Byrne
		}
		if pc := strip(own, titles, true); person && titled && len([]rune(pm[0])) == 1 && len(pc) >= 2 {
			// "Miss T": a title and the initial of a surname
			if strings.HasPrefix(pc[len(pc)-1], pm[0]) {
				all = append(all, scored{e: given, s: scorePartName - pen})
			}
			continue
		}
		if pc := strip(own, titles, true); person && titled && len(pc) >= 2 && pc[len(pc)-1] != pm[0] && !aliasHasSurname(pm[0], c.Aliases) && !(familyFirstTitles[mt[0]] && pc[0] == pm[0]) {
			continue // "Prof Lin" is Wei Lin, not Lin Zhou
		}
		if person && len(mt) == 2 && mt[0] == "father" && len(own) >= 2 && own[0] == "fr" && own[1] == mt[1] {
			all = append(all, scored{e: given, s: scoreRole - pen})
			continue // "Father Tomasz" for "Fr. Tomasz Zieliński": a priest, not a parent
		}
		if person && koreanSpelling(pm, strip(own, titles, true)) {
			all = append(all, scored{e: given, s: scoreFullName - pen})
			continue // "Park Ji-hoon" for "Pak Ji-hun"
		}
		if person && umlautSpelling(m.Name, c.Name) {
			all = append(all, scored{e: given, s: scoreCompact - pen})
			continue // "Katharina Mueller" for "Katharina Müller"
		}
		if person && !saidByRole && otherSurname(pm, own) && !aliasSurname(pm, c.Aliases) && !reversedName(pm, strip(own, titles, true)) {
			continue // "Sarah Chen" is not "Sarah Okoye", whatever her aliases
		}
		if otherVersion(mt, own) {
			continue // "Ledger v3" is not "Ledger v2", whatever its aliases
		}
		if !person && (letterAfter(mt, own) || letterAfter(own, mt)) {
			continue // "Jenkins" is not "Jenkins X"
		}
		if person && (hyphenGivenApart(m.Name, c.Name) || hyphenGivenApart(c.Name, m.Name)) {
			continue // "Hans-Peter Müller" is neither Hans Müller nor Hans-Jürgen Müller
		}
		if person && otherRelation(mt, c.Aliases) {
			continue // "Aunt Rosa" is not Rosa known as "my cousin"
		}
		if !person && caps && len(mt) == 1 && initialsKnownElsewhere(mt, c) {
			continue // "UCL" is University College London, not the University of Central Lancashire
		}
		if !person && otherMakers(mt, own) {
			continue // "Google Maps" is not "Apple Maps"
		}
		s, exact, caseless := 0.0, false, false
		for k, name := range append([]string{c.Name}, c.Aliases...) {
			ct := own
			if k > 0 {
				ct = tokens(name)
				if person {
					ct = birthName(ct, own) // "née Whitfield"
				}
			}
			var v float64
			if k > 0 && strings.ContainsRune(name, '@') {
				// a handle or e-mail address matches only itself
				if equal(mt, ct) {
					v = scoreExact
				}
			} else if k > 0 && len(mt) > 1 && len(ct) == 1 && ct[0] == acr && len(own) > 1 && !equal(mt, own) {
				// The alias "KBA" stands for the candidate's own name
				// ("Kingsway Business Academy"): another name with the
				// same initials is another thing.
				v = 0
			} else if len(mt) > 1 && len(ct) == 1 && spelledOut(ct[0], append([]string{c.Name}, c.Aliases...), mt) {
				// initials the candidate spells out otherwise: "MIT", known
				// as the Massachusetts Institute of Technology, is not the
				// Manipal Institute of Technology; "WWF", known as the World
				// Wrestling Federation, not the World Wide Fund for Nature
				v = 0
			} else if otherEdition(m.Kind, c.Kind, mt, ct) {
				v = 0 // "FIFA 23", a game, is not FIFA; "Blade Runner 2049" is not "Blade Runner"
			} else {
				v = nameScore(mt, ct, person, orgLike(m.Kind, c.Kind), placeLike(m.Kind, c.Kind))
				if v == scoreVendor && !vendorKinds(m.Kind, c.Kind) && !equal(strip(mt, appTails, false), strip(ct, appTails, false)) {
					v = 0 // "Law Society" is not the "Canon Law Society"
				}
				if !person {
					v = max(v, variantScore(mt, ct, name, placeLike(m.Kind, c.Kind), orgLike(m.Kind, c.Kind)))
					if knownVariant(mt, ct) {
						v = max(v, scoreSpelling) // "gcal", a system, for "Google Calendar"
					}
					if v < scoreExact && m.Kind == schema.KindSystem && c.Kind == schema.KindOrganisation && knownVariant(mt, ct) && lineOf(organisationNames, ct) != 0 {
						v = 0 // "SAS", a system, is not the airline the organisations' table knows
					}
					if initialismOf(m.Name, name) || initialismOf(name, m.Name) || abbreviatedName(mt, ct) || initialsFirst(mt, lowerWords(rawWords(name))) || initialismOf(m.Name, withoutSuffix(name)) || initialismOf(withoutSuffix(name), m.Name) {
						v = max(v, scoreAcronym) // "GH Actions" for "GitHub Actions"
					}
					if m.Kind == schema.KindOrganisation && c.Kind == schema.KindOrganisation && !properName(mt[0]) && blendOf(mt, ct) {
						v = max(v, scoreAcronym) // "Telmex" for "Teléfonos de México"
					}
					if everyInitial(m.Name, name) || everyInitial(name, m.Name) {
						v = max(v, scoreAcronym) // "LOTR" for "Lord of the Rings"
					}
					if pluralAcronym(m.Name, name) || pluralAcronym(name, m.Name) {
						v = max(v, scoreCompact) // "RPGs" for "RPG"
					}
					if v < scoreCompact && caps && len(mt) == 1 && otherInitialism(m.Name, c) {
						// "BA" for "Bank of America", known as "BofA":
						// the owner has their own initials for it
						v = 0
					}
				}
			}
			if !person && v < scoreAcronym && initialWords(mt, ct) {
				v = scoreAcronym // "U of T" for "University of Toronto"
			}
			if !person && v < scoreAcronym && orgLike(m.Kind, c.Kind) && (sameInstitution(mt, ct) || abbreviatedName(strip(mt, orgTails, false), strip(ct, orgTails, false))) {
				v = scoreAcronym // "Leeds Uni", "the Met Police" for "Metropolitan Police Service"
			}
			if facility && k == 0 {
				v = max(v, scoreFacility)
			}
			if m.Kind == schema.KindSystem && c.Kind == schema.KindSystem && v < scoreCompact && sameTool(mt, ct) {
				v = scoreCompact // "the HR portal" for the one known as the "HR system"
			}
			if (project || m.Kind == schema.KindOther || c.Kind == schema.KindOther) && v < scoreCompact && !otherEdition(m.Kind, c.Kind, mt, ct) && descriptiveOf(mt, ct, name, workKinds(m.Kind, c.Kind)) {
				v = scoreCompact // "the kitchen renovation" is the "Kitchen remodel"
			}
			if project && len(dropWords(mt, projectWords)) == 1 && len(dropWords(ct, projectWords)) == 1 && codeNameExtended(dropWords(mt, projectWords)[0], dropWords(ct, projectWords)[0]) {
				v = 0 // "Project Falcon" is not "Project Falconer" misspelt
			}
			if project && v < scoreCompact {
				if pm, pc := dropWords(mt, phaseWords), dropWords(ct, phaseWords); len(pm) > 0 && len(pc) > 0 && (equal(pm, pc) || strings.Join(pm, "") == strings.Join(pc, "") || c.Kind == schema.KindProject && m.Kind == schema.KindProject && (strings.Join(pm, "") == strings.Join(withoutWorkHead(pc), "") || techHeads[pm[len(pm)-1]] && !knownPlace(pc) && strings.Join(withoutWorkHead(pm), "") == strings.Join(pc, ""))) {
					v = scoreCompact // "Project Atlas" is the Atlas project, "bluejay" Project Blue Jay
				} else if len(pm) > 0 && len(pc) > 0 && (len(pc) == 1 && pc[0] == Acronym(strings.Join(pm, " ")) || len(pm) == 1 && pm[0] == Acronym(strings.Join(pc, " "))) {
					v = max(v, scoreAcronym) // "Single Customer View" is the SCV programme
				}
			}
			if !person && v < scoreVendor && productLead(m.Kind, c.Kind, mt, ct) {
				v = scoreVendor // "Logic" for "Logic Pro X", "Jira" for "Atlassian Jira Software Cloud"
			}
			if !person && v < scorePartName && capsLead(m.Name, name, orgLike(m.Kind, c.Kind)) {
				v = scorePartName // "TD" for "TD Canada Trust"
			}
			if !person && v < scoreVendor && (codeName(mt, ct) || productKinds(m.Kind, c.Kind) && (editionLead(mt, name) || sequelShort(m.Name, name))) {
				v = scoreVendor // "Sonoma" for "macOS 14 Sonoma", "the Kindle" for "Kindle Paperwhite (11th generation)"
			}
			if orgLike(m.Kind, c.Kind) && v < scoreCompact && sameSchool(mt, ct) {
				v = scoreCompact // "St. Joseph's Primary" for "Saint Joseph's Catholic Primary School"
			}
			if orgLike(m.Kind, c.Kind) && v < scorePartName && (founderName(mt, ct) || schoolShort(mt, ct)) {
				v = scorePartName // "Bosch" for "Robert Bosch GmbH", "Stuy" for "Stuyvesant High School"
			}
			if placeLike(m.Kind, c.Kind) && v < scoreCompact && (withPlaceTail(mt, ct) || withPlaceTail(ct, mt)) {
				v = scoreCompact // "the Shibuya district" for "Shibuya"
			}
			if !person && v < scoreAcronym && sameAirport(m.Name, mt, name, ct) {
				v = scoreAcronym // "JFK" for "John F. Kennedy International Airport"
			}
			if m.Kind == schema.KindOther && c.Kind == schema.KindOther && v < scorePartName && strings.HasPrefix(name, "The ") && titleTail(mt, ct) {
				v = scorePartName // "Bake Off" for "The Great British Bake Off"
			}
			if !person && !placeLike(m.Kind, c.Kind) && v < scoreCompact && seriesShort(m.Name, name) {
				v = scoreCompact // "Zelda: Breath of the Wild" for "The Legend of Zelda: Breath of the Wild"
			}
			if m.Kind == schema.KindSystem && c.Kind == schema.KindSystem && v < MatchThreshold {
				if mv, cv := withoutVersions(mt), withoutVersions(ct); (len(mv) < len(mt)) != (len(cv) < len(ct)) {
					// "Postgres 15" for "PostgreSQL", "Postgres" for
					// "PostgreSQL 15": a version of a system's name the
					// tables know another way (a number after a work's name
					// is another work: otherEdition)
					if knownVariant(mv, cv) {
						v = max(v, scoreVersion) // not "NHS 111" for the "NHS App", nor "Angular 17" for AngularJS
					}
				}
			}
			if placeLike(m.Kind, c.Kind) && v < scoreAcronym && caps && stateCode(m.Name, ct) {
				v = scoreAcronym // "MN" for "Minnesota"
			}
			if orgLike(m.Kind, c.Kind) && v > 0 && v < scoreCompact && !knownVariant(mt, ct) && knownApart(mt, ct) {
				v = 0 // "Penn" is not "Penn State", "Ford" not the Ford Foundation
			}
			if v > scorePartName-0.01 && c.Kind == schema.KindPlace && m.Kind != schema.KindPlace && knownOrganisation(mt, ct) && !equal(mt, ct) {
				// "the Toffees" is Everton FC before the district of
				// Everton, which the table names alike
				v = scorePartName - 0.01
			}
			if !person {
				if ps, decided := possessiveLead(m.Name, mt, name, ct); decided && ps == 0 {
					v = 0 // "Sam's" is not "Sam Ash Music"
				} else if decided {
					v = max(v, ps) // "Sam's" for "Sam's Club", "Sainsbury's" for "J Sainsbury plc"
				}
			}
			if v == scoreExact {
				if !person && caps && len(mt) == 1 && !allCaps(name) {
					caseless = true
				} else {
					exact = true
				}
			}
			if v > s {
				s = v
			}
		}
		if person && titled && familyFirstTitles[mt[0]] && len(own) == 2 && own[0] == pm[0] {
			s = max(s, scorePartName) // "Lao Zhang" for Zhang Wei
		}
		if person && titled && len(own) >= 3 && own[0] == mt[0] && own[len(own)-1] == pm[0] {
			s = max(s, scoreRole) // "Dr. Patel" for "Dr Anil Patel" beside Meera Patel
		}
		if person && kinAlias(mt, append([]string{c.Name}, c.Aliases...)) {
			s = max(s, scoreRole) // "Mam" for the one known as "my mother", or as "Mum"
		}
		if person && kinTitleAlias(mt, own, c.Aliases) {
			s = max(s, scoreKinName) // "Tío Beto" for Alberto Ramírez, known as "my uncle"
		}
		if orgLike(m.Kind, c.Kind) && !person && groupShort(m.Name, mt, own) {
			s = max(s, scoreCompact-pen) // "Bimbo" for "Grupo Bimbo"
		}
		if person && givenInitials(m.Name, pm, strip(own, titles, true)) {
			s = max(s, scoreInitial) // "TJ Beaulieu" for "Thomas James Beaulieu"
		}
		if person && len(mt) == 2 && givenHonorifics[mt[0]] && len(own) >= 2 && own[0] == mt[1] && !familyFirstSurnames[own[len(own)-1]] {
			s = max(s, scorePartName) // "Pak Budi" for Budi Santoso, not Budiman; "Sister Bernadette" for Bernadette O'Neill
		}
		if person && saidAsOnes(m.Name) && roleReference(mt, c.Aliases, false) {
			s = max(s, scoreRole) // "my landlord" for the one known as "the landlord"
		}
		if person && roleAlias(mt, own, c.Aliases) {
			s = max(s, scoreRole) // "Coach Dave" for the Dave known as "Leo's football coach"
		}
		if !person && s < scorePartName && saidAsOnes(m.Name) && (roleReference(mt, append([]string{c.Name}, c.Aliases...), c.Kind == schema.KindOrganisation) || workKinds(m.Kind, c.Kind) && bareHead(mt, append([]string{c.Name}, c.Aliases...))) {
			// "my gym" for the one known as "the gym on Boar Lane", "the
			// wedding" for "Anna & Tom's wedding": the one so called, if
			// no other is
			s = scorePartName
		}
		if m.Kind == schema.KindOther && c.Kind == schema.KindOther && carModel(mt, own) {
			s = max(s, scoreVendor) // "Hilux" for "Toyota Hilux", "the Golf" for "Volkswagen Golf GTI"
		}
		if s -= pen; s > 0 {
			all = append(all, scored{given, s, caseless && !exact, person && surnameOnly(pm, c)})
		}
	}
	if len(all) == 0 {
		return schema.Entity{}, 0, false
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].s != all[j].s {
			return all[i].s > all[j].s
		}
		return all[i].e.ID < all[j].e.ID
	})
	top := all[0]
	if top.s < MatchThreshold {
		return top.e, top.s, false
	}
	if top.caseOnly {
		// An all-capital mention is an initialism before it is a name
		// written in other case: "WHO" is the World Health Organization
		// when that is known, not "The Who".
		var alt []scored
		for _, o := range all[1:] {
			if !o.caseOnly && o.s >= MatchThreshold {
				alt = append(alt, o)
			}
		}
		switch {
		case len(alt) == 1, len(alt) > 1 && alt[0].s-alt[1].s >= AmbiguityMargin:
			return alt[0].e, alt[0].s, true
		case len(alt) > 1:
			return top.e, top.s, false
		}
	}
	if top.s < scoreExact-penaltyKind && m.Kind != schema.KindPerson && top.e.Kind != schema.KindPerson && sharedLead(m, mt, candidates) {
		// "Microsoft" may be Microsoft Teams or Microsoft 365; "Stratford"
		// Stratford-upon-Avon or Stratford, London
		return top.e, top.s, false
	}
	if top.bySurname && sharedSurname(pm, top.e, candidates) {
		// "James Okafor" may be "Dr Okafor", or she may be Janet Okafor.
		return top.e, top.s, false
	}
	if top.s < scoreExact-penaltyKind {
		for _, o := range all[1:] {
			if o.e.ID != top.e.ID && o.s >= MatchThreshold && top.s-o.s < AmbiguityMargin {
				return top.e, top.s, false
			}
		}
	}
	return top.e, top.s, true
}

// kindPenalty reports whether kinds a and b may name the same thing, and
// the score penalty when they differ.
func kindPenalty(a, b schema.EntityKind) (float64, bool) {
	if a == "" {
		a = schema.KindOther
	}
	if b == "" {
		b = schema.KindOther
	}
	switch {
	case a == b:
		return 0, true
	case a == schema.KindOther || b == schema.KindOther:
		return penaltyKind, true
	case pair(a, b, schema.KindOrganisation, schema.KindSystem), pair(a, b, schema.KindProject, schema.KindSystem):
		return penaltyKind, true
	}
	return 0, false
}

func pair(a, b, x, y schema.EntityKind) bool { return a == x && b == y || a == y && b == x }

// placeLike: the mention or the candidate is a place and neither is a
// system or an organisation (KindOther is compatible with both).
func placeLike(a, b schema.EntityKind) bool {
	return (a == schema.KindPlace || b == schema.KindPlace) && a != schema.KindOrganisation && b != schema.KindOrganisation
}

// variantScore scores the spellings and short forms of names of places
// and organisations (never people): a qualifier after a comma dropped
// ("Gothenburg, Sweden"), abbreviations of place words written out ("St.
// Petersburg"), a place's distinctive first word ("Rio"), and spelling
// variants (spellingScore). raw is the candidate name as stored.
func variantScore(m, c []string, raw string, place, org bool) float64 {
	if !place && !org {
		return 0
	}
	s := 0.0
	if q := qualified(raw); len(q) > 0 && len(q) < len(c) {
		switch {
		case equal(m, q):
			s = scoreCompact
		case place && (knownVariant(m, q) || placeVariant(m, q)) && cityIn(strings.Join(q, " "), strings.Join(c[len(q):], " ")):
			// "Wien" for "Vienna, Austria", a city of that country, not
			// "Vienna, Virginia"; "Brum" for "Birmingham, England"
			s = scoreSpelling
		}
	}
	if knownVariant(m, c) {
		s = max(s, scoreSpelling)
	}
	if org && !place && shortOrg(m, strip(joinInitials(c), orgSuffixes, false)) {
		s = max(s, scorePartName)
	}
	if org && !place && (venueShort(m, c) || articleShort(m, c) || nationalShort(m, strip(joinInitials(c), orgSuffixes, false))) {
		// "Da Luigi", "Corte Ingles", "Lufthansa": the whole of the
		// name that tells it apart, above the first word of another's
		// ("Lufthansa Technik")
		s = max(s, scoreCompact)
	}
	if place {
		em, ec := expandAbbrevs(m), expandAbbrevs(c)
		if equal(em, ec) {
			s = max(s, scoreCompact)
		}
		if shortPlace(m, c, raw) {
			s = max(s, scorePartName)
		}
		s = max(s, spellingScore(em, ec))
		if placeVariant(m, c) {
			s = max(s, scoreSpelling) // "Bombay" for "Mumbai" (GeoNames)
		}
		if stationName(m, c) {
			s = max(s, scorePartName) // "King's Cross" for "London King's Cross station"
		}
		if landmarkShort(m, c) {
			s = max(s, scoreCompact) // "Sagrada Familia" for "Basílica de la Sagrada Família"
		}
	} else if len(m) < 2 || len(c) < 2 || m[0] == c[0] || spellingFold(m[0]) == spellingFold(c[0]) && len([]rune(m[0])) >= foldMinRunes {
		// an organisation's first word names it: "Marlowe Freight" is not
		// "Marlow Freight" (see wordsAlike)
		s = max(s, spellingScore(m, c))
	}
	return s
}

func orgLike(a, b schema.EntityKind) bool {
	return a == schema.KindOrganisation || b == schema.KindOrganisation || a == schema.KindOther || b == schema.KindOther
}

// nameScore scores one mention against one name of a candidate, both
// already split into normalised words.
func nameScore(m, c []string, person, org, place bool) float64 {
	if len(c) == 0 {
		return 0
	}
	if person {
		return personScore(strip(m, titles, true), strip(c, titles, true))
	}
	if equal(m, c) {
		return scoreExact
	}
	if strings.Join(m, "") == strings.Join(c, "") {
		return scoreCompact
	}
	if org {
		if sm, sc := strip(joinInitials(m), orgSuffixes, false), strip(joinInitials(c), orgSuffixes, false); len(sm) > 0 && len(sc) > 0 && (equal(sm, sc) || equal(practiceTail(sm), practiceTail(sc)) || equal(councilForm(sm), councilForm(sc)) || sameBusiness(sm, sc) || equal(withoutClubLead(sm), withoutClubLead(sc))) {
			return scoreCompact // "Parkview surgery" for "Parkview Medical Practice", "Leeds council" for "Leeds City Council"
		}
	}
	if versionOnly(m, c) {
		return scoreVersion // "Python 3" for "Python"; never "Python 2" for "Python 3"
	}
	if sameVersion(m, c) {
		return scoreCompact // "Nightingale v2" for "Nightingale 2.0"
	}
	if len(m) == 1 && len(c) > 1 && m[0] == Acronym(strings.Join(c, " ")) ||
		len(c) == 1 && len(m) > 1 && c[0] == Acronym(strings.Join(m, " ")) {
		return scoreAcronym
	}
	if initialsFirst(m, c) || initialsFirst(c, m) {
		return scoreAcronym // "VS Code" for "Visual Studio Code"
	}
	if vm, vc := strip(strip(m, vendorPrefixes, true), appTails, false), strip(strip(c, vendorPrefixes, true), appTails, false); len(vm) > 0 && len(vc) > 0 && equal(vm, vc) {
		return scoreVendor
	}
	if len(m) == 1 && len(c) == 1 && (m[0] == numeronym(c[0]) || c[0] == numeronym(m[0])) {
		return scoreNumeronym
	}
	nm, nc := strings.Join(m, " "), strings.Join(c, " ")
	if place && !org {
		// Jaro-Winkler favours a shared beginning, but a place whose name
		// extends another's is usually another place ("Niger",
		// "Nigeria"): places are compared by spelling (variantScore).
		return 0
	}
	if variantLine(m) != 0 && !knownVariant(m, c) && !containsWords(c, m) && !containsWords(m, c) {
		return 0 // "Commbank", a name the tables know, is no misspelling of Commerzbank
	}
	if letterAfter(m, c) || letterAfter(c, m) || oneLetterOn(m, c) || oneLetterOn(c, m) {
		return 0 // "Jenkins X" and "PostgREST" are other things than Jenkins and Postgres, not misspellings
	}
	if len([]rune(nm)) >= fuzzyMinRunes && len([]rune(nc)) >= fuzzyMinRunes && !digitsDiffer(nm, nc) && wordsAlike(m, c) {
		if s := jaroWinkler(nm, nc); s >= fuzzyThreshold {
			return min(s, 0.99)
		}
	}
	return 0
}

// personScore never uses spelling similarity: people whose names differ by
// a letter are usually different people.
func personScore(m, c []string) float64 {
	m, c = joinParticles(m), joinParticles(c) // "Al-Farsi" is "Alfarsi"
	gm, gc := generation(m), generation(c)
	if gm != "" && gc != "" && gm != gc {
		return 0 // "Ricardo Souza Jr." is not "Ricardo Souza Sr."
	}
	if gm != "" && gc != "" {
		m, c = m[:len(m)-1], c[:len(c)-1] // the surname is before "Jr."
	}
	if len(m) == 0 || len(c) == 0 {
		return 0
	}
	if equal(m, c) {
		return scoreExact
	}
	if relationOf(m) != "" && relationOf(c) != "" {
		return 0 // a relation is no name: "my sister-in-law" is not "my brother-in-law" (kinAlias)
	}
	if len(m) == len(c) && kinTitles[m[0]] && sameKinTitle(m[0], c[0]) {
		// "Uncle Dave" for "Uncle David", "Auntie Bev" for "Aunt Bev",
		// "Uncle Tony" for "Zio Tony": the title, then the name
		m, c = m[1:], c[1:]
		if len(m) == 0 {
			return 0 // "Auntie" and "Aunt": a relation, not a name
		}
		if len(m) == 1 && (m[0] == c[0] || nicknameOf(m[0], c[0]) || sameGiven(m[0], c[0])) {
			return scoreKinName
		}
	}
	if len(m) == 2 && honorifics[m[1]] {
		m = m[:1] // "Ravi bhaiya" is a Ravi
	}
	if (len(m) == 2 || len(m) > 2 && !knownGivenName(m[0])) && kinTitles[m[0]] && !kinTitles[c[0]] {
		m = m[1:] // "Aunt Carol" is a Carol, "Whaea Mere Tāwhiri" Mere Tāwhiri; "Tia Louise Smith" is a Tia
		if equal(m, c) {
			return scoreFullName
		}
	}
	if len(m) == 3 && len(c) == 3 && vietnameseMiddle[m[1]] && vietnameseMiddle[c[1]] && m[1] != c[1] {
		return 0 // "Nguyen Van An" is a man, "Nguyen Thi An" a woman
	}
	switch {
	case len(m) == 1 && len(c) == 1:
		if shortForm(m[0], c[0]) || shortForm(c[0], m[0]) || nicknameOf(m[0], c[0]) {
			return scorePartName
		}
		return 0
	case len(m) == 1:
		if m[0] == c[0] || m[0] == c[len(c)-1] || shortForm(m[0], c[0]) || nicknameOf(m[0], c[0]) || leadShort(m[0], c[0]) || compoundNickname(m[0], c) {
			// "Carol" may be Carol Jenkins or Caroline Price, "Alex"
			// Alex Turner or Alexandra Pike: none is preferred
			return scorePartName
		}
		return 0
	case len(c) == 1:
		if c[0] == m[0] || c[0] == m[len(m)-1] {
			return scorePartName
		}
		return 0
	}
	if firstOfTwoSurnames(m, c) {
		return scoreInitial // "Ana Garcia" for "Ana García López", "Sophie Lloyd" for "Sophie Lloyd-Jones", "Paco Jiménez" for "Francisco Jiménez Ortega"
	}
	if reversedName(m, c) || compactGiven(m, c) {
		return scoreFullName // "Wei Zhang" for "Zhang Wei", "Jihoon Park" for "Ji-hoon Park"
	}
	if !sameSurname(m[len(m)-1], c[len(c)-1]) {
		return 0 // different surnames
	}
	if len(m) == 2 && len(c) == 3 && m[1] == c[2] && compoundFirst[c[0]] && m[0] != c[0] && m[0] != c[1] && givenAlike(m[0], c[1]) {
		return scoreInitial // "Lupita Hernández" for "María Guadalupe Hernández"
	}
	mf, cf := m[0], c[0]
	if middleApart(m, c) {
		return 0 // "Maria Fernanda López" is not "María Fernández López", nor "Maria das Graças Souza" "Maria das Dores Souza"
	}
	switch {
	case mf == cf, sameGiven(mf, cf):
		return scoreFullName // "Mohammed Iqbal" for "Muhammad Iqbal"
	case nicknameOf(mf, cf), nicknameOf(cf, mf), ownNameNicknameOf(mf, cf), ownNameNicknameOf(cf, mf),
		leadShort(mf, cf), leadShort(cf, mf), compoundNickname(mf, c), compoundNickname(cf, m):
		// "Mike Brennan" for "Michael Brennan", and with the surname said
		// the other way round too: "Jakub Nowak" for "Kuba Nowak"; a form
		// that is a name of its own only so: "Manu Dubois" for "Emmanuel
		// Dubois"
		return scoreInitial
	case len([]rune(mf)) == 1 && strings.HasPrefix(cf, mf), len([]rune(cf)) == 1 && strings.HasPrefix(mf, cf):
		return scoreInitial
	case swappedLetters(mf, cf):
		return scoreInitial // "Siobahn McGrath" for "Siobhan McGrath": a slip of the keyboard
	}
	return 0
}

// otherSurname: the person's full name pm (titles stripped) and the
// candidate's own full name (own, as tokens) end in different surnames, so
// no alias of the candidate makes them one person.
func otherSurname(pm, own []string) bool {
	pc := strip(own, titles, true)
	if len(pm) > 0 && kinTitles[pm[0]] {
		return false // "Uncle Dave": a given name, not a surname, comes last
	}
	if firstOfTwoSurnames(pm, pc) {
		return false // "Ana Garcia", "Ana García López"; "Zé Pereira", "José Pereira da Silva"
	}
	pm, pc = joinParticles(pm), joinParticles(pc)
	return len(pm) >= 2 && len(pc) >= 2 && !sameSurname(pm[len(pm)-1], pc[len(pc)-1])
}

// surnameOnly: the full name pm can match candidate c only by its surname:
// c is known by single names, one of which is pm's last word.
func surnameOnly(pm []string, c schema.Entity) bool {
	if len(pm) < 2 {
		return false
	}
	found := false
	for _, n := range append([]string{c.Name}, c.Aliases...) {
		pc := strip(tokens(n), titles, true)
		if len(pc) >= 2 {
			return false
		}
		if len(pc) == 1 && pc[0] == pm[len(pm)-1] {
			found = true
		}
	}
	return found
}

// sharedSurname: another person among candidates than top has pm's
// surname with another first name.
func sharedSurname(pm []string, top schema.Entity, candidates []schema.Entity) bool {
	for _, c := range candidates {
		if c.ID == top.ID || c.Kind != schema.KindPerson {
			continue
		}
		pc := strip(tokens(c.Name), titles, true)
		if len(pc) >= 2 && pc[len(pc)-1] == pm[len(pm)-1] && pc[0] != pm[0] {
			return true
		}
	}
	return false
}

// shortForm: s is the first letters of the given name full ("Mel" for
// "Melanie", "Dan" for "Daniel"): at least three letters, and at least two
// fewer than the full name, so "Ann" is not taken for "Anna". This is
// truncation, not nickname knowledge: "Bob" is not "Robert"; and a known
// nickname of a man's name is not the start of a woman's, nor the other
// way round: "Jim" is not "Jimena" ("Tom" may still be Tomasz).
func shortForm(s, full string) bool {
	rs, rf := []rune(s), []rune(full)
	if fs, ok := nicknames[s]; ok && !slices.Contains(fs, full) && len(fs) > 0 && otherSexNames(fs[0], full) {
		return false // "Jim" is James's, not the start of "Jimena"
	}
	return len(rs) >= 3 && len(rf) >= len(rs)+2 && strings.HasPrefix(full, s)
}

// dropWords returns w without the words in set.
func dropWords(w []string, set map[string]bool) []string {
	var out []string
	for _, x := range w {
		if !set[x] {
			out = append(out, x)
		}
	}
	return out
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// strip drops words in set; leading only when lead is true, trailing
// otherwise.
func strip(w []string, set map[string]bool, lead bool) []string {
	if lead {
		for len(w) > 1 && set[w[0]] {
			w = w[1:]
		}
		return w
	}
	for len(w) > 1 && set[w[len(w)-1]] {
		w = w[:len(w)-1]
	}
	return w
}

// withoutVersions drops trailing words made of digits (and a leading "v").
func withoutVersions(w []string) []string {
	for len(w) > 1 && isVersion(w[len(w)-1]) {
		w = w[:len(w)-1]
	}
	return w
}

// otherVersion: both names end in a version number and the versions
// differ, the rest being the same ("Ledger v3", "Ledger v2"; "Civilization
// VI", "Civilization V"). "Nightingale v2" and "Nightingale 2.0" are one
// version (versionKey).
func otherVersion(m, c []string) bool {
	vm, vc := withoutVersions(m), withoutVersions(c)
	return len(vm) < len(m) && len(vc) < len(c) && equal(vm, vc) && versionKey(m[len(vm):]) != versionKey(c[len(vc):])
}

// sameVersion: both names end in one version written two ways, the rest
// being the same: "Nightingale v2" and "Nightingale 2.0".
func sameVersion(m, c []string) bool {
	vm, vc := withoutVersions(m), withoutVersions(c)
	return len(vm) < len(m) && len(vc) < len(c) && equal(vm, vc) && !equal(m, c) && versionKey(m[len(vm):]) == versionKey(c[len(vc):])
}

// versionKey writes a version's words one way: "v2", "2 0" and "2" as
// "2", "3 10" as "3.10", a Roman numeral as itself.
func versionKey(w []string) string {
	parts := slices.Clone(w)
	if len(parts) > 0 && !romanNumerals[parts[0]] {
		parts[0] = strings.TrimPrefix(parts[0], "v")
	}
	for len(parts) > 1 && strings.Trim(parts[len(parts)-1], "0") == "" {
		parts = parts[:len(parts)-1]
	}
	return strings.Join(parts, ".")
}

// romanNumerals number the editions of games, films and kings: "II" to
// "XX", less "X" and "I" ("Malcolm X", "Mac OS X", the pronoun).
var romanNumerals = wordSet(`ii iii iv v vi vii viii ix xi xii xiii xiv xv xvi xvii xviii xix xx`)

// wordsAlike: names of one word, or of the same number of words with the
// same first word and each other word spelt like its counterpart (equal,
// or Jaro-Winkler at least fuzzyThreshold), may be compared by spelling
// as a whole. Names with a
// word of their own ("orchard api eu", "orchard api us"; "Halvorsen
// Marine", "Halvorsen Maritime") name other things however alike the
// whole reads.
func wordsAlike(m, c []string) bool {
	if len(m) == 1 && len(c) == 1 {
		return true
	}
	if len(m) != len(c) {
		return len(m) == 1 || len(c) == 1 // "Postgres" ~ "Postgre SQL"
	}
	if m[0] != c[0] {
		return false // "Halvorsen Capital" is not "Halverson Capital": the first word names it
	}
	for i := range m {
		if m[i] != c[i] && jaroWinkler(m[i], c[i]) < fuzzyThreshold {
			return false
		}
	}
	return true
}

func isVersion(s string) bool {
	if romanNumerals[s] {
		return true
	}
	s = strings.TrimPrefix(s, "v")
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// digitsDiffer reports whether two names carry different digits ("EC2" and
// "EC3", "Python 2" and "Python 3"): never a fuzzy match.
func digitsDiffer(a, b string) bool {
	da := strings.Map(keepDigit, a)
	db := strings.Map(keepDigit, b)
	return da != db
}

func keepDigit(r rune) rune {
	if r >= '0' && r <= '9' {
		return r
	}
	return -1
}

// letterAfter: long is short and one letter after it ("Jenkins X",
// "Jenkins"): a name of its own, as a number after one is a version.
func letterAfter(long, short []string) bool {
	if len(long) != len(short)+1 || !equal(long[:len(short)], short) {
		return false
	}
	r := []rune(long[len(short)])
	return len(r) == 1 && unicode.IsLetter(r[0])
}

// oneLetterOn: long, one word, is short, one word, and one letter more at
// its end ("postgrest", "postgres"): a name of its own. Not a plural's
// "s" ("Pickles", "Pickle").
func oneLetterOn(long, short []string) bool {
	return len(long) == 1 && len(short) == 1 && len(long[0]) == len(short[0])+1 && strings.HasPrefix(long[0], short[0]) && !strings.HasSuffix(long[0], "s")
}

// otherEdition: one name is the other with a number after it, and that
// number makes another thing: a game of an organisation's name ("FIFA
// 23"), or a sequel or another year's edition of a work, an event or a
// product ("Blade Runner 2049", "Glastonbury 2024"). A system's version is
// the system ("Python 3").
func otherEdition(a, b schema.EntityKind, m, c []string) bool {
	return ((a == schema.KindOrganisation) != (b == schema.KindOrganisation) || a == schema.KindOther && b == schema.KindOther) && versionOnly(m, c)
}

// versionOnly: one name is the other with a version number after it
// ("Python 3", "Python").
func versionOnly(m, c []string) bool {
	vm, vc := withoutVersions(m), withoutVersions(c)
	return (len(vm) == len(m)) != (len(vc) == len(c)) && equal(vm, vc)
}

// crossKinds: m and c are names of one thing in the tables, and m is no
// place's own name and no part of c's but for a legal form: "Barça", a
// place to the extractor, is FC Barcelona, "Waitrose" Waitrose & Partners;
// "Everton" and "the Bay" stay places beside Everton FC and Hudson's Bay.
func crossKinds(m, c []string) bool {
	if !knownVariant(m, c) || knownPlace(m) {
		return false
	}
	return equal(strip(c, orgSuffixes, false), m) || !containsWords(c, m) && !containsWords(m, c)
}

// vendorKinds: a maker's name may stand before one of the two names: not
// both are organisations or places.
func vendorKinds(a, b schema.EntityKind) bool {
	inst := func(k schema.EntityKind) bool { return k == schema.KindOrganisation || k == schema.KindPlace }
	return !(inst(a) && inst(b))
}
