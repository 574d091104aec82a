package temporal

import (
	"strconv"
	"strings"
	"time"
)

// parser holds one Find call's state. Every parse method takes a token index
// and returns how many tokens the expression spans, the resolved expression
// (without Text and Offset) and whether one was found.
type parser struct {
	text  string
	toks  []tok
	now   time.Time
	today time.Time
	// defTense is the tense assumed where the sentence shows none:
	// unknown, except while the expression after "by", "until" or
	// "before" is read, which looks forward (parseModified).
	defTense tense
}

type tense int

const (
	tenseUnknown tense = iota
	tensePast
	tenseFuture
)

func (p *parser) low(i int) string {
	if i < 0 || i >= len(p.toks) {
		return ""
	}
	return p.toks[i].low
}

func (p *parser) loc() *time.Location { return p.now.Location() }

// parseAt finds the longest expression starting at token i.
func (p *parser) parseAt(i int) (int, Expr, bool) {
	if n, e, ok := p.parseDayRange(i); ok {
		return n, e, true
	}
	if n, e, ok := p.parseModified(i); ok {
		return n, e, true
	}
	if n, e, ok := p.parsePart(i, false); ok {
		return n, e, true
	}
	return p.parseBase(i, false)
}

// parseModified reads "since|before|after|until|till|by|up to X".
func (p *parser) parseModified(i int) (int, Expr, bool) {
	var mod Modifier
	k := 1
	switch p.low(i) {
	case "since":
		mod = Since
	case "before":
		mod = Before
	case "after":
		mod = After
	case "until", "till", "by":
		mod = Until
	case "up":
		if p.low(i+1) != "to" {
			return 0, Expr{}, false
		}
		mod, k = Until, 2
	case "prior", "ahead":
		if p.low(i+1) != "to" && !(p.low(i) == "ahead" && p.low(i+1) == "of") {
			return 0, Expr{}, false
		}
		mod, k = Before, 2
	default:
		return 0, Expr{}, false
	}
	if mod == Until || mod == Before {
		// a deadline with no tense to go by is ahead: "by 31 January"
		// said in September is next January's
		saved := p.defTense
		p.defTense = tenseFuture
		defer func() { p.defTense = saved }()
	}
	n, e, ok := p.parsePart(i+k, true)
	if ok && mod == Before && p.partIsEnd(i+k) {
		mod = Until // "before the end of the year" is "by the end of the year"
	}
	if !ok {
		n, e, ok = p.parseBase(i+k, true)
	}
	if !ok && mod == Before {
		n, e, ok = p.parseOccasion(i + k)
	}
	if !ok {
		return 0, Expr{}, false
	}
	e.Modifier = mod
	switch mod {
	case Since:
		end := addDays(p.today, 1)
		if e.End.After(end) {
			end = e.End
		}
		e.End = end
	case Before:
		e.End, e.Start = e.Start, time.Time{}
	case After:
		e.Start, e.End = e.End, time.Time{}
	case Until:
		e.Start = time.Time{}
	}
	return n + k, e, true
}

// maxOccasionWords bounds the occasion parseOccasion reads.
const maxOccasionWords = 4

// parseOccasion reads an occasion and its date after "before": "(before)
// the recital on 8 June", "(ahead of) our trip in May". The occasion is a
// determiner or possessive and at most four words; the date is a day or
// a longer period after "on" or "in". Everything before the occasion is
// everything before its date.
func (p *parser) parseOccasion(i int) (int, Expr, bool) {
	if i >= len(p.toks) || p.toks[i].kind != tokWord {
		return 0, Expr{}, false
	}
	w := p.low(i)
	switch w {
	case "the", "a", "an", "my", "our", "your", "his", "her", "their", "its", "this", "that":
	default:
		if !hasSuffix(w, "'s") || len(w) < 4 { // "Anna's wedding on Saturday"
			return 0, Expr{}, false
		}
	}
	for k := 1; k <= maxOccasionWords && i+k < len(p.toks); k++ {
		t := p.toks[i+k]
		if t.low == "on" || t.low == "in" {
			if k == 1 {
				return 0, Expr{}, false // the occasion needs a word
			}
			n, e, ok := p.parseBase(i+k+1, true)
			if !ok || e.Modifier != Within || e.Start.IsZero() {
				return 0, Expr{}, false
			}
			return k + 1 + n, e, true
		}
		if t.kind != tokWord {
			return 0, Expr{}, false
		}
		if _, _, ok := p.parseBase(i+k, false); ok {
			return 0, Expr{}, false // a time of its own: "before the 3rd"
		}
	}
	return 0, Expr{}, false
}

// partIsEnd: the part expression at i is "(the) end of ...".
func (p *parser) partIsEnd(i int) bool {
	if p.low(i) == "the" {
		i++
	}
	return p.low(i) == "end" || p.low(i) == "late"
}

// endsPhrase: no noun follows at i (the text ends, or a punctuation mark
// or a linking word comes next).
func (p *parser) endsPhrase(i int) bool {
	if i >= len(p.toks) || p.toks[i].kind == tokPunct {
		return true
	}
	switch p.low(i) {
	case "and", "or", "but", "so", "if", "when", "then", "at", "latest", "please":
		return true
	}
	return false
}

