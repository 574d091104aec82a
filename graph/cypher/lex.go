package cypher

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/persistmemory/persistmemory/schema"
)

// Error is a query Scope refuses: what is wrong and where. It unwraps to
// schema.ErrInvalid.
type Error struct {
	// Line and Col are 1-based; Col counts characters, not bytes.
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	return fmt.Sprintf("%s (line %d, column %d)", e.Msg, e.Line, e.Col)
}

// Unwrap returns schema.ErrInvalid.
func (e *Error) Unwrap() error { return schema.ErrInvalid }

type kind int

const (
	tEOF    kind = iota
	tIdent       // an unquoted name or keyword
	tQuoted      // a backtick-quoted name: never a keyword
	tString      // a string literal, decoded
	tInt
	tFloat
	tParam // $name
	tPunct // ( ) [ ] { } , . .. : ; | * + - / % ^ = <> < > <= >= =~ !=
)

type token struct {
	kind      kind
	text      string // the name, the decoded string, the number, or the punctuation
	line, col int
	pos, end  int // byte offsets in the query
}

// is reports whether t is the keyword kw (case-insensitive) or the
// punctuation kw.
func (t token) is(kw string) bool {
	switch t.kind {
	case tIdent:
		return strings.EqualFold(t.text, kw)
	case tPunct:
		return t.text == kw
	}
	return false
}

// describe names the token for an error message.
func (t token) describe() string {
	switch t.kind {
	case tEOF:
		return "the end of the query"
	case tString:
		return "a string"
	case tInt, tFloat:
		return "the number " + t.text
	case tParam:
		return "$" + t.text
	case tQuoted:
		return "`" + clip(t.text) + "`"
	case tIdent:
		return strings.ToUpper(clip(t.text))
	}
	return `"` + t.text + `"`
}

func clip(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		r := []rune(s)
		return string(r[:40]) + "…"
	}
	return s
}

// lex splits query into tokens, dropping whitespace and comments.
func lex(query string) ([]token, error) {
	l := lexer{src: query, line: 1, col: 1}
	var out []token
	for {
		t, err := l.next()
		if err != nil {
			return nil, err
		}
		t.end = l.pos
		out = append(out, t)
		if t.kind == tEOF {
			return out, nil
		}
	}
}

type lexer struct {
	src       string
	pos       int
	line, col int
}

