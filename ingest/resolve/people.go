package resolve

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// People are named by titles, relations, nicknames and initials as often
// as by their names: the words for those, and the readings Match uses.

// surnameTitles are said before a surname: "Dr Patel", "Mrs Henderson"
// ("Sir Elton", "Coach Dan" take a given name).
var surnameTitles = map[string]bool{
	"mr": true, "mrs": true, "ms": true, "miss": true, "dr": true, "prof": true, "professor": true,
	"judge": true, "lao": true,
}

// kinForms are the words for a relation, each with the relation it
// names: "Mam", "Amma" and "my mother" are one.
var kinForms = map[string]string{
	"mum": "mother", "mom": "mother", "mam": "mother", "mammy": "mother", "mummy": "mother",
	"mommy": "mother", "ma": "mother", "mother": "mother", "amma": "mother", "ammi": "mother",
	"maa": "mother", "mamma": "mother",
	"dad": "father", "da": "father", "daddy": "father", "papa": "father", "pa": "father",
	"father": "father", "appa": "father", "abba": "father", "abbu": "father", "pop": "father",
	"gran": "grandmother", "granny": "grandmother", "grandma": "grandmother", "nan": "grandmother",
	"nana": "grandmother", "nanna": "grandmother", "nonna": "grandmother", "oma": "grandmother",
	"grandmother": "grandmother",
	"grandad":     "grandfather", "granddad": "grandfather", "grandpa": "grandfather", "grampa": "grandfather",
	"nonno": "grandfather", "opa": "grandfather", "grandfather": "grandfather",
	"sis": "sister", "sister": "sister", "bro": "brother", "brother": "brother",
	"hubby": "husband", "husband": "husband", "wife": "wife", "missus": "wife",
	"aunt": "aunt", "auntie": "aunt", "aunty": "aunt", "zia": "aunt", "tia": "aunt", "tante": "aunt",
	"uncle": "uncle", "zio": "uncle", "tio": "uncle", "onkel": "uncle", "oncle": "uncle",
	"granda": "grandfather",
	"cousin": "cousin", "niece": "niece", "nephew": "nephew", "son": "son", "daughter": "daughter",
	"mormor": "maternal grandmother", "farmor": "paternal grandmother", "morfar": "maternal grandfather", "farfar": "paternal grandfather",
	"svigermor": "mother in law", "svigerfar": "father in law", "schwiegermutter": "mother in law",
	"schwiegervater": "father in law", "babcia": "grandmother", "dziadek": "grandfather", "abuela": "grandmother", "abuelo": "grandfather", "whaea": "aunt", "matua": "uncle", "koro": "grandfather", "kuia": "grandmother",
}

// kinSearch are the forms a relation is most often stored by, looked up
// for any of its words (SearchNames).
var kinSearch = map[string][]string{
	"mother": {"mother", "mum", "mom"}, "father": {"father", "dad"},
	"grandmother": {"grandmother", "gran", "nan"}, "grandfather": {"grandfather", "grandad", "grandpa"},
	"sister": {"sister"}, "brother": {"brother"}, "husband": {"husband"}, "wife": {"wife"},
}

// kinLeads may stand before a relation word in an alias: "my elder brother".
var kinLeads = map[string]bool{
	"my": true, "our": true, "elder": true, "older": true, "younger": true, "big": true,
	"little": true, "eldest": true, "youngest": true, "baby": true,
}

// kinAlias: the mention's words mt are a relation ("Mam", "my
// mother-in-law") that a name or an alias of the candidate names ("my
// mother", "Mum", "mother-in-law").
func kinAlias(mt []string, aliases []string) bool {
	rel := relationOf(mt)
	if rel == "" {
		return false
	}
	for _, a := range aliases {
		at := tokens(a)
		if relationOf(at) == rel && !birthOrderApart(mt, at) {
			return true
		}
	}
	return false
}

// birthOrder says which of siblings or children someone is.
var birthOrder = map[string]string{"older": "older", "elder": "older", "eldest": "older", "big": "older", "younger": "younger", "youngest": "younger", "little": "younger", "baby": "younger"}

// birthOrderApart: a and b both say which of the siblings is meant, and
// not the same one ("my younger brother", "older brother").
func birthOrderApart(a, b []string) bool {
	order := func(w []string) string {
		for _, x := range w {
			if o := birthOrder[x]; o != "" {
				return o
			}
		}
		return ""
	}
	oa, ob := order(a), order(b)
	return oa != "" && ob != "" && oa != ob
}