// parsePart reads "early|mid|late X", "the beginning|start|middle|end of X"
// for X a week, month, season or year, and keeps the matching third of it.
func (p *parser) parsePart(i int, cued bool) (int, Expr, bool) {
	part := -1 // 0 first third, 1 middle, 2 last
	k := 0
	switch p.low(i) {
	case "early":
		part, k = 0, 1
	case "mid":
		part, k = 1, 1
		if p.low(i+1) == "-" {
			k = 2
		}
	case "late":
		part, k = 2, 1
	case "the", "beginning", "start", "middle", "end":
		j := i
		if p.low(j) == "the" {
			j++
		}
		switch p.low(j) {
		case "beginning", "start":
			part = 0
		case "middle":
			part = 1
		case "end":
			part = 2
		default:
			return 0, Expr{}, false
		}
		if p.low(j+1) != "of" {
			return 0, Expr{}, false
		}
		k = j + 2 - i
	default:
		return 0, Expr{}, false
	}
	n, e, ok := p.parseBase(i+k, true)
	if g, bare := unitNames[p.low(i+k)]; !ok && bare && p.low(i+k-1) == "of" && g != Day && p.endsPhrase(i+k+1) {
		// "by end of month": the current one ("the end of year
		// recital" is a name)
		n, e, ok = 1, p.shifted(g, 0), true
	}
	if !ok || e.Granularity == Day || e.Modifier != Within {
		return 0, Expr{}, false
	}
	days := int(e.End.Sub(e.Start).Hours()/24 + 0.5)
	a, b := days*part/3, days*(part+1)/3
	if e.Granularity == Week && part == 2 {
		a = 4 // the end of a week is Friday to Sunday
	}
	start := addDays(e.Start, a)
	end := addDays(e.Start, b)
	if part == 2 {
		end = e.End
	}
	e.Start, e.End, e.Approximate = start, end, true
	return n + k, e, true
}

// parseBase finds the longest unmodified expression at i. cued is true when
// a preposition-like word that licenses a bare month or year precedes it.
func (p *parser) parseBase(i int, cued bool) (int, Expr, bool) {
	if i >= len(p.toks) || p.toks[i].kind == tokPunct {
		return 0, Expr{}, false
	}
	best, bestE, found := 0, Expr{}, false
	try := func(n int, e Expr, ok bool) {
		if ok && n > best {
			best, bestE, found = n, e, true
		}
	}
	try(p.parseRelativeWord(i))
	try(p.parseRelational(i))
	try(p.parseOneOver(i))
	try(p.parseAgo(i))
	try(p.parseIn(i))
	try(p.parseRolling(i))
	try(p.parseISO(i))
	try(p.parseTimeThenDate(i))
	try(p.parseDate(i, cued))
	try(p.parseWeekday(i, cued))
	try(p.parseWeekend(i, cued))
	try(p.parseSeason(i, cued))
	try(p.parseEarlierLater(i))
	try(p.parseYear(i, cued))
	try(p.parseCurrent(i, cued))
	if found && bestE.Granularity == Day {
		best += p.timeSuffix(i + best)
	}
	return best, bestE, found
}

// parseRelativeWord reads today, tonight, yesterday, tomorrow, "last night",
// "this morning", "the day before yesterday", "the other day".
func (p *parser) parseRelativeWord(i int) (int, Expr, bool) {
	switch p.low(i) {
	case "today", "tonight":
		return 1, dayExpr(p.today), true
	case "yesterday":
		return 1, dayExpr(addDays(p.today, -1)), true
	case "tomorrow":
		return 1, dayExpr(addDays(p.today, 1)), true
	case "last":
		if p.low(i+1) == "night" {
			return 2, dayExpr(addDays(p.today, -1)), true
		}
	case "this":
		switch p.low(i + 1) {
		case "morning", "afternoon", "evening":
			return 2, dayExpr(p.today), true
		}
	case "the":
		if p.low(i+1) == "day" && p.low(i+3) == "yesterday" && p.low(i+2) == "before" {
			return 4, dayExpr(addDays(p.today, -2)), true
		}
		if p.low(i+1) == "day" && p.low(i+3) == "tomorrow" && p.low(i+2) == "after" {
			return 4, dayExpr(addDays(p.today, 2)), true
		}
		if p.low(i+1) == "other" {
			switch p.low(i + 2) {
			case "day":
				e := span(addDays(p.today, -7), p.today, Day)
				e.Approximate = true
				return 3, e, true
			case "week":
				e := span(weekStart(addDays(p.today, -21)), weekStart(p.today), Week)
				e.Approximate = true
				return 3, e, true
			}
		}
	}
	return 0, Expr{}, false
}

// parseRelational reads last|next|this|coming|past + week, month, year,
// weekend, a weekday, a month or a season.
func (p *parser) parseRelational(i int) (int, Expr, bool) {
	dir := 0
	switch p.low(i) {
	case "last", "previous":
		dir = -1
	case "next", "coming":
		dir = 1
	case "this", "current":
		dir = 0
	case "past":
		dir = -2 // rolling window
	default:
		return 0, Expr{}, false
	}
	if prev := p.low(i - 1); i > 0 && (ownerWords[prev] || strings.HasSuffix(prev, "'s")) {
		// "her last year before secondary", "my last week at work",
		// "Tom's next month off": a period of someone's, not one counted
		// from today
		return 0, Expr{}, false
	}
	w := p.low(i + 1)
	loc := p.loc()
	y, m := p.today.Year(), p.today.Month()
	if dir == -2 {
		g, mult, ok := unitOf(w)
		if !ok || w[len(w)-1] == 's' {
			return 0, Expr{}, false
		}
		return 2, p.rolling(mult, g), true
	}
	switch w {
	case "week":
		return 2, weekExpr(addDays(p.today, 7*dir)), true
	case "month":
		return 2, monthExpr(y, m+time.Month(dir), loc), true
	case "year":
		return 2, yearExpr(y+dir, loc), true
	case "weekend":
		return 2, p.weekendOfWeek(addDays(weekStart(p.today), 7*dir)), true
	}
	if wd, ok := weekdayNames[w]; ok {
		switch dir {
		case -1:
			return 2, dayExpr(p.weekdayBefore(wd)), true
		case 1:
			return 2, dayExpr(p.weekdayAfter(wd)), true
		default:
			return 2, dayExpr(addDays(weekStart(p.today), isoWeekday(wd))), true
		}
	}
	if mo, ok := monthNames[w]; ok {
		switch {
		case dir == -1 && mo < m, dir == 0, dir == 1 && mo > m:
			return 2, monthExpr(y, mo, loc), true
		case dir == -1:
			return 2, monthExpr(y-1, mo, loc), true
		default:
			return 2, monthExpr(y+1, mo, loc), true
		}
	}
	if s, ok := seasonNames[w]; ok {
		return 2, p.relSeason(s, dir), true
	}
	return 0, Expr{}, false
}

