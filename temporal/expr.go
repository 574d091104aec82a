package temporal

import (
	"time"
)

// Granularity is the size of the calendar unit an expression names.
type Granularity string

const (
	Day    Granularity = "day"
	Week   Granularity = "week"
	Month  Granularity = "month"
	Season Granularity = "season"
	Year   Granularity = "year"
)

// Modifier says how an expression relates to the period it names.
type Modifier string

const (
	// Within: the expression is the period itself ("in May").
	Within Modifier = ""
	// Since: from the period's start up to the reference day ("since March").
	Since Modifier = "since"
	// Before: everything before the period ("before 2020"); Start is zero.
	Before Modifier = "before"
	// After: everything after the period ("after May"); End is zero.
	After Modifier = "after"
	// Until: up to the end of the period ("until Friday", "by Friday");
	// Start is zero. A commitment's deadline is the End of such an
	// expression.
	Until Modifier = "until"
)

// Expr is one time expression found in a text.
type Expr struct {
	// Text is the expression as written, e.g. "last summer", "since March",
	// "1:56 pm on 8 May, 2023". A plain preposition before it ("in", "on",
	// "at", "during") is not part of it; a modifier ("since", "before",
	// "after", "until", "by") is.
	Text string
	// Offset is the byte offset of Text in the input.
	Offset int
	// Start and End bound the half-open interval [Start, End) the
	// expression denotes. A zero Start means unbounded in the past (Before,
	// Until); a zero End means unbounded in the future (After).
	Start, End time.Time
	// Granularity is the unit of the period named: "yesterday" is a day,
	// "two weeks ago" a week, "last summer" a season.
	Granularity Granularity
	// Modifier is how the interval relates to the period named.
	Modifier Modifier
	// Approximate marks vague expressions ("a few days ago", "early May",
	// "the other day") whose interval is a generous guess.
	Approximate bool
}

// Contains reports whether t falls in e's interval.
func (e Expr) Contains(t time.Time) bool {
	if !e.Start.IsZero() && t.Before(e.Start) {
		return false
	}
	if !e.End.IsZero() && !t.Before(e.End) {
		return false
	}
	return true
}

// Find returns the time expressions in text, in order of Offset, resolved
// against now (the moment text was said). Expressions never overlap: at each
// position the longest reading wins. Invalid UTF-8 is skipped over, and
// Find never panics; its cost is linear in len(text).
//
// Readings chosen where English is ambiguous:
//   - "last Monday" is the most recent Monday strictly before the reference
//     day; "next Friday" the first Friday strictly after it; "this Friday"
//     the Friday of the current week (Monday-Sunday).
//   - "last week|month|year" is the previous calendar week, month or year;
//     "last summer" the most recent summer that is not the current one.
//   - A bare month, weekday, day of the month or season ("in May", "on
//     Tuesday", "May 8th", "the 8th", "in the summer") follows the tense of
//     its sentence: past tense ("we met on Tuesday") picks the most recent
//     one (for weekdays, strictly before today), future tense ("I'll call
//     on Tuesday") the next one (for weekdays, strictly after today). With
//     no tense to go by, a month or month-day is the one in the reference
//     year, a weekday the upcoming one (today counts), a season the one of
//     the reference year.
//   - "N days ago" is that day; "N weeks|months|years ago" is the week,
//     month or year containing the day N units back. "a few" means 2-5 and
//     "several" 3-7 (Approximate).
//   - "the week|weekend|month|year|<weekday> before last" is one more
//     back than "last ...", "... after next" one more on than "next ...".
//   - A weekday said with a date and no year ("Friday 8 March") picks,
//     of the year the tense chose and the two beside it, the one where the
//     date is that weekday, nearest to today.
//   - "end of month|week|year" with no article is the current one.
//   - What is still to do looks forward whatever participle stands
//     between ("I have to get the cards posted by 18 December", "I'll send
//     the signed contract by Monday"), as does what someone promised,
//     agreed or decided to do ("promised to return it by Saturday") and an
//     arrangement in the present ("I'm flying to New York on 2 January").
//     A participle after "the", "a" or a possessive is an adjective, not a
//     past tense.
//   - "the weekend" follows the tense too; "last weekend" is the Saturday
//     and Sunday of the previous week, "next weekend" of the next one.
//   - A bare year needs a cue ("in 2023", "since 2019", "2023's") so that
//     counts like "2023 users" are not read as years; a month name needs a
//     cue ("in March", "last May") or a number beside it ("May 8", "May
//     2023"), and "may" in lower case needs the number, so "May I ask"
//     and "it may rain" are not months.
//   - Numeric dates other than ISO 8601 (2023-05-08) are ignored: 05/08/2023
//     is a different day in the US and in Europe.
//   - A time of day ("1:56 pm on 8 May, 2023") is kept in Text but the
//     expression resolves to the day.
//   - A possessive day or period is the time itself: "Saturday's match"
//     gives "Saturday", "last week's meeting" gives "last week" (the "'s"
//     is not part of Text).
//   - A participle after a present or bare "be" ("has to be filed", "is
//     closed") is not a past tense; "has to" / "have to" look forward.
//   - After "by", "until" or "before", an expression with no tense to go
//     by looks forward: "by 31 January" said in September is the coming
//     January's.
//   - "before|ahead of|prior to <occasion> on|in <date>", the occasion
//     being a determiner or possessive and at most four words ("before
//     the recital on 8 June"), is everything before the date.
//   - An invalid day and month ("31 February") is no expression, and its
//     month is not read alone.
func Find(text string, now time.Time) []Expr {
	toks := tokenize(text)
	p := parser{text: text, toks: toks, now: now, today: dayStart(now)}
	var out []Expr
	for i := 0; i < len(toks); {
		n, e, ok := p.parseAt(i)
		if !ok || n <= 0 {
			i++
			continue
		}
		if e.Granularity == Day && e.Modifier == "" {
			// "next Friday, the 14th": the day of the month says which
			// Friday
			if m, d := p.appositiveDay(i + n); m > 0 {
				if dd, ok := sameWeekdayNear(e.Start, d); ok {
					e, n = dayExpr(dd), n+m
				}
			}
		}
		e.Offset = toks[i].start
		e.Text = text[toks[i].start:toks[i+n-1].end]
		out = append(out, e)
		i += n
	}
	return out
}

// appositiveDay reads a day of the month set beside a day just read (", the
// 14th", "the 14th"): how many tokens from j it takes, and the day; 0 when
// there is none.
func (p *parser) appositiveDay(j int) (int, int) {
	k := j
	if k < len(p.toks) && p.toks[k].kind == tokPunct && p.toks[k].s == "," {
		k++
	}
	if p.low(k) != "the" || k+1 >= len(p.toks) {
		return 0, 0
	}
	d := ordinal(p.low(k + 1))
	if d == 0 {
		return 0, 0
	}
	return k + 2 - j, d
}

// sameWeekdayNear is the date with day of month d, on the weekday of day,
// within nine days either side of it: which of two Fridays "next Friday"
// is, "the 14th" says.
func sameWeekdayNear(day time.Time, d int) (time.Time, bool) {
	for off := -9; off <= 9; off++ {
		c := addDays(day, off)
		if c.Day() == d && c.Weekday() == day.Weekday() {
			return c, true
		}
	}
	return time.Time{}, false
}