// relationOf returns the relation the words w name, kinLeads left out:
// "mother" for "Mam" or "my mother", "mother in law" for "my
// mother-in-law" or "mum-in-law"; "" for words that are not a relation
// alone ("Auntie Bev", "Helen Hughes").
func relationOf(w []string) string {
	w = dropWords(w, kinLeads)
	switch {
	case len(w) == 1:
		return kinForms[w[0]]
	case len(w) == 3 && w[1] == "in" && w[2] == "law":
		if rel := kinForms[w[0]]; rel != "" {
			return rel + " in law"
		}
	}
	return ""
}

// honorifics follow a name: "Ravi bhaiya" is Ravi.
var honorifics = map[string]bool{
	"bhaiya": true, "bhai": true, "didi": true, "ji": true, "san": true, "sahib": true,
	"sensei": true, "sama": true, "kun": true, "chan": true, "senpai": true,
}

// kinTitles stand before the name of a relation: "Uncle Dave", "Auntie
// Jo". Unlike titles they are kept: "Uncle Dave" is not Dave Hinds.
var kinTitles = map[string]bool{
	"uncle": true, "aunt": true, "auntie": true, "aunty": true, "cousin": true, "grandma": true,
	"grandpa": true, "granny": true, "grandad": true, "granddad": true, "nana": true, "nan": true,
	"gran": true, "great": true, "nanna": true, "granda": true, "grandmother": true,
	"grandfather": true, "nonna": true, "nonno": true, "oma": true, "opa": true,
	"zio": true, "zia": true, "tio": true, "tia": true, "tante": true, "onkel": true, "oncle": true,
	"whaea": true, "matua": true, "koro": true, "kuia": true,
}

// sameKinTitle: a and b are one relation title.
func sameKinTitle(a, b string) bool {
	return a == b || kinForms[a] != "" && kinForms[a] == kinForms[b] // "Auntie Bev", "Aunt Bev"; "Zio Tony", "Uncle Tony"
}

// givenSpellings are spellings of one given name, each line one name:
// the same name written another way or transliterated another way
// ("Dmitry", "Dmitri"; "Tatiana", "Tetiana"). They make two full names
// with the same surname one person; a given name alone stays as it is.
var givenSpellings = variantTable(`
muhammad|mohammed|mohamed|mohammad|muhammed|mohamad|mohammod
sean|shaun|shawn
siobhan|shivaun|shivon|shevaun|chevonne
sinead|shinead|shinade
niamh|neeve
aoife|eefa
caoimhe|keeva|keeveh
saoirse|seersha|sersha
sourav|saurav
stephen|steven
philip|phillip
isabel|isobel|isabelle
zoe|zoey
geoffrey|jeffrey
aleksandr|alexandr|aleksander|oleksandr
dmitry|dmitri|dmitrii|dmitriy|dimitri|dmytro
sergey|sergei|sergii|serhiy|serhii
alexey|alexei|aleksei|aleksey|oleksiy|oleksii
andrey|andrei|andrii|andriy
nikolai|nikolay
yevgeny|evgeny|evgeniy|yevgeniy|evgenii
yuri|yury|yuriy|iurii
mikhail|mykhailo
maxim|maksim|maksym
vladimir|volodymyr
anatoly|anatoliy|anatolii
vitaly|vitaliy|vitalii
vyacheslav|viacheslav
tatiana|tatyana|tetiana|tatjana
natalia|natalya|nataliya|natalija
yelena|elena|olena|jelena
yekaterina|ekaterina|kateryna
yulia|yuliya|iuliia
anastasia|anastasiya|anastasija
ksenia|kseniya|xenia
olga|olha
irina|iryna
darya|daria|dariya
sofia|sofiya
ahmed|ahmad|ahmet
hussein|hussain|husain|hossein|husein
hassan|hasan
abdullah|abdulla
omar|umar
yusuf|youssef|yousef|yusef|yousuf
ibrahim|ebrahim
khalid|khaled
mustafa|mostafa|moustafa
mahmoud|mahmud
karim|kareem
fatima|fatimah|fatma
aisha|ayesha|aysha|aishah
mariam|maryam
layla|leila|laila|leyla
nour|noor
zainab|zaynab
hamza|hamzah
tariq|tarek|tarik
rashid|rasheed
katherine|catherine|kathryn|katharine|katheryn|catharine|cathrine|kathrine|cathryn
elizabeth|elisabeth
matthew|mathew
nicholas|nicolas|nikolas
eric|erik
carl|karl
marc|mark
stephanie|stefanie
sarah|sara
hannah|hanna
rebecca|rebekah
rachel|rachael
teresa|theresa
jacob|jakob
joseph|josef
`)

// sameGiven: a and b are spellings of one given name ("Mohammed",
// "Muhammad").
func sameGiven(a, b string) bool {
	return a != b && givenSpellings[a] != 0 && givenSpellings[a] == givenSpellings[b]
}