// parseOneOver reads "the week before last", "the Friday before last",
// "the weekend after next", "the month before last", "the year after
// next" ("the" may be left out): one more week, month or year beyond
// "last" or "next".
func (p *parser) parseOneOver(i int) (int, Expr, bool) {
	j := i
	if p.low(j) == "the" {
		j++
	}
	dir := 0
	switch {
	case p.low(j+1) == "before" && p.low(j+2) == "last":
		dir = -2
	case p.low(j+1) == "after" && p.low(j+2) == "next":
		dir = 2
	default:
		return 0, Expr{}, false
	}
	n := j + 3 - i
	y, m := p.today.Year(), p.today.Month()
	switch w := p.low(j); w {
	case "week":
		return n, weekExpr(addDays(p.today, 7*dir)), true
	case "weekend":
		return n, p.weekendOfWeek(addDays(weekStart(p.today), 7*dir)), true
	case "month":
		return n, monthExpr(y, m+time.Month(dir), p.loc()), true
	case "year":
		return n, yearExpr(y+dir, p.loc()), true
	default:
		wd, ok := weekdayNames[w]
		if !ok {
			return 0, Expr{}, false
		}
		if dir < 0 {
			return n, dayExpr(addDays(p.weekdayBefore(wd), -7)), true
		}
		return n, dayExpr(addDays(p.weekdayAfter(wd), 7)), true
	}
}

// relSeason resolves last|this|next <season>.
func (p *parser) relSeason(s season, dir int) Expr {
	loc := p.loc()
	cy, cs := p.seasonNow()
	cur := seasonStart(cy, cs, loc)
	switch dir {
	case -1:
		for y := cy + 1; y > cy-3; y-- {
			if seasonStart(y, s, loc).Before(cur) {
				return seasonExpr(y, s, loc)
			}
		}
	case 1:
		for y := cy - 1; y < cy+3; y++ {
			if seasonStart(y, s, loc).After(cur) {
				return seasonExpr(y, s, loc)
			}
		}
	}
	return p.thisSeason(s)
}

func (p *parser) seasonNow() (int, season) { return seasonContaining(p.today) }

// thisSeason is the season s of the reference year; for winter in January
// or February, the winter that is under way.
func (p *parser) thisSeason(s season) Expr {
	y := p.today.Year()
	if s == winter && p.today.Month() <= 2 {
		y--
	}
	return seasonExpr(y, s, p.loc())
}

// parseCount reads a count: digits, a number word, "a", "an", "a couple
// (of)", "a few", "several". lo..hi is the range it stands for.
func (p *parser) parseCount(i int) (n, lo, hi int, approx, ok bool) {
	w := p.low(i)
	switch {
	case i < len(p.toks) && p.toks[i].kind == tokNum && len(w) <= 3:
		v, err := strconv.Atoi(w)
		if err != nil || v < 1 {
			return 0, 0, 0, false, false
		}
		return 1, v, v, false, true
	case numberWords[w] > 0:
		v := numberWords[w]
		return 1, v, v, false, true
	case w == "a" || w == "an":
		switch p.low(i + 1) {
		case "couple":
			if p.low(i+2) == "of" {
				return 3, 2, 2, true, true
			}
			return 2, 2, 2, true, true
		case "few":
			return 2, 2, 5, true, true
		}
		return 1, 1, 1, false, true
	case w == "few":
		return 1, 2, 5, true, true
	case w == "several":
		return 1, 3, 7, true, true
	case w == "couple":
		if p.low(i+1) == "of" {
			return 2, 2, 2, true, true
		}
	}
	return 0, 0, 0, false, false
}

// unitAt reads a unit word (see unitOf).
func (p *parser) unitAt(i int) (Granularity, int, bool) { return unitOf(p.low(i)) }

// unitOf returns a unit word's granularity and how many of it one unit
// is. A fortnight is a count of fourteen days, not a calendar unit: "a
// fortnight ago" is the day fourteen days back, as "14 days ago" is, while
// "two weeks ago" is the calendar week containing that day.
func unitOf(w string) (Granularity, int, bool) {
	if w == "fortnight" || w == "fortnights" {
		return Day, 14, true
	}
	g, ok := unitNames[w]
	return g, 1, ok
}

// shifted returns the period of granularity g that contains the day n units
// from today (n may be negative).
func (p *parser) shifted(g Granularity, n int) Expr {
	switch g {
	case Day:
		return dayExpr(addDays(p.today, n))
	case Week:
		return weekExpr(addDays(p.today, 7*n))
	case Month:
		return monthExpr(p.today.Year(), p.today.Month()+time.Month(n), p.loc())
	default:
		return yearExpr(p.today.Year()+n, p.loc())
	}
}

// parseAgo reads "<count> <unit> ago|back|earlier".
func (p *parser) parseAgo(i int) (int, Expr, bool) {
	n, lo, hi, approx, ok := p.parseCount(i)
	if !ok {
		return 0, Expr{}, false
	}
	g, mult, ok := p.unitAt(i + n)
	if !ok {
		return 0, Expr{}, false
	}
	switch p.low(i + n + 1) {
	case "ago", "back", "before", "earlier":
		if p.low(i+n+1) == "before" || p.low(i+n+1) == "earlier" {
			// "two days before" needs an anchor we do not have unless the
			// sentence ends there.
			if nx := p.low(i + n + 2); nx != "" && nx != "." && nx != "," && nx != "\n" && nx != "!" {
				return 0, Expr{}, false
			}
		}
	default:
		return 0, Expr{}, false
	}
	first, last := p.shifted(g, -hi*mult), p.shifted(g, -lo*mult)
	e := span(first.Start, last.End, g)
	e.Approximate = approx
	return n + 2, e, true
}

