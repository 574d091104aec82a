package cypher

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Scoped is a query of the subset rewritten to read one owner's nodes.
type Scoped struct {
	// Text is the Cypher to run. It uses $__owner (OwnerParam), which the
	// caller must bind to the owner, the lifted literals in Literals, and
	// the caller's parameters named in Params.
	Text string
	// Literals are the query's string and float literals, as parameters
	// named __l0, __l1, …
	Literals map[string]any
	// Params are the names of the caller's parameters the query uses,
	// sorted.
	Params []string
}

// Scope parses query, which must be one query of the subset described in
// the package documentation, and returns it rewritten so that every node it
// can bind carries owner = $__owner. An error is an *Error naming what is
// refused and where; it wraps schema.ErrInvalid.
func Scope(query string) (sc *Scoped, err error) {
	if len(query) > MaxQueryBytes {
		return nil, &Error{Msg: fmt.Sprintf("the query is %d bytes; the limit is %d bytes (MaxQueryBytes)", len(query), MaxQueryBytes)}
	}
	if !utf8.ValidString(query) {
		return nil, &Error{Msg: "the query is not valid UTF-8"}
	}
	if strings.TrimSpace(query) == "" {
		return nil, &Error{Msg: "the query is empty"}
	}
	toks, err := lex(query)
	if err != nil {
		return nil, err
	}
	p := &parser{src: query, toks: toks, lits: map[string]any{}, params: map[string]bool{}}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			sc, err = nil, e
		}
	}()
	text := p.query()
	return &Scoped{Text: text, Literals: p.lits, Params: slices.Sorted(maps.Keys(p.params))}, nil
}

type parser struct {
	src    string
	toks   []token
	i      int
	lits   map[string]any
	params map[string]bool
	depth  int
}

// vars are the variables in scope: a node pattern without a label must
// name one of them.
type vars map[string]bool

func (p *parser) peek() token { return p.toks[p.i] }

func (p *parser) peekAt(n int) token {
	if p.i+n >= len(p.toks) {
		return p.toks[len(p.toks)-1]
	}
	return p.toks[p.i+n]
}

func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tEOF {
		p.i++
	}
	return t
}

func (p *parser) fail(t token, format string, args ...any) {
	panic(&Error{Line: t.line, Col: t.col, Msg: fmt.Sprintf(format, args...)})
}

func (p *parser) expect(s, what string) token {
	t := p.next()
	if !t.is(s) {
		p.fail(t, "expected %s, found %s", what, t.describe())
	}
	return t
}

func (p *parser) accept(s string) bool {
	if p.peek().is(s) {
		p.next()
		return true
	}
	return false
}

func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		p.fail(p.peek(), "the query nests deeper than %d levels", maxDepth)
	}
}

func (p *parser) leave() { p.depth-- }

// quote writes a validated name as a quoted identifier.
func quote(name string) string { return "`" + name + "`" }

// query = single (UNION [ALL] single)* [";"]
func (p *parser) query() string {
	var b strings.Builder
	b.WriteString(p.single())
	for p.peek().is("UNION") {
		p.next()
		b.WriteString(" UNION ")
		if p.accept("ALL") {
			b.WriteString("ALL ")
		}
		b.WriteString(p.single())
	}
	p.accept(";")
	if t := p.peek(); t.kind != tEOF {
		p.fail(t, "unexpected %s after RETURN: send one query, ending with RETURN", t.describe())
	}
	return b.String()
}