// aliasSurname: a full name among aliases ends in the surname of pm: the
// name she was known by before ("Rachel Bryant" for Rachel Thompson, known
// as Rachel Bryant).
func aliasSurname(pm []string, aliases []string) bool {
	return len(pm) >= 2 && aliasHasSurname(pm[len(pm)-1], aliases)
}

// aliasHasSurname: a full name among aliases ends in surname ("Mr Mueller"
// for Klaus Müller, known as Klaus Mueller).
func aliasHasSurname(surname string, aliases []string) bool {
	for _, a := range aliases {
		if pa := strip(tokens(a), titles, true); len(pa) >= 2 && pa[len(pa)-1] == surname {
			return true
		}
	}
	return false
}

// personInitials: w, two or three letters, are the initials of the full
// name pc (two words or more), or of its given names.
func personInitials(w string, pc []string) bool {
	if len(pc) < 2 || len(w) < 2 || len(w) > 3 {
		return false
	}
	var all, given strings.Builder
	for i, x := range pc {
		all.WriteByte(x[0])
		if i < len(pc)-1 {
			given.WriteByte(x[0])
		}
	}
	return w == all.String() || len(pc) > 2 && w == given.String()
}

// yorubaLeads begin Yoruba given names whose everyday form is what comes
// after them: "Bisi" for Olubisi, "Tunde" for Babatunde, "Kemi" for
// Oluwakemi, "Funmi" for Olufunmilayo, "Bayo" for Adebayo. Longest first.
var yorubaLeads = []string{"oluwa", "baba", "akin", "olu", "ade", "ayo", "ola", "omo", "oye", "ife"}

// leadShort: s is what a Yoruba given name full says after its lead
// (yorubaLeads), or the beginning of it, at least three letters.
func leadShort(s, full string) bool {
	if len([]rune(s)) < 3 {
		return false
	}
	for _, l := range yorubaLeads {
		if rest, ok := strings.CutPrefix(full, l); ok && len(rest) >= 3 {
			return strings.HasPrefix(rest, s)
		}
	}
	return false
}

// compoundNicknames are everyday forms of two given names said together
// ("Chema" for José María, "Juanma" for Juan Manuel, "Maite" for María
// Teresa), in comparison form.
var compoundNicknames = map[string][]string{
	"chema": {"jose maria"}, "txema": {"jose maria"}, "josema": {"jose maria"},
	"juanma": {"juan manuel"}, "juanjo": {"juan jose"}, "juanca": {"juan carlos"},
	"josemi": {"jose miguel"}, "joselu": {"jose luis"}, "josean": {"jose antonio"},
	"maite": {"maria teresa"}, "mayte": {"maria teresa"}, "marisa": {"maria luisa"},
	"maricarmen": {"maria del carmen", "maria carmen"}, "mariajo": {"maria jose"},
	"marijose": {"maria jose"}, "maripaz": {"maria paz"}, "marilo": {"maria dolores"},
	"luisma": {"luis manuel", "luis miguel"}, "migue": {"miguel angel"},
}

// compoundNickname: s stands for the given names that begin full (its
// words), with more after them.
func compoundNickname(s string, full []string) bool {
	for _, c := range compoundNicknames[s] {
		w := strings.Fields(c)
		if len(full) > len(w) && equal(full[:len(w)], w) {
			return true
		}
	}
	return false
}

// reversedName: two names, each the other's words the other way round:
// "Wei Zhang" and "Zhang Wei", "István Kovács" and "Kovács István" (the
// family name first, as in Chinese, Korean, Japanese and Hungarian), with
// a given name written in one word or two ("Jihoon Park", "Park
// Ji-hoon").
func reversedName(m, c []string) bool {
	if len(m) < 2 || len(c) < 2 || len(m) > 3 || len(c) > 3 {
		return false
	}
	return familyFirst(m, c) || familyFirst(c, m)
}

// familyFirst: f is g's family name (its last word) followed by g's given
// names, written together or apart, the two orders differ, and the family
// name is one of the peoples who say it first (familyFirstSurnames): "Zhang
// Wei" is Wei Zhang, "Thomas Scott" is not Scott Thomas.
func familyFirst(f, g []string) bool {
	family, given := g[len(g)-1], strings.Join(g[:len(g)-1], "")
	if f[0] != family || given == family || !familyFirstSurnames[family] {
		return false
	}
	rest := f[1:]
	if len(rest) == 2 && len(g) == 2 && vietnameseMiddle[rest[0]] {
		rest = rest[1:] // "Nguyễn Văn An" is An Nguyen
	}
	return strings.Join(rest, "") == given
}

// vietnameseMiddle are the middle names of Vietnamese names that one
// written in Western order leaves out: "Nguyễn Văn An", "Trần Thị Lan".
var vietnameseMiddle = map[string]bool{"van": true, "thi": true}

