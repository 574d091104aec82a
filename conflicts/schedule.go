package conflicts

// A claim may say from when its value holds: "from April", "from next
// month", "as of this month", "starting 1 June", "since the start of the
// tax year". Such a validity opener says a new value took (or takes)
// effect, so it is a change cue, and a change with a stated start is
// scheduled, not merely hoped for: "from next month" is not a plan still
// to come the way "is moving to Osaka next month" is. A span ("from 2019
// to 2021", "from Monday to Friday") and a clock time ("open from 9am")
// say neither.

// validityOpeners open a phrase saying from when a value holds.
var validityOpeners = map[string]bool{"from": true, "starting": true, "since": true, "effective": true}

// periodEdges name a point of a period: "the start of the tax year".
var periodEdges = map[string]bool{"start": true, "beginning": true, "end": true, "middle": true}

// validityPhrase returns the span [from, to) of a validity opener and
// the time it names, or ok false. Read at ts[i]: "from April", "from 1
// June", "from next month", "as of this month", "since 2023", "since the
// start of the tax year" (up to two words may qualify the period).
func validityPhrase(ts []ctok, i int) (from, to int, ok bool) {
	w := ts[i].low
	j := i + 1
	switch {
	case validityOpeners[w]:
	case w == "as" && i+1 < len(ts) && ts[i+1].low == "of":
		j = i + 2
	default:
		return 0, 0, false
	}
	at := func(k int) string {
		if k < len(ts) {
			return ts[k].low
		}
		return ""
	}
	edge := false
	if at(j) == "the" && periodEdges[at(j+1)] && at(j+2) == "of" {
		j, edge = j+3, true
	}
	if at(j) == "the" {
		j++
	}
	end := -1
	switch x := at(j); {
	case x == "next" || x == "this" || x == "coming" || x == "last":
		if timeUnits[singular(at(j+1))] {
			end = j + 2
		}
	case monthWords[x] && !(x == "may" && !capitalised(ts[j].raw)):
		end = j + 1
		if _, ok := dayOfMonth(at(j + 1)); ok {
			end++
		}
		if yearWord(at(end)) {
			end++
		}
	case yearWord(x), (x == "tomorrow" || x == "today") && w != "since", weekdays[x] != "" && w != "from" && w != "since":
		// "starting tomorrow", "effective Monday" ("from Monday" may
		// open a span of days, "since Monday" says when it began)
		end = j + 1
	default:
		if _, ok := dayOfMonth(x); ok && monthWords[at(j+1)] {
			end = j + 2
			if yearWord(at(end)) {
				end++
			}
			break
		}
		if !edge {
			break
		}
		// "the start of the tax year": up to two words before the unit
		for k := j; k < len(ts) && k <= j+2; k++ {
			if timeUnits[singular(at(k))] {
				end = k + 1
				break
			}
			if !isWord(at(k)) || capitalised(ts[k].raw) {
				break
			}
		}
	}
	if end < 0 {
		return 0, 0, false
	}
	if w == "from" {
		// "from 2019 to 2021", "from March until May": a span; a "to"
		// further on belongs to the claim ("from next month the rent
		// goes up to £1,340")
		if x := at(end); x == "to" || x == "until" || x == "till" || x == "through" {
			return 0, 0, false
		}
	}
	return i, end, true
}

// scheduledSpans returns the validity phrases of a claim's tokens.
func scheduledSpans(ts []ctok) [][2]int {
	var out [][2]int
	for i := 0; i < len(ts); i++ {
		if from, to, ok := validityPhrase(ts, i); ok {
			out = append(out, [2]int{from, to})
			i = to - 1
		}
	}
	return out
}

// scheduledChange: the claim says from when its value holds.
func scheduledChange(claim string) bool {
	return len(scheduledSpans(claimTokens(claim))) > 0
}
