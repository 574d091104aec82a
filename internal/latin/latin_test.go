package latin

import (
	"strings"
	"testing"
)

func TestOf(t *testing.T) {
	for in, want := range map[string]string{
		"Dmitry":   "Dmitry",
		"Дмитрий":  "Dmitrii",
		"Łukasz":   "Lukasz",
		"Straße":   "Strasse",
		"Ağcabədi": "Agcabedi",
		"Γιώργος":  "Giorgos",
		"":         "",
	} {
		if got := Of(in); got != want {
			t.Errorf("Of(%q) = %q, want %q", in, got, want)
		}
	}
	// hostile: long, emoji, combining marks only
	for _, s := range []string{strings.Repeat("Ж", 100_000), "😀🙃", "\u0301\u0301", "\x00\x01", "\xff\xfe"} {
		_ = Of(s)
		_ = OtherScript(s)
	}
}

func TestOtherScript(t *testing.T) {
	for s, want := range map[string]bool{"Москва": true, "東京": true, "Zürich": false, "Ağcabədi": false, "NYC": false, "😀": false} {
		if got := OtherScript(s); got != want {
			t.Errorf("OtherScript(%q) = %v, want %v", s, got, want)
		}
	}
}