// familyFirstSurnames are the commonest surnames of peoples who say the
// family name first: Chinese (in pinyin and older spellings), Korean,
// Vietnamese, Japanese and Hungarian.
var familyFirstSurnames = wordSet(`wang li zhang liu chen yang huang zhao wu zhou xu sun ma zhu hu guo he gao
lin luo zheng liang xie song tang han feng deng cao peng zeng xiao tian dong pan yuan cai jiang yu du ye cheng
su lu ding ren shen yao cui zhong tan fan jin shi liao jia xia fu fang bai zou meng xiong qin qiu yin xue yan
duan lei hou long tao gu mao hao gong shao wan qian dai mo kong xiang chang chan cheung wong leung ng tse
kim lee park choi jung jeong kang cho jo yoon yun jang lim im oh seo shin kwon hwang ahn an yoo ryu ko moon
yang son bae baek heo nam
nguyen tran le pham hoang huynh phan vu vo dang bui do ngo duong ly
sato suzuki takahashi tanaka watanabe ito yamamoto nakamura kobayashi kato yoshida yamada sasaki yamaguchi
matsumoto inoue kimura hayashi shimizu
nagy kovacs toth szabo horvath varga kiss molnar nemeth farkas balogh papp takacs juhasz lakatos meszaros
olah racz fekete`)

// compactGiven: one surname, and the given names the same written
// together or apart ("Jihoon Park", "Ji-hoon Park"; "Maryann", "Mary Ann").
func compactGiven(m, c []string) bool {
	return len(m) != len(c) && len(m) >= 2 && len(c) >= 2 && sameSurname(m[len(m)-1], c[len(c)-1]) &&
		strings.Join(m[:len(m)-1], "") == strings.Join(c[:len(c)-1], "")
}

// germanSpelling writes umlauts and ß as German does without them: "Müller"
// as "Mueller", "Straße" as "Strasse".
var germanSpelling = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue", "ß", "ss")

// umlauts are the letters germanSpelling writes otherwise.
const umlauts = "äöüÄÖÜß"

// umlautSpelling: a and b are one name, one written with umlauts and the
// other with their German spelling ("Katharina Müller", "Katharina
// Mueller"); plain transliteration gives "muller" for the first.
func umlautSpelling(a, b string) bool {
	if len(a) > maxNameBytes || len(b) > maxNameBytes || !strings.ContainsAny(a, umlauts) && !strings.ContainsAny(b, umlauts) {
		return false
	}
	ga, gb := germanSpelling.Replace(a), germanSpelling.Replace(b)
	if ga == a && gb == b {
		return false
	}
	ta, tb := tokens(ga), tokens(gb)
	return len(ta) > 0 && equal(ta, tb)
}

// birthNameWords say the name after them is the one a person was born
// with: an alias "née Whitfield" of Sarah Thompson is Sarah Whitfield.
var birthNameWords = map[string]bool{"nee": true, "born": true, "geb": true, "geborene": true}

// birthName writes an alias that gives a birth surname ("née Whitfield")
// as the full name it stands for, with own's given names (own is the
// person's own name as tokens); any other alias is returned as it is.
func birthName(alias, own []string) []string {
	if len(alias) < 2 || !birthNameWords[alias[0]] || len(own) < 2 {
		return alias
	}
	return append(slices.Clone(own[:len(own)-1]), alias[1:]...)
}

// sameSurname: a and b are one surname, or one written with "Mc" and the
// other with "Mac" ("McDonald", "MacDonald"), or two forms of one surname
// in surnameForms ("Chattopadhyay", "Chatterjee").
func sameSurname(a, b string) bool {
	if a == b {
		return true
	}
	if f := surnameForms[a]; f != 0 && f == surnameForms[b] {
		return true
	}
	if foldable(a) && foldable(b) && translitFold(a) == translitFold(b) {
		return true // "Kouznetsova", "Kuznetsova"; "Al-Rasheed", "Al-Rashid"
	}
	ra, oka := macRest(a)
	rb, okb := macRest(b)
	return oka && okb && ra == rb
}

// surnameForms are forms of one surname, each line one: the Bengali
// surnames and their anglicised forms, and Arabic surnames transliterated
// otherwise.
var surnameForms = variantTable(`
chattopadhyay|chattopadhyaya|chatterjee|chatterji
bandyopadhyay|bandopadhyay|banerjee|banerji
mukhopadhyay|mukherjee|mukherji
gangopadhyay|ganguly|ganguli
bhattacharya|bhattacharyya|bhattacharjee
hussain|hussein|husain|hossain
hasan|hassan
hashemi|hashimi
rahman|rehman
qureshi|kureshi|qureishi
o'neill|o'neil|oneill|oneil
`)

