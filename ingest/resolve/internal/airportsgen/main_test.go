package main

import (
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/ingest/resolve/internal/table/tabletest"
)

func TestRun(t *testing.T) {
	p := tabletest.File(t, "airports.csv", `"icao","iata","name","city"
"KJFK","JFK","John F Kennedy International Airport","New York"
"00AA","","Aero B Ranch Airport","Leoti"
"EGLL","LHR","London Heathrow Airport","London"
`)
	var b strings.Builder
	if err := run(&b, p); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "JFK|john f kennedy international airport|new york\nLHR|london heathrow airport|london\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestRunRefusesBadInput(t *testing.T) {
	for name, body := range map[string]string{
		"no iata column": "\"icao\",\"name\",\"city\"\n\"KJFK\",\"JFK\",\"NY\"\n",
		"a code twice":   "\"iata\",\"name\",\"city\"\n\"JFK\",\"One\",\"A\"\n\"JFK\",\"Two\",\"B\"\n",
		"a ragged row":   "\"iata\",\"name\",\"city\"\n\"JFK\"\n",
	} {
		if err := run(&strings.Builder{}, tabletest.File(t, "a.csv", body)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if err := run(&strings.Builder{}, ""); err == nil {
		t.Error("no path: no error")
	}
}
