package main

import (
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/persistmemory/persistmemory/ingest/resolve"
	"github.com/persistmemory/persistmemory/ingest/resolve/internal/table"
)

func main() {
	path := flag.String("csv", "", "airportsdata's airports.csv")
	flag.Parse()
	if err := run(os.Stdout, *path); err != nil {
		fmt.Fprintln(os.Stderr, "airportsgen:", err)
		os.Exit(1)
	}
}

func run(out io.Writer, path string) error {
	if path == "" {
		return fmt.Errorf("-csv is required")
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := csv.NewReader(f)
	head, err := r.Read()
	if err != nil {
		return err
	}
	iata, name, city := slices.Index(head, "iata"), slices.Index(head, "name"), slices.Index(head, "city")
	if iata < 0 || name < 0 || city < 0 {
		return fmt.Errorf("%s: no iata, name or city column", path)
	}
	byCode := map[string]string{}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		code, n := rec[iata], resolve.Normalize(rec[name])
		if len(code) != 3 || n == "" {
			continue
		}
		if _, dup := byCode[code]; dup {
			return fmt.Errorf("%s: code %s twice", path, code)
		}
		byCode[code] = n + "|" + resolve.Normalize(rec[city])
	}
	lines := make([]string, 0, len(byCode))
	for c, n := range byCode {
		lines = append(lines, c+"|"+n)
	}
	return table.Write(out, lines)
}
