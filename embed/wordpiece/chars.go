package wordpiece

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Character classes as the tokenizers crate defines them for BERT.

// isControl: general categories Cc, Cf, Co and Cs except tab, newline and
// carriage return, which count as whitespace. clean_text removes these.
// Unassigned code points (Cn) stay, as in the tokenizers crate; Go's
// unicode.C would include some of them.
func isControl(r rune) bool {
	if r < utf8.RuneSelf {
		return (r < ' ' && r != '\t' && r != '\n' && r != '\r') || r == 0x7F
	}
	return unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs)
}

// isWhitespace is the Unicode White_Space property (Rust's
// char::is_whitespace).
func isWhitespace(r rune) bool {
	if r < utf8.RuneSelf {
		return r == ' ' || ('\t' <= r && r <= '\r')
	}
	return unicode.Is(unicode.White_Space, r)
}

// isPunctuation is BERT's punctuation: every ASCII punctuation character
// (including symbols such as $ + < = > ^ ` | ~) and Unicode category P.
func isPunctuation(r rune) bool {
	if r < utf8.RuneSelf {
		return ('!' <= r && r <= '/') || (':' <= r && r <= '@') ||
			('[' <= r && r <= '`') || ('{' <= r && r <= '~')
	}
	return unicode.Is(unicode.P, r)
}

// isCJK reports the CJK Unified Ideographs blocks BERT splits into single
// characters, with the tokenizers crate's bounds (checked by the golden
// case cjk_boundaries). Hiragana, Katakana and Hangul are not among them.
func isCJK(r rune) bool {
	return (r >= 0x4E00 && r <= 0x9FFF) ||
		(r >= 0x3400 && r <= 0x4DBF) ||
		(r >= 0x20000 && r <= 0x2A6DF) ||
		(r >= 0x2A700 && r <= 0x2B73F) ||
		(r >= 0x2B740 && r <= 0x2B81F) ||
		(r >= 0x2B920 && r <= 0x2CEAF) || // sic: 2B920, not BERT's 2B820
		(r >= 0xF900 && r <= 0xFAFF) ||
		(r >= 0x2F800 && r <= 0x2FA1F)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// normalizer applies the BertNormalizer steps to one whitespace-free chunk of
// raw text, in the crate's order: clean text, strip accents (NFD, drop Mn),
// lowercase. CJK splitting happens while chunking, before this; no step
// reorders across whitespace or CJK characters, so normalising chunk by
// chunk equals normalising the whole text. buf is scratch space reused
// across the chunks of one Encode call.
type normalizer struct {
	cleanText, stripAccents, lowercase bool
	buf                                []byte
}

func (n *normalizer) normalize(chunk string) string {
	if isASCII(chunk) {
		return n.ascii(chunk)
	}
	s := chunk
	if n.cleanText || !utf8.ValidString(s) {
		n.buf = n.buf[:0]
		for _, r := range s { // invalid bytes decode as U+FFFD
			if n.cleanText && (r == 0 || r == utf8.RuneError || isControl(r)) {
				continue
			}
			n.buf = utf8.AppendRune(n.buf, r)
		}
		s = string(n.buf)
	}
	if n.stripAccents {
		s = norm.NFD.String(s)
		s = strings.Map(func(r rune) rune {
			if unicode.Is(unicode.Mn, r) {
				return -1
			}
			return r
		}, s)
	}
	if n.lowercase {
		s = lower(s)
	}
	return s
}

// ascii is normalize for ASCII text: NFD and accent stripping are the
// identity there.
func (n *normalizer) ascii(s string) string {
	clean := true
	if n.cleanText {
		for i := 0; i < len(s); i++ {
			if isControl(rune(s[i])) {
				clean = false
				break
			}
		}
	}
	if clean {
		if n.lowercase {
			return strings.ToLower(s)
		}
		return s
	}
	n.buf = n.buf[:0]
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isControl(rune(c)):
			continue
		case n.lowercase && 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		n.buf = append(n.buf, c)
	}
	return string(n.buf)
}

// lower is Rust's per-character char::to_lowercase: simple lowercase
// mappings, plus the one unconditional multi-character mapping,
// U+0130 (İ) -> "i\u0307".
func lower(s string) string {
	if !strings.ContainsRune(s, 'İ') {
		return strings.Map(unicode.ToLower, s)
	}
	var b strings.Builder
	for _, r := range s {
		if r == 'İ' {
			b.WriteString("i\u0307")
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
