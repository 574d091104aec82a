package conflicts

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/persistmemory/persistmemory/schema"
	"github.com/persistmemory/persistmemory/temporal"
)

// Typed values are read from a claim's words, whatever slot the extractor
// found, so that two claims can be related by what kind of value they
// give when their slots do not line up (topic.go). Each value has a type
// and a comparison key:
//
//   - a day of the week, with a part of the day ("Tuesday evenings" =
//     "tuesday evening");
//   - a clock time ("8am" = "8:00" = "8 o'clock", "5pm" = "17:00", "half
//     nine" = "9:30", "noon"; "at 5" is five of either half, hours.go);
//   - a date (a day of a month, "2 May" = "May 2nd"; the year is not
//     compared) or a month alone ("in June");
//   - money with its currency and period ("£30 a month" = "30 pounds per
//     month" = "a monthly fee of £30"); two periods are two types; a scale
//     word or suffix multiplies ("£1.2 million" = "£1.2m" = "£1,200,000",
//     "$3bn"), and "six grand" is 6,000 of a currency it does not name;
//   - a percentage ("5%" = "5 percent");
//   - a version of a named product ("Postgres 14"): the type is the
//     product, so "MySQL 8" and "Postgres 14" are not compared;
//   - a quantity with its unit ("12 kg", "nine years old" = age 9, and
//     "is 9" at the end of a clause is an age, up to maxAge; "1.2 million
//     people" counts 1,200,000);
//   - a name: one of the memory's entities other than its subject, a
//     person or anything else.
//
// Number words read as digits, as key does ("two hundred thousand" =
// "200,000" = "200 thousand"). A value introduced as the old one ("from
// X to Y", "not X", "instead of X", "rather than X", "replaced X with Y")
// is marked old: it is what changed, not what holds.

// ctok is one word of a claim, as written and in lower case; brk marks
// a word after a clause break (a comma, semicolon, colon, dash or
// bracket).
type ctok struct {
	raw, low string
	brk      bool
}

// claimTokens splits a claim into words, keeping a dot, colon or comma
// between digits ("5.7", "8:00", "1,000" -> "1000"), an apostrophe inside
// a word, and a currency sign or "%" as a word of its own.
func claimTokens(s string) []ctok {
	if len(s) > maxKeyBytes {
		s = s[:maxKeyBytes]
	}
	return tokenMemo.get(s, func() []ctok { return slices.Clip(readTokens(s)) })
}

// tokenMemo holds claimTokens' recent results, for texts of at most
// maxKeyBytes: the readings of one comparison and of the batch's other
// comparisons tokenise the same claims again. The slices are shared:
// callers only read them.
var tokenMemo memo[[]ctok]

// ampm matches "a.m." and "p.m.", read as "am" and "pm".
var ampm = regexp.MustCompile(`\b([aApP])\.[mM]\b\.?`)

// readTokens is claimTokens without the memo.
// spacedThousands is what follows the space in an amount written with
// spaces between groups of thousands ("1 800 €", "12 500 kr"): three
// digits, more groups, and a currency.
var spacedThousands = regexp.MustCompile(`^\d{3}(?:[ \x{00a0}\x{202f}]\d{3})*[ \x{00a0}\x{202f}]?(?:€|£|\$|kr\b|zł|Kč|CHF\b|EUR\b|SEK\b|NOK\b|DKK\b|PLN\b|CZK\b)`)

// allDigits: s is a number of digits only, as a group of thousands
// starts.
func allDigits(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return !unicode.IsDigit(r) }) < 0
}

// decimalComma: the digits after a comma (rest starts with them) are one
// or two and end the number ("1,20 €", "3,5 km"), not a group of
// thousands ("1,200").
func decimalComma(rest string) bool {
	n := 0
	for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
		n++
	}
	return n >= 1 && n <= 2 && !(n < len(rest) && (rest[n] == ',' || rest[n] == '.'))
}

func readTokens(s string) []ctok {
	if strings.Contains(s, ".m") || strings.Contains(s, ".M") {
		s = ampm.ReplaceAllString(s, "${1}m")
	}
	var out []ctok
	var b strings.Builder
	brk := false
	flush := func() {
		if b.Len() > 0 {
			r := b.String()
			out = append(out, ctok{raw: r, low: temporal.Respell(strings.ToLower(r)), brk: brk})
			b.Reset()
			brk = false
		}
	}
	whole := wholeTokens(s)
	prev := rune(0)
	for i := 0; i < len(s); {
		if len(whole) > 0 && whole[0].from == i {
			// an email address, a phone number or a region is one word
			flush()
			out = append(out, ctok{raw: s[whole[0].from:whole[0].to], low: whole[0].key, brk: brk})
			brk = false
			i, prev = whole[0].to, 'x'
			whole = whole[1:]
			continue
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		next, _ := utf8.DecodeRuneInString(s[i+w:])
		switch {
		case r == utf8.RuneError && w <= 1:
			flush()
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		case (r == '.' || r == ':' || r == ',') && unicode.IsDigit(prev) && unicode.IsDigit(next):
			switch {
			case r != ',':
				b.WriteRune(r)
			case decimalComma(s[i+w:]):
				b.WriteRune('.') // "1,20 €": a decimal comma, as French and many others write a price
			}
		case (r == ' ' || r == '\u00a0' || r == '\u202f') && unicode.IsDigit(prev) && allDigits(b.String()) && spacedThousands.MatchString(s[i+w:]):
			// "1 800 €": a space between groups of thousands, as French
			// and many others write an amount
		case (r == '\'' || r == '’') && unicode.IsLetter(prev) && unicode.IsLetter(next):
			b.WriteRune('\'')
		case r == '-' && unicode.IsLetter(prev) && unicode.IsLetter(next) && compoundHyphen(b.String(), s[i+w:]):
			b.WriteRune('-') // "stand-up", "check-in", "on-call": one noun
		case r == '£' || r == '$' || r == '€' || r == '%':
			flush()
			out = append(out, ctok{raw: string(r), low: string(r), brk: brk})
			brk = false
		default:
			flush()
			switch {
			case r == ',' || r == ';' || r == ':' || r == '(' || r == ')' || r == '–' || r == '—':
				brk = true
			case r == '-' && (prev == ' ' || next == ' '):
				brk = true // " - ", not "five-a-side"
			}
		}
		prev = r
		i += w
	}
	flush()
	return foldNumberWords(out)
}

// regionRe matches a cloud region ("eu-west-1", "europe-west2"); emailRe
// an email address; phoneRe a phone number: digit groups joined by
// hyphens, dots or spaces ("555-0142", "+44 7700 900123", "(415)
// 555-0199"), checked further by phoneNumber.
var (
	regionRe = regexp.MustCompile(`\b(?:(?:us|eu|ap|sa|ca|me|af|il|mx)-(?:gov-)?(?:east|west|north|south|central|northeast|southeast|northwest|southwest)-\d|(?:us|europe|asia|australia|northamerica|southamerica|me|africa)-(?:east|west|north|south|central|northeast|southeast|northwest|southwest)\d)\b`)
	emailRe  = regexp.MustCompile(`[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`)
	phoneRe  = regexp.MustCompile(`(?:\+\d{1,3}[ .-]?)?(?:\(\d{2,5}\)[ .-]?)?\d{2,6}(?:[ .-]\d{2,6}){1,4}`)
)

// wholeSpan is a span of a claim read as one word, with its key.
type wholeSpan struct {
	from, to int
	key      string
}

// wholeTokens returns the spans of s that are one word each, in order:
// cloud regions, email addresses, and phone numbers of 7 to 15 digits
// written with a separator a number would not have (a hyphen, a leading
// "+", "0" or bracket before spaces) and that are no date ("2024-03-14",
// "14.03.24"). A region's key is "region:" and its name, an address's
// its lower case, a phone number's "tel:" and its digits, so that number()
// does not read it as an amount.
func wholeTokens(s string) []wholeSpan {
	if !strings.ContainsAny(s, "@-+(.") && !strings.Contains(s, " 0") {
		return nil
	}
	var out []wholeSpan
	add := func(from, to int, key string) {
		if !slices.ContainsFunc(out, func(e wholeSpan) bool { return from < e.to && e.from < to }) {
			out = append(out, wholeSpan{from, to, key})
		}
	}
	for _, m := range regionRe.FindAllStringIndex(s, -1) {
		add(m[0], m[1], "region:"+strings.ToLower(s[m[0]:m[1]]))
	}
	for _, m := range emailRe.FindAllStringIndex(s, -1) {
		add(m[0], m[1], strings.ToLower(s[m[0]:m[1]]))
	}
	for _, m := range phoneRe.FindAllStringIndex(s, -1) {
		if phoneNumber(s, m[0], m[1]) {
			add(m[0], m[1], "tel:"+digitsOf(s[m[0]:m[1]]))
		}
	}
	slices.SortFunc(out, func(a, b wholeSpan) int { return a.from - b.from })
	return out
}

// phoneNumber: s[from:to], matched by phoneRe, is a phone number.
func phoneNumber(s string, from, to int) bool {
	p := s[from:to]
	if from > 0 {
		if r, _ := utf8.DecodeLastRuneInString(s[:from]); unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.' || r == ',' || r == '/' || r == '£' || r == '$' || r == '€' {
			return false // inside a word or an amount
		}
	}
	if r, _ := utf8.DecodeRuneInString(s[to:]); unicode.IsLetter(r) || unicode.IsDigit(r) || r == '/' || r == '%' {
		return false
	}
	if digits := len(digitsOf(p)); digits < 7 || digits > 15 {
		return false
	}
	if digitDate.MatchString(p) {
		return false
	}
	if strings.HasPrefix(p, "+") || strings.HasPrefix(p, "(") || strings.HasPrefix(p, "0") {
		return true
	}
	return !strings.Contains(p, " ") && !strings.Contains(p, ".") // "555-0142", not "in 2023 1500 people"
}

