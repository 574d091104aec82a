package rules

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// A time of day is one token and the whole value.
func TestClockTimeIsOneValue(t *testing.T) {
	for text, want := range map[string]string{
		"Our team stand-up is at 9:30.":          "9:30",
		"The team stand-up has moved to 10:15.":  "10:15",
		"The ratio is 3:1 in the second sample.": "",
	} {
		ms := extract(t, text)
		if len(ms) == 0 {
			t.Fatalf("%q: no memory", text)
		}
		if want != "" && ms[0].Value != want {
			t.Errorf("%q: value %q, want %q", text, ms[0].Value, want)
		}
	}
}

// "X is due on D": the date is the value, so a corrected date differs.
func TestDueDateIsTheValue(t *testing.T) {
	ms := extract(t, "Sorry, I meant the quarterly report is due on 19 May.")
	if len(ms) != 1 || ms[0].Attribute != "is due" || ms[0].Value != "19 May" || !ms[0].Correction || ms[0].Type != schema.TypeCommitment {
		t.Fatalf("got %+v", ms)
	}
	if day(ms[0].ValidTo) != "2023-05-20" {
		t.Errorf("deadline %s", day(ms[0].ValidTo))
	}
}

func TestTypeCues(t *testing.T) {
	tests := map[string]schema.MemoryType{
		"After a long debate, we picked Fastly over Cloudflare for the CDN.": schema.TypeDecision,
		"I'd rather walk to the office than take the tram.":                  schema.TypePreference,
		"I told Marek I'd send him the contract tomorrow.":                   schema.TypeCommitment,
		"I told Marek I wouldn't be there.":                                  schema.TypeEvent,
		"We won't be renewing the Zendesk contract.":                         schema.TypeDecision,
		"I will renew the Zendesk contract.":                                 schema.TypeCommitment,
	}
	for text, want := range tests {
		ms := extract(t, text)
		if len(ms) == 0 {
			t.Errorf("%q: no memory", text)
			continue
		}
		if ms[0].Type != want {
			t.Errorf("%q typed %s, want %s", text, ms[0].Type, want)
		}
	}
}

// Putting a question off is not remembered; a sentence that goes on to
// say something is.
func TestDeferral(t *testing.T) {
	for _, text := range []string{"Hmm, let me sleep on it.", "Let me think about it.", "OK, let me check."} {
		if ms := extract(t, text); len(ms) != 0 {
			t.Errorf("%q: %d memories", text, len(ms))
		}
	}
	if ms := extract(t, "Let me check the invoices from the Berlin office before the audit in June."); len(ms) == 0 {
		t.Error("a long sentence after let me was dropped")
	}
}

// News a caller gave of themselves is read as said of them; the claim
// keeps the words as said.
func TestNewsFromCaller(t *testing.T) {
	for text, want := range map[string][3]string{
		"Piotr called - he moved to Cork!":           {"piotr", "moved to", "Cork"},
		"Mum rang: she's moved to Harrogate.":        {"mum", "moved to", "Harrogate"},
		"My sister texted — she got the job at Arup": {"user's sister", "got", "job at Arup"},
	} {
		ms := extract(t, text)
		if len(ms) == 0 {
			t.Fatalf("%q: no memory", text)
		}
		if got := [3]string{ms[0].Subject, ms[0].Attribute, ms[0].Value}; got != want || ms[0].Claim != text {
			t.Errorf("%q: %q, claim %q; want %q", text, got, ms[0].Claim, want)
		}
	}
	// news of someone else stays as it was said
	if ms := extract(t, "Piotr called - they moved the match to Sunday"); len(ms) > 0 && ms[0].Subject == "piotr" && ms[0].Attribute == "moved" {
		t.Errorf("the match read as Piotr's move: %+v", ms[0])
	}
}