// single is one query: reading clauses, then RETURN.
func (p *parser) single() string {
	sc := vars{}
	var parts []string
	for {
		t := p.peek()
		switch {
		case t.is("MATCH"), t.is("OPTIONAL"):
			parts = append(parts, p.match(sc))
		case t.is("UNWIND"):
			parts = append(parts, p.unwind(sc))
		case t.is("WITH"):
			var s string
			s, sc = p.with(sc)
			parts = append(parts, s)
		case t.is("RETURN"):
			parts = append(parts, p.ret(sc))
			return strings.Join(parts, " ")
		case t.is("CALL"):
			p.refuseCall()
		case t.kind == tEOF:
			p.fail(t, "the query must end with RETURN")
		case t.kind == tIdent:
			if why, ok := clauseRefusals[strings.ToUpper(t.text)]; ok {
				p.fail(t, "%s", why)
			}
			fallthrough
		default:
			p.fail(t, "unexpected %s: expected MATCH, OPTIONAL MATCH, UNWIND, WITH or RETURN", t.describe())
		}
	}
}

func (p *parser) refuseCall() {
	t := p.next()
	if p.peek().is("{") || p.peek().is("(") {
		p.fail(t, "CALL subqueries are not allowed")
	}
	var name []string
	for {
		n := p.peek()
		if n.kind != tIdent && n.kind != tQuoted {
			break
		}
		name = append(name, p.next().text)
		if !p.accept(".") {
			break
		}
	}
	if len(name) == 0 {
		p.fail(t, "CALL is not allowed: procedures can write or reach outside the graph")
	}
	p.fail(t, "CALL %s is not allowed: procedures can write or reach outside the graph", clip(strings.Join(name, ".")))
}

// match = [OPTIONAL] MATCH patterns [WHERE expr]
func (p *parser) match(sc vars) string {
	var b strings.Builder
	if p.accept("OPTIONAL") {
		b.WriteString("OPTIONAL ")
	}
	p.expect("MATCH", "MATCH")
	b.WriteString("MATCH ")
	b.WriteString(p.patterns(sc))
	if p.accept("WHERE") {
		b.WriteString(" WHERE ")
		b.WriteString(p.expr(sc))
	}
	return b.String()
}

// unwind = UNWIND expr AS var
func (p *parser) unwind(sc vars) string {
	p.next()
	e := p.expr(sc)
	p.expect("AS", "AS after UNWIND's list")
	v := p.variable()
	sc[v] = true
	return "UNWIND " + e + " AS " + quote(v)
}

// with = WITH projection [ORDER BY …] [SKIP e] [LIMIT e] [WHERE expr]
func (p *parser) with(sc vars) (string, vars) {
	p.next()
	items, next := p.projection(sc, false)
	both := maps.Clone(sc)
	maps.Copy(both, next)
	s := "WITH " + items + p.orderSkipLimit(both)
	if p.accept("WHERE") {
		s += " WHERE " + p.expr(both)
	}
	return s, next
}

// ret = RETURN projection [ORDER BY …] [SKIP e] [LIMIT e]
func (p *parser) ret(sc vars) string {
	p.next()
	items, next := p.projection(sc, true)
	both := maps.Clone(sc)
	maps.Copy(both, next)
	s := "RETURN " + items + p.orderSkipLimit(both)
	if t := p.peek(); t.kind != tEOF && !t.is(";") && !t.is("UNION") {
		p.fail(t, "unexpected %s after RETURN: RETURN ends the query", t.describe())
	}
	return s
}

// projection = [DISTINCT] ("*" ["," items] | items); it returns the
// variables the projection makes visible to what follows.
func (p *parser) projection(sc vars, isReturn bool) (string, vars) {
	var b strings.Builder
	next := vars{}
	if p.accept("DISTINCT") {
		b.WriteString("DISTINCT ")
	}
	first := true
	if p.accept("*") {
		b.WriteString("*")
		maps.Copy(next, sc)
		first = false
		if !p.peek().is(",") {
			return b.String(), next
		}
		p.next()
	}
	for {
		if !first {
			b.WriteString(", ")
		}
		first = false
		start := p.i
		t := p.peek()
		e := p.expr(sc)
		end := p.i - 1
		switch {
		case p.accept("AS"):
			v := p.variable()
			next[v] = true
			b.WriteString(e + " AS " + quote(v))
		case (t.kind == tIdent || t.kind == tQuoted) && end == start:
			// A bare variable keeps its name.
			next[t.text] = true
			b.WriteString(e)
		case isReturn:
			// The column is named by the expression as written, as Neo4j
			// would name it, not by the rewritten text.
			b.WriteString(e + " AS " + quote(p.columnName(start, end)))
		default:
			b.WriteString(e)
		}
		if !p.accept(",") {
			return b.String(), next
		}
	}
}