func (l *lexer) errAt(line, col int, format string, args ...any) error {
	return &Error{Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

func (l *lexer) peek(off int) rune {
	p := l.pos
	for i := 0; i < off; i++ {
		if p >= len(l.src) {
			return -1
		}
		_, n := utf8.DecodeRuneInString(l.src[p:])
		p += n
	}
	if p >= len(l.src) {
		return -1
	}
	r, _ := utf8.DecodeRuneInString(l.src[p:])
	return r
}

func (l *lexer) advance() rune {
	r, n := utf8.DecodeRuneInString(l.src[l.pos:])
	l.pos += n
	if r == '\n' {
		l.line++
		l.col = 1
	} else {
		l.col++
	}
	return r
}

func isIdentStart(r rune) bool { return r == '_' || unicode.IsLetter(r) }
func isIdentPart(r rune) bool  { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// validName reports whether s may be used as a name: letters, digits and
// underscores, not starting with a digit. Quoted names are held to it too,
// so a name never needs escaping beyond its backticks.
func validName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if i == 0 && !isIdentStart(r) || !isIdentPart(r) {
			return false
		}
	}
	return true
}

func (l *lexer) next() (token, error) {
	// Whitespace and comments.
	for l.pos < len(l.src) {
		r := l.peek(0)
		switch {
		case unicode.IsSpace(r):
			l.advance()
		case r == '/' && l.peek(1) == '/':
			for l.pos < len(l.src) && l.peek(0) != '\n' {
				l.advance()
			}
		case r == '/' && l.peek(1) == '*':
			line, col := l.line, l.col
			l.advance()
			l.advance()
			for {
				if l.pos >= len(l.src) {
					return token{}, l.errAt(line, col, "a comment is not closed: /* without */")
				}
				if l.peek(0) == '*' && l.peek(1) == '/' {
					l.advance()
					l.advance()
					break
				}
				l.advance()
			}
		default:
			goto tok
		}
	}
tok:
	t := token{line: l.line, col: l.col, pos: l.pos}
	if l.pos >= len(l.src) {
		t.kind = tEOF
		return t, nil
	}
	r := l.peek(0)
	switch {
	case isIdentStart(r):
		start := l.pos
		for l.pos < len(l.src) && isIdentPart(l.peek(0)) {
			l.advance()
		}
		t.kind, t.text = tIdent, l.src[start:l.pos]
		return t, nil
	case r == '`':
		l.advance()
		var b strings.Builder
		for {
			if l.pos >= len(l.src) {
				return token{}, l.errAt(t.line, t.col, "a quoted name is not closed: ` without `")
			}
			c := l.advance()
			if c == '`' {
				if l.peek(0) == '`' {
					l.advance()
					b.WriteRune('`')
					continue
				}
				break
			}
			b.WriteRune(c)
		}
		t.kind, t.text = tQuoted, b.String()
		return t, nil
	case r == '\'' || r == '"':
		s, err := l.string(r)
		if err != nil {
			return token{}, err
		}
		t.kind, t.text = tString, s
		return t, nil
	case r >= '0' && r <= '9' || r == '.' && isDigit(l.peek(1)):
		return l.number(t)
	case r == '$':
		l.advance()
		var name string
		switch c := l.peek(0); {
		case c == '`':
			nt, err := l.next()
			if err != nil {
				return token{}, err
			}
			name = nt.text
		case isIdentStart(c):
			start := l.pos
			for l.pos < len(l.src) && isIdentPart(l.peek(0)) {
				l.advance()
			}
			name = l.src[start:l.pos]
		default:
			return token{}, l.errAt(t.line, t.col, "$ must be followed by a parameter name")
		}
		t.kind, t.text = tParam, name
		return t, nil
	}
	for _, p := range []string{"..", "<>", "<=", ">=", "=~", "!="} {
		if strings.HasPrefix(l.src[l.pos:], p) {
			l.advance()
			l.advance()
			t.kind, t.text = tPunct, p
			return t, nil
		}
	}
	if strings.ContainsRune("()[]{},.:;|*+-/%^=<>!&", r) {
		l.advance()
		t.kind, t.text = tPunct, string(r)
		return t, nil
	}
	if r == utf8.RuneError {
		return token{}, l.errAt(t.line, t.col, "the query is not valid UTF-8")
	}
	return token{}, l.errAt(t.line, t.col, "unexpected character %q", r)
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

func (l *lexer) number(t token) (token, error) {
	start := l.pos
	if l.peek(0) == '0' && (l.peek(1) == 'x' || l.peek(1) == 'X' || l.peek(1) == 'o' || l.peek(1) == 'O') {
		return token{}, l.errAt(t.line, t.col, "hexadecimal and octal numbers are not supported; write the number in decimal")
	}
	for isDigit(l.peek(0)) {
		l.advance()
	}
	float := false
	if l.peek(0) == '.' && isDigit(l.peek(1)) {
		float = true
		l.advance()
		for isDigit(l.peek(0)) {
			l.advance()
		}
	}
	if c := l.peek(0); c == 'e' || c == 'E' {
		n := 1
		if s := l.peek(1); s == '+' || s == '-' {
			n = 2
		}
		if isDigit(l.peek(n)) {
			float = true
			for range n {
				l.advance()
			}
			for isDigit(l.peek(0)) {
				l.advance()
			}
		}
	}
	if isIdentPart(l.peek(0)) {
		return token{}, l.errAt(t.line, t.col, "malformed number %q", l.src[start:l.pos+1])
	}
	text := l.src[start:l.pos]
	if float {
		f, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return token{}, l.errAt(t.line, t.col, "the number %s is out of range", text)
		}
		t.kind, t.text = tFloat, strconv.FormatFloat(f, 'g', -1, 64)
		return t, nil
	}
	if _, err := strconv.ParseInt(text, 10, 64); err != nil {
		return token{}, l.errAt(t.line, t.col, "the integer %s is out of range", clip(text))
	}
	t.kind, t.text = tInt, text
	return t, nil
}

// string reads a quoted string literal and decodes its escapes.
func (l *lexer) string(quote rune) (string, error) {
	line, col := l.line, l.col
	l.advance()
	var b strings.Builder
	for {
		if l.pos >= len(l.src) {
			return "", l.errAt(line, col, "a string is not closed: %c without %c", quote, quote)
		}
		c := l.advance()
		switch c {
		case quote:
			return b.String(), nil
		case '\\':
			e := l.peek(0)
			if e < 0 {
				continue
			}
			l.advance()
			switch e {
			case '\\', '\'', '"':
				b.WriteRune(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u', 'U':
				n := 4
				if e == 'U' {
					n = 8
				}
				if l.pos+n > len(l.src) {
					return "", l.errAt(line, col, "a string holds an incomplete \\%c escape", e)
				}
				v, err := strconv.ParseUint(l.src[l.pos:l.pos+n], 16, 32)
				if err != nil || !utf8.ValidRune(rune(v)) {
					return "", l.errAt(line, col, "a string holds an invalid \\%c escape", e)
				}
				for range n {
					l.advance()
				}
				b.WriteRune(rune(v))
			default:
				return "", l.errAt(line, col, "a string holds the unknown escape \\%c", e)
			}
		default:
			if c == utf8.RuneError {
				return "", l.errAt(line, col, "the query is not valid UTF-8")
			}
			b.WriteRune(c)
		}
	}
}