// macRest returns what follows "Mac" or "Mc" in a surname, when at least
// three letters do.
func macRest(s string) (string, bool) {
	for _, p := range []string{"mac", "mc"} {
		if rest, ok := strings.CutPrefix(s, p); ok && len(rest) >= 3 {
			return rest, true
		}
	}
	return "", false
}

// nameParticles are joined to the word after them before people's names
// are compared: "Al-Farsi", "Al Farsi" and "Alfarsi" are one surname.
var nameParticles = map[string]bool{"al": true, "el": true, "ben": true, "bin": true, "ibn": true, "mac": true, "mc": true}

// joinParticles joins nameParticles to the next word of w, and writes an
// Irish surname in Irish as it is written in English (irishSurnames); w
// is returned as it is when it has neither.
func joinParticles(w []string) []string {
	if !slices.ContainsFunc(w[:max(len(w)-1, 0)], func(x string) bool { return nameParticles[x] || irishLeads[x] }) {
		return w
	}
	var out []string
	for i := 0; i < len(w); i++ {
		if i > 0 && i+1 < len(w) && irishLeads[w[i]] && irishSurnames[w[i]+w[i+1]] != "" {
			out = append(out, irishSurnames[w[i]+w[i+1]])
			i++
			continue
		}
		if nameParticles[w[i]] && i+1 < len(w) && i > 0 {
			out = append(out, w[i]+w[i+1])
			i++
			continue
		}
		out = append(out, w[i])
	}
	return out
}

// irishLeads begin Irish surnames written in Irish: "Ó Briain", "Mac
// Carthaigh", "Ní Bhriain".
var irishLeads = map[string]bool{"o": true, "ua": true, "mac": true, "mag": true, "ni": true, "nic": true}

// irishSurnames are common Irish surnames written in Irish (their lead and
// name joined, accents dropped) with the English form they are compared
// as: "Ó Briain" is O'Brien, "Mac Carthaigh" McCarthy.
var irishSurnames = map[string]string{
	"obriain": "obrien", "nibhriain": "obrien", "osuilleabhain": "osullivan", "nishuilleabhain": "osullivan",
	"oceallaigh": "okelly", "niceallaigh": "okelly", "oneill": "oneill", "nineill": "oneill",
	"omurchu": "murphy", "nimhurchu": "murphy", "oconchubhair": "oconnor", "nichonchubhair": "oconnor",
	"odonnaill": "odonnell", "nidhonnaill": "odonnell", "omaille": "omalley", "nimhaille": "omalley",
	"oraghallaigh": "oreilly", "niraghallaigh": "oreilly", "oruairc": "orourke", "niruairc": "orourke",
	"ocathain": "okane", "nichathain": "okane", "odochartaigh": "odoherty", "nidhochartaigh": "odoherty",
	"oduibhir": "odwyer", "nidhuibhir": "odwyer", "oconaill": "oconnell", "nichonaill": "oconnell",
	"oriain": "ryan", "niriain": "ryan", "ogallchobhair": "gallagher", "nighallchobhair": "gallagher",
	"ocinneide": "kennedy", "nichinneide": "kennedy", "oloingsigh": "lynch", "niloingsigh": "lynch",
	"maccarthaigh": "mccarthy", "niccarthaigh": "mccarthy", "macmathuna": "mcmahon", "nicmhathuna": "mcmahon",
	"macdomhnaill": "mcdonnell", "nicdhomhnaill": "mcdonnell", "magaoidh": "mckay", "macaodha": "mchugh",
	"ohanluain": "hanlon", "oflannagain": "flanagan", "ofloinn": "flynn", "ocearbhaill": "carroll",
	"odubhghaill": "doyle", "nidhubhghaill": "doyle", "ohogain": "hogan", "ocuinn": "quinn", "nichuinn": "quinn",
}

// knownGivenName: w is a given name the tables know.
func knownGivenName(w string) bool {
	return maleNames[w] || femaleNames[w] || givenSpellings[w] != 0 || givenSexes()[w] != 0
}

// knownAsKin: one of aliases names the person as the owner's brother,
// sister, husband or wife (peerKin): the owner calls them so or by their
// given name, not by a title and surname ("Mr Byrne" is not the brother
// Conor Byrne; more likely their father).
func knownAsKin(aliases []string) bool {
	for _, a := range aliases {
		if at := dropWords(tokens(a), kinLeads); len(at) == 1 && peerKin[kinForms[at[0]]] {
			return true
		}
	}
	return false
}

// peerKin are the relations of one's own generation, never called by a
// title and surname: a parent may be ("Mrs Byrne" may be Mum).
var peerKin = map[string]bool{"brother": true, "sister": true, "husband": true, "wife": true}

