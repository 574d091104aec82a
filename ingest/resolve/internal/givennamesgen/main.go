package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/ingest/resolve/internal/table"
)

// languages are the package's tables, one file each under names/.
var languages = []string{"en", "it", "es", "fr", "de", "tr"}

// minTables: a name is kept only when this many tables list it.
const minTables = 2

// unisex are names given to men and women alike that the tables give one
// sex: a title says nothing against them.
var unisex = strings.Fields(`alex alexis andrea angel ariel ashley avery bailey billie blake bobbie
cameron carey casey charlie chris dana daniele dominique drew eden emanuele frankie gabriele
georgie harley hayden hikaru jackie jamie jean jesse jessie jo jodie jody joey jordan kai kelley
kelly kerry kim kit lee lesley leslie lindsay lindsey lou lyn lynn marion max mel michele min
morgan nat nicola noa pat peyton parker quinn reese remy rene riley river robin ronnie rowan
sage sam sandy sasha shannon shea sidney simone skyler stacy stevie sydney taylor teddy terry
toni tracy yuki jan akira sora aoi izumi mizuki makoto kaoru haru ren rin nao nur camille`)

// entry is one line of a table: ['name', 'male'],
var entry = regexp.MustCompile(`^\s*\['([^']+)',\s*'(male|female)'\]`)

func main() {
	dir := flag.String("dir", "", "the package's names/ directory")
	flag.Parse()
	if err := run(os.Stdout, *dir); err != nil {
		fmt.Fprintln(os.Stderr, "givennamesgen:", err)
		os.Exit(1)
	}
}

func run(out io.Writer, dir string) error {
	if dir == "" {
		return fmt.Errorf("-dir is required")
	}
	seen := map[string][]string{}
	for _, lang := range languages {
		f, err := os.Open(filepath.Join(dir, lang+".js"))
		if err != nil {
			return err
		}
		// a table read as the package reads it, into a Map: a name listed
		// twice has the sex of its last line
		table := map[string]string{}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if m := entry.FindStringSubmatch(sc.Text()); m != nil {
				table[m[1]] = m[2]
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return err
		}
		for name, sex := range table {
			seen[name] = append(seen[name], sex)
		}
	}
	var lines []string
	for name, sexes := range seen {
		if len(sexes) < minTables || slices.Contains(unisex, name) || !onlyLetters(name) {
			continue
		}
		if slices.ContainsFunc(sexes, func(s string) bool { return s != sexes[0] }) {
			continue
		}
		lines = append(lines, name+" "+sexes[0][:1])
	}
	return table.Write(out, lines)
}

// onlyLetters: s is lower-case ASCII letters, as the tables' names are
// compared (resolve's tokens).
func onlyLetters(s string) bool {
	return s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyz") == ""
}
