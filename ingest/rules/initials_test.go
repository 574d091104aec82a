package rules

import "testing"

// An initial keeps its full stop inside a name ("J. Okafor", "Mr K.
// Adeyemi", "Dr. A. Shah", "John F. Kennedy"), so the name is one value;
// a capital letter that is a grade or a plan ends its word as before.
func TestInitialsStayInTheirName(t *testing.T) {
	for text, want := range map[string]string{
		"My manager is J. Okafor.":              "J. Okafor",
		"Our landlord is Mr K. Adeyemi.":        "Mr K. Adeyemi",
		"I met Dr. A. Shah yesterday.":          "Dr. A. Shah",
		"We went with plan B. Then we shipped.": "plan B",
		"I got an A. Mum was happy.":            "A",
	} {
		ms := extract(t, text)
		if len(ms) == 0 || ms[0].Value != want {
			got := ""
			if len(ms) > 0 {
				got = ms[0].Value
			}
			t.Errorf("%q: value %q, want %q", text, got, want)
		}
	}
	ms := extract(t, "John F. Kennedy was president.")
	if len(ms) == 0 || len(ms[0].Entities) != 1 || ms[0].Entities[0].Name != "John F. Kennedy" {
		t.Errorf("John F. Kennedy was president: %+v, want one entity, John F. Kennedy", ms)
	}
}