// translitSpellings writes the spellings one Cyrillic or Arabic letter is
// given in other transliterations one way: French "ou" for "u", "ia" and
// "ya", "iu" and "yu", "ii" and "iy" at the end for "y"; "ee" and "oo" for
// the long vowels "i" and "u" ("Rasheed", "Rashid"). Only foldable
// surnames are folded.
var translitSpellings = strings.NewReplacer("ou", "u", "ya", "ia", "yu", "iu", "tch", "ch", "ee", "i", "oo", "u")

// slavicEndings end Russian, Ukrainian, Belarusian and Polish surnames.
var slavicEndings = []string{"ov", "ova", "ev", "eva", "in", "ina", "sky", "skiy", "skii", "ski", "skaya", "enko", "ich", "vich", "yuk", "uk", "yev", "yeva", "iev", "ieva"}

// foldable: s, a surname of five letters or more, is one whose spellings
// translitSpellings folds: a Slavic one (slavicEndings) or an Arabic one with
// its article ("alrasheed"). Others are never folded: "Pritchard" is not
// "Prichard", "Moore" not "Mure".
func foldable(s string) bool {
	if len(s) < 5 {
		return false
	}
	if strings.HasPrefix(s, "al") || strings.HasPrefix(s, "el") {
		return true
	}
	for _, e := range slavicEndings {
		if strings.HasSuffix(s, e) {
			return true
		}
	}
	return false
}

// translitFold returns s written as translitSpellings writes it, with a
// final "ii" or "iy" as "y".
func translitFold(s string) string {
	f := translitSpellings.Replace(s)
	for _, end := range []string{"iy", "ii", "yi"} {
		if rest, ok := strings.CutSuffix(f, end); ok {
			return rest + "y"
		}
	}
	return f
}

// koreanSurnames are Korean surnames, each line the romanisations of one
// (Revised Romanisation, McCune–Reischauer and the spellings families
// chose): "Park", "Pak" and "Bak" are one surname.
var koreanSurnames = variantTable(`
kim|gim
lee|yi|rhee|rhie|ri
park|pak|bak|bahk
choi|choe
jung|jeong|chung|cheong
kang|gang
cho|jo
yoon|yun
jang|chang
lim|im|rim
oh|o
seo|suh
shin|sin
kwon|gwon
hwang
ahn|an
ryu
yoo|yu
jeon|chun|chon
ko|go|koh
moon|mun
son|sohn
bae|pae
baek|paek|baik
heo|huh|hur
noh|roh
kwak|gwak
sung|seong
joo|ju
han
yang
nam
song
hong
`)

// koreanSyllable writes a syllable of a Korean given name one way for
// the romanisations of one sound: "hoon" and "hun", "joon" and "jun",
// "seong" and "sung". Not "yeon" and "yoon", "seo" and "su", nor "Tae" and
// "Dae": other syllables (연, 윤; 서, 수; 태, 대).
func koreanSyllable(s string) string {
	return strings.NewReplacer("eong", "ung", "oo", "u").Replace(s)
}

// koreanParts returns the readings of w, a Korean name of two or three
// words in either order ("Park Ji-hoon", "Ji-hoon Park"), as its surname's
// line and its given name, the syllables written by koreanSyllable: one
// for each end that is a surname ("Seong-min Jeong" may be read either
// way); none for other names.
func koreanParts(w []string) [][2]string {
	if len(w) < 2 || len(w) > 3 {
		return nil
	}
	var out [][2]string
	for _, first := range []bool{true, false} {
		sur, rest := w[0], w[1:]
		if !first {
			sur, rest = w[len(w)-1], w[:len(w)-1]
		}
		line := koreanSurnames[sur]
		if line == 0 || koreanSyllables(rest) < 2 || len(rest) == 1 && knownGivenName(rest[0]) {
			continue // "Ann Lee" is not "Ann Yi", nor "Tina Lee" "Dina Yi"
		}
		var b strings.Builder
		for _, s := range rest {
			b.WriteString(koreanSyllable(s))
		}
		out = append(out, [2]string{strconv.Itoa(line), b.String()})
	}
	return out
}

// koreanSpelling: m and c are one Korean name in two romanisations: "Park
// Ji-hoon" and "Pak Ji-hun". "Kim Ji-hoon" and "Park Min-jun" are others.
func koreanSpelling(m, c []string) bool {
	if equal(m, c) {
		return false
	}
	rc := koreanParts(c)
	for _, r := range koreanParts(m) {
		if slices.Contains(rc, r) {
			return true
		}
	}
	return false
}

// koreanSyllableRE is one syllable of a Korean given name romanised: an
// initial consonant, a vowel and a final consonant, each optional but the
// vowel.
var koreanSyllableRE = `(?:kk|tt|pp|ss|jj|ch|g|k|n|d|t|r|l|m|b|p|s|j|h)?` +
	`(?:yae|yeo|wae|ae|ya|eo|ye|wa|oe|yo|wo|we|wi|yu|eu|ui|oo|ee|ou|a|e|o|u|i)` +
	`(?:ng|k|n|l|m|p|t)?`

