package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/ingest/resolve/internal/table/tabletest"
)

func TestRun(t *testing.T) {
	countries := tabletest.File(t, "countries.json", `{
		"HR": {"name": "Croatia", "native": "Hrvatska"},
		"IS": {"name": "Iceland", "native": "Ísland"},
		"EG": {"name": "Egypt", "native": "مصر"},
		"GB": {"name": "United Kingdom", "native": "United Kingdom"},
		"DE": {"name": "Germany", "native": "Deutschland"}}`)
	words := tabletest.File(t, "words.txt", "island\nland\n")
	var b strings.Builder
	if err := run(&b, countries, words); err != nil {
		t.Fatal(err)
	}
	// Iceland's native name is a word, Egypt's in another script, the
	// United Kingdom's its English one
	if got, want := b.String(), "croatia|hrvatska\ngermany|deutschland\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestRunRefusesBadInput(t *testing.T) {
	words := tabletest.File(t, "words.txt", "island\n")
	if err := run(&strings.Builder{}, tabletest.File(t, "bad.json", `{"HR": [`), words); err == nil {
		t.Error("malformed JSON: no error")
	}
	if err := run(&strings.Builder{}, "", words); err == nil {
		t.Error("no path: no error")
	}
	if err := run(&strings.Builder{}, filepath.Join(t.TempDir(), "missing.json"), words); err == nil {
		t.Error("a missing file: no error")
	}
}
