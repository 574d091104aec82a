package resolve

import (
	"slices"
	"strings"
)

// nicknames maps the everyday forms of given names to the names they
// stand for: englishNicknames and worldNicknames.
var nicknames = withWorldNicknames(englishNicknames)

// englishNicknames maps the everyday forms of English given names to the
// names they stand for ("Mike" for "Michael", "Liz" for "Elizabeth"). It
// lists forms that are not a name's first letters (shortForm reads those:
// "Dan" for "Daniel") and leaves out forms that are as often names of
// their own in the same places ("Jack", "Frank", "Rosie", "Mo"), or too
// short to tell ("Jo").
var englishNicknames = map[string][]string{
	"mike": {"michael"}, "mick": {"michael"}, "mikey": {"michael"}, "micky": {"michael"}, "mickey": {"michael"},
	"dave": {"david"}, "davy": {"david"}, "davey": {"david"},
	"bob": {"robert"}, "bobby": {"robert"}, "rob": {"robert"}, "robbie": {"robert"}, "bert": {"robert", "albert", "herbert"},
	"bill": {"william"}, "billy": {"william"}, "will": {"william"}, "willy": {"william"}, "liam": {"william"},
	"jim": {"james"}, "jimmy": {"james"}, "jamie": {"james"},
	"tom": {"thomas"}, "tommy": {"thomas"},
	"tony": {"anthony", "antony", "antonio"},
	"liz":  {"elizabeth"}, "lizzie": {"elizabeth"}, "lizzy": {"elizabeth"}, "beth": {"elizabeth", "bethany"},
	"betty": {"elizabeth"}, "libby": {"elizabeth"}, "bess": {"elizabeth"}, "eliza": {"elizabeth"},
	"kate":  {"katherine", "catherine", "kathryn", "katharine", "kathleen"},
	"katie": {"katherine", "catherine", "kathryn", "katharine", "kathleen"},
	"kathy": {"katherine", "kathryn", "katharine", "kathleen"}, "cathy": {"catherine"},
	"jen": {"jennifer"}, "jenny": {"jennifer"}, "jenn": {"jennifer"},
	"sue": {"susan", "suzanne"}, "suzy": {"susan", "suzanne"}, "susie": {"susan", "suzanne"},
	"pat": {"patricia", "patrick"}, "patty": {"patricia"}, "trish": {"patricia"},
	"dick": {"richard"}, "rick": {"richard", "eric", "frederick"}, "ricky": {"richard"}, "rich": {"richard"}, "richie": {"richard"},
	"ed": {"edward", "edmund", "edwin"}, "eddie": {"edward", "edmund", "edwin"}, "ted": {"edward", "theodore"},
	"teddy": {"edward", "theodore"}, "ned": {"edward"},
	"charlie": {"charles", "charlotte"}, "chuck": {"charles"},
	"chris": {"christopher", "christine", "christina", "christian"},
	"alex":  {"alexander", "alexandra", "alexis"}, "sasha": {"alexander", "alexandra"}, "sandy": {"alexander", "alexandra", "sandra"},
	"sam": {"samuel", "samantha"}, "sammy": {"samuel", "samantha"},
	"ben": {"benjamin"}, "benny": {"benjamin"},
	"danny": {"daniel"}, "nick": {"nicholas"}, "nicky": {"nicholas", "nicola"}, "nikki": {"nicola", "nicole"},
	"steve": {"stephen", "steven"}, "stevie": {"stephen", "steven"},
	"joe": {"joseph"}, "joey": {"joseph"},
	"andy": {"andrew"}, "drew": {"andrew"},
	"greg": {"gregory"}, "matt": {"matthew"}, "pete": {"peter"}, "phil": {"philip", "phillip"},
	"ron": {"ronald"}, "ronnie": {"ronald"}, "tim": {"timothy"}, "timmy": {"timothy"},
	"vicky": {"victoria"}, "vikki": {"victoria"}, "jess": {"jessica"}, "jessie": {"jessica"},
	"becky": {"rebecca"}, "becca": {"rebecca"}, "bex": {"rebecca"}, "maggie": {"margaret"}, "meg": {"margaret", "megan"},
	"peggy": {"margaret"}, "mandy": {"amanda"}, "abby": {"abigail"}, "abbie": {"abigail"},
	"fred": {"frederick", "alfred"}, "freddie": {"frederick", "alfred"}, "freddy": {"frederick", "alfred"},
	"harry": {"henry", "harold"}, "larry": {"lawrence", "laurence"}, "len": {"leonard"}, "lenny": {"leonard"},
	"nate": {"nathan", "nathaniel"}, "ollie": {"oliver", "olivia"}, "stan": {"stanley"},
	"terry": {"terence", "teresa", "theresa"}, "tess": {"teresa", "theresa"}, "val": {"valerie"},
	"walt": {"walter"}, "zach": {"zachary"}, "zack": {"zachary"}, "josh": {"joshua"}, "jake": {"jacob"},
	"izzy": {"isabel", "isabella", "isobel"}, "bella": {"isabella"}, "gabe": {"gabriel"},
	"geoff": {"geoffrey"}, "jeff": {"jeffrey", "geoffrey"}, "ken": {"kenneth"}, "kenny": {"kenneth"},
	"ray": {"raymond"}, "sally": {"sarah"}, "toby": {"tobias"}, "gill": {"gillian"}, "dot": {"dorothy"},
	"dottie": {"dorothy"}, "cindy": {"cynthia", "lucinda"}, "debbie": {"deborah"}, "deb": {"deborah"},
	"barb": {"barbara"}, "babs": {"barbara"}, "pam": {"pamela"}, "tina": {"christina", "martina"},
	"nell": {"eleanor", "helen"}, "ellie": {"eleanor", "elizabeth"}, "nora": {"eleanor", "honora"},
	"misha": {"michael", "mikhail"}, "kit": {"christopher", "katherine"}, "hank": {"henry"},
	"jon": {"jonathan"}, "johnny": {"john", "jonathan"}, "wes": {"wesley"}, "doug": {"douglas"},
	"don": {"donald"}, "donny": {"donald"}, "gerry": {"gerald", "geraldine", "gerard"}, "jerry": {"gerald", "jerome", "jeremy"},
	"manny": {"manuel"}, "kasia": {"katarzyna"}, "gosia": {"malgorzata"}, "basia": {"barbara"},
	"pepe": {"jose"}, "paco": {"francisco"}, "dima": {"dmitri", "dmitry"}, "vanya": {"ivan"},
	"kolya": {"nikolai"}, "sid": {"sidney", "sydney"}, "frankie": {"francis", "frances", "francesca"},
	"fran": {"frances", "francesca"}, "bea": {"beatrice", "beatrix", "beatriz"}, "trixie": {"beatrice", "beatrix"},
	"hal": {"harold", "henry"}, "shazza": {"sharon"}, "bazza": {"barry"}, "dazza": {"darren", "daryl"},
	"wazza": {"warren", "wayne"}, "kazza": {"karen"}, "lou": {"louis", "louise"}, "marty": {"martin"}, "nat": {"natalie", "nathan", "nathaniel"},
}