// parseIn reads "in <count> <unit>" ("in two weeks") and "<count> <unit>
// from now".
func (p *parser) parseIn(i int) (int, Expr, bool) {
	if p.low(i) == "in" || p.low(i) == "within" {
		n, lo, hi, approx, ok := p.parseCount(i + 1)
		if !ok {
			return 0, Expr{}, false
		}
		g, mult, ok := p.unitAt(i + 1 + n)
		if !ok {
			return 0, Expr{}, false
		}
		first, last := p.shifted(g, lo*mult), p.shifted(g, hi*mult)
		e := span(first.Start, last.End, g)
		e.Approximate = approx
		if p.low(i) == "within" {
			e.Start, e.Modifier = time.Time{}, Until
		}
		return n + 2, e, true
	}
	n, lo, hi, approx, ok := p.parseCount(i)
	if !ok {
		return 0, Expr{}, false
	}
	g, mult, ok := p.unitAt(i + n)
	if !ok || p.low(i+n+1) != "from" || p.low(i+n+2) != "now" {
		return 0, Expr{}, false
	}
	first, last := p.shifted(g, lo*mult), p.shifted(g, hi*mult)
	e := span(first.Start, last.End, g)
	e.Approximate = approx
	return n + 3, e, true
}

// rolling is the window of n units ending today.
func (p *parser) rolling(n int, g Granularity) Expr {
	var start time.Time
	switch g {
	case Day:
		start = addDays(p.today, -n)
	case Week:
		start = addDays(p.today, -7*n)
	case Month:
		start = p.today.AddDate(0, -n, 0)
	default:
		start = p.today.AddDate(-n, 0, 0)
	}
	return span(addDays(start, 1), addDays(p.today, 1), g)
}

// parseRolling reads "the last|past <unit>" and "(the) last|past <count>
// <units>": a window ending today.
func (p *parser) parseRolling(i int) (int, Expr, bool) {
	j := i
	the := p.low(j) == "the"
	if the {
		j++
	}
	if w := p.low(j); w != "last" && w != "past" {
		return 0, Expr{}, false
	}
	j++
	if the {
		if g, mult, ok := unitOf(p.low(j)); ok && p.low(j)[len(p.low(j))-1] != 's' {
			return j + 1 - i, p.rolling(mult, g), true
		}
	}
	n, _, hi, approx, ok := p.parseCount(j)
	if !ok || p.low(j) == "a" || p.low(j) == "an" {
		return 0, Expr{}, false
	}
	g, mult, ok := p.unitAt(j + n)
	if !ok {
		return 0, Expr{}, false
	}
	e := p.rolling(hi*mult, g)
	e.Approximate = approx
	return j + n + 1 - i, e, true
}

// parseISO reads 2023-05-08, 2023-05 and 2023-05-08T13:56(:00)(Z|±hh:mm).
func (p *parser) parseISO(i int) (int, Expr, bool) {
	t := p.toks
	if i+2 >= len(t) || t[i].kind != tokNum || len(t[i].s) != 4 || t[i+1].s != "-" || !adjacent(t[i], t[i+1]) || !adjacent(t[i+1], t[i+2]) {
		return 0, Expr{}, false
	}
	y, _ := strconv.Atoi(t[i].s)
	mtok := t[i+2]
	if mtok.kind != tokNum || len(mtok.s) != 2 {
		return 0, Expr{}, false
	}
	mo, _ := strconv.Atoi(mtok.s)
	if mo < 1 || mo > 12 || y < 1000 {
		return 0, Expr{}, false
	}
	if i+4 < len(t) && t[i+3].s == "-" && adjacent(t[i+2], t[i+3]) && adjacent(t[i+3], t[i+4]) {
		dt := t[i+4]
		ds := dt.s
		extra := 0
		if dt.kind == tokWord && len(ds) > 2 && (ds[2] == 'T' || ds[2] == 't') {
			ds = ds[:2] // "08T13"
			extra = p.isoTimeTail(i + 5)
		} else if dt.kind != tokNum {
			return 0, Expr{}, false
		}
		if len(ds) != 2 {
			return 0, Expr{}, false
		}
		d, err := strconv.Atoi(ds)
		if err != nil || !validDate(y, time.Month(mo), d) {
			return 0, Expr{}, false
		}
		return 5 + extra, dayExpr(time.Date(y, time.Month(mo), d, 0, 0, 0, 0, p.loc())), true
	}
	return 3, monthExpr(y, time.Month(mo), p.loc()), true
}

// isoTimeTail consumes ":56(:00)(.000)(Z|+01:00)" after an ISO "T13".
func (p *parser) isoTimeTail(i int) int {
	t := p.toks
	n := 0
	for i+n+1 < len(t) && n < 10 {
		a, b := t[i+n], t[i+n+1]
		prev := t[i+n-1]
		if !adjacent(prev, a) {
			break
		}
		if (a.s == ":" || a.s == "." || a.s == "+" || a.s == "-") && adjacent(a, b) && (b.kind == tokNum || b.low == "z" || len(b.s) <= 4) {
			n += 2
			continue
		}
		break
	}
	return n
}

