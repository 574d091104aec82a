package main

import (
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/ingest/resolve/internal/table/tabletest"
)

func TestRun(t *testing.T) {
	dir := tabletest.Dir(t, map[string]string{
		"cities15000.json": `{"1": {"name": "Kyoto", "population": 1459640, "countrycode": "JP"},
			"2": {"name": "Valencia", "population": 814208, "countrycode": "ES"},
			"3": {"name": "Valencia", "population": 1484430, "countrycode": "VE"},
			"4": {"name": "Tiny", "population": 20000, "countrycode": "JP"}}`,
		"countries.json": `{"JP": {"name": "Japan", "iso": "JP"}, "ES": {"name": "Spain", "iso": "ES"}, "VE": {"name": "Venezuela", "iso": "VE"}}`,
	})
	var b strings.Builder
	if err := run(&b, dir); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "kyoto|japan\nvalencia|spain|venezuela\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestRunRefusesBadInput(t *testing.T) {
	dir := tabletest.Dir(t, map[string]string{
		"cities15000.json": `{"1": {"name": "X", "population": 200000, "countrycode": "ZZ"}}`,
		"countries.json":   `{}`,
	})
	if err := run(&strings.Builder{}, dir); err == nil {
		t.Error("a city of no country: no error")
	}
	if err := run(&strings.Builder{}, t.TempDir()); err == nil {
		t.Error("no files: no error")
	}
	if err := run(&strings.Builder{}, ""); err == nil {
		t.Error("no directory: no error")
	}
}