// columnName is the source text of tokens start..end, made safe to quote.
func (p *parser) columnName(start, end int) string {
	text := p.src[p.toks[start].pos:p.toks[end].end]
	var b strings.Builder
	space := false
	for _, r := range text {
		switch {
		case unicode.IsSpace(r):
			space = true
			continue
		case r == '`' || r == '\\' || !unicode.IsPrint(r):
			r = '_'
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

func (p *parser) orderSkipLimit(sc vars) string {
	var b strings.Builder
	if p.accept("ORDER") {
		p.expect("BY", "BY after ORDER")
		b.WriteString(" ORDER BY ")
		for {
			b.WriteString(p.expr(sc))
			switch t := p.peek(); {
			case t.is("ASC"), t.is("ASCENDING"):
				p.next()
				b.WriteString(" ASC")
			case t.is("DESC"), t.is("DESCENDING"):
				p.next()
				b.WriteString(" DESC")
			}
			if !p.accept(",") {
				break
			}
			b.WriteString(", ")
		}
	}
	if p.accept("SKIP") {
		b.WriteString(" SKIP " + p.expr(sc))
	}
	if p.accept("LIMIT") {
		b.WriteString(" LIMIT " + p.expr(sc))
	}
	return b.String()
}

// variable reads a variable name: unquoted and not a keyword, or quoted.
func (p *parser) variable() string {
	t := p.next()
	switch t.kind {
	case tIdent:
		if reserved[strings.ToUpper(t.text)] {
			p.fail(t, "%s is a keyword, not a variable name (quote it with backticks to use it as one)", t.describe())
		}
	case tQuoted:
		p.checkQuoted(t)
	default:
		p.fail(t, "expected a variable name, found %s", t.describe())
	}
	if strings.HasPrefix(t.text, "__") {
		p.fail(t, "names starting with __ are reserved: rename %s", t.text)
	}
	return t.text
}

// name reads a label, type or property name.
func (p *parser) name(what string) token {
	t := p.next()
	if t.kind != tIdent && t.kind != tQuoted {
		switch {
		case t.is("%"):
			p.fail(t, "the wildcard label %% is not allowed: name a label")
		case t.is("!"), t.is("&"), t.is("("):
			p.fail(t, "label expressions other than :A, :A:B and :A|B are not supported")
		}
		p.fail(t, "expected %s, found %s", what, t.describe())
	}
	if t.kind == tQuoted {
		p.checkQuoted(t)
	}
	return t
}

// checkQuoted refuses quoted names that are not plain names, so a name
// never needs escaping beyond its backticks.
func (p *parser) checkQuoted(t token) {
	if !validName(t.text) {
		p.fail(t, "the quoted name `%s` is not allowed: names here are letters, digits and underscores", clip(t.text))
	}
}

// property reads a property key and refuses the forbidden ones.
func (p *parser) property() string {
	t := p.name("a property name")
	p.checkProperty(t, t.text)
	return t.text
}

func (p *parser) checkProperty(t token, name string) {
	for _, f := range ForbiddenProperties {
		if strings.EqualFold(name, f) {
			p.fail(t, "the property %s is not allowed in analyst queries: the owner is implied by the credential", name)
		}
	}
}

// patterns = pattern ("," pattern)*
func (p *parser) patterns(sc vars) string {
	var parts []string
	for {
		parts = append(parts, p.pattern(sc))
		if !p.accept(",") {
			return strings.Join(parts, ", ")
		}
	}
}

// pattern = [var "="] node (rel node)*
func (p *parser) pattern(sc vars) string {
	p.enter()
	defer p.leave()
	var b strings.Builder
	path := ""
	if t := p.peek(); (t.kind == tIdent || t.kind == tQuoted) && p.peekAt(1).is("=") {
		path = p.variable()
		p.next()
		b.WriteString(quote(path) + " = ")
	}
	if t := p.peek(); t.kind == tIdent {
		if why, ok := refusedFunctions[strings.ToLower(t.text)]; ok {
			p.fail(t, "%s", why)
		}
	}
	b.WriteString(p.node(sc))
	for p.peek().is("-") || p.peek().is("<") {
		b.WriteString(p.rel(sc))
		b.WriteString(p.node(sc))
	}
	if path != "" {
		sc[path] = true
	}
	return b.String()
}

// node = "(" [var] [labels] [map] ")", written with owner: $__owner.
func (p *parser) node(sc vars) string {
	open := p.peek()
	if !open.is("(") {
		p.fail(open, "expected a node pattern such as (m:Memory), found %s", open.describe())
	}
	p.next()
	v := ""
	if t := p.peek(); t.kind == tQuoted || t.kind == tIdent && !t.is("WHERE") {
		v = p.variable()
	}
	labels := ""
	if p.peek().is(":") {
		labels = p.labels(Labels, "label")
	}
	props := ""
	switch t := p.peek(); {
	case t.is("{"):
		props = p.mapEntries(sc)
	case t.kind == tParam:
		p.fail(t, "a parameter as a pattern's properties is not allowed: write {key: $param}")
	case t.is("WHERE"):
		p.fail(t, "WHERE inside a node pattern is not supported: put the condition in the clause's WHERE")
	}
	if t := p.next(); !t.is(")") {
		p.fail(t, "expected ) to close the node pattern, found %s", t.describe())
	}
	if labels == "" && (v == "" || !sc[v]) {
		what := "()"
		if v != "" {
			what = "(" + v + ")"
		}
		p.fail(open, "the node pattern %s needs a label, one of %s (a node pattern without one must name a variable bound earlier)", what, strings.Join(Labels, ", "))
	}
	if v != "" {
		sc[v] = true
	}
	owner := "owner: $" + OwnerParam
	if props != "" {
		owner += ", " + props
	}
	var b strings.Builder
	b.WriteString("(")
	if v != "" {
		b.WriteString(quote(v))
	}
	b.WriteString(labels)
	b.WriteString(" {" + owner + "})")
	return b.String()
}

// labels reads ":A", ":A:B" or ":A|B" (":A|:B"), each name in allowed.
func (p *parser) labels(allowed []string, what string) string {
	p.expect(":", ":")
	var names []string
	sep := ""
	for {
		t := p.name("a " + what)
		if !isAllowed(allowed, t.text) {
			p.fail(t, "the %s %s is not allowed; the %ss are %s", what, t.text, what, strings.Join(allowed, ", "))
		}
		names = append(names, quote(t.text))
		var s string
		switch {
		case p.peek().is(":") && what == "label":
			s = ":"
		case p.peek().is("|"):
			s = "|"
		case p.peek().is("&"), p.peek().is("!"), p.peek().is("%"):
			p.fail(p.peek(), "label expressions other than :A, :A:B and :A|B are not supported")
		default:
			return ":" + strings.Join(names, sep)
		}
		if sep != "" && s != sep {
			p.fail(p.peek(), "mixing : and | in one label expression is not supported")
		}
		sep = s
		p.next()
		if s == "|" {
			p.accept(":")
		}
	}
}

// rel = ["<"] "-" ["[" [var] [types] [range] [map] "]"] "-" [">"]
func (p *parser) rel(sc vars) string {
	start := p.peek()
	left := p.accept("<")
	p.expect("-", "- in a relationship pattern")
	v, types, props := "", "", ""
	varLen, lo, hi := false, 0, 0
	if p.accept("[") {
		if t := p.peek(); t.kind == tQuoted || t.kind == tIdent && !t.is("WHERE") {
			v = p.variable()
		}
		if p.peek().is(":") {
			types = p.labels(RelTypes, "relationship type")
		}
		if t := p.peek(); t.is("*") {
			p.next()
			varLen = true
			lo, hi = p.hops(t)
		}
		switch t := p.peek(); {
		case t.is("{"):
			props = p.mapEntries(sc)
		case t.kind == tParam:
			p.fail(t, "a parameter as a pattern's properties is not allowed: write {key: $param}")
		case t.is("WHERE"):
			p.fail(t, "WHERE inside a relationship pattern is not supported: put the condition in the clause's WHERE")
		}
		if t := p.next(); !t.is("]") {
			p.fail(t, "expected ] to close the relationship pattern, found %s", t.describe())
		}
	}
	p.expect("-", "- in a relationship pattern")
	right := p.accept(">")
	if left && right {
		p.fail(start, "a relationship pattern points one way or none: <-[…]-> is not allowed")
	}
	if types == "" {
		p.fail(start, "a relationship pattern needs a type, one of %s", strings.Join(RelTypes, ", "))
	}
	if v != "" {
		sc[v] = true
	}
	var b strings.Builder
	if left {
		b.WriteString("<")
	}
	b.WriteString("-[")
	if v != "" {
		b.WriteString(quote(v))
	}
	b.WriteString(types)
	if props != "" {
		b.WriteString(" {" + props + "}")
	}
	b.WriteString("]-")
	if right {
		b.WriteString(">")
	}
	if !varLen {
		return b.String()
	}
	// A variable-length relationship becomes a quantified path pattern
	// whose every node is the owner's and of an allowed label, so a
	// traversal never passes through another owner's node.
	inner := "(:" + strings.Join(quoteAll(Labels), "|") + " {owner: $" + OwnerParam + "})"
	return fmt.Sprintf(" (%s%s%s){%d,%d} ", inner, b.String(), inner, lo, hi)
}

func quoteAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = quote(n)
	}
	return out
}

// hops reads the range after "*": n, n..m, ..m; the upper bound is
// required and at most MaxHops.
func (p *parser) hops(star token) (lo, hi int) {
	num := func() int {
		t := p.next()
		n, err := strconv.Atoi(t.text)
		if err != nil || n > 1000 {
			p.fail(t, "a variable-length relationship's bound must be a small whole number")
		}
		return n
	}
	lo, hi = 1, -1
	switch t := p.peek(); {
	case t.kind == tInt:
		lo = num()
		if p.accept("..") {
			if p.peek().kind == tInt {
				hi = num()
			}
		} else {
			hi = lo
		}
	case t.is(".."):
		p.next()
		if p.peek().kind == tInt {
			hi = num()
		}
	}
	switch {
	case hi < 0:
		p.fail(star, "a variable-length relationship needs an upper bound of at most %d, such as *1..%d", MaxHops, MaxHops)
	case hi > MaxHops:
		p.fail(star, "a variable-length relationship may span at most %d hops, not %d", MaxHops, hi)
	case hi < 1 || lo > hi:
		p.fail(star, "a variable-length relationship's range must be n..m with n <= m and m >= 1")
	}
	return lo, hi
}

// mapEntries reads "{" key ":" expr ("," …)* "}" and returns the entries
// without braces; keys are property names.
func (p *parser) mapEntries(sc vars) string {
	p.expect("{", "{")
	var parts []string
	if p.accept("}") {
		return ""
	}
	for {
		k := p.property()
		p.expect(":", ": after the key "+k)
		parts = append(parts, quote(k)+": "+p.expr(sc))
		if p.accept("}") {
			return strings.Join(parts, ", ")
		}
		p.expect(",", ", or }")
	}
}
