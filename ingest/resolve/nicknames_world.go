package resolve

import (
	"maps"
	"slices"
)

// worldNicknames maps everyday forms of given names in other languages
// to the names they stand for, as nicknames does for English ones:
// "Pepe" for José, "Sepp" for Josef, "Kuba" for Jakub, "Zhenya" for
// Yevgeny. Like nicknames it lists forms that are not a name's first
// letters (shortForm reads those: "Rafa", "Magda") and leaves out forms
// that are as often given names of their own ("Lola", "Nina", "Lena",
// "Natasha", "Tanya", "Hans", "Margot", "Gigi", "Sandro", "Heinz", "Slava"). Names are in their comparison form: no
// accents ("Zé" is "ze", "Toño" "tono").
var worldNicknames = map[string][]string{
	// Spanish
	"pepe": {"jose"}, "pepito": {"jose"}, "paco": {"francisco"}, "pancho": {"francisco"},
	"curro": {"francisco"}, "quico": {"francisco", "enrique"}, "kiko": {"francisco", "enrique"},
	"nacho": {"ignacio"}, "chucho": {"jesus"}, "chuy": {"jesus"}, "chus": {"jesus"},
	"lupe": {"guadalupe"}, "lupita": {"guadalupe"}, "concha": {"concepcion"}, "conchita": {"concepcion"},
	"charo": {"rosario"}, "chayo": {"rosario"}, "memo": {"guillermo", "mehmet"}, "tono": {"antonio"}, "tonio": {"antonio"},
	"quique": {"enrique"}, "manolo": {"manuel"}, "lalo": {"eduardo"}, "fito": {"adolfo", "rodolfo"},
	"nando": {"fernando", "hernando"}, "chente": {"vicente"}, "moncho": {"ramon"}, "lencho": {"lorenzo"},
	"merche": {"mercedes"}, "meche": {"mercedes"}, "conchi": {"concepcion"},
	"encarni": {"encarnacion"},
	"pili":    {"pilar"}, "chelo": {"consuelo", "marcelo"}, "beto": {"alberto", "roberto", "humberto"},
	// Portuguese
	"ze": {"jose"}, "chico": {"francisco"}, "tonho": {"antonio"}, "toninho": {"antonio"},
	"guga": {"gustavo"}, "duda": {"eduarda", "eduardo"}, "bia": {"beatriz"},
	"juca": {"jose"}, "quim": {"joaquim"}, "fafa": {"fabiana"}, "tiao": {"sebastiao"},
	// Italian
	"beppe": {"giuseppe"}, "peppe": {"giuseppe"}, "peppino": {"giuseppe"}, "pino": {"giuseppe"}, "toto": {"salvatore"}, "turi": {"salvatore"}, "nanni": {"giovanni"}, "bice": {"beatrice"},
	"pippo": {"filippo"}, "cecco": {"francesco"}, "checco": {"francesco"}, "ciccio": {"francesco"},
	"mimmo": {"domenico"}, "lele": {"emanuele", "daniele", "gabriele"},
	"titti": {"cristina"}, "tano": {"gaetano"}, "tonino": {"antonio"},
	// French
	"babette": {"elisabeth"}, "titou": {"baptiste"},
	"pierrot": {"pierre"}, "guigui": {"guillaume"}, "riri": {"henri"}, "dede": {"andre"},
	// German, Austrian, Swiss
	"sepp": {"josef", "joseph"}, "seppi": {"josef", "joseph"}, "jupp": {"josef", "joseph"},
	"hansi": {"johannes", "hans"}, "uschi": {"ursula"}, "gabi": {"gabriel", "gabriele", "gabriela"},
	"steffi": {"stefanie", "stephanie"},
	"willi":  {"wilhelm"}, "resi": {"theresia", "therese"}, "lutz": {"ludwig"}, "wiggerl": {"ludwig"},
	"gretel": {"margarete"}, "liesel": {"elisabeth"}, "lieschen": {"elisabeth"}, "kathi": {"katharina"},
	"barbel": {"barbara"}, "hannes": {"johannes"}, "uli": {"ulrich", "ulrike"}, "ulli": {"ulrich", "ulrike"},
	"rike": {"friederike", "ulrike"}, "ferdl": {"ferdinand"}, "hanni": {"johanna"},
	// Dutch and Flemish
	"kees": {"cornelis"}, "joop": {"johannes"}, "henk": {"hendrik"}, "sjaak": {"jacobus", "jacques"},
	"klaas": {"nicolaas"}, "wim": {"willem"}, "guus": {"gustaaf"}, "mies": {"maria"},
	"ans": {"johanna"}, "hanneke": {"johanna"}, "lieke": {"angelique"}, "teun": {"antonius", "anthonie"},
	"thijs": {"matthijs", "mathijs", "matthias"}, "rens": {"laurens"}, "stijn": {"constantijn", "augustijn"},
	"mien": {"wilhelmina"}, "truus": {"geertruida"}, "koos": {"jacobus"}, "jaap": {"jacob", "jacobus"},
	"sjef": {"jozef"},
	// Scandinavian
	"lasse": {"lars"}, "janne": {"jan"}, "pelle": {"per"}, "kalle": {"karl", "carl"}, "nisse": {"nils"},
	"olle": {"olof", "olov"}, "sanna": {"susanna", "susanne"}, "lotta": {"charlotta", "charlotte"},
	"stina": {"kristina", "christina"}, "bosse": {"bo"}, "micke": {"mikael"}, "jocke": {"joakim"},
	"pekka": {"petri"}, "jussi": {"juhani"}, "hessu": {"heikki"},
	// Polish
	"kasia": {"katarzyna"}, "basia": {"barbara"}, "gosia": {"malgorzata"}, "malgosia": {"malgorzata"}, "ania": {"anna"}, "ela": {"elzbieta"}, "zosia": {"zofia"},
	"jurek": {"jerzy"}, "staszek": {"stanislaw"}, "wojtek": {"wojciech"}, "tomek": {"tomasz"},
	"kuba": {"jakub"}, "bartek": {"bartlomiej"}, "krzysiek": {"krzysztof"}, "piotrek": {"piotr"},
	"grzesiek": {"grzegorz"}, "jarek": {"jaroslaw"}, "mirek": {"miroslaw"}, "wlodek": {"wlodzimierz"},
	"franek": {"franciszek"}, "kazik": {"kazimierz"}, "antek": {"antoni"},
	"madzia": {"magdalena"}, "aga": {"agnieszka"}, "jadzia": {"jadwiga"},
	"marysia": {"maria"}, "maciek": {"maciej"}, "zbyszek": {"zbigniew"}, "rysiek": {"ryszard"},
	"heniek": {"henryk"}, "romek": {"roman"}, "slawek": {"slawomir"}, "radek": {"radoslaw"},
	"przemek": {"przemyslaw"}, "darek": {"dariusz"}, "czarek": {"cezary"}, "wiesiek": {"wieslaw"},
	// Serbian and Croatian
	"gaga": {"dragana"}, "ceca": {"svetlana"}, "jeca": {"jelena"}, "maca": {"marija"},
	// Czech and Slovak
	"honza": {"jan"}, "pepa": {"josef", "josefa"}, "jirka": {"jiri"}, "misa": {"michal", "michaela"},
	"verca": {"veronika"}, "kaca": {"katerina"}, "standa": {"stanislav"}, "ondra": {"ondrej"},
	"vasek": {"vaclav"}, "zdenda": {"zdenek"}, "pepik": {"josef"}, "franta": {"frantisek"},
	"tonda": {"antonin"}, "vojta": {"vojtech"}, "jarda": {"jaroslav"}, "bara": {"barbora"},
	// Hungarian
	"pisti": {"istvan"}, "jancsi": {"janos"}, "kati": {"katalin"},
	"erzsi": {"erzsebet"}, "jozsi": {"jozsef"}, "feri": {"ferenc"}, "laci": {"laszlo"}, "gyuri": {"gyorgy"},
	"pista": {"istvan"}, "sanyi": {"sandor"}, "bandi": {"andras", "endre"}, "zsuzsi": {"zsuzsanna"}, "bozsi": {"erzsebet"}, "misi": {"mihaly"}, "jani": {"janos"},
	"karcsi": {"karoly"}, "lajcsi": {"lajos"}, "matyi": {"matyas"}, "tibi": {"tibor"}, "zoli": {"zoltan"},
	"juci": {"judit"},
	// Russian, Ukrainian and their neighbours
	"sasha": {"alexander", "alexandra", "aleksandr", "aleksandra", "oleksandr"}, "sanya": {"aleksandr", "alexander"},
	"shura": {"aleksandr", "aleksandra", "alexander", "alexandra"},
	"misha": {"michael", "mikhail", "mykhailo"}, "dima": {"dmitri", "dmitry", "dmitriy", "dmytro"},
	"kolya": {"nikolai", "nikolay", "mykola"}, "sashko": {"oleksandr"}, "mykolka": {"mykola"}, "tarasyk": {"taras"}, "volodya": {"vladimir", "volodymyr"}, "vova": {"vladimir", "volodymyr"},
	"seryozha": {"sergei", "sergey", "serhiy"}, "serezha": {"sergei", "sergey"}, "lyosha": {"alexei", "aleksei", "alexey", "oleksiy"},
	"alyosha": {"alexei", "aleksei", "alexey"}, "zhenya": {"yevgeny", "evgeny", "yevgenia", "evgenia"},
	"pasha": {"pavel", "pavlo"}, "petya": {"pyotr", "petro"}, "vanya": {"ivan"}, "kostya": {"konstantin", "kostiantyn"},
	"tolya": {"anatoly", "anatoliy"}, "grisha": {"grigory", "grigori", "hryhoriy"}, "vitya": {"viktor", "vitaly"},
	"borya": {"boris"}, "fedya": {"fyodor", "fedor"}, "yura": {"yuri", "yuriy", "yury"}, "lyonya": {"leonid"},
	"styopa": {"stepan"}, "tolik": {"anatoly"}, "zhora": {"georgy", "georgi"}, "gosha": {"georgy", "georgi", "igor"},
	"senya": {"semyon", "arseny"}, "syoma": {"semyon"}, "lyova": {"lev"}, "yasha": {"yakov"},
	"tyoma": {"artyom", "artem"}, "venya": {"veniamin"}, "slavik": {"vyacheslav"}, "vadik": {"vadim"},
	"stas": {"stanislav"}, "rodya": {"rodion"}, "mitya": {"dmitri", "dmitry"}, "lida": {"lidiya", "lidia"},
	"tonya": {"antonina"}, "klava": {"klavdia", "klavdiya"},
	"raya": {"raisa"}, "nyura": {"anna"},
	"masha": {"maria", "mariya"}, "katya": {"yekaterina", "ekaterina", "kateryna"}, "olya": {"olga", "olha"},
	"sveta": {"svetlana"}, "nastya": {"anastasia", "anastasiya"}, "dasha": {"darya", "daria"},
	"galya": {"galina", "halyna"}, "lyuda": {"lyudmila", "liudmyla"}, "lyuba": {"lyubov"},
	"valya": {"valentina", "valentin"}, "nadya": {"nadezhda", "nadiya"},
	"ksyusha": {"ksenia", "kseniya"}, "yulya": {"yulia", "yuliya"}, "sonya": {"sofia", "sofiya"},
	// Greek
	"giorgos": {"georgios"}, "kostas": {"konstantinos"}, "takis": {"panagiotis"}, "panos": {"panagiotis"},
	"nikos": {"nikolaos"}, "dimitris": {"dimitrios"}, "vaso": {"vasiliki"}, "yiannis": {"ioannis"},
	"giannis": {"ioannis"}, "yannis": {"ioannis"}, "thanasis": {"athanasios"}, "stelios": {"stylianos"}, "sakis": {"athanasios"},
	"babis": {"charalambos", "charalampos", "haralambos"}, "bambos": {"charalambos", "charalampos"},
	"lefteris": {"eleftherios"}, "manolis": {"emmanouil", "emmanuel"}, "vangelis": {"evangelos"},
	"tasos": {"anastasios"}, "mimis": {"dimitrios"}, "mitsos": {"dimitrios"},
	"popi": {"kalliopi"}, "voula": {"paraskevi", "vasiliki"},
	// Hebrew
	"yossi": {"yosef", "joseph"}, "itzik": {"yitzhak", "itzhak"}, "shuki": {"yehoshua"}, "beni": {"binyamin"},
	"kobi": {"yaakov", "yakov"}, "moti": {"mordechai"}, "tzipi": {"tzipora"},
	// Turkish
	"apo": {"abdullah"},
	// Irish, Scottish, Welsh
	"paddy": {"patrick", "padraig"},
	// Yoruba and Igbo everyday short names
	"bimpe": {"abimbola"}, "bimbo": {"abimbola"}, "funmi": {"olufunmilayo"},
	"bisi": {"olabisi"}, "bukky": {"olubukola", "bukola"}, "tunde": {"babatunde", "olatunde"},
	"segun": {"olusegun"}, "femi": {"olufemi"}, "kemi": {"oluwakemi"},
	"dayo": {"adedayo", "oladayo"}, "tayo": {"omotayo", "adetayo"}, "yinka": {"olayinka", "adeyinka"},
	"emeka": {"chukwuemeka"},
	// South Asian everyday short names
	"raju": {"rajesh", "rajendra", "rajkumar"}, "subbu": {"subramanian", "subramaniam", "subrahmanyam", "subramanyam"},
	"venky": {"venkatesh", "venkataraman", "venkat"}, "chandu": {"chandrasekhar", "chandrashekar", "chandrasekar"}, "sanju": {"sanjay", "sanjeev"},
}