// nicknameOf: the given name short is an everyday form of full ("mike",
// "michael"). Only that way round: someone known as Kate may be a
// Katherine or a Kathryn, so "Katherine" is not taken for her.
func nicknameOf(short, full string) bool {
	for _, n := range nicknames[short] {
		if n == full {
			return true
		}
	}
	return false
}

// maxSearchNames bounds the names SearchNames returns for one mention.
const maxSearchNames = 4

// SearchNames returns name, the other names knownVariants gives it ("Brum"
// also as "birmingham"), the own name of the place GeoNames gives it as
// another name ("Bombay" also as "mumbai"), the relation a word for one
// names ("Mam" also as "mother"), the name with its abbreviations written
// out ("5th Ave" also as "fifth avenue") and, where a word of it is an
// everyday given name, the name with that word written out ("Mike
// Brennan" also as "Michael Brennan"), at most maxSearchNames in all. A
// store that finds candidates by their words looks them all up, so that
// Match sees the Michael Brennan that "Mike" names. (The store itself
// looks a name in another script up in Latin letters too: graph.NameKeys.)
func SearchNames(name string) []string {
	out := []string{name}
	more := variantsOf(name) // "Brum" also as "birmingham"
	t := tokens(name)
	for _, n := range placeOwnNames(strings.Join(t, " ")) {
		if !slices.Contains(more, n) {
			more = append(more, n) // "Bombay" also as "mumbai"
		}
	}
	if rel, inLaw := strings.CutSuffix(relationOf(t), " in law"); rel != "" {
		base := dropWords(t, kinLeads)
		forms := kinSearch[rel]
		if forms == nil {
			forms = []string{rel}
		}
		for _, f := range forms {
			if inLaw {
				f += " in law" // "my mum-in-law" also as "mother in law"
			}
			if f != strings.Join(base, " ") || len(base) < len(t) {
				more = append(more, f) // "Mam" also as "mother" and "mum"
			}
		}
	}
	if x := expandAbbrevs(t); !equal(x, t) {
		more = append(more, strings.Join(x, " ")) // "5th Ave" also as "fifth avenue"
	}
	code := strings.TrimSpace(name)
	if c, ok := airportNicknames[strings.Join(t, " ")]; ok {
		code = c // "Roissy" also as "charles de gaulle"
	}
	if a := airports()[code].name; len(a) > 0 && (allCaps(code) || code != name) {
		more = append(more, strings.Join(a, " ")) // "JFK" also as "john f kennedy"
	}
	if s, ok := usStates[code]; ok {
		more = append(more, s) // "MN" also as "minnesota"
	}
	for _, v := range more {
		if len(out) == maxSearchNames {
			return out
		}
		out = append(out, v)
	}
	words := strings.Fields(name)
	for i, w := range words {
		for _, full := range nicknames[Normalize(w)] {
			if len(out) == maxSearchNames {
				return out
			}
			v := slices.Clone(words)
			v[i] = strings.ToUpper(full[:1]) + full[1:]
			out = append(out, strings.Join(v, " "))
		}
	}
	return out
}