// digitDate matches digits that are a date, not a phone number.
var digitDate = regexp.MustCompile(`^(?:\d{4}[-.]\d{1,2}[-.]\d{1,2}|\d{1,2}[-.]\d{1,2}[-.]\d{2,4})$`)

// digitsOf is the digits of s.
func digitsOf(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// compoundHyphen: the hyphen between word (so far) and the rest joins a
// noun whose parts the topic would drop as a verb and a particle:
// "stand-up", "check-in", "drop-off", "on-call", "follow-up".
func compoundHyphen(word, rest string) bool {
	end := strings.IndexFunc(rest, func(r rune) bool { return !unicode.IsLetter(r) })
	if end < 0 {
		end = len(rest)
	}
	next := strings.ToLower(rest[:end])
	return compoundParticles[next] || strings.EqualFold(word, "on")
}

// compoundParticles end a noun written with a hyphen: "stand-up".
var compoundParticles = map[string]bool{"up": true, "in": true, "off": true, "out": true, "on": true, "over": true, "away": true, "down": true, "back": true}

// typedValue is one typed value of a claim: its type, key, the tokens it
// spans [from, to), and whether the claim gives it as the old value.
type typedValue struct {
	typ, key string
	from, to int
	old      bool
}

// timeTypes are the types that say when something happens.
var timeTypes = map[string]bool{"day": true, "clock": true, "date": true, "month": true, "year": true}

// nameTypes are the types of named values: one of several held together
// unless the claims say it changed.
var nameTypes = map[string]bool{"name": true, "person": true}

// bloodSigns are the rhesus factors of a blood group, as said.
var bloodSigns = map[string]string{"positive": "+", "pos": "+", "negative": "-", "neg": "-"}

// countWords are numbers written out.
var countWords = map[string]int{
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
	"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
	"seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
	"sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
}

// number reads a number in digits or words: "12", "5.7", "1000", "nine",
// "30k" (30000). ok is false for anything else.
func number(w string) (string, bool) {
	if n, ok := countWords[w]; ok {
		return strconv.Itoa(n), true
	}
	if k, ok := strings.CutSuffix(w, "k"); ok && k != "" && strings.Trim(k, "0123456789") == "" {
		return k + "000", true
	}
	if k, ok := strings.CutSuffix(w, "k"); ok && strings.Count(k, ".") == 1 && strings.Trim(k, "0123456789.") == "" && !strings.HasPrefix(k, ".") && !strings.HasSuffix(k, ".") {
		// "1.2k", "2.5k"
		if f, err := strconv.ParseFloat(k, 64); err == nil {
			return strconv.FormatFloat(f*1000, 'f', -1, 64), true
		}
	}
	if w == "" || strings.Trim(w, "0123456789.") != "" || !hasDigit(w) || strings.HasPrefix(w, ".") || strings.HasSuffix(w, ".") {
		return "", false
	}
	if i := strings.IndexByte(w, '.'); i >= 0 && strings.Count(w, ".") == 1 {
		w = strings.TrimRight(strings.TrimRight(w, "0"), ".") // "30.00" = "30"
	}
	return w, true
}

// weekdays, singular.
var weekdays = map[string]string{
	"monday": "monday", "tuesday": "tuesday", "wednesday": "wednesday", "thursday": "thursday",
	"friday": "friday", "saturday": "saturday", "sunday": "sunday", "weekend": "weekend", "weekday": "weekday",
	// short forms that are no other word ("Tues", "Thurs", "Fri"; not
	// "Wed", "Sat" or "Sun")
	"tue": "tuesday", "tues": "tuesday", "thu": "thursday", "thur": "thursday", "thurs": "thursday", "fri": "friday",
}

// dayParts qualify a day: "Tuesday evenings".
var dayParts = map[string]string{
	"morning": "morning", "mornings": "morning", "afternoon": "afternoon", "afternoons": "afternoon",
	"evening": "evening", "evenings": "evening", "night": "night", "nights": "night", "lunchtime": "lunchtime",
}

// currencies name a currency by sign or word.
var currencies = map[string]string{
	"£": "gbp", "$": "usd", "€": "eur", "pounds": "gbp", "pound": "gbp", "quid": "gbp", "gbp": "gbp",
	"dollars": "usd", "dollar": "usd", "usd": "usd", "bucks": "usd", "euros": "eur", "euro": "eur", "eur": "eur",
	"zł": "pln", "zloty": "pln", "złoty": "pln", "zlotys": "pln", "pln": "pln", "chf": "chf", "francs": "chf",
	"kč": "czk", "czk": "czk", "sek": "sek", "nok": "nok", "dkk": "dkk", "rand": "zar", "ksh": "kes", "kes": "kes",
	"aed": "aed", "dirham": "aed", "dirhams": "aed", "dhs": "aed", "₱": "peso", "peso": "peso", "pesos": "peso",
	"php": "peso", "mxn": "peso", "clp": "peso", "cop": "peso", "ars": "peso", "¥": "jpy", "yen": "jpy", "jpy": "jpy",
	"₹": "inr", "inr": "inr", "rupee": "inr", "rupees": "inr", "₵": "ghs", "ghs": "ghs", "cedi": "ghs", "cedis": "ghs",
	"₦": "ngn", "ngn": "ngn", "naira": "ngn", "cad": "cad", "aud": "aud", "nzd": "nzd", "sgd": "sgd", "hkd": "hkd",
	"cny": "cny", "rmb": "cny", "yuan": "cny", "฿": "thb", "thb": "thb", "baht": "thb", "huf": "huf", "forint": "huf",
	"sar": "sar", "riyal": "sar", "riyals": "sar", "qar": "qar", "egp": "egp", "₩": "krw", "krw": "krw", "ugx": "ugx",
	"tzs": "tzs", "uah": "uah", "hryvnia": "uah", "₽": "rub", "roubles": "rub", "rubles": "rub", "₺": "try",
}

// currencyCode reports whether a word is a currency's three-letter code,
// which may come before the amount as a sign does: "AED 42,000".
func currencyCode(w string) bool {
	_, ok := currencies[w]
	return ok && len(w) == 3 && strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") == ""
}

// periods name how often an amount is paid.
var periods = map[string]string{
	"day": "day", "week": "week", "month": "month", "year": "year", "annum": "year", "quarter": "quarter",
	"fortnight": "fortnight", "hour": "hour", "night": "night", "session": "session", "lesson": "lesson",
}

// periodAdverbs are periods said as one word: "£30 monthly".
var periodAdverbs = map[string]string{
	"monthly": "month", "weekly": "week", "yearly": "year", "annually": "year", "daily": "day",
	"pcm": "month", "pa": "year", "hourly": "hour", "nightly": "night", "quarterly": "quarter",
}

// notUnits follow a number without being its unit.
var notUnits = map[string]bool{
	"am": true, "pm": true, "and": true, "or": true, "to": true, "of": true, "a": true, "an": true,
	"the": true, "in": true, "on": true, "at": true, "for": true, "from": true, "by": true, "with": true,
	"per": true, "percent": true, "o'clock": true, "is": true, "are": true, "was": true, "now": true,
	"time": true, "times": true, "monthly": true, "weekly": true, "yearly": true, "annually": true, "daily": true,
	"just": true, "only": true, "exactly": true, "roughly": true, "approximately": true,
	"right": true, "already": true,
	"instead": true, "not": true, "but": true, "so": true, "then": true, "every": true, "each": true,
	// function words: after a number they make it a numbered name
	// ("service 25 onto Kafka", "cluster 7 after the review"), not a count
	"onto": true, "into": true, "after": true, "before": true, "until": true, "since": true,
	"over": true, "under": true, "about": true, "during": true, "through": true, "via": true,
	"than": true, "as": true, "if": true, "that": true, "which": true, "who": true, "where": true,
	"when": true, "while": true, "because": true, "will": true, "would": true, "can": true,
	"could": true, "should": true, "must": true, "may": true, "has": true, "have": true, "had": true,
	"be": true, "been": true, "were": true, "it": true, "they": true, "we": true, "you": true,
	"he": true, "she": true, "this": true, "these": true, "those": true, "there": true,
	"here": true, "off": true, "out": true, "up": true, "down": true, "again": true, "too": true,
	"also": true, "still": true, "today": true, "tomorrow": true, "yesterday": true, "last": true,
	"next": true, "its": true, "their": true, "our": true, "my": true, "your": true,
}

// claimStart: only determiners and possessives come before token i, so
// a numbered name there is what the claim is about ("Bus 38 stops
// outside the library", "Release 33 runs on Kafka"), not a value.
func claimStart(ts []ctok, i int) bool {
	for _, t := range ts[:i] {
		if !leadWords[t.low] {
			return false
		}
	}
	return true
}

// leadWords may come before the thing a claim is about.
var leadWords = map[string]bool{
	"the": true, "a": true, "an": true, "our": true, "my": true, "your": true, "their": true,
	"his": true, "her": true, "its": true, "this": true, "that": true,
}

// typedValues reads the typed values of m's claim.
func typedValues(m schema.Memory) ([]ctok, []typedValue) {
	ts := claimTokens(m.Claim)
	used := make([]bool, len(ts))
	var out []typedValue
	add := func(typ, key string, from, to int) {
		for i := from; i < to; i++ {
			used[i] = true
		}
		out = append(out, typedValue{typ: typ, key: key, from: from, to: to})
	}
	free := func(from, to int) bool {
		for i := from; i < to; i++ {
			if i >= len(ts) || used[i] {
				return false
			}
		}
		return true
	}
	low := func(i int) string {
		if i < 0 || i >= len(ts) {
			return ""
		}
		return ts[i].low
	}
	// email addresses and phone numbers: one word each (readTokens)
	for i, t := range ts {
		switch {
		case strings.Contains(t.low, "@"):
			add("email", t.low, i, i+1)
		case strings.HasPrefix(t.low, "tel:"):
			add("phone", nationalNumber(strings.TrimPrefix(t.low, "tel:")), i, i+1)
		case strings.HasPrefix(t.low, "region:"):
			add("region", strings.TrimPrefix(t.low, "region:"), i, i+1)
		}
	}
	// street addresses first: their numbers and names are one value
	for i := 0; i < len(ts); i++ {
		if from, to, key, ok := addressAt(ts, i); ok && free(from, to) {
			add("address", key, from, to)
			i = to - 1
		}
	}
	// blood groups, in a claim about blood: "O negative", "A positive"
	if slices.ContainsFunc(ts, func(t ctok) bool { return t.low == "blood" }) {
		for i := 0; i+1 < len(ts); i++ {
			g, sign := low(i), bloodSigns[low(i+1)]
			if (g == "a" || g == "b" || g == "ab" || g == "o") && sign != "" && free(i, i+2) {
				add("blood", g+sign, i, i+2)
				i++
			}
		}
	}
	// money, percentages and clock times: they use a number the other
	// readings would take; but "Biscuit weighs 14 pounds" is a mass
	weighed := slices.ContainsFunc(ts, func(t ctok) bool { return weighWords[t.low] })
	// currencyWord is the currency a word after an amount names ("pounds",
	// "dollars"), not a sign, and not pounds of a weight
	currencyWord := func(k int) (string, bool) {
		cur, ok := currencies[low(k)]
		return cur, ok && utf8.RuneCountInString(low(k)) > 1 && !(cur == "gbp" && weighed)
	}
	for i := 0; i < len(ts); i++ {
		if !free(i, i+1) {
			continue
		}
		if cur, ok := currencies[low(i)]; ok && (utf8.RuneCountInString(low(i)) == 1 || currencyCode(low(i))) {
			if n, k, ok := amountAt(ts, i+1); ok && free(i+1, k) {
				end, per := moneyPeriod(ts, k)
				add("money:"+cur+":"+per, n, i, end) // "£900", "£1.2 million", "$3bn"
				continue
			}
		}
		n, isNum := number(low(i))
		if !isNum {
			if c, end, ok := clockAt(ts, i); ok {
				add("clock", c, i, end)
			}
			continue
		}
		if low(i+1) == "grand" && free(i, i+2) {
			// "six grand": thousands of a currency the words do not name
			end, per := moneyPeriod(ts, i+2)
			add("money::"+per, scaleBy(n, 1e3), i, end)
			continue
		}
		if sn, k := scaled(ts, i+1, n); k > i+1 && free(i, k+1) {
			// "2 million dollars"
			if cur, ok := currencyWord(k); ok {
				end, per := moneyPeriod(ts, k+1)
				add("money:"+cur+":"+per, sn, i, end)
				continue
			}
		}
		if wn, k, ok := wordNumberAt(ts, i); ok && free(i, k) {
			// "fifty-five dollars", "twelve hundred pounds"
			if cur, ok := currencyWord(k); ok {
				end, per := moneyPeriod(ts, k+1)
				add("money:"+cur+":"+per, wn, i, end)
				continue
			}
			if low(k) == "%" || low(k) == "percent" {
				add("percent", wn, i, rateEnd(ts, k+1)) // "four point two five percent"
				continue
			}
			if low(k) == "per" && low(k+1) == "cent" {
				add("percent", wn, i, rateEnd(ts, k+2))
				continue
			}
		}
		if cur, ok := currencyWord(i + 1); ok {
			end, per := moneyPeriod(ts, i+2)
			add("money:"+cur+":"+per, n, i, end)
			continue
		}
		if low(i+1) == "€" && free(i+1, i+2) {
			if _, _, next := amountAt(ts, i+2); !next {
				// "1 800 € a month": the euro sign after the amount, as
				// French and others write it
				end, per := moneyPeriod(ts, i+2)
				add("money:eur:"+per, n, i, end)
				continue
			}
		}
		if low(i+1) == "%" || low(i+1) == "percent" {
			add("percent", n, i, rateEnd(ts, i+2))
			continue
		}
		if low(i+1) == "per" && low(i+2) == "cent" {
			add("percent", n, i, rateEnd(ts, i+3))
			continue
		}
		if c, end, ok := clockAt(ts, i); ok {
			add("clock", c, i, end)
		}
	}
	// days, dates and months
	for i := 0; i < len(ts); i++ {
		if !free(i, i+1) {
			continue
		}
		w := low(i)
		if singular(w) == "monday" && (low(i+1) == "to" || low(i+1) == "through" || low(i+1) == "-") && singular(low(i+2)) == "friday" && free(i+1, i+3) {
			add("day", "weekday", i, i+3) // "Monday to Friday" is every weekday
			continue
		}
		if key, end, ok := numericDate(ts, i); ok && free(i, end) {
			add("date", key, i, end) // "14/03/2025", "2025-03-14"
			continue
		}
		if d, ok := weekdays[singular(w)]; ok {
			end, key := i+1, d
			if p, ok := dayParts[low(i+1)]; ok {
				end, key = i+2, d+" "+p
			}
			add("day", key, i, end)
			continue
		}
		if key, end, ok := holidayAt(ts, i); ok && free(i, end) {
			add("date", key, i, end) // "Christmas Eve" is 24 December
			continue
		}
		m, abbr, isMonth := temporal.MonthName(w) // "9 Nov", "Sept 3rd": an abbreviation only with a day
		month := strings.ToLower(m.String())
		if isMonth && !(w == "may" && !capitalised(ts[i].raw)) {
			// "2 May", "May 2nd", "the 2nd of May", "the ninth of May", or
			// "June" alone
			if d, ok := dayOfMonth(low(i + 1)); ok && free(i+1, i+2) {
				add("date", month+" "+d, i, i+2)
			} else if d, ok := dayOfMonth(low(i - 1)); ok && free(i-1, i) {
				add("date", month+" "+d, i-1, i+1)
			} else if d, ok := dayOfMonth(low(i - 2)); ok && low(i-1) == "of" && free(i-2, i-1) {
				add("date", month+" "+d, i-2, i+1)
			} else if !abbr || yearWord(low(i+1)) && capitalised(ts[i].raw) {
				// "June", "Aug 2027"
				add("month", month, i, i+1)
			} else {
				continue
			}
			if end := len(out) - 1; yearWord(low(out[end].to)) {
				// "March 2031": the year is part of the value
				out[end].key += " " + low(out[end].to)
				out[end].to++
				used[out[end].to-1] = true
			}
		}
	}
	// a day of the month alone: "on the 20th", "moved to the 27th" (not
	// "the 20th of May", read above, nor "the 3rd floor")
	for i := 1; i < len(ts); i++ {
		w := low(i)
		if low(i-1) != "the" || !free(i-1, i+1) || !ordinalDay(w) {
			continue
		}
		if next := low(i + 1); next != "" && !ts[i+1].brk && next != "for" && next != "at" && next != "and" && next != "instead" && next != "now" && next != "not" && next != "," && next != "." && next != "!" && next != "?" {
			continue // "the 3rd floor", "the 20th of May"
		}
		if d, ok := dayOfMonth(w); ok && (i < 2 || dayPreps[low(i-2)]) {
			add("date", d, i-1, i+1)
		}
	}
	// school grades and years: "in third grade", "4th grade", "grade
	// 4", "a fifth-grader", "Year 4" (a British school year is another
	// type: Year 4 is not grade 4)
	for i := 0; i < len(ts); i++ {
		switch w := low(i); {
		case (w == "grade" || w == "grader") && i > 0 && free(i-1, i+1):
			if n, ok := ordinal(low(i - 1)); ok {
				add("grade", n, i-1, i+1)
			}
		case w == "grade" && free(i, i+2):
			if n, ok := number(low(i + 1)); ok && !strings.Contains(n, ".") {
				add("grade", n, i, i+2)
			}
		case ts[i].raw == "Year" && free(i, i+2) && i+1 < len(ts):
			if n, ok := number(low(i + 1)); ok && len(n) <= 2 {
				add("schoolyear", n, i, i+2)
			}
		}
	}
	// measures: a bare number a few words after what it measures ("my
	// Lichess rating's hovering around 1450", "resting heart rate's come
	// down to 58", "handicap is 18")
	for i := 0; i < len(ts); i++ {
		if !free(i, i+1) || !measureLink(ts, i) {
			continue
		}
		for j := i + 1; j < len(ts) && j <= i+5; j++ {
			if ts[j].brk && j > i+1 {
				break
			}
			if n, ok := number(low(j)); ok {
				if free(j, j+1) && (j+1 >= len(ts) || !knownUnit(low(j+1)) && !notUnitsAfterMeasure(low(j+1))) {
					add("measure:"+strings.TrimSuffix(low(i), "'s"), n, j, j+1)
				}
				break
			}
			if !measureVerbs[low(j)] {
				break
			}
		}
	}
	// numbered things: "plot 14", "platform 9", "size 10", "locker 23"
	for i := 0; i+1 < len(ts); i++ {
		if !labelNouns[low(i)] || !free(i, i+2) || capitalised(ts[i].raw) && !claimStart(ts, i) {
			continue // a capitalised one is a product's version, below
		}
		if isCopula(low(i+1)) && low(i+2) == "number" && i+3 < len(ts) && free(i+2, i+4) {
			if n, ok := number(low(i + 3)); ok && !strings.Contains(n, ".") {
				add("version:"+low(i), n, i+2, i+4) // "the plot is number 14"
				continue
			}
		}
		if isCopula(low(i+1)) && i+2 < len(ts) && free(i+2, i+3) && startsWithNumber(low(i+2)) && !knownUnit(low(i+3)) && (i+3 >= len(ts) || ts[i+3].brk || notUnits[low(i+3)]) {
			add("version:"+low(i), low(i+2), i+2, i+3) // "her shoe size is 12", "my locker is 17"
			continue
		}
		if v := low(i + 1); hasDigit(v) && len(v) <= 5 && strings.Trim(v, "0123456789abcdefghjk") == "" && v[0] >= '0' && v[0] <= '9' && !knownUnit(low(i+2)) {
			add("version:"+low(i), v, i, i+2)
		}
	}
	// versions of named products, quantities and ages
	for i := 0; i < len(ts); i++ {
		if !free(i, i+1) {
			continue
		}
		w := ts[i].raw
		multiword := i > 0 && capitalised(ts[i-1].raw) && !claimStart(ts, i-1) // "Mazda CX-5" is a name
		if capitalised(w) && !hasDigit(w) && free(i+1, i+2) && i+1 < len(ts) && !calendarWords[low(i)] && !claimStart(ts, i) && !multiword {
			if v := strings.TrimPrefix(low(i+1), "v"); hasDigit(v) && strings.Trim(v, "0123456789.") == "" && !knownUnit(low(i+2)) {
				add("version:"+productKey(low(i)), v, i, i+2)
				continue
			}
		}
		if n, u, ok := numberWithUnit(low(i)); ok {
			t, key := quantity(n, u)
			add(t, key, i, i+1) // "50mcg", "20GB"
			continue
		}
		if wn, k, ok := wordNumberAt(ts, i); ok && !notUnits[low(k)] && isWord(low(k)) && k < len(ts) {
			// "two and a half milligrams", "a dozen eggs", "fifty-eight
			// beats per minute"
			if u, end := unitAt(ts, k); free(i, end) {
				t, key := quantity(wn, u)
				add(t, key, i, end)
				continue
			}
		}
		if low(i) == "a" && low(i+1) == "fortnight" && i > 0 && durationVerbs[low(i-1)] && free(i, i+2) {
			add("quantity:week", "2", i, i+2) // "lasts a fortnight"
			continue
		}
		if (low(i) == "an" || low(i) == "a") && unitKey(low(i+1)) == "hour" && low(i+2) == "and" && low(i+3) == "a" && low(i+4) == "half" && free(i, i+5) {
			add("quantity:minute", "90", i, i+5) // "an hour and a half"
			continue
		}
		if (low(i) == "a" || low(i) == "an") && (isCopula(low(i-1)) || oneUnitBefore[low(i-1)]) && (unitKey(low(i+1)) == "hour" || unitKey(low(i+1)) == "minute") && free(i, i+2) {
			// "my commute is over an hour", "it takes a minute"
			t, key := quantity("1", low(i+1))
			add(t, key, i, i+2)
			continue
		}
		if low(i) == "half" && (low(i+1) == "a" || low(i+1) == "an") && knownUnit(low(i+2)) && free(i+1, i+3) {
			// "half an hour" is 30 minutes; "half a millilitre" 0.5 ml
			if unitKey(low(i+2)) == "hour" {
				add("quantity:minute", "30", i, i+3)
			} else {
				add("quantity:"+unitKey(low(i+2)), "0.5", i, i+3)
			}
			continue
		}
		if n, ok := birthdayOrdinal(ts, i); ok {
			// "Ger's 49th is next month", "her 40th birthday": the age
			// turned then
			add("quantity:age", n, i, i+1)
			continue
		}
		n, ok := number(low(i))
		if !ok {
			continue
		}
		if i > 0 && (low(i-1) == "every" || low(i-1) == "each") && freqUnits[singular(low(i+1))] != "" {
			continue // "every two weeks" is how often (frequencies)
		}
		if yearWord(n) {
			add("year", n, i, i+1)
			continue
		}
		if i > 0 && capitalised(ts[i-1].raw) && !used[i-1] && !knownUnit(low(i+1)) && !strings.HasSuffix(low(i-1), "'s") && low(i-1) != "i'm" && !topicDrop[low(i-1)] {
			continue // "Room 12", "Route 9": a numbered name, not "Virgin's 500 Mbps", "I'm 41" or "Now 19 weddings"
		}
		if sn, k := scaled(ts, i+1, n); k > i+1 {
			// "1.2 million people"; "worth 450 thousand" has no unit
			if u := low(k); k < len(ts) && !notUnits[u] && free(i, k+1) && isWord(u) {
				t, key := quantity(sn, u)
				add(t, key, i, k+1)
			}
			i = k - 1
			continue
		}
		u := low(i + 1)
		switch {
		case u == "per" && isWord(low(i+2)) && !timeUnits[singular(low(i+2))] && !notUnits[low(i+2)] && free(i, i+3):
			// "680 per litre", "25 per head": a price with no currency
			// said, per the thing
			add("money::"+singular(low(i+2)), n, i, i+3)
		case (u == "year" || u == "years") && low(i+2) == "old":
			add("quantity:age", n, i, i+3)
		case u == "" || i+1 < len(ts) && (isCopula(low(i-1)) || ageVerbs[low(i-1)] || personIs(ts, i-1)) && (notUnits[u] || ts[i+1].brk || u == "in" || u == "last" || u == "next" || u == "this" || u == "on" || u == "now" && personIs(ts, i-1)):
			switch {
			case ageVerbs[low(i-1)] && free(i-1, i):
				add("quantity:age", n, i-1, i+1) // "Grandad turned 91 in March"
			case (isCopula(low(i-1)) && (u == "" || notUnits[u]) || ageVerbs[low(i-1)]) && plausibleAge(n):
				add("quantity:age", n, i, i+1) // "Tigger is 9.", not "the loan is 1,200,000"
			case personIs(ts, i-1) && plausibleAge(n) && !hasDigit(low(i+1)):
				add("quantity:age", n, i, i+1) // "Dad's 72 this year", "she's 7 now"
			}
		case rateAt(ts, i+1) && free(i+1, i+4):
			// "100 megabits per second" = "100 Mbps"
			r, end := unitAt(ts, i+1)
			t, key := quantity(n, r)
			add(t, key, i, end)
		case unitKey(u) == "degree" && free(i+1, i+3) && scaleUnit(low(i+2)) != "":
			// "28 degrees C", "82 degrees Fahrenheit"
			t, key := quantity(n, scaleUnit(low(i+2)))
			add(t, key, i, i+3)
		case unitKey(u) == "foot" && free(i+1, i+3) && inchesAfter(ts, i+2) != "":
			// "5 foot 7", "5 ft 7 in", "five feet seven inches"
			f, _ := strconv.ParseFloat(n, 64)
			in, _ := strconv.ParseFloat(inchesAfter(ts, i+2), 64)
			end := i + 3
			if end < len(ts) && (unitKey(low(end)) == "inch" || low(end) == "in") && free(end, end+1) {
				end++
			}
			add("quantity:cm", "~"+tenths(f*lengthCm["foot"]+in*lengthCm["inch"]), i, end)
		case servingUnits[singular(u)] && low(i+2) == "of" && free(i+1, i+4) && isWord(low(i+3)) && !topicDrop[low(i+3)] && (i+4 >= len(ts) || ts[i+4].brk || !isWord(low(i+4)) || topicDrop[low(i+4)] || notUnits[low(i+4)]):
			// "three cups of coffee" are three coffees
			t, key := quantity(n, low(i+3))
			add(t, key, i, i+4)
		case strings.HasSuffix(u, "ing") && len(u) > 5 && i+2 < len(ts) && !ts[i+2].brk && strings.HasSuffix(low(i+2), "s") && isWord(low(i+2)) && !notUnits[low(i+2)] && free(i+1, i+3):
			// "105 milking cows", "3 working days": the unit is the
			// noun the participle qualifies
			t, key := quantity(n, low(i+2))
			add(t, key, i, i+3)
		case !notUnits[u] && free(i+1, i+2) && isWord(u):
			t, key := quantity(n, u)
			add(t, key, i, i+2)
		}
	}
	// names: the memory's entities other than its subject
	subj := strings.Join(key(m.Subject), " ")
	for _, e := range m.Entities {
		ek := key(e.Name)
		if len(ek) == 0 || strings.Join(ek, " ") == subj {
			continue
		}
		for i := 0; i+len(ek) <= len(ts); i++ {
			match := true
			for j, w := range ek {
				if k := key(ts[i+j].low); len(k) != 1 || k[0] != w {
					match = false
					break
				}
			}
			if match && free(i, i+len(ek)) {
				typ := "name"
				if e.Kind == schema.KindPerson {
					typ = "person"
				}
				add(typ, strings.Join(ek, " "), i, i+len(ek))
				break
			}
		}
	}
	out = frequencies(ts, used, out)
	out = looseClocks(ts, used, out)
	out = monthSpans(ts, out)
	periodAdjective(ts, out)
	markOld(ts, out)
	return ts, out
}

// monthSpans joins "from November to March" (or "until", "till",
// "through") into one value of type span: a period, not a change from
// one month to another.
func monthSpans(ts []ctok, vs []typedValue) []typedValue {
	for a := 0; a < len(vs); a++ {
		if vs[a].typ != "month" || vs[a].from == 0 || ts[vs[a].from-1].low != "from" || vs[a].to >= len(ts) {
			continue
		}
		switch ts[vs[a].to].low {
		case "to", "until", "till", "through":
		default:
			continue
		}
		for b := range vs {
			if vs[b].typ == "month" && vs[b].from == vs[a].to+1 {
				span := typedValue{typ: "span", key: vs[a].key + "-" + vs[b].key, from: vs[a].from - 1, to: vs[b].to}
				out := make([]typedValue, 0, len(vs)-1)
				for k, v := range vs {
					if k != a && k != b {
						out = append(out, v)
					}
				}
				return append(out, span)
			}
		}
	}
	return vs
}

// unitSynonyms fold spellings of one unit: "30 seconds" = "30 s",
// "24 kilos" = "24 kg".
// ageVerbs say an age: "turned 91", "turns 7 next week", "aged 40".
var ageVerbs = map[string]bool{"turned": true, "turns": true, "aged": true, "turning": true}

// birthdayOrdinal reads an ordinal at i as the age a birthday turns: after
// a possessive ("Ger's 49th", "her 40th") and before "birthday" or a verb
// that says when ("is", "was", "falls"); "the 14th is a Monday" is a day.
func birthdayOrdinal(ts []ctok, i int) (string, bool) {
	w := ts[i].low
	if len(w) < 3 || i == 0 {
		return "", false
	}
	n, suf := w[:len(w)-2], w[len(w)-2:]
	if n == "" || strings.Trim(n, "0123456789") != "" || suf != "st" && suf != "nd" && suf != "rd" && suf != "th" || len(n) > 3 {
		return "", false
	}
	prev := ts[i-1].low
	if !strings.HasSuffix(prev, "'s") && prev != "her" && prev != "his" && prev != "my" && prev != "our" && prev != "their" {
		return "", false
	}
	if i+1 < len(ts) {
		switch ts[i+1].low {
		case "birthday", "bday", "b-day", "is", "was", "falls", "party":
			return n, true
		}
	}
	return "", false
}

// weighWords say that pounds in the claim are a mass, not money.
var weighWords = map[string]bool{
	"weigh": true, "weighs": true, "weighed": true, "weighing": true, "weight": true, "weighs-in": true,
	"heavy": true, "heavier": true, "lighter": true, "overweight": true, "underweight": true,
}

var unitSynonyms = map[string]string{
	"s": "second", "sec": "second", "secs": "second", "second": "second",
	"min": "minute", "mins": "minute", "minute": "minute",
	"h": "hour", "hr": "hour", "hrs": "hour", "hour": "hour",
	"ms": "millisecond", "millisecond": "millisecond", "msec": "millisecond",
	"kg": "kg", "kgs": "kg", "kilo": "kg", "kilogram": "kg", "kilogramme": "kg",
	"g": "g", "gram": "g", "gramme": "g", "gm": "g", "grm": "g",
	"mg": "mg", "milligram": "mg", "milligramme": "mg",
	"mcg": "microgram", "µg": "microgram", "ug": "microgram", "microgram": "microgram", "microgramme": "microgram",
	"ml": "ml", "millilitre": "ml", "milliliter": "ml",
	"l": "litre", "litre": "litre", "liter": "litre", "ltr": "litre",
	"mb": "mb", "megabyte": "mb", "gb": "gb", "gigabyte": "gb", "tb": "tb", "terabyte": "tb",
	"km": "km", "kilometre": "km", "kilometer": "km", "mi": "mile", "mile": "mile",
	"m": "metre", "metre": "metre", "meter": "metre", "cm": "cm", "centimetre": "cm", "centimeter": "cm",
	"mm": "mm", "millimetre": "mm", "millimeter": "mm", "lb": "lb", "lbs": "lb", "pound": "lb",
	"oz": "oz", "ounce": "oz", "mbps": "mbps", "gbps": "gbps", "mph": "mph", "kph": "kph", "kmh": "kph", "mpg": "mpg", "bpm": "bpm",
	"megabit": "mbps", "gigabit": "gbps",
	"c": "degree", "°c": "degree", "celsius": "degree", "centigrade": "degree", "degree": "degree",
	"°f": "fahrenheit", "fahrenheit": "fahrenheit", "f": "fahrenheit",
	"ft": "foot", "feet": "foot", "foot": "foot", "inch": "inch", "inches": "inch", "gallon": "gallon", "gal": "gallon",
	"yr": "year", "yrs": "year", "wk": "week", "wks": "week", "mo": "month", "mos": "month",
	"req": "request", "reqs": "request", "request": "request",
}

// unitAt reads the unit at ts[k]: a rate said in words ("megabits per
// second" is Mbps) or the word itself. It returns where the unit ends.
func unitAt(ts []ctok, k int) (string, int) {
	if rateAt(ts, k) {
		return rateUnits[unitKey(ts[k].low)+"/"+unitKey(ts[k+2].low)], k + 3
	}
	if k < len(ts) {
		return ts[k].low, k + 1
	}
	return "", k
}

// rateAt reports whether a rate in words (rateUnits) starts at ts[k].
func rateAt(ts []ctok, k int) bool {
	return k+2 < len(ts) && ts[k+1].low == "per" && rateUnits[unitKey(ts[k].low)+"/"+unitKey(ts[k+2].low)] != ""
}

// holidays are days named for a fixed date, as date keys.
var holidays = map[string]string{
	"christmas eve": "december 24", "christmas day": "december 25", "boxing day": "december 26",
	"new year's eve": "december 31", "new year's day": "january 1", "valentine's day": "february 14",
	"halloween": "october 31", "bonfire night": "november 5", "st patrick's day": "march 17",
	"st. patrick's day": "march 17", "hogmanay": "december 31",
}

// holidayAt reads a day named for its date at ts[i] ("Christmas Eve") and
// returns its date key and where it ends.
func holidayAt(ts []ctok, i int) (string, int, bool) {
	phrase := ""
	for k := i; k < len(ts) && k < i+3; k++ {
		if k > i {
			phrase += " "
		}
		phrase += ts[k].low
		if key, ok := holidays[phrase]; ok {
			return key, k + 1, true
		}
	}
	return "", 0, false
}

// rateQualifiers name what a percentage is a rate of, and belong to the
// value: "4.5% interest" is the rate as "3.2%" is.
var rateQualifiers = map[string]bool{"interest": true, "aer": true, "apr": true, "apy": true}

// rateEnd extends a percentage ending before i over a rate qualifier.
func rateEnd(ts []ctok, i int) int {
	if i < len(ts) && rateQualifiers[ts[i].low] {
		return i + 1
	}
	return i
}

// nationalNumber writes a phone number's digits as dialled at home: the
// UK's +44 (or 0044) as a leading 0, North America's +1 dropped ("+44 7700
// 900123" = "07700 900123", "+1 415 555 0100" = "415 555 0100").
func nationalNumber(d string) string {
	switch {
	case strings.HasPrefix(d, "0044") && len(d) == 14:
		return "0" + d[4:]
	case strings.HasPrefix(d, "44") && len(d) == 12:
		return "0" + d[2:]
	case strings.HasPrefix(d, "001") && len(d) == 13:
		return d[3:]
	case strings.HasPrefix(d, "1") && len(d) == 11:
		return d[1:]
	}
	return d
}

// rateUnits are units of one thing per another said in words, by their
// unit keys: "megabits per second" is Mbps.
var rateUnits = map[string]string{
	"mbps/second": "mbps", "gbps/second": "gbps", "mile/hour": "mph", "km/hour": "kph",
	"mile/gallon": "mpg", "beat/minute": "bpm",
}

// monthNames are the months in order.
var monthNames = []string{"january", "february", "march", "april", "may", "june", "july", "august", "september",
	"october", "november", "december"}

// numericDate reads a date written in digits, day first ("14/03/2025",
// "14.3.25") or year first ("2025-03-14"), as the key "march 14" that a
// date in words has (the year, as there, is left out). A day-first date
// whose two first numbers could both be months is read day first.
func numericDate(ts []ctok, i int) (string, int, bool) {
	if i+2 >= len(ts) {
		return "", 0, false
	}
	var n [3]int
	for k := range 3 {
		w := ts[i+k].low
		if w == "" || strings.Trim(w, "0123456789") != "" || k > 0 && ts[i+k].brk {
			return "", 0, false
		}
		n[k], _ = strconv.Atoi(w)
	}
	d, m := n[0], n[1]
	switch {
	case len(ts[i].low) == 4 && len(ts[i+2].low) <= 2:
		d, m = n[2], n[1] // year first
	case len(ts[i+2].low) == 4 || len(ts[i+2].low) == 2 && len(ts[i].low) <= 2:
		if m > 12 && d <= 12 {
			d, m = m, d // "03/14/2025"
		}
	default:
		return "", 0, false
	}
	if d < 1 || d > 31 || m < 1 || m > 12 {
		return "", 0, false
	}
	return monthNames[m-1] + " " + strconv.Itoa(d), i + 3, true
}

// durationVerbs say how long a thing takes: "lasts a fortnight".
var durationVerbs = map[string]bool{"lasts": true, "last": true, "lasted": true, "takes": true, "take": true,
	"took": true, "for": true, "spend": true, "spent": true}

// quantity is the type and key of n units u, durations in minutes ("1.5
// hours" is "90 minutes") and a fortnight as two weeks.
func quantity(n, u string) (string, string) {
	if u == "bed" {
		u = "bedroom" // "a three-bed", "a two bed flat"; "40 beds" are beds
	}
	u = unitKey(u)
	f, err := strconv.ParseFloat(n, 64)
	switch {
	case err != nil:
	case u == "hour" && f*60 == float64(int(f*60)):
		return "quantity:minute", strconv.Itoa(int(f * 60))
	case u == "fortnight":
		return "quantity:week", strconv.FormatFloat(f*2, 'f', -1, 64)
	case lengthCm[u] > 0:
		// one length in centimetres: "1.78 m" = "178 cm", "5 ft" =
		// "~152.4" (said in feet and inches: as near as that goes)
		return "quantity:cm", imperial[u] + tenths(f*lengthCm[u])
	case u == "fahrenheit":
		// one temperature in Celsius, to a tenth: "350F" is 176.7
		return "quantity:degree", tenths((f - 32) * 5 / 9)
	}
	return "quantity:" + u, n
}

// inchesAfter is the inches after a number of feet ("5 foot 7"), or "".
func inchesAfter(ts []ctok, k int) string {
	if k >= len(ts) {
		return ""
	}
	n, ok := number(ts[k].low)
	if f, err := strconv.ParseFloat(n, 64); !ok || err != nil || f < 0 || f >= 12 {
		return ""
	}
	return n
}

// servingUnits count servings of the one word that follows "of": "three
// cups of coffee", "two glasses of wine" (but "two cups of dry food" stay
// cups).
var servingUnits = map[string]bool{"cup": true, "mug": true, "glass": true, "slice": true, "bowl": true, "can": true, "piece": true, "portion": true, "serving": true}

// scaleUnit is the temperature scale a word after "degrees" names, or "".
func scaleUnit(w string) string {
	switch w {
	case "c", "celsius", "centigrade":
		return "degree"
	case "f", "fahrenheit":
		return "fahrenheit"
	}
	return ""
}

// lengthCm are the centimetres in a unit of length a person's height, a
// room or a garden is said in.
var lengthCm = map[string]float64{"metre": 100, "mm": 0.1, "foot": 30.48, "inch": 2.54}

// imperial marks the lengths said in feet and inches, which are compared
// with metric ones as near as a conversion goes.
var imperial = map[string]string{"foot": "~", "inch": "~"}

// sameLength: two centimetre keys that are one length: within half a
// centimetre, or, when one was said in feet and inches ("~"), within a
// centimetre or 2% ("8 ft" is 243.8, "2.4 m" 240; "5 foot 10" 177.8,
// "1.78 m" 178).
func sameLength(a, b string) bool {
	if strings.HasPrefix(a, "~") || strings.HasPrefix(b, "~") {
		return nearNumbers(strings.TrimPrefix(a, "~"), strings.TrimPrefix(b, "~"), 1, 0.02)
	}
	return nearNumbers(a, b, 0.5, 0)
}

// sameTemperature: two Celsius keys within what rounding a temperature
// said in the other scale leaves ("180C" / "350F" is 176.7; "28°C" /
// "82°F" is 27.8): a degree, or 2.5% of the larger.
func sameTemperature(a, b string) bool { return nearNumbers(a, b, 1, 0.025) }

// nearNumbers: keys a and b are numbers at most abs apart, or ratio of the
// larger.
func nearNumbers(a, b string, abs, ratio float64) bool {
	x, err1 := strconv.ParseFloat(a, 64)
	y, err2 := strconv.ParseFloat(b, 64)
	if err1 != nil || err2 != nil {
		return false
	}
	return math.Abs(x-y) <= max(abs, ratio*max(math.Abs(x), math.Abs(y)))
}

// tenths writes a converted amount to a tenth: 176.7, 243.8.
func tenths(f float64) string { return strconv.FormatFloat(math.Round(f*10)/10, 'f', -1, 64) }

// wordNumberAt reads a number said in more than one word at ts[i]:
// "fifty-five", "twelve hundred", "fifty-two thousand", "two hundred and
// fifty", "two and a half", "a dozen". It gives the number and where it
// ends; ok is false for none, or for one word (number reads those).
func wordNumberAt(ts []ctok, i int) (string, int, bool) {
	low := func(k int) string {
		if k < len(ts) {
			return ts[k].low
		}
		return ""
	}
	if low(i) == "dozen" || low(i) == "a" && low(i+1) == "dozen" {
		k := i + 1
		if low(i) == "a" {
			k = i + 2
		}
		return "12", k, true
	}
	total, cur, k, words := 0, 0, i, 0
	for ; k < len(ts); k++ {
		w := low(k)
		n, isNum := countWords[w]
		switch {
		case isNum && w != "hundred" && (words == 0 || cur%10 == 0 && n < 10 || cur%100 == 0 && n < 100 && cur > 0):
			cur += n
		case w == "hundred" && words > 0 && cur > 0 && cur < 100:
			cur *= 100
		case w == "thousand" && words > 0 && cur > 0:
			total, cur = total+cur*1000, 0
		case w == "and" && words > 0 && countWords[low(k+1)] > 0 && countWords[low(k+1)] < 100 && (cur >= 100 || total > 0):
			// "two hundred and fifty"
		default:
			goto done
		}
		words++
	}
done:
	if words == 0 {
		return "", 0, false
	}
	n := strconv.Itoa(total + cur)
	if low(k) == "and" && low(k+1) == "a" && low(k+2) == "half" {
		n, k, words = n+".5", k+3, words+3
	}
	if low(k) == "point" {
		// "four point two five" is 4.25
		frac := ""
		for j := k + 1; j < len(ts); j++ {
			d, ok := countWords[low(j)]
			if low(j) == "zero" || low(j) == "oh" {
				d, ok = 0, true
			}
			if !ok || d > 9 {
				break
			}
			frac += strconv.Itoa(d)
		}
		if frac != "" {
			n, k, words = n+"."+frac, k+1+len(frac), words+1+len(frac)
		}
	}
	return n, k, words > 1
}

// numberWithUnit reads a number written together with its unit: "50mcg",
// "20gb", "2.5kg". A clock time ("9am") or an ordinal ("3rd") is not one.
func numberWithUnit(w string) (n, unit string, ok bool) {
	i := strings.IndexFunc(w, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if i <= 0 {
		return "", "", false
	}
	n, ok = number(w[:i])
	u := w[i:]
	if !ok || !knownUnit(u) || u == "am" || u == "pm" || len(u) == 1 && u != "g" && u != "l" && u != "m" {
		return "", "", false
	}
	return n, u, true
}

// knownUnit: u is a unit of unitSynonyms, in any of its spellings.
func knownUnit(u string) bool {
	if _, ok := unitSynonyms[u]; ok {
		return true
	}
	_, ok := unitSynonyms[singular(u)]
	return ok && u != ""
}

// unitKey is a unit's one spelling: singular, abbreviations folded.
func unitKey(u string) string {
	if k, ok := unitSynonyms[u]; ok {
		return k
	}
	s := singular(u)
	if k, ok := unitSynonyms[s]; ok {
		return k
	}
	return s
}

// personIs: the token at i is a person with "'s" ("Dad's", "she's",
// "Maya's"), so a bare number after it is an age.
func personIs(ts []ctok, i int) bool {
	if i < 0 || i >= len(ts) {
		return false
	}
	if ts[i].low == "i'm" {
		return true // "I'm 41"
	}
	who, ok := strings.CutSuffix(ts[i].low, "'s")
	if !ok {
		return false
	}
	return who == "he" || who == "she" || kinWords[who] || capitalised(ts[i].raw) && !calendarWords[who]
}

// isCopula: a form of "be".
func isCopula(w string) bool {
	switch w {
	case "is", "are", "was", "were", "be", "been", "being", "am", "'s":
		return true
	}
	return false
}

// isWord: w is letters only.
func isWord(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return w != ""
}

// oneUnitBefore may come before "an hour" said as an amount of time:
// "over an hour", "takes an hour".
var oneUnitBefore = map[string]bool{"over": true, "under": true, "about": true, "around": true, "nearly": true, "almost": true, "just": true, "takes": true, "took": true, "roughly": true}

// measureNouns are what a bare number measures: a rating, a score, a
// rate of the body, a golf handicap.
var measureNouns = map[string]bool{"rating": true, "rate": true, "score": true, "handicap": true, "elo": true, "ranking": true, "streak": true}

// measureVerbs may stand between a measure and its number.
var measureVerbs = map[string]bool{
	"is": true, "'s": true, "was": true, "sits": true, "sitting": true, "hovers": true, "hovering": true,
	"around": true, "about": true, "at": true, "up": true, "down": true, "to": true, "now": true,
	"currently": true, "has": true, "come": true, "gone": true, "dropped": true, "risen": true,
	"climbed": true, "stands": true, "of": true, "just": true, "over": true, "under": true, "roughly": true,
}

// measureLink: the token at i is a measure noun ("rating", "rating's").
func measureLink(ts []ctok, i int) bool {
	return measureNouns[strings.TrimSuffix(ts[i].low, "'s")]
}

// notUnitsAfterMeasure are words after a number that make it no measure's
// value: "a rate of 3 times", "a score of 2 goals".
func notUnitsAfterMeasure(w string) bool {
	return isWord(w) && !notUnits[w]
}

// labelNouns are things known by a number that is their value: one plot,
// platform, seat or shoe size at a time ("we swapped to plot 22"). A room
// or a desk is where something is ("the projector in room 2"), not a
// value it holds.
var labelNouns = map[string]bool{
	"plot": true, "platform": true, "gate": true, "seat": true, "locker": true, "bay": true, "pitch": true,
	"size": true, "stage": true, "level": true, "tier": true, "band": true, "zone": true, "ward": true,
	"berth": true,
}

// productKey folds spellings of one product: "postgresql" = "postgres".
func productKey(w string) string {
	if strings.HasSuffix(w, "ql") && len(w) > 6 && !strings.HasPrefix(w, "my") {
		return strings.TrimSuffix(w, "ql")
	}
	return w
}

// scaleWords multiply the number before them: "£1.2 million", "450
// thousand".
var scaleWords = map[string]float64{"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}

// scaleSuffixes are scale words written onto an amount after a currency
// sign: "£1.2m", "$3bn".
var scaleSuffixes = map[string]float64{"m": 1e6, "mn": 1e6, "bn": 1e9}

// maxAge bounds what "is 91" may be read as an age.
const maxAge = 130

// plausibleAge reports whether n can be a person's or an animal's age.
func plausibleAge(n string) bool {
	f, err := strconv.ParseFloat(n, 64)
	return err == nil && f >= 0 && f <= maxAge
}

// scaled multiplies n by the scale word at ts[k], if one is there, and
// returns where the number ends: k+1 after a scale word, else k.
func scaled(ts []ctok, k int, n string) (string, int) {
	if k < len(ts) {
		if f, ok := scaleWords[ts[k].low]; ok {
			return scaleBy(n, f), k + 1
		}
	}
	return n, k
}

// amountAt reads the amount after a currency sign, at ts[k]: a number
// ("£900"), scaled by a word ("£1.2 million") or a suffix ("£1.2m",
// "$3bn"). It returns the amount and where it ends.
func amountAt(ts []ctok, k int) (string, int, bool) {
	if k >= len(ts) {
		return "", 0, false
	}
	if n, ok := number(ts[k].low); ok {
		n, end := scaled(ts, k+1, n)
		return n, end, true
	}
	for suf, f := range scaleSuffixes {
		if d, ok := strings.CutSuffix(ts[k].low, suf); ok && hasDigit(d) {
			if n, ok := number(d); ok {
				return scaleBy(n, f), k + 1, true
			}
		}
	}
	return "", 0, false
}

// scaleBy multiplies the number n (as number spells it) by f, spelled the
// same way: "1.2" × 1e6 = "1200000".
func scaleBy(n string, f float64) string {
	v, err := strconv.ParseFloat(n, 64)
	if err != nil {
		return n
	}
	v *= f
	if r := math.Round(v); math.Abs(v-r) < 1e-9*math.Max(1, math.Abs(v)) {
		v = r
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// moneyPeriod reads a period after an amount ending before i: "a month",
// "per month", "each year", "monthly". It returns where the amount ends
// and the period ("" for none).
func moneyPeriod(ts []ctok, i int) (int, string) {
	if i < len(ts) {
		if p, ok := periodAdverbs[ts[i].low]; ok {
			return i + 1, p
		}
		if w := ts[i].low; w == "hour" || w == "week" || w == "month" || w == "year" {
			return i + 1, w // "$85/hour" (the slash is no word)
		}
		if w, ok := periodShort[ts[i].low]; ok {
			return i + 1, w // "$45/hr", "£1,200/mo"
		}
	}
	if i+1 < len(ts) {
		switch ts[i].low {
		case "a", "an", "per", "each", "every":
			if p, ok := periods[singular(ts[i+1].low)]; ok {
				return i + 2, p
			}
		}
	}
	return i, ""
}

// periodShort are the short forms of a period after a slash: "$45/hr".
var periodShort = map[string]string{"hr": "hour", "h": "hour", "wk": "week", "mo": "month", "mth": "month", "yr": "year", "pa": "year"}

// ordinal reads "third" or "3rd" as "3" (first to twelfth).
func ordinal(w string) (string, bool) {
	if n, ok := ordinalWords[w]; ok {
		return strconv.Itoa(n), true
	}
	d, ok := strings.CutSuffix(w, w[max(len(w)-2, 0):])
	if !ok || d == "" || strings.Trim(d, "0123456789") != "" || !slices.Contains([]string{"st", "nd", "rd", "th"}, w[len(d):]) {
		return "", false
	}
	n, _ := strconv.Atoi(d)
	if n < 1 || n > 13 {
		return "", false
	}
	return strconv.Itoa(n), true
}

// ordinalWords are ordinals written out, first to twelfth.
var ordinalWords = map[string]int{
	"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
	"ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12,
}

// dayOfMonth reads "2", "2nd", "31st" or "ninth" as a day of a month.
func dayOfMonth(w string) (string, bool) {
	d, ok := temporal.DayOfMonth(w)
	return strconv.Itoa(d), ok
}

// clockAt reads a clock time at ts[i]: "8:00", "8am", "8 am", "8 pm",
// "8 o'clock", "noon", "midnight", "half nine", "half past nine",
// "quarter past nine", "quarter to ten". It returns the time as
// "H:MM" (24-hour when am or pm says so) and where it ends.
func clockAt(ts []ctok, i int) (string, int, bool) {
	w := ts[i].low
	next := func(k int) string {
		if i+k < len(ts) {
			return ts[i+k].low
		}
		return ""
	}
	hour := func(s string) (int, bool) {
		if n, ok := countWords[s]; ok && n <= 12 {
			return n, true
		}
		if n, err := strconv.Atoi(s); err == nil && n >= 0 && n <= 24 {
			return n, true
		}
		return 0, false
	}
	format := func(h, m int) string { return strconv.Itoa(h) + ":" + twoDigits(m) }
	switch w {
	case "noon", "midday":
		return "12:00", i + 1, true
	case "midnight":
		return "0:00", i + 1, true
	case "half":
		k := 1
		if next(1) == "past" {
			k = 2
		}
		if h, ok := hour(next(k)); ok && h >= 1 && h <= 12 {
			return halfOfDay(ts, format(h, 30), i+k+1)
		}
		return "", 0, false
	case "quarter":
		if h, ok := hour(next(2)); ok && h >= 1 && h <= 12 {
			switch next(1) {
			case "past":
				return halfOfDay(ts, format(h, 15), i+3)
			case "to":
				return halfOfDay(ts, format((h+11)%12, 45), i+3)
			}
		}
		return "", 0, false
	}
	// "twenty past six", "ten to nine", "5 past 3"
	atTime := i > 0 && clockPrepositions[ts[i-1].low]
	if m, k := minutesAt(ts, i); m > 0 && m < 60 && m%5 == 0 && (next(k) == "past" || next(k) == "to" && atTime && countWords[w] > 0) {
		// "at ten to nine"; "from 5 to 9" and "five to ten people" are
		// ranges
		if h, ok := hour(next(k + 1)); ok && h >= 1 && h <= 12 {
			if next(k) == "to" {
				h, m = (h+11)%12, 60-m
				if h == 0 {
					h = 12
				}
			}
			return halfOfDay(ts, format(h, m), i+k+2)
		}
	}
	ampm := func(h, m int, suffix string) (string, bool) {
		if h < 1 || h > 12 {
			return "", false
		}
		if suffix == "pm" && h != 12 {
			h += 12
		}
		if suffix == "am" && h == 12 {
			h = 0
		}
		return format(h, m), true
	}
	if c := strings.IndexByte(w, '.'); c > 0 && (strings.HasSuffix(w, "am") || strings.HasSuffix(w, "pm")) {
		w = w[:c] + ":" + w[c+1:] // "3.15pm"
	}
	if c := strings.IndexByte(w, ':'); c > 0 {
		for _, s := range []string{"am", "pm"} {
			// "2:30pm"
			if d, ok := strings.CutSuffix(w, s); ok {
				h, err1 := strconv.Atoi(d[:c])
				mm, err2 := strconv.Atoi(d[c+1:])
				if err1 == nil && err2 == nil && mm <= 59 && len(d[c+1:]) == 2 {
					if t, ok := ampm(h, mm, s); ok {
						return t, i + 1, true
					}
				}
				return "", 0, false
			}
		}
		h, err1 := strconv.Atoi(w[:c])
		mm, err2 := strconv.Atoi(w[c+1:])
		if err1 != nil || err2 != nil || h > 24 || mm > 59 || len(w[c+1:]) != 2 {
			return "", 0, false
		}
		if s := next(1); s == "am" || s == "pm" {
			if t, ok := ampm(h, mm, s); ok {
				return t, i + 2, true
			}
		}
		return format(h, mm), i + 1, true
	}
	for _, s := range []string{"am", "pm"} {
		if d, ok := strings.CutSuffix(w, s); ok && d != "" {
			if h, err := strconv.Atoi(d); err == nil {
				if t, ok := ampm(h, 0, s); ok {
					return t, i + 1, true
				}
			}
		}
	}
	if h, ok := hour(w); ok {
		switch next(1) {
		case "am", "pm":
			if t, ok := ampm(h, 0, next(1)); ok {
				return t, i + 2, true
			}
		case "o'clock", "oclock":
			return format(h, 0), i + 2, true
		}
	}
	return "", 0, false
}

// clockPrepositions say a clock time follows: "at ten to nine".
var clockPrepositions = map[string]bool{"at": true, "by": true, "until": true, "till": true, "around": true,
	"about": true, "before": true, "after": true}

// minutesAt reads the minutes of "twenty past", "twenty-five to", "5
// past" at ts[i]: the number and how many tokens it takes (0 for none).
func minutesAt(ts []ctok, i int) (int, int) {
	if i >= len(ts) {
		return 0, 0
	}
	w := ts[i].low
	if n, ok := countWords[w]; ok {
		if n == 20 && i+1 < len(ts) && countWords[ts[i+1].low] == 5 {
			return 25, 2
		}
		return n, 1
	}
	if n, err := strconv.Atoi(w); err == nil {
		return n, 1
	}
	return 0, 0
}

// halfOfDay gives a clock time said in words ("quarter past three") the
// half of the day said after it ("in the afternoon", "pm"), and where the
// time ends.
func halfOfDay(ts []ctok, clock string, end int) (string, int, bool) {
	h, m, _ := strings.Cut(clock, ":")
	n, _ := strconv.Atoi(h)
	pm, k := false, end
	switch {
	case end < len(ts) && ts[end].low == "pm":
		pm, k = true, end+1
	case end < len(ts) && ts[end].low == "am":
		k = end + 1
	case end+2 < len(ts) && ts[end].low == "in" && ts[end+1].low == "the":
		switch ts[end+2].low {
		case "afternoon", "evening":
			pm, k = true, end+3
		case "morning":
			k = end + 3
		}
	}
	if pm && n < 12 {
		n += 12
	}
	return strconv.Itoa(n) + ":" + m, k, true
}

func twoDigits(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// endingVerbs end what their object was to the speaker: "sold the
// Focus", "cancelled Riverford", "left Vodafone".
var endingVerbs = map[string]bool{
	"sold": true, "cancelled": true, "canceled": true, "ditched": true, "quit": true, "left": true,
	"dumped": true, "scrapped": true, "closed": true, "dropped": true, "traded": true, "swapped": true,
	"off": true, "abandoned": true, "retired": true, "axed": true, "binned": true, "discontinued": true,
	"withdrew": true, "withdrawn": true,
}

// offPlaces follow a name "off" places a thing by: "off Devonport wharf",
// "off Mill Road".
var offPlaces = map[string]bool{
	"wharf": true, "road": true, "rd": true, "street": true, "st": true, "coast": true, "island": true, "beach": true,
	"harbour": true, "harbor": true, "pier": true, "marina": true, "bay": true, "point": true, "lane": true,
	"avenue": true, "ave": true, "drive": true, "highway": true, "motorway": true, "exit": true, "junction": true, "shore": true,
}

// movedWords leave a place: "moved out of", "moving away from".
var movedWords = map[string]bool{"moved": true, "moving": true, "moves": true, "move": true, "'s": true, "got": true}

// finishingVerbs end a stage, a level or a school year ("passed Stage 3",
// "finished Year 2"), not a race or a course ("completed the Berlin
// Marathon").
var finishingVerbs = map[string]bool{"passed": true, "finished": true, "completed": true}

// stageType: the typed values a finishing verb ends: a grade, a school
// year, a numbered stage or level.
func stageType(typ string) bool {
	return typ == "grade" || typ == "schoolyear" || typ == "version:stage" || typ == "version:level"
}

// givingUp are the verbs of "gave up X", said of what no longer holds.
var givingUp = map[string]bool{"gave": true, "given": true, "give": true, "giving": true}

// leavingVerbs after a name say it no longer holds its place: "Dr Shaw
// retired", "Jordan left the company".
var leavingVerbs = map[string]bool{
	"retired": true, "left": true, "resigned": true, "quit": true, "died": true, "moved": true,
	"stepped": true,
}

// markOld marks the values a claim gives as the old one: after "from"
// with a "to" later in the claim, "not", "instead of", "rather than",
// "than", "replaced" or "replacing"; the object of an ending verb ("sold
// the Focus"); a name that a leaving verb follows ("Dr Shaw retired").
func markOld(ts []ctok, vs []typedValue) {
	hasTo := func(after int) bool {
		for j := after; j < len(ts); j++ {
			if ts[j].brk {
				// "Dr Maher from Macroom, we've been with him 20 years":
				// where he is from, not what he moved from
				return false
			}
			if ts[j].low == "to" || ts[j].low == "onto" || ts[j].low == "with" {
				return true
			}
		}
		return false
	}
	for k := range vs {
		i := vs[k].from
		prev := func(n int) string {
			if i-n >= 0 {
				return ts[i-n].low
			}
			return ""
		}
		p := prev(1)
		if p == "on" || p == "at" || p == "the" || p == "our" || p == "my" {
			// "not on Tuesday", "from the 2nd"
			p = prev(2)
			if prev(2) == "of" || prev(2) == "than" {
				p = prev(2)
				if prev(3) == "instead" || prev(3) == "rather" {
					p = prev(3) + " " + p
				}
			}
		} else if p == "of" || p == "than" {
			if q := prev(2); q == "instead" || q == "rather" {
				p = q + " " + p
			}
		}
		// "not with Barclays any more", "no longer on sertraline", "gave
		// up the Arch", "we're done with Virgin"
		up := 1 // where "up" of "gave up" would be
		if prev(1) == "the" {
			up = 2
		}
		o := 0 // past a determiner: "moved out of the Boathouse"
		if determiners[prev(1)] {
			o = 1
		}
		left := p == "in" && prev(o+2) == "up" && (prev(o+3) == "sold" || prev(o+3) == "packed") || // "sold up in Harrogate"
			p == "in" && (prev(o+2) == "traded" || prev(o+2) == "trading") || // "traded in the Passat"
			p == "of" && prev(o+2) == "out" && movedWords[prev(o+3)] || // "moved out of St Mark's"
			p == "from" && prev(o+2) == "away" && movedWords[prev(o+3)] // "moved away from Leeds"
		denied := left || (p == "with" || p == "on" || p == "at" || p == "in" || p == "using") && (prev(2) == "not" || prev(2) == "n't" || prev(2) == "longer") ||
			p == "with" && (prev(2) == "done" || prev(2) == "finished") || // "done with Virgin"
			prev(up) == "up" && givingUp[prev(up+1)]
		switch {
		case denied:
			vs[k].old = true
		case finishingVerbs[p] && stageType(vs[k].typ):
			vs[k].old = true // "passed Stage 3"
		case endingVerbs[p] && !(p == "off" && (timeTypes[vs[k].typ] || vs[k].to < len(ts) && offPlaces[ts[vs[k].to].low])):
			// "sold the Focus", "cancelled Riverford"; but "kicks off at
			// 9am" and "I'm off on Friday" end no time, and "a mooring
			// off Devonport wharf" is where
			vs[k].old = true
		case nameTypes[vs[k].typ] && vs[k].to < len(ts) && leavingVerbs[ts[vs[k].to].low]:
			// "Dr Shaw retired", "Jordan left"
			vs[k].old = true
		}
		switch p {
		case "not", "instead of", "rather than", "than", "replaced", "replacing", "replace":
			vs[k].old = true
		case "from":
			vs[k].old = hasTo(vs[k].to)
		}
	}
}

// freqUnits are the periods a frequency counts in.
var freqUnits = map[string]string{"day": "day", "week": "week", "month": "month", "year": "year", "fortnight": "fortnight"}

// freqAdverbs are frequencies said as one word.
var freqAdverbs = map[string]string{
	"daily": "1/day", "nightly": "1/day", "weekly": "1/week", "fortnightly": "1/fortnight",
	"biweekly": "1/fortnight", "monthly": "1/month", "yearly": "1/year", "annually": "1/year",
}

// timesWords count occurrences: "twice a day", "three times a week".
var timesWords = map[string]string{"once": "1", "twice": "2", "thrice": "3"}

// frequencies reads how often a thing happens as one type, "freq", keyed
// as a count per period: "every other Friday" = "every second Wednesday"
// = "fortnightly" (1/fortnight), "every week" = "weekly" (1/week), "twice
// a day" (2/day), "three times a week" (3/week). A day after "every other"
// stays a day of its own.
// freqFollowers may follow a frequency adverb that is not a modifier:
// "goes out fortnightly on Wednesdays".
var freqFollowers = map[string]bool{"on": true, "at": true, "in": true, "from": true, "for": true, "by": true, "until": true}

// clauseEnders may close a clause after its value: "100 mcg a day now".
var clauseEnders = map[string]bool{"now": true, "nowadays": true, "currently": true, "instead": true}

// quantityBefore: a quantity of out ends just before token i, or, when
// the clause ends after i's period (atEnd), anywhere before it.
func quantityBefore(out []typedValue, i int, atEnd bool) bool {
	return slices.ContainsFunc(out, func(v typedValue) bool {
		return strings.HasPrefix(v.typ, "quantity:") && (v.to == i || atEnd && v.to < i)
	})
}

func frequencies(ts []ctok, used []bool, out []typedValue) []typedValue {
	low := func(i int) string {
		if i < 0 || i >= len(ts) {
			return ""
		}
		return ts[i].low
	}
	add := func(key string, from, to int) {
		for i := from; i < to; i++ {
			used[i] = true
		}
		out = append(out, typedValue{typ: "freq", key: key, from: from, to: to})
	}
	for i := 0; i < len(ts); i++ {
		if used[i] {
			continue
		}
		w := low(i)
		switch {
		case freqAdverbs[w] != "" && (i+1 == len(ts) || ts[i+1].brk || !hasLetter(low(i+1)) || notUnits[low(i+1)] || freqFollowers[low(i+1)]):
			// "comes weekly", not "the monthly charge"
			add(freqAdverbs[w], i, i+1)
		case (w == "every" || w == "each") && (low(i+1) == "other" || low(i+1) == "second" || low(i+1) == "alternate") && i+2 < len(ts):
			// "every other Friday": the day is read as a day; "support
			// each other when" says no frequency
			if u, ok := freqUnits[singular(low(i+2))]; ok && !used[i+2] {
				if u == "week" {
					add("1/fortnight", i, i+3)
				} else {
					add("1/2"+u, i, i+3)
				}
			} else if weekdays[singular(low(i+2))] != "" {
				add("1/fortnight", i, i+2)
			}
		case (w == "every" || w == "each") && freqUnits[low(i+1)] != "" && !used[i+1]:
			add("1/"+freqUnits[low(i+1)], i, i+2)
		case (w == "a" || w == "an" || w == "per") && i > 0 && freqUnits[low(i+1)] != "" && !used[i+1] && quantityBefore(out, i, i+2 == len(ts) || i+2 < len(ts) && (ts[i+2].brk || clauseEnders[ts[i+2].low])):
			// "100 mg a day" is 100 mg daily, and so is "100 mg of
			// sertraline a day"
			add("1/"+freqUnits[low(i+1)], i, i+2)
		case (w == "every" || w == "each") && i+2 < len(ts) && freqUnits[singular(low(i+2))] != "" && !used[i+1] && !used[i+2]:
			// "every two weeks", "every 3 months"
			if n, ok := number(low(i + 1)); ok {
				switch u := freqUnits[singular(low(i+2))]; {
				case n == "2" && u == "week":
					add("1/fortnight", i, i+3)
				case n == "12" && u == "month":
					add("1/year", i, i+3)
				case n == "7" && u == "day":
					add("1/week", i, i+3)
				case n == "1":
					add("1/"+u, i, i+3)
				default:
					add("1/"+n+u, i, i+3)
				}
			}
		case (w == "every" || w == "each") && dayParts[low(i+1)] != "" && !used[i+1]:
			add("1/day", i, i+2) // "every morning": once a day
		case timesWords[w] != "" || low(i+1) == "times":
			n := timesWords[w]
			k := i + 1
			if n == "" {
				c, ok := number(w)
				if !ok || used[i] {
					continue
				}
				n, k = c, i+2
			}
			if p := low(k); (p == "a" || p == "an" || p == "per" || p == "every" || p == "each") && freqUnits[singular(low(k+1))] != "" && !used[k+1] {
				add(n+"/"+freqUnits[singular(low(k+1))], i, k+2)
			}
		}
	}
	return out
}

// dayPreps stand before "the 20th" when it is a day: "on the 20th",
// "moved to the 27th", "until the 3rd".
var dayPreps = map[string]bool{"is": true, "not": true, "on": true, "to": true, "for": true, "until": true, "till": true, "by": true, "from": true, "before": true, "after": true}

// ordinalDay: a day of the month written as an ordinal in digits ("20th").
func ordinalDay(w string) bool {
	if len(w) < 3 || w[0] < '0' || w[0] > '9' {
		return false
	}
	suf := w[len(w)-2:]
	return suf == "st" || suf == "nd" || suf == "rd" || suf == "th"
}
