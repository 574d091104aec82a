package resolve

import (
	_ "embed"
	"strings"
	"sync"
)

// placeNamesText lists the other names of the world's cities of at least
// 50,000 people, in any script, a line a place, its own name first,
// written by internal/placenamesgen from GeoNames (CC BY 4.0):
// "mumbai|bombay|…", "philadelphia|philly|…", "tokyo|東京|…". Every name
// is in its comparison form (Normalize).
//
//go:embed placenames.txt
var placeNamesText string

// placeIndex maps each name of placeNamesText to the lines (places) that
// give it, and each line to its place's own name.
type placeIndex struct {
	lines map[string][]int32
	own   []string
}

// placeNames reads placeNamesText once, when a place is first compared.
var placeNames = sync.OnceValue(func() placeIndex { return readPlaceNames(placeNamesText) })

func readPlaceNames(text string) placeIndex {
	idx := placeIndex{lines: make(map[string][]int32, 100_000)}
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		id := int32(len(idx.own))
		names := strings.Split(line, "|")
		idx.own = append(idx.own, names[0])
		for _, n := range names {
			if l := idx.lines[n]; len(l) == 0 || l[len(l)-1] != id {
				idx.lines[n] = append(l, id)
			}
		}
	}
	return idx
}

// placeVariant: m and c, names in comparison form, are two names GeoNames
// gives one place ("bombay" and "mumbai", "munchen" and "munich").
func placeVariant(m, c []string) bool {
	if len(m) == 0 || len(c) == 0 || equal(m, c) {
		return false
	}
	idx := placeNames()
	a, b := idx.lines[strings.Join(m, " ")], idx.lines[strings.Join(c, " ")]
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

// placeOwnNames returns the own names of the places GeoNames gives the
// other name n ("mumbai" for "bombay"); nothing for a place's own name.
func placeOwnNames(n string) []string {
	idx := placeNames()
	var out []string
	for _, id := range idx.lines[n] {
		if own := idx.own[id]; own != n {
			out = append(out, own)
		}
	}
	return out
}