// timeAt reads a time of day: "1:56", "1:56 pm", "3pm", "3 pm", "13:56:07".
func (p *parser) timeAt(i int) int {
	t := p.toks
	if i >= len(t) {
		return 0
	}
	n := 0
	if t[i].kind == tokNum && len(t[i].s) <= 2 && i+2 < len(t) && t[i+1].s == ":" && adjacent(t[i], t[i+1]) && adjacent(t[i+1], t[i+2]) && t[i+2].kind == tokNum && len(t[i+2].s) == 2 {
		n = 3
		if i+4 < len(t) && t[i+3].s == ":" && adjacent(t[i+2], t[i+3]) && t[i+4].kind == tokNum {
			n = 5
		}
	} else if t[i].kind == tokWord && (len(t[i].low) == 3 || len(t[i].low) == 4) && (hasSuffix(t[i].low, "am") || hasSuffix(t[i].low, "pm")) {
		if _, err := strconv.Atoi(t[i].low[:len(t[i].low)-2]); err == nil {
			return 1 // "3pm"
		}
		return 0
	} else if t[i].kind == tokNum && len(t[i].s) <= 2 && (p.low(i+1) == "am" || p.low(i+1) == "pm") {
		return 2
	} else {
		return 0
	}
	if w := p.low(i + n); w == "am" || w == "pm" {
		n++
	} else if (w == "a" || w == "p") && p.low(i+n+1) == "." && p.low(i+n+2) == "m" {
		n += 3
		if p.low(i+n) == "." {
			n++
		}
	}
	return n
}

func hasSuffix(s, suf string) bool { return len(s) >= len(suf) && s[len(s)-len(suf):] == suf }

// timeSuffix consumes "(at|,) 1:56 pm" after a day.
func (p *parser) timeSuffix(i int) int {
	j := i
	if w := p.low(j); w == "at" || w == "," {
		j++
	}
	if n := p.timeAt(j); n > 0 {
		return j + n - i
	}
	return 0
}

// parseTimeThenDate reads "1:56 pm on 8 May, 2023".
func (p *parser) parseTimeThenDate(i int) (int, Expr, bool) {
	n := p.timeAt(i)
	if n == 0 {
		return 0, Expr{}, false
	}
	j := i + n
	if w := p.low(j); w == "on" || w == "," {
		j++
	}
	if w := p.low(j); w == "on" {
		j++
	}
	m, e, ok := p.parseDate(j, true)
	if !ok {
		m, e, ok = p.parseISO(j)
	}
	if !ok {
		m, e, ok = p.parseRelativeWord(j)
	}
	if !ok {
		m, e, ok = p.parseWeekday(j, true)
	}
	if !ok || e.Granularity != Day {
		return 0, Expr{}, false
	}
	return j + m - i, e, true
}

// yearAt reads a four-digit year between 1000 and 2999.
func (p *parser) yearAt(i int) (int, bool) {
	if i >= len(p.toks) || p.toks[i].kind != tokNum || len(p.toks[i].s) != 4 {
		return 0, false
	}
	y, err := strconv.Atoi(p.toks[i].s)
	if err != nil || y < 1000 || y > 2999 {
		return 0, false
	}
	return y, true
}

// dayNumAt reads a day of the month: "8", "08", "8th", "eighth".
func (p *parser) dayNumAt(i int) (int, bool) {
	if i >= len(p.toks) {
		return 0, false
	}
	t := p.toks[i]
	if t.kind == tokNum && len(t.s) <= 2 {
		d, _ := strconv.Atoi(t.s)
		return d, d >= 1 && d <= 31
	}
	if d := ordinal(t.low); d > 0 {
		return d, true
	}
	if d, ok := ordinalWords[t.low]; ok {
		return d, true
	}
	return 0, false
}

// monthAt reads a month name. near says a day or year stands beside it;
// cued that a licensing word precedes it.
func (p *parser) monthAt(i int, cued, near bool) (time.Month, bool) {
	if i >= len(p.toks) {
		return 0, false
	}
	t := p.toks[i]
	prev := p.low(i - 1)
	if m, ok := monthNames[t.low]; ok {
		if near {
			return m, true
		}
		if t.low == "may" && !t.upper {
			return 0, false
		}
		if t.low == "may" || t.low == "march" || t.low == "august" {
			// modal verb / verb / adjective: only with a cue
			return m, cued || monthCues[prev]
		}
		return m, cued || monthCues[prev] || (t.upper && i > 0)
	}
	if m, ok := monthAbbrevs[t.low]; ok {
		if near {
			return m, true
		}
		return m, t.upper && (cued || abbrevCues[prev])
	}
	return 0, false
}

// bareOrdinalDay reports whether "the 4th" at tokens the, nth stands for
// a day of the month. Cued ("on the 8th"), what follows is no thing an
// ordinal counts ("on the 4th floor", "on the 3rd attempt"). Otherwise
// what follows ends the clause or is a verb of being, a preposition or a
// conjunction ("the 14th century", "the 4th time" are no days), and the
// ordinal is in figures and opens the sentence ("the 14th was our
// anniversary") or follows a verb in the past that makes it no rank
// ("came the 4th", "finished the 4th").
func (p *parser) bareOrdinalDay(the, nth int, cued bool) bool {
	if !cued && p.toks[nth].kind == tokWord && ordinalWords[p.toks[nth].low] > 0 {
		return false // "the fourth": a rank as often as a day
	}
	if !cued && the > 0 && !p.sentenceBreak(the-1) {
		// only after a verb in the past ("we celebrated the 4th"): after
		// others it is as often a rank or an answer ("it's not the 15th,
		// it's the 16th")
		prev := p.toks[the-1]
		if (prev.low == "it's" || prev.low == "its" || prev.low == "is") && p.dayTakenBack(the) {
			// "sorry I said the 14th, its the 18th": the day given for
			// the day taken back
		} else if prev.kind != tokWord || prev.upper || bareOrdinalNotAfter[prev.low] || !isPastWord(prev.low) {
			return false
		}
	}
	if nth+1 >= len(p.toks) {
		return true
	}
	next := p.toks[nth+1]
	if next.kind == tokPunct {
		return next.s != "-" && next.s != "/"
	}
	if cued {
		return !rankedNouns[next.low]
	}
	return bareOrdinalBefore[next.low]
}

