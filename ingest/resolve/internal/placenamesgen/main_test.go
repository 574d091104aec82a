package main

import "testing"

func TestOtherName(t *testing.T) {
	own := map[string]bool{"pekin": true, "manhattan": true, "new york": true}
	words := map[string]bool{"canebrake": true, "la": true}
	tests := []struct {
		alt, key, want string
	}{
		{"Bombay", "mumbai", "bombay"},
		{"München", "munich", "munchen"},
		{"NYC", "new york city", "nyc"},
		{"The Big Apple", "new york city", "big apple"},
		{"BOM", "mumbai", ""},            // an airport's code
		{"Ber", "berlin", ""},            // three letters, not the initials
		{"mwnkh", "munich", ""},          // a lower-case transliteration
		{"Мюнхен", "munich", "miunkhen"}, // in Latin letters, as Normalize writes it
		{"東京", "tokyo", "dong jing"},
		{"Pekin", "beijing", ""}, // another city's own name
		{"Manhattan", "new york city", ""},
		{"New York", "new york city", ""}, // a state's own name
		{"Canebrake", "atlanta", ""},      // an English word
		{"Munich", "munich", ""},          // the place's own name
		{"Kyiv 2", "kyiv", ""},            // digits
	}
	for _, tt := range tests {
		got, ok := otherName(tt.alt, tt.key, own, words)
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("otherName(%q, %q) = %q, want %q", tt.alt, tt.key, got, tt.want)
		}
	}
}

func TestSole(t *testing.T) {
	big := &place{city: city{Name: "Big", Population: 1_000_000}}
	mid := &place{city: city{Name: "Mid", Population: 200_000}}
	small := &place{city: city{Name: "Small", Population: 60_000}}
	if !sole([]*place{big}, big) {
		t.Error("a name one place is given is its own")
	}
	if !sole([]*place{big, small}, big) {
		t.Error("a place with ten times the people keeps the name")
	}
	if sole([]*place{big, mid}, big) || sole([]*place{big, small}, small) {
		t.Error("a name two places of like size are given names neither")
	}
}
