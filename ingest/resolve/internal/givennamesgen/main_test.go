package main

import (
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/ingest/resolve/internal/table/tabletest"
)

func TestRun(t *testing.T) {
	tables := map[string]string{
		"en": "const enNames = new Map([\n  ['erik', 'male'],\n  ['karin', 'female'],\n  ['kim', 'female'],\n  ['solo', 'male'],\n  ['mixed', 'male'],\n]);\n",
		"de": "  ['erik', 'male'],\n  ['karin', 'male'],\n  ['karin', 'female'],\n  ['kim', 'female'],\n  ['mixed', 'female'],\n",
	}
	files := map[string]string{}
	for _, lang := range languages {
		files[lang+".js"] = tables[lang]
	}
	dir := tabletest.Dir(t, files)
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