// dayTakenBack: before the token at i, the sentence takes back a day of
// the month in words the speaker said before ("I said the 14th"); "it's
// not the 15th, it's the 16th" is left as no date, an answer as often as
// a day.
func (p *parser) dayTakenBack(i int) bool {
	for j := i - 1; j >= 2 && !p.sentenceBreak(j); j-- {
		if p.low(j-1) == "the" && ordinal(p.low(j)) > 0 && ordinalWords[p.low(j)] == 0 {
			switch p.low(j - 2) {
			case "said", "meant", "wrote":
				return true
			}
		}
	}
	return false
}

// rankedNouns are what an ordinal counts when it is no day of the month:
// "on the 4th floor", "on the 3rd attempt".
var rankedNouns = map[string]bool{
	"floor": true, "floors": true, "storey": true, "level": true, "time": true, "times": true, "century": true,
	"place": true, "row": true, "grade": true, "year": true, "edition": true, "round": true, "attempt": true,
	"try": true, "go": true, "day": true, "week": true, "month": true, "hole": true, "lap": true, "page": true,
	"chapter": true, "episode": true, "season": true, "street": true, "avenue": true, "inning": true,
	"innings": true, "quarter": true, "generation": true, "anniversary": true, "birthday": true, "step": true,
	"stop": true, "platform": true, "gate": true, "seat": true, "line": true, "minute": true, "game": true,
	"match": true, "set": true, "leg": true, "stage": true, "draft": true, "version": true, "book": true,
	"shift": true, "team": true, "class": true, "group": true, "tier": true, "division": true, "position": true,
}

// bareOrdinalBefore are the words after which "the 4th" is a day: being,
// a preposition or a conjunction, never a noun.
var bareOrdinalBefore = map[string]bool{
	"was": true, "is": true, "will": true, "would": true, "at": true, "with": true, "and": true,
	"when": true, "we": true, "i": true, "for": true, "in": true,
}

// bareOrdinalNotAfter are verbs in the past after which "the 4th" is a
// rank: "came the 4th", "finished the 4th".
var bareOrdinalNotAfter = map[string]bool{
	"came": true, "finished": true, "placed": true, "ranked": true, "won": true, "was": true, "were": true,
}

// parseDate reads explicit dates with a month name:
//
//	[weekday[,]] [the] 8(th) [of] May[,] [2023]
//	[weekday[,]] May [the] 8(th)[,] [2023]
//	May[,| of] 2023
//	May (with a cue)
//	[on] the 8th (day of the current month, with a cue)
func (p *parser) parseDate(i int, cued bool) (int, Expr, bool) {
	j := i
	wd, named := weekdayNames[p.low(j)]
	if named {
		j++
		if p.low(j) == "," {
			j++
		}
	}
	loc := p.loc()
	startJ := j
	if p.low(j) == "the" {
		j++
	}
	// day [of] month [,] [year]
	if d, ok := p.dayNumAt(j); ok {
		k := j + 1
		if p.low(k) == "of" {
			k++
		}
		if m, ok := p.monthAt(k, true, true); ok {
			k++
			if y, n, ok := p.yearAfter(k); ok {
				if validDate(y, m, d) {
					return k + n - i, dayExpr(time.Date(y, m, d, 0, 0, 0, 0, loc)), true
				}
				return 0, Expr{}, false
			}
			if dd, ok := p.monthDayNoYear(m, d, p.tenseAt(i, k-i)); ok {
				return k - i, dayExpr(onWeekday(dd, wd, named, p.today)), true
			}
			return 0, Expr{}, false
		}
		// "the 8th" alone, cued ("on the 8th"), or standing for a day
		// ("we celebrated the 4th at Mike's", "the 14th was our
		// anniversary")
		if p.low(startJ) == "the" && ordinal(p.low(j)) > 0 && p.bareOrdinalDay(startJ, j, cued || p.low(i-1) == "on" || p.rescheduledTo(i)) && j == startJ+1 {
			// ("Friday the 21st" is the whole expression; "moved to the
			// 21st" is cued by the move)
			if dd, ok := p.dayOfMonth(d, p.tenseAt(i, j+1-i)); ok {
				return j + 1 - i, dayExpr(dd), true
			}
		}
		return 0, Expr{}, false
	}
	j = startJ
	if j == i && p.dayBefore(i) {
		// "31 February": the day and month made no date, and the month
		// alone is not what was meant
		return 0, Expr{}, false
	}
	// month ...
	m, ok := p.monthAt(j, true, p.hasNumberAfter(j+1))
	if !ok {
		if j == i {
			m, ok = p.monthAt(j, cued, false)
			if ok {
				return 1, p.bareMonth(m, p.tenseAt(i, 1)), true
			}
		}
		return 0, Expr{}, false
	}
	k := j + 1
	if p.low(k) == "the" {
		k++
	}
	if d, ok := p.dayNumAt(k); ok && !(p.toks[k].kind == tokNum && len(p.toks[k].s) == 4) {
		k++
		if y, n, ok := p.yearAfter(k); ok {
			if validDate(y, m, d) {
				return k + n - i, dayExpr(time.Date(y, m, d, 0, 0, 0, 0, loc)), true
			}
			return 0, Expr{}, false
		}
		if dd, ok := p.monthDayNoYear(m, d, p.tenseAt(i, k-i)); ok {
			return k - i, dayExpr(onWeekday(dd, wd, named, p.today)), true
		}
		return 0, Expr{}, false
	}
	k = j + 1
	if y, n, ok := p.yearAfter(k); ok {
		return k + n - i, monthExpr(y, m, loc), true
	}
	if j == i {
		if m, ok := p.monthAt(j, cued, false); ok {
			return 1, p.bareMonth(m, p.tenseAt(i, 1)), true
		}
	}
	return 0, Expr{}, false
}

