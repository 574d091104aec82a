package latin

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gosimple/unidecode"
)

// Of returns s in Latin letters: other scripts transliterated ("Москва"
// is "Moskva", "北京" "Bei Jing "), and the Latin letters no accent
// decomposes written plainly ("Łukasz" is "Lukasz", "Straße" "Strasse",
// "Ağcabədi" "Agcabedi"). ASCII is returned as it is.
func Of(s string) string {
	if ASCII(s) {
		return s
	}
	return unidecode.Unidecode(schwa.Replace(s))
}

// schwa is written "e" in Latin letters; unidecode's table has "@".
var schwa = strings.NewReplacer("ə", "e", "Ə", "E")

// ASCII: every byte of s is ASCII.
func ASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// OtherScript: s has a letter outside the Latin script.
func OtherScript(s string) bool {
	for _, r := range s {
		if r >= utf8.RuneSelf && unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) {
			return true
		}
	}
	return false
}