// withWorldNicknames adds worldNicknames to the English table; a form
// both list stands for the names of both.
func withWorldNicknames(english map[string][]string) map[string][]string {
	out := maps.Clone(english)
	for form, fulls := range worldNicknames {
		for _, f := range fulls {
			if !slices.Contains(out[form], f) {
				out[form] = append(out[form], f)
			}
		}
	}
	return out
}

// ownNameNicknames are everyday forms that are also given names of their
// own ("Margot", "Manu", "Jack"): "Manu Dubois" is the Emmanuel Dubois
// stored, but "Manu" alone may be a Manu; so these stand for the full name
// only with the same surname, either way round.
var ownNameNicknames = map[string][]string{
	"margot": {"marguerite", "margaret"}, "gigi": {"luigi", "gianluigi", "georgina"},
	"sandro": {"alessandro"}, "bram": {"abraham"}, "slava": {"vyacheslav", "stanislav", "yaroslav", "sviatoslav"},
	"manu": {"emmanuel", "emmanuelle", "manuel"}, "toni": {"antonio", "antonia", "anthony"},
	"heinz": {"heinrich"}, "fritz": {"friedrich"}, "gianni": {"giovanni"}, "jojo": {"joseph", "johanna", "josephine"},
	"lola": {"dolores"}, "lena": {"yelena", "elena", "helena", "magdalena"}, "natasha": {"natalia", "natalya"},
	"tanya": {"tatiana", "tatyana"}, "hans": {"johannes"}, "jack": {"john"}, "frank": {"francis", "franklin"},
	"rosie": {"rose", "rosemary"}, "mo": {"mohammed", "muhammad", "mohamed", "maurice"}, "asia": {"joanna"},
	"ola": {"aleksandra"}, "nino": {"antonino", "giovanni"}, "dai": {"david"}, "hamish": {"james"},
	"nina": {"antonina", "janina"}, "sasha": {"aleksandr", "aleksandra"}, "misha": {"mikhail"},
	"anya": {"anna"}, "ira": {"irina", "iryna"}, "kiki": {"kyriaki"},
}

// ownNameNicknameOf: short, one of ownNameNicknames, stands for full.
func ownNameNicknameOf(short, full string) bool {
	return slices.Contains(ownNameNicknames[short], full)
}
