package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	dir := t.TempDir()
	tables := map[string]string{
		"en": "const enNames = new Map([\n  ['erik', 'male'],\n  ['karin', 'female'],\n  ['kim', 'female'],\n  ['solo', 'male'],\n  ['mixed', 'male'],\n]);\n",
		"de": "  ['erik', 'male'],\n  ['karin', 'male'],\n  ['karin', 'female'],\n  ['kim', 'female'],\n  ['mixed', 'female'],\n",
	}
	for _, lang := range languages {
		if err := os.WriteFile(filepath.Join(dir, lang+".js"), []byte(tables[lang]), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	if err := run(&b, dir); err != nil {
		t.Fatal(err)
	}
	// karin's last line in de says female; kim is unisex; solo is in one
	// table only; mixed has two sexes
	if got, want := b.String(), "erik m\nkarin f\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestRunRefusesMissingTables(t *testing.T) {
	if err := run(&strings.Builder{}, t.TempDir()); err == nil {
		t.Error("no tables: no error")
	}
	if err := run(&strings.Builder{}, ""); err == nil {
		t.Error("no directory: no error")
	}
}
