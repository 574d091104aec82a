package tokens

import (
	"unicode"
	"unicode/utf8"
)

// This file splits text into the pieces BPE runs on, by hand: the same
// pieces regexp2 finds with cl100kPattern,
//
//	(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
//
// at a fraction of the cost (the regexp was three quarters of Count's
// time). The tests compare the two piece by piece, on tricky cases and
// under the fuzzer.
//
// regexp2 tries the alternatives in order at each position and takes the
// first that matches (not the longest), with backtracking. Its classes,
// as regexp2 v1.10.0 defines them: \p{L} is unicode.L, \p{N} is
// unicode.N, and \s is unicode.IsSpace (so NBSP, U+0085, U+2028 and the
// other Unicode spaces are \s, and U+200B and U+FEFF are not). They are
// disjoint. (?i:...) compares unicode.ToLower of the text's rune with the
// pattern's: only ASCII letters fold onto s, t, r, e, v, m, l or d
// (U+017F ſ and U+212A K are not matched, U+212A folding onto k).
//
// Every rune starts some alternative (each is a letter, a number, \s or
// [^\s\p{L}\p{N}]), so the pieces cover the text without gaps.

// Rune classes. Every rune is in exactly one.
const (
	clsOther   uint8 = iota // [^\s\p{L}\p{N}]: punctuation, symbols, marks, controls, U+FFFD
	clsLetter               // \p{L}
	clsNumber               // \p{N}
	clsSpace                // \s other than \r and \n
	clsNewline              // \r or \n
)

// asciiClass classifies the runes below utf8.RuneSelf.
var asciiClass = func() (t [utf8.RuneSelf]uint8) {
	for r := range rune(utf8.RuneSelf) {
		t[r] = slowClass(r)
	}
	return t
}()

func slowClass(r rune) uint8 {
	switch {
	case r == '\r' || r == '\n':
		return clsNewline
	case unicode.Is(unicode.L, r):
		return clsLetter
	case unicode.Is(unicode.N, r):
		return clsNumber
	case unicode.IsSpace(r):
		return clsSpace
	}
	return clsOther
}

// class returns the class of r.
func class(r rune) uint8 {
	if r < utf8.RuneSelf {
		return asciiClass[r]
	}
	switch {
	case unicode.IsLetter(r): // unicode.L, with a Latin-1 fast path
		return clsLetter
	case unicode.IsNumber(r): // unicode.N
		return clsNumber
	case unicode.IsSpace(r):
		return clsSpace
	}
	return clsOther
}

// classAt returns the class of the rune at s[i] and its size in bytes;
// i < len(s).
func classAt(s string, i int) (uint8, int) {
	if b := s[i]; b < utf8.RuneSelf {
		return asciiClass[b], 1
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	return class(r), size
}

// validText returns text as regexp2 sees it: decoded into runes, each
// byte of invalid UTF-8 becoming U+FFFD, and encoded again (the pieces
// Count merged were always strings of those runes).
func validText(text string) string {
	if utf8.ValidString(text) {
		return text
	}
	return string([]rune(text))
}

// nextPiece returns the end of the piece that starts at s[i]: the match
// of cl100kPattern there. s is valid UTF-8 and i < len(s) starts a rune.
func nextPiece(s string, i int) int {
	c, size := classAt(s, i)
	j := i + size
	switch c {
	case clsLetter: // [^\r\n\p{L}\p{N}]?\p{L}+ with an empty prefix
		return skipClass(s, j, clsLetter)
	case clsNumber: // \p{N}{1,3}
		for k := 1; k < 3 && j < len(s); k++ {
			c, size := classAt(s, j)
			if c != clsNumber {
				break
			}
			j += size
		}
		return j
	case clsNewline: // \s*[\r\n]+
		return spaceEnd(s, i)
	}
	// c is clsOther or clsSpace: [^\r\n\p{L}\p{N}].
	if s[i] == '\'' {
		if e := contraction(s, j); e > 0 {
			return e
		}
	}
	if j == len(s) {
		return j // ' ?[^\s\p{L}\p{N}]+' or '\s+', of one rune
	}
	next, nsize := classAt(s, j)
	if next == clsLetter { // [^\r\n\p{L}\p{N}]\p{L}+
		return skipClass(s, j+nsize, clsLetter)
	}
	if c == clsOther { // [^\s\p{L}\p{N}]+[\r\n]*
		return skipClass(s, skipClass(s, j, clsOther), clsNewline)
	}
	if s[i] == ' ' && next == clsOther { // ' [^\s\p{L}\p{N}]+[\r\n]*'
		return skipClass(s, skipClass(s, j+nsize, clsOther), clsNewline)
	}
	return spaceEnd(s, i)
}

// skipClass returns the end of the run of runes of class c from s[i].
func skipClass(s string, i int, c uint8) int {
	for i < len(s) {
		ci, size := classAt(s, i)
		if ci != c {
			break
		}
		i += size
	}
	return i
}

// contraction returns the end of (?i:'s|'t|'re|'ve|'m|'ll|'d) whose
// apostrophe ends at s[i], or 0 if there is none.
func contraction(s string, i int) int {
	if i >= len(s) {
		return 0
	}
	switch lowerASCII(s[i]) {
	case 's', 't', 'm', 'd':
		return i + 1
	case 'r', 'v':
		if i+1 < len(s) && lowerASCII(s[i+1]) == 'e' {
			return i + 2
		}
	case 'l':
		if i+1 < len(s) && lowerASCII(s[i+1]) == 'l' {
			return i + 2
		}
	}
	return 0
}

// lowerASCII lowers an ASCII capital; any other byte is returned as is
// (a byte of a multibyte rune then matches no ASCII letter, as no rune
// but ASCII capitals lowers onto the letters contraction looks for).
func lowerASCII(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

// spaceEnd returns the end of the piece that starts with the \s at s[i]
// once the alternatives before \s*[\r\n]+ have failed there:
//
//   - \s*[\r\n]+ backtracks to the run's last \r or \n and ends after it;
//   - else \s+(?!\S) ends the run at the end of the text, or gives back
//     its last rune when a non-space follows (and fails on one rune);
//   - else \s+ is that one rune.
func spaceEnd(s string, i int) int {
	newlineEnd := -1 // the end of the run's last \r or \n
	last := i        // the start of the run's last rune
	j := i
	for j < len(s) {
		c, size := classAt(s, j)
		if c == clsNewline {
			newlineEnd = j + size
		} else if c != clsSpace {
			break
		}
		last = j
		j += size
	}
	switch {
	case newlineEnd >= 0:
		return newlineEnd
	case j == len(s) || last == i:
		return j
	}
	return last
}