// onWeekday: a date said with its weekday and no year ("Friday 8 March")
// is in the year, of the one the tense chose and the two beside it, where
// that day is that weekday, the nearest to today; the tense's choice when
// none is or no weekday was named.
func onWeekday(d time.Time, wd time.Weekday, named bool, today time.Time) time.Time {
	if !named || d.Weekday() == wd {
		return d
	}
	best, found := d, false
	for _, dy := range []int{-1, 1} {
		c := d.AddDate(dy, 0, 0)
		if c.Weekday() != wd || c.Day() != d.Day() {
			continue // 29 February
		}
		if !found || c.Sub(today).Abs() < best.Sub(today).Abs() {
			best, found = c, true
		}
	}
	return best
}

// dayBefore reports whether a day of the month in digits ("31",
// "31st") stands right before i, perhaps with "of" between.
func (p *parser) dayBefore(i int) bool {
	k := i - 1
	if p.low(k) == "of" {
		k--
	}
	if k < 0 || k >= len(p.toks) {
		return false
	}
	t := p.toks[k]
	return t.kind == tokNum && len(t.s) <= 2 || ordinal(t.low) > 0
}

// hasNumberAfter reports whether a day or year follows at i (skipping "the"
// and a comma).
func (p *parser) hasNumberAfter(i int) bool {
	if w := p.low(i); w == "the" || w == "," || w == "of" {
		i++
	}
	if i >= len(p.toks) {
		return false
	}
	t := p.toks[i]
	if t.kind == tokNum && (len(t.s) <= 2 || len(t.s) == 4) {
		return true
	}
	return ordinal(t.low) > 0
}

// yearAfter reads "[,|of] 2023" at i and returns the year and tokens used.
func (p *parser) yearAfter(i int) (int, int, bool) {
	n := 0
	if w := p.low(i); w == "," || w == "of" {
		n = 1
	}
	if y, ok := p.yearAt(i + n); ok {
		return y, n + 1, true
	}
	return 0, 0, false
}

func (p *parser) bareMonth(m time.Month, t tense) Expr {
	y, cm := p.today.Year(), p.today.Month()
	switch {
	case t == tensePast && m > cm:
		y--
	case t == tenseFuture && m < cm:
		y++
	}
	return monthExpr(y, m, p.loc())
}

func (p *parser) monthDayNoYear(m time.Month, d int, t tense) (time.Time, bool) {
	y := p.today.Year()
	if !validDate(y, m, d) && !validDate(y-1, m, d) && !validDate(y+1, m, d) {
		return time.Time{}, false
	}
	date := func(y int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, p.loc()) }
	switch t {
	case tensePast:
		if date(y).After(p.today) || !validDate(y, m, d) {
			y--
		}
	case tenseFuture:
		if date(y).Before(p.today) || !validDate(y, m, d) {
			y++
		}
	}
	for k := 0; k < 8 && !validDate(y, m, d); k++ { // 29 February
		if t == tensePast {
			y--
		} else {
			y++
		}
	}
	return date(y), validDate(y, m, d)
}

func (p *parser) dayOfMonth(d int, t tense) (time.Time, bool) {
	y, m := p.today.Year(), p.today.Month()
	step := 0
	switch t {
	case tensePast:
		if d > p.today.Day() {
			step = -1
		}
	case tenseFuture:
		if d < p.today.Day() {
			step = 1
		}
	}
	for k := 0; k < 4; k++ {
		mm := m + time.Month(step)
		first := monthStart(y, mm, p.loc())
		if validDate(first.Year(), first.Month(), d) {
			return time.Date(first.Year(), first.Month(), d, 0, 0, 0, 0, p.loc()), true
		}
		if step >= 0 {
			step++
		} else {
			step--
		}
	}
	return time.Time{}, false
}

// weekdayBefore is the most recent wd strictly before today.
func (p *parser) weekdayBefore(wd time.Weekday) time.Time {
	k := (int(p.today.Weekday()) - int(wd) + 7) % 7
	if k == 0 {
		k = 7
	}
	return addDays(p.today, -k)
}

// weekdayAfter is the first wd strictly after today.
func (p *parser) weekdayAfter(wd time.Weekday) time.Time {
	k := (int(wd) - int(p.today.Weekday()) + 7) % 7
	if k == 0 {
		k = 7
	}
	return addDays(p.today, k)
}

// parseWeekday reads a bare weekday ("on Tuesday", "Friday").
func (p *parser) parseWeekday(i int, cued bool) (int, Expr, bool) {
	if i >= len(p.toks) {
		return 0, Expr{}, false
	}
	t := p.toks[i]
	wd, ok := weekdayNames[t.low]
	if !ok {
		return 0, Expr{}, false
	}
	prev := p.low(i - 1)
	if prev == "every" || prev == "each" {
		return 0, Expr{}, false
	}
	if !t.upper && !cued && prev != "on" {
		return 0, Expr{}, false
	}
	var d time.Time
	switch p.tenseAt(i, 1) {
	case tensePast:
		d = p.weekdayBefore(wd)
	case tenseFuture:
		d = p.weekdayAfter(wd)
	default:
		k := (int(wd) - int(p.today.Weekday()) + 7) % 7
		d = addDays(p.today, k)
	}
	return 1, dayExpr(d), true
}

// weekendOfWeek is the Saturday and Sunday of the week starting on monday.
func (p *parser) weekendOfWeek(monday time.Time) Expr {
	s := addDays(monday, 5)
	return span(s, addDays(s, 2), Day)
}

