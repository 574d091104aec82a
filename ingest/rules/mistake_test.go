package rules

import (
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// A sentence that only admits a mistake makes the next sentence a
// correction and is not kept; one that says more is read as it is.
func TestMistakeAdmission(t *testing.T) {
	tests := []struct {
		text      string
		claims    int  // memories kept
		corrected bool // the last memory is a correction
	}{
		{"Sorry, I wrote it wrong. Club fee is 1,500 yen per month.", 1, true},
		{"I got that wrong. The meeting is at 10.", 1, true},
		{"My mistake. The rent is 1450.", 1, true},
		{"oops, typo. The code is 4471.", 1, true},
		{"Sorry, I had the date wrong. The party is on 14 June.", 1, true},
		{"I was wrong about the venue. The party is at Rosa's.", 2, false},
		{"Sorry, I'm late. The rent is 1450.", 2, false},
		{"The rent is 1450. Sorry, I wrote it wrong.", 1, false},
	}
	for _, tt := range tests {
		ms := extract(t, tt.text)
		if len(ms) != tt.claims {
			t.Errorf("%q: %d memories, want %d: %+v", tt.text, len(ms), tt.claims, ms)
			continue
		}
		if got := ms[len(ms)-1].Correction; got != tt.corrected {
			t.Errorf("%q: correction %v, want %v", tt.text, got, tt.corrected)
		}
	}
}

// The number a value replaces, said after it ("1,500, not 1,000"), words
// the claim as a correction; a thing denied beside it is a contrast.
func TestNotOldNumber(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"Club fee is 1,500 yen per month, not 1,000.", true},
		{"The meeting is at 9, not 10.", true},
		{"The meeting is on Zoom, not in person.", false},
		{"The rent is 1450, not including bills, which are about 200 a month.", false},
	}
	for _, tt := range tests {
		ms := extract(t, tt.text)
		if len(ms) == 0 {
			t.Errorf("%q: no memory", tt.text)
			continue
		}
		if ms[0].Correction != tt.want {
			t.Errorf("%q: correction %v, want %v (%s)", tt.text, ms[0].Correction, tt.want, strings.Join([]string{ms[0].Subject, ms[0].Attribute, ms[0].Value}, " / "))
		}
	}
}

// A thing postponed in one sentence takes the new date a sentence or two
// later: the date's claim is the thing's, worded as a change.
func TestPostponedNewDate(t *testing.T) {
	tests := []struct {
		text, subj string
		corrected  bool
	}{
		{"field trip postponed!! river is still too high at the sites. now it's 6 to 22 of May", "field trip", true},
		{"quali got postponed, one of the external members has a conference. new date is 10 September", "quali", true},
		{"field trip postponed!! I'm gutted. The river is high. now it's 6 to 22 of May", "now it", false},
		{"The party was great. New date is 10 September for the next one.", "new date", false},
		{"surgery postponed AGAIN!! April 18 now, the surgeon got sick", "surgery", true},
	}
	for _, tt := range tests {
		ms := extract(t, tt.text)
		if len(ms) == 0 {
			t.Errorf("%q: no memory", tt.text)
			continue
		}
		m := ms[len(ms)-1]
		if m.Subject != tt.subj || m.Correction != tt.corrected {
			t.Errorf("%q: last memory %q (%s / %s, correction %v), want subject %q, correction %v", tt.text, m.Claim, m.Subject, m.Value, m.Correction, tt.subj, tt.corrected)
		}
	}
}

// A date given first with "now" after a thing put off is a day to come,
// though the words around it are in the past.
func TestPostponedDateToCome(t *testing.T) {
	said := time.Date(2024, 4, 2, 21, 0, 0, 0, time.UTC)
	ms, err := Extractor{}.Extract(t.Context(), schema.Document{Text: "surgery postponed AGAIN!! April 18 now, the surgeon got sick", SaidAt: said})
	if err != nil || len(ms) == 0 {
		t.Fatalf("Extract = %v, %v", ms, err)
	}
	if m := ms[len(ms)-1]; m.ValidFrom == nil || !m.ValidFrom.Equal(time.Date(2024, 4, 18, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("new date of %q = %v, want 2024-04-18", m.Claim, m.ValidFrom)
	}
	// the thing and its new date are one memory, its excerpt the words
	// as said from the one to the other
	if len(ms) != 1 || ms[0].Excerpt != "surgery postponed AGAIN!! April 18 now, the surgeon got sick" {
		t.Errorf("Extract = %d memories, first excerpt %q; want one with both sentences", len(ms), ms[0].Excerpt)
	}
}

// The start of now told after the fact ("he only moved to Access in
// 2019") carries the state of the sentence before it in its claim.
func TestOnlySinceJoined(t *testing.T) {
	ms := extract(t, "when I met Emeka he was at GTBank on Broad Street. he only moved to Access in 2019")
	if len(ms) == 0 || !strings.HasPrefix(ms[len(ms)-1].Claim, "when I met Emeka he was at GTBank") {
		t.Fatalf("last claim does not carry the state before: %+v", ms)
	}
	ms = extract(t, "Emeka loves his job. he only moved to Access in 2019")
	if len(ms) == 0 || strings.Contains(ms[len(ms)-1].Claim, "loves") {
		t.Fatalf("a sentence with no past state was joined: %+v", ms)
	}
}
