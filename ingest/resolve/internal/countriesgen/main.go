package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode"

	"github.com/persistmemory/persistmemory/ingest/resolve"
	"github.com/persistmemory/persistmemory/ingest/resolve/internal/table"
)

type country struct {
	Name   string `json:"name"`
	Native string `json:"native"`
}

func main() {
	path := flag.String("json", "", "countries-list's countries.min.json")
	words := flag.String("words", "", "a file of lower-case English words, one a line")
	flag.Parse()
	if err := run(os.Stdout, *path, *words); err != nil {
		fmt.Fprintln(os.Stderr, "countriesgen:", err)
		os.Exit(1)
	}
}

func run(out io.Writer, path, wordsPath string) error {
	if path == "" || wordsPath == "" {
		return fmt.Errorf("-json and -words are required")
	}
	wb, err := os.ReadFile(wordsPath)
	if err != nil {
		return err
	}
	english := map[string]bool{}
	for _, w := range strings.Fields(string(wb)) {
		english[w] = true
	}

	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var all map[string]country
	if err := json.Unmarshal(b, &all); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	var lines []string
	for _, c := range all {
		name, native := resolve.Normalize(c.Name), resolve.Normalize(c.Native)
		if name == "" || native == "" || name == native || !latin(c.Native) || english[native] {
			continue
		}
		lines = append(lines, name+"|"+native)
	}
	return table.Write(out, lines)
}

// latin: s is written in Latin letters. A name in another script is left
// out: its letters in Latin (resolve's transliteration) are often no name
// anyone writes ("msr" for مصر), or another's ("mn", Oman, is Minnesota).
func latin(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) {
			return false
		}
	}
	return true
}
