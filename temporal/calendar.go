package temporal

import "time"

// Calendar arithmetic in the location of the reference time.

func dayStart(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, t.Location())
}

func addDays(t time.Time, n int) time.Time { return t.AddDate(0, 0, n) }

// isoWeekday is 0 for Monday ... 6 for Sunday.
func isoWeekday(w time.Weekday) int { return (int(w) + 6) % 7 }

// weekStart is the Monday on or before t.
func weekStart(t time.Time) time.Time {
	d := dayStart(t)
	return addDays(d, -isoWeekday(d.Weekday()))
}

func monthStart(year int, m time.Month, loc *time.Location) time.Time {
	return time.Date(year, m, 1, 0, 0, 0, 0, loc)
}

func yearStart(year int, loc *time.Location) time.Time {
	return time.Date(year, 1, 1, 0, 0, 0, 0, loc)
}

// validDate reports whether year-m-d is a real date.
func validDate(year int, m time.Month, d int) bool {
	if d < 1 || d > 31 || m < 1 || m > 12 {
		return false
	}
	t := time.Date(year, m, d, 0, 0, 0, 0, time.UTC)
	return t.Day() == d && t.Month() == m
}

// season is 0 spring, 1 summer, 2 autumn, 3 winter.
type season int

const (
	spring season = iota
	summer
	autumn
	winter
)

var seasonStartMonth = [4]time.Month{time.March, time.June, time.September, time.December}

// seasonStart is the first day of the season s that starts in year.
func seasonStart(year int, s season, loc *time.Location) time.Time {
	return monthStart(year, seasonStartMonth[s], loc)
}

// seasonContaining returns the start year and season of the season that
// contains day t.
func seasonContaining(t time.Time) (int, season) {
	y, m := t.Year(), t.Month()
	switch {
	case m >= 3 && m <= 5:
		return y, spring
	case m >= 6 && m <= 8:
		return y, summer
	case m >= 9 && m <= 11:
		return y, autumn
	case m == 12:
		return y, winter
	default:
		return y - 1, winter
	}
}

// span builds an Expr over [start, end).
func span(start, end time.Time, g Granularity) Expr {
	return Expr{Start: start, End: end, Granularity: g}
}

func dayExpr(d time.Time) Expr { return span(d, addDays(d, 1), Day) }

func weekExpr(d time.Time) Expr {
	s := weekStart(d)
	return span(s, addDays(s, 7), Week)
}

func monthExpr(year int, m time.Month, loc *time.Location) Expr {
	s := monthStart(year, m, loc)
	return span(s, s.AddDate(0, 1, 0), Month)
}

func yearExpr(year int, loc *time.Location) Expr {
	s := yearStart(year, loc)
	return span(s, s.AddDate(1, 0, 0), Year)
}

func seasonExpr(year int, s season, loc *time.Location) Expr {
	st := seasonStart(year, s, loc)
	return span(st, st.AddDate(0, 3, 0), Season)
}
