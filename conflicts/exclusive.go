package conflicts

import "strings"

// exclusiveSets are small sets of adjectives of which one thing is one at
// a time, beyond the states of stateGroup: a pet is male or female, a
// rate fixed or variable, a job full-time or part-time. A word may belong
// to several sets ("fixed" is also a repair state). Hyphens are dropped
// ("full-time" is "fulltime"); a negated adjective ("unfurnished") needs
// no entry (negatedAdjective).
var exclusiveSets = [][]string{
	{"male", "female"},
	{"boy", "girl"},
	{"fixed", "variable", "tracker"},
	{"fulltime", "parttime"},
	{"permanent", "temporary"},
	{"indoor", "outdoor"},
	{"indoors", "outdoors"},
	{"lefthanded", "righthanded", "ambidextrous"},
	{"manual", "automatic"},
	{"freehold", "leasehold"},
	{"alive", "dead"},
	{"wired", "wireless"},
	{"remote", "hybrid", "onsite", "inperson", "inoffice"},
	{"electric", "petrol", "diesel", "hybrid"},
	{"compulsory", "optional"},
	{"mandatory", "optional"},
	{"monthly", "weekly", "yearly", "annual", "quarterly", "daily"},
	{"domestic", "international"},
	{"single", "double", "twin"},
}

// exclusive: a and b (value keys) are two members of one exclusive set.
func exclusive(a, b []string) bool {
	x, y := strings.Join(a, ""), strings.Join(b, "")
	if x == y || len(a) > 2 || len(b) > 2 {
		return false
	}
	for _, set := range exclusiveSets {
		inX, inY := false, false
		for _, w := range set {
			inX = inX || w == x
			inY = inY || w == y
		}
		if inX && inY {
			return true
		}
	}
	return false
}