// koreanWord matches a word of one to three syllables of koreanSyllableRE.
var koreanWord = regexp.MustCompile(`^(` + koreanSyllableRE + `)(` + koreanSyllableRE + `)?(` + koreanSyllableRE + `)?$`)

// koreanSyllables returns how many syllables the words w make when each
// is one to three Korean syllables ("ji", "hoon"; "jihoon"), 0 when one is
// not ("ann", "samuel").
func koreanSyllables(w []string) int {
	n := 0
	for _, x := range w {
		m := koreanWord.FindStringSubmatch(x)
		if m == nil {
			return 0
		}
		for _, g := range m[1:] {
			if g != "" {
				n++
			}
		}
	}
	return n
}

// surnameLinks join two surnames in Portuguese and Spanish names: "José
// Pereira da Silva", "Juan García y López".
var surnameLinks = map[string]bool{"da": true, "de": true, "do": true, "das": true, "dos": true, "del": true, "y": true, "e": true, "i": true}

// firstOfTwoSurnames: m is a given name and a surname, and c the same
// given name, or one m's is an everyday form or another spelling of, with
// that surname and one more after it, joined by a link or not: "Ana
// Garcia" for "Ana García López", "Paco Jiménez" for "Francisco Jiménez
// Ortega", "Zé Pereira" for "José Pereira da Silva".
func firstOfTwoSurnames(m, c []string) bool {
	if len(m) != 2 || len(c) != 3 && !(len(c) == 4 && surnameLinks[c[2]]) || m[1] != c[1] {
		return false
	}
	if m[0] == c[0] {
		return true
	}
	// another form of the given name only where the second word is a
	// surname: not "Ben James" for "Benjamin James Wilson"
	return (len(c) == 4 || !maleNames[c[1]] && !femaleNames[c[1]]) && (nicknameOf(m[0], c[0]) || sameGiven(m[0], c[0]))
}

// otherRelation: the mention is a relation title before a name ("Aunt
// Rosa") and an alias of the candidate names another relation ("my
// cousin") or what the person is to the owner outside the family ("the
// plumber", "neighbour"): another person.
func otherRelation(mt []string, aliases []string) bool {
	if len(mt) < 2 || kinForms[mt[0]] == "" || relationOf(mt) != "" || knownGivenName(mt[0]) || koreanSurnames[mt[0]] != 0 {
		return false // "mum-in-law" is a relation of its own (kinAlias); "Tia Smith", "Son Ji-woo" are names
	}
	for _, a := range aliases {
		at := tokens(a)
		if rel := relationOf(at); rel != "" && rel != kinForms[mt[0]] || len(at) > 0 && outsideRoles[at[len(at)-1]] {
			return true
		}
	}
	return false
}

// outsideRoles are what people are to someone outside the family, said as
// an alias: "the plumber", "Leo's football coach", "neighbour".
var outsideRoles = wordSet(`neighbour neighbor nabo nachbar voisin vecino plumber electrician builder cleaner landlord landlady boss manager colleague coworker teacher coach tutor doctor dentist gp vet nanny childminder mechanic accountant lawyer solicitor hairdresser barber physio therapist`)

// kinTitleAlias: the mention is a relation title before a given name
// ("Tío Beto"), the candidate's given name is that name or one it is an
// everyday form of (Alberto), and an alias names that relation ("my
// uncle"): above others of that given name.
func kinTitleAlias(mt, own []string, aliases []string) bool {
	if len(mt) != 2 || kinForms[mt[0]] == "" || len(own) == 0 {
		return false
	}
	if own[0] != mt[1] && !nicknameOf(mt[1], own[0]) && !sameGiven(mt[1], own[0]) {
		return false
	}
	for _, a := range aliases {
		if relationOf(tokens(a)) == kinForms[mt[0]] {
			return true
		}
	}
	return false
}

// initialsOf returns the first letters of ws.
func initialsOf(ws []string) string {
	var b strings.Builder
	for _, w := range ws {
		if w != "" {
			b.WriteByte(w[0])
		}
	}
	return b.String()
}