// parseWeekend reads "the weekend", "weekend" after "at|on|over|during".
func (p *parser) parseWeekend(i int, cued bool) (int, Expr, bool) {
	n := 0
	switch {
	case p.low(i) == "the" && p.low(i+1) == "weekend":
		n = 2
	case p.low(i) == "weekend" && (cued || p.low(i-1) == "over" || p.low(i-1) == "at" || p.low(i-1) == "on" || p.low(i-1) == "during"):
		n = 1
	default:
		return 0, Expr{}, false
	}
	this := weekStart(p.today)
	wd := isoWeekday(p.today.Weekday())
	switch p.tenseAt(i, n) {
	case tensePast:
		if wd >= 5 {
			return n, p.weekendOfWeek(this), true
		}
		return n, p.weekendOfWeek(addDays(this, -7)), true
	case tenseFuture:
		return n, p.weekendOfWeek(this), true
	default:
		if wd <= 2 {
			return n, p.weekendOfWeek(addDays(this, -7)), true
		}
		return n, p.weekendOfWeek(this), true
	}
}

// parseSeason reads "summer 2023", "the summer of 2023", and a bare season
// after a cue ("in the summer", "over winter").
func (p *parser) parseSeason(i int, cued bool) (int, Expr, bool) {
	j := i
	if p.low(j) == "the" {
		j++
	}
	s, ok := seasonNames[p.low(j)]
	if !ok {
		return 0, Expr{}, false
	}
	if y, n, ok := p.yearAfter(j + 1); ok {
		return j + 1 + n - i, seasonExpr(y, s, p.loc()), true
	}
	prev := p.low(i - 1)
	if !(cued || seasonCues[prev] || j > i && p.low(j) != "fall") {
		// a bare season needs a cue ("in summer"); "the summer" is definite
		return 0, Expr{}, false
	}
	if p.low(j) == "fall" && j == i {
		return 0, Expr{}, false // "before fall" is too often the verb
	}
	n := j + 1 - i
	loc := p.loc()
	cy, cs := p.seasonNow()
	switch p.tenseAt(i, n) {
	case tensePast:
		for y := cy + 1; y > cy-3; y-- {
			if !seasonStart(y, s, loc).After(p.today) {
				return n, seasonExpr(y, s, loc), true
			}
		}
	case tenseFuture:
		if cs == s {
			return n, seasonExpr(cy, s, loc), true
		}
		for y := cy - 1; y < cy+3; y++ {
			if seasonStart(y, s, loc).After(p.today) {
				return n, seasonExpr(y, s, loc), true
			}
		}
	}
	return n, p.thisSeason(s), true
}

// parseEarlierLater reads "earlier|later this week|month|year" and
// "earlier|later today".
func (p *parser) parseEarlierLater(i int) (int, Expr, bool) {
	w := p.low(i)
	if w != "earlier" && w != "later" {
		return 0, Expr{}, false
	}
	if p.low(i+1) == "today" {
		return 2, dayExpr(p.today), true
	}
	if p.low(i+1) != "this" {
		return 0, Expr{}, false
	}
	var e Expr
	switch p.low(i + 2) {
	case "week":
		e = weekExpr(p.today)
	case "month":
		e = monthExpr(p.today.Year(), p.today.Month(), p.loc())
	case "year":
		e = yearExpr(p.today.Year(), p.loc())
	default:
		return 0, Expr{}, false
	}
	if w == "earlier" {
		e.End = addDays(p.today, 1)
	} else {
		e.Start = p.today
	}
	return 3, e, true
}

// parseYear reads a year after a cue ("in 2023") or "the year 2023".
func (p *parser) parseYear(i int, cued bool) (int, Expr, bool) {
	j := i
	if p.low(j) == "the" && p.low(j+1) == "year" {
		j += 2
		cued = true
	}
	y, ok := p.yearAt(j)
	if !ok || y < 1900 || y > 2100 {
		return 0, Expr{}, false
	}
	if !(cued || yearCues[p.low(i-1)]) {
		return 0, Expr{}, false
	}
	// "in 2023-05-08" is an ISO date, read by parseISO; "2023 users" has no cue.
	return j + 1 - i, yearExpr(y, p.loc()), true
}

// parseCurrent reads "the week|month|year" after a part or modifier ("the
// end of the month"): the current one.
func (p *parser) parseCurrent(i int, cued bool) (int, Expr, bool) {
	if !cued || p.low(i) != "the" {
		return 0, Expr{}, false
	}
	switch p.low(i + 1) {
	case "week":
		return 2, weekExpr(p.today), true
	case "month":
		return 2, monthExpr(p.today.Year(), p.today.Month(), p.loc()), true
	case "year":
		return 2, yearExpr(p.today.Year(), p.loc()), true
	}
	return 0, Expr{}, false
}

// parseDayRange reads a range of days in one month written with the month
// once: "(from) 10 to 12 September", "10-12 September 2024", "between the
// 3rd and the 5th of May". The interval runs from the first day to the end
// of the last, so the range is dated from its start.
func (p *parser) parseDayRange(i int) (int, Expr, bool) {
	k := i
	between := false
	switch p.low(k) {
	case "from":
		k++
	case "between":
		k++
		between = true
	}
	if p.low(k) == "the" {
		k++
	}
	d1, ok := p.dayNumAt(k)
	if !ok || p.toks[k].kind == tokWord && ordinal(p.toks[k].low) == 0 && !between {
		return 0, Expr{}, false
	}
	switch sep := p.low(k + 1); {
	case sep == "and" && between:
	case !between && (sep == "to" || sep == "-" || sep == "–" || sep == "until" || sep == "till" || sep == "through"):
	default:
		return 0, Expr{}, false
	}
	n, e, ok := p.parseDate(k+2, true)
	if !ok || e.Granularity != Day || e.Modifier != Within {
		return 0, Expr{}, false
	}
	st := time.Date(e.Start.Year(), e.Start.Month(), d1, 0, 0, 0, 0, p.loc())
	if d1 >= e.Start.Day() || st.Month() != e.Start.Month() {
		return 0, Expr{}, false
	}
	e.Start = st
	return k + 2 + n - i, e, true
}
