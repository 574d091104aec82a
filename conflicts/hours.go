package conflicts

import (
	"fmt"
	"strconv"
	"strings"
)

// Times said loosely. "Training is at 10 on Saturdays" gives an hour
// with no am or pm: after "at", a number from 1 to 12 that no unit
// follows is a clock time whose half of the day is unknown, keyed "~H:MM"
// and equal to either half ("at 4" = "4pm" = "16:00"). Once a claim gives
// a clock time, a bare hour after "not", "than", "instead of" or "rather
// than" is the old one it replaces ("at 10, not 9"). An amount with no
// period takes the period of a period adjective in the claim ("the hourly
// rate is £75" = "£75 an hour").

// looseHourFollowers may follow a bare hour: the end of the clause, a
// function word, a day or a part of the day.
func looseHourFollower(ts []ctok, i int) bool {
	if i >= len(ts) {
		return true
	}
	w := ts[i].low
	if _, ok := weekdays[singular(w)]; ok {
		return true
	}
	if _, ok := dayParts[w]; ok {
		return true
	}
	return w == "sharp" || notUnits[w] && w != "percent" && w != "o'clock" && w != "of" && w != "to" && w != "per"
}

// bareHour reads "5", "10" or "nine" as an hour of the clock (1 to 12).
func bareHour(w string) (int, bool) {
	if n, ok := countWords[w]; ok && n >= 1 && n <= 12 {
		return n, true
	}
	if w == "" || len(w) > 2 || strings.Trim(w, "0123456789") != "" {
		return 0, false
	}
	n, _ := strconv.Atoi(w)
	return n, n >= 1 && n <= 12
}

// looseClocks adds the bare hours of ts to vs (used marks the tokens
// other values took).
func looseClocks(ts []ctok, used []bool, vs []typedValue) []typedValue {
	add := func(i, h int) {
		used[i] = true
		vs = append(vs, typedValue{typ: "clock", key: "~" + strconv.Itoa(h) + ":00", from: i, to: i + 1})
	}
	for i := 0; i+3 < len(ts); i++ {
		// "11 in the morning", "7 in the evening": the half of the day said in words
		h, ok := bareHour(ts[i].low)
		if used[i] || !ok || ts[i+1].low != "in" || ts[i+2].low != "the" {
			continue
		}
		switch ts[i+3].low {
		case "morning":
			h %= 12
		case "afternoon", "evening":
			if h < 12 {
				h += 12
			}
		default:
			continue
		}
		used[i] = true
		vs = append(vs, typedValue{typ: "clock", key: fmt.Sprintf("%d:%02d", h, 0), from: i, to: i + 4})
	}
	for i := 1; i < len(ts); i++ {
		if used[i] || ts[i-1].low != "at" || !looseHourFollower(ts, i+1) {
			continue
		}
		if h, ok := bareHour(ts[i].low); ok {
			add(i, h)
		}
	}
	clock := false
	for _, v := range vs {
		clock = clock || v.typ == "clock"
	}
	if !clock {
		return vs
	}
	for i := 1; i < len(ts); i++ {
		p := ts[i-1].low
		if used[i] || !(p == "not" || p == "than" || p == "of" && i > 1 && ts[i-2].low == "instead") || !looseHourFollower(ts, i+1) {
			continue
		}
		if h, ok := bareHour(ts[i].low); ok {
			add(i, h)
		}
	}
	return vs
}

// sameTyped: two keys of type typ are one value; a bare hour equals
// either half of the day.
func sameTyped(typ, a, b string) bool {
	if a == b || codePlural(a, b) || codePlural(b, a) || (typ == "date" || typ == "month") && (yearLeftOut(a, b) || yearLeftOut(b, a)) || typ == "date" && (monthLeftOut(a, b) || monthLeftOut(b, a)) || typ == "quantity:degree" && sameTemperature(a, b) || typ == "quantity:cm" && sameLength(a, b) {
		return true
	}
	if typ != "clock" || !strings.HasPrefix(a, "~") && !strings.HasPrefix(b, "~") {
		return false
	}
	ha, ma, ok1 := strings.Cut(strings.TrimPrefix(a, "~"), ":")
	hb, mb, ok2 := strings.Cut(strings.TrimPrefix(b, "~"), ":")
	if !ok1 || !ok2 || ma != mb {
		return false
	}
	x, err1 := strconv.Atoi(ha)
	y, err2 := strconv.Atoi(hb)
	return err1 == nil && err2 == nil && x%12 == y%12
}

// periodAdjective gives an amount with no period the period of a period
// adjective elsewhere in the claim ("hourly", "monthly"), when the claim
// gives one amount.
func periodAdjective(ts []ctok, vs []typedValue) {
	money := -1
	for k, v := range vs {
		if strings.HasPrefix(v.typ, "money:") {
			if money >= 0 {
				return
			}
			money = k
		}
	}
	if money < 0 || !strings.HasSuffix(vs[money].typ, ":") {
		return
	}
	for i, t := range ts {
		if i >= vs[money].from && i < vs[money].to {
			continue
		}
		if p, ok := periodAdverbs[t.low]; ok {
			vs[money].typ += p
			return
		}
	}
}

// codePlural: b is code a said of several ("climbing V4s", "flies A380s"):
// a ends in a digit and b is a with an "s".
func codePlural(a, b string) bool {
	return len(a) > 0 && a[len(a)-1] >= '0' && a[len(a)-1] <= '9' && b == a+"s"
}

// yearLeftOut: date or month b is a with its year ("march" / "march 2031"):
// one says more of the same day or month.
func yearLeftOut(a, b string) bool {
	rest, ok := strings.CutPrefix(b, a+" ")
	return ok && len(rest) == 4 && strings.Trim(rest, "0123456789") == ""
}

// monthLeftOut: a is a day of the month alone ("20", from "the 20th") and
// b a date on that day ("may 20", "may 20 2026").
func monthLeftOut(a, b string) bool {
	if a == "" || strings.ContainsRune(a, ' ') {
		return false
	}
	f := strings.Fields(b)
	return len(f) >= 2 && f[1] == a
}