// hyphenGivenApart: a's given name is hyphenated ("Hans-Peter Müller",
// "Jean-Pierre Martin") and b does not begin with all of it, nor with its
// initials ("JP Martin"): another given name ("Hans Müller", "Hans-Jürgen
// Müller"). A name in family-first order is left to reversedName ("Ji-hoon
// Park", "Park Ji-hoon").
func hyphenGivenApart(a, b string) bool {
	first, rest, ok := strings.Cut(strings.TrimSpace(a), " ")
	if !ok || !strings.ContainsAny(first, "-‐") || strings.TrimSpace(rest) == "" {
		return false
	}
	given := tokens(first)
	if len(given) < 2 {
		return false
	}
	tb := strip(tokens(b), titles, true)
	if len(tb) < 2 {
		return false // a given name or a nickname alone ("Lily", "Hansi")
	}
	initials := initialsOf(given)
	switch {
	case len(tb) >= len(given) && slices.EqualFunc(tb[:len(given)], given, givenAlike), tb[0] == initials, tb[0] == strings.Join(given, ""),
		len(tb) > len(given) && strings.Join(tb[:len(given)], "") == initials,                                  // "J.P. Martin"
		strings.Join(given, "") == initials && len(tb) > len(given) && initialsOf(tb[:len(given)]) == initials: // "J.-L. Dubois" for "Jean-Luc Dubois"
		return false
	case reversedName(tokens(a), tb) || koreanSpelling(tokens(a), tb):
		return false
	}
	return true
}

// generations end a name with which of a family's namesakes is meant.
var generations = map[string]string{"jr": "jr", "junior": "jr", "sr": "sr", "senior": "sr", "snr": "sr", "jnr": "jr", "ii": "ii", "iii": "iii", "iv": "iv"}

// generation returns which generation a name of two words or more ends
// with ("jr" for "Ricardo Souza Jr."), or "".
func generation(w []string) string {
	if len(w) < 3 {
		return ""
	}
	return generations[w[len(w)-1]]
}

// givenAlike: a and b are one given name: the same, spellings of one
// ("Mohammed", "Muhammad"), an everyday form ("Beto", "Alberto") or a short
// form of the other ("Phil", "Philippe").
func givenAlike(a, b string) bool {
	return a == b || sameGiven(a, b) || nicknameOf(a, b) || nicknameOf(b, a) || shortForm(a, b) || shortForm(b, a)
}

// compoundFirst are the first halves of compound given names a person is
// called by an everyday form of the second half of: "María Guadalupe" is
// Lupita. (The second half itself may be a first surname: "Martín" of
// "Ana Martín López".)
var compoundFirst = wordSet(`maria jose juan ana`)

// swappedLetters: a and b, given names of six letters or more, are one
// with two neighbouring letters swapped ("siobahn", "siobhan"): not the
// last two ("Christina", "Christian"), nor two names the tables know
// ("Kristen", "Kirsten").
func swappedLetters(a, b string) bool {
	if len(a) != len(b) || len(a) < 6 || a == b {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	return i+2 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:] && !(knownGivenName(a) && knownGivenName(b))
}

// surnameFirst reads a name written "Surname, Given names" ("Mwangi,
// Peter") in the order of its words tw: given names first. Other names
// are returned as they are.
func surnameFirst(raw string, tw []string) []string {
	sur, given, ok := strings.Cut(raw, ",")
	if !ok || strings.Contains(given, ",") {
		return tw
	}
	ts, tg := tokens(sur), tokens(given)
	if len(ts) == 0 || len(ts) > 2 || len(tg) == 0 || len(tg) > 2 || len(tg) == 1 && (generations[tg[0]] != "" || titles[tg[0]]) {
		return tw // "Ricardo Souza, Jr."
	}
	for _, g := range tg {
		if !knownGivenName(g) && len(g) > 1 {
			return tw // "David, Sarah's husband"
		}
	}
	return append(tg, ts...)
}

// middleApart: two names of as many words, three or more, whose words
// between the first and the last differ somewhere: two full words, no
// spellings or forms of one name ("Maria Fernanda López", "María
// Fernández López"; "Maria das Graças Souza", "Maria das Dores Souza").
func middleApart(m, c []string) bool {
	if len(m) != len(c) || len(m) < 3 {
		return false
	}
	for i := 1; i < len(m)-1; i++ {
		a, b := m[i], c[i]
		if a == b || len(a) < 2 || len(b) < 2 || surnameLinks[a] && surnameLinks[b] {
			continue
		}
		if !givenAlike(a, b) && !sameSurname(a, b) {
			return true
		}
	}
	return false
}

// givenInitials: the mention is two given names' initials written in
// capitals ("TJ", "T.J.") and a surname, and the candidate's two given
// names begin with them ("Thomas James Beaulieu"); not "Al Smith" or "Jo
// Walsh", names of their own.
func givenInitials(raw string, m, c []string) bool {
	first, _, _ := strings.Cut(strings.TrimSpace(raw), " ")
	letters := strings.ReplaceAll(first, ".", "")
	if len(m) != 2 || len(c) != 3 || len(letters) != 2 || strings.ToUpper(letters) != letters || surnameLinks[c[1]] {
		return false
	}
	return sameSurname(m[1], c[2]) && personInitials(m[0], c) // its given names' initials
}
