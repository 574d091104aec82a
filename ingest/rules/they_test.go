package rules

import "testing"

// "They" after a claim about things in the plural is those things; a
// chit-chat word inside a name ("Highland Home Care") is the name's. With
// nothing before it, or after a person, "they" stays unread.
func TestTheyAfterPluralThing(t *testing.T) {
	tests := []struct {
		text    string
		subject string // of the last memory; "" for none kept
	}{
		{"The carers come twice a day, morning and bedtime. They're from Highland Home Care.", "carers"},
		{"The carers come twice a day. They are from Highland Home Care.", "carers"},
		{"They're from Highland Home Care.", ""},
		{"My boss is Sam. They're from Highland Home Care.", ""},
	}
	for _, tt := range tests {
		ms := extract(t, tt.text)
		got := ""
		if len(ms) > 0 {
			got = ms[len(ms)-1].Subject
		}
		if got != tt.subject {
			t.Errorf("%q: last subject %q, want %q (%d memories)", tt.text, got, tt.subject, len(ms))
		}
	}
}
