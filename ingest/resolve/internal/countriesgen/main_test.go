package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeFile(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRun(t *testing.T) {
	countries := writeFile(t, "countries.json", `{
		"HR": {"name": "Croatia", "native": "Hrvatska"},
		"IS": {"name": "Iceland", "native": "Ísland"},
		"EG": {"name": "Egypt", "native": "مصر"},
		"GB": {"name": "United Kingdom", "native": "United Kingdom"},
		"DE": {"name": "Germany", "native": "Deutschland"}}`)
	words := writeFile(t, "words.txt", "island\nland\n")
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
	words := writeFile(t, "words.txt", "island\n")
	if err := run(&strings.Builder{}, writeFile(t, "bad.json", `{"HR": [`), words); err == nil {
		t.Error("malformed JSON: no error")
	}
	if err := run(&strings.Builder{}, "", words); err == nil {
		t.Error("no path: no error")
	}
	if err := run(&strings.Builder{}, filepath.Join(t.TempDir(), "missing.json"), words); err == nil {
		t.Error("a missing file: no error")
	}
}
