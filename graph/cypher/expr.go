package cypher

import (
	"fmt"
	"maps"
	"strconv"
	"strings"
)

// Expressions are written back fully parenthesised, with the right side of
// every binary minus and comparison in parentheses and a unary minus as
// (-(x)): in the output a "-" or "<" is always followed by "(", so Neo4j
// can never read an expression as a pattern ("--", "-[", "->", "<-").

// expr = or
func (p *parser) expr(sc vars) string {
	p.enter()
	defer p.leave()
	return p.or(sc)
}

func (p *parser) or(sc vars) string {
	s := p.xor(sc)
	for p.accept("OR") {
		s = "(" + s + " OR " + p.xor(sc) + ")"
	}
	return s
}

func (p *parser) xor(sc vars) string {
	s := p.and(sc)
	for p.accept("XOR") {
		s = "(" + s + " XOR " + p.and(sc) + ")"
	}
	return s
}

func (p *parser) and(sc vars) string {
	s := p.not(sc)
	for p.accept("AND") {
		s = "(" + s + " AND " + p.not(sc) + ")"
	}
	return s
}

func (p *parser) not(sc vars) string {
	if p.accept("NOT") {
		p.enter()
		defer p.leave()
		return "(NOT " + p.not(sc) + ")"
	}
	return p.comparison(sc)
}

// comparison keeps Cypher's chains: a < b < c means a < b AND b < c.
func (p *parser) comparison(sc vars) string {
	s := p.predicate(sc)
	chained := false
	for {
		t := p.peek()
		op := ""
		switch {
		case t.is("="), t.is("<>"), t.is("<"), t.is(">"), t.is("<="), t.is(">="), t.is("=~"):
			op = t.text
		case t.is("!="):
			p.fail(t, "!= is not Cypher: write <> for not equal")
		}
		if op == "" {
			break
		}
		p.next()
		s += " " + op + " (" + p.predicate(sc) + ")"
		chained = true
	}
	if chained {
		return "(" + s + ")"
	}
	return s
}

// predicate = add (STARTS WITH add | ENDS WITH add | CONTAINS add | IN add | IS [NOT] NULL)*
func (p *parser) predicate(sc vars) string {
	s := p.add(sc)
	for {
		t := p.peek()
		switch {
		case t.is("STARTS"), t.is("ENDS"):
			p.next()
			p.expect("WITH", "WITH after "+strings.ToUpper(t.text))
			s = "(" + s + " " + strings.ToUpper(t.text) + " WITH (" + p.add(sc) + "))"
		case t.is("CONTAINS"):
			p.next()
			s = "(" + s + " CONTAINS (" + p.add(sc) + "))"
		case t.is("IN"):
			p.next()
			s = "(" + s + " IN (" + p.add(sc) + "))"
		case t.is("IS"):
			p.next()
			not := p.accept("NOT")
			if n := p.next(); !n.is("NULL") {
				p.fail(n, "expected NULL after IS, found %s (type predicates are not supported)", n.describe())
			}
			if not {
				s = "(" + s + " IS NOT NULL)"
			} else {
				s = "(" + s + " IS NULL)"
			}
		default:
			return s
		}
	}
}

func (p *parser) add(sc vars) string {
	s := p.mul(sc)
	for {
		switch t := p.peek(); {
		case t.is("+"):
			p.next()
			s = "(" + s + " + (" + p.mul(sc) + "))"
		case t.is("-"):
			p.next()
			s = "(" + s + " - (" + p.mul(sc) + "))"
		default:
			return s
		}
	}
}

func (p *parser) mul(sc vars) string {
	s := p.power(sc)
	for {
		t := p.peek()
		if !t.is("*") && !t.is("/") && !t.is("%") {
			return s
		}
		p.next()
		s = "(" + s + " " + t.text + " (" + p.power(sc) + "))"
	}
}

func (p *parser) power(sc vars) string {
	s := p.unary(sc)
	for p.accept("^") {
		s = "(" + s + " ^ (" + p.unary(sc) + "))"
	}
	return s
}

func (p *parser) unary(sc vars) string {
	switch {
	case p.accept("-"):
		p.enter()
		defer p.leave()
		return "(-(" + p.unary(sc) + "))"
	case p.accept("+"):
		p.enter()
		defer p.leave()
		return p.unary(sc)
	}
	return p.postfix(sc)
}

// postfix = atom (.key | [index] | [from..to] | :Label)*
func (p *parser) postfix(sc vars) string {
	start := p.peek()
	s := p.atom(sc)
	bare := (start.kind == tIdent || start.kind == tQuoted) && s == quote(start.text)
	for {
		t := p.peek()
		switch {
		case t.is("."):
			p.next()
			s = s + "." + quote(p.property())
		case t.is("["):
			p.next()
			if i := p.peek(); i.kind == tString {
				p.fail(i, "a property read by name in brackets is not allowed: write n.key")
			}
			from, to := "", ""
			if !p.peek().is("..") {
				from = p.expr(sc)
			}
			if p.accept("..") {
				if !p.peek().is("]") {
					to = p.expr(sc)
				}
				s = s + "[" + from + ".." + to + "]"
			} else {
				if from == "" {
					p.fail(t, "an empty subscript [] is not allowed")
				}
				s = s + "[" + from + "]"
			}
			p.expect("]", "]")
		case t.is(":") && bare:
			s = "(" + s + p.labels(Labels, "label") + ")"
			bare = false
		default:
			return s
		}
	}
}

func (p *parser) atom(sc vars) string {
	t := p.peek()
	switch t.kind {
	case tInt:
		p.next()
		return t.text
	case tFloat:
		p.next()
		f, _ := strconv.ParseFloat(t.text, 64)
		return p.literal(f)
	case tString:
		p.next()
		return p.literal(t.text)
	case tParam:
		p.next()
		if strings.HasPrefix(t.text, "__") || !validName(t.text) {
			p.fail(t, "the parameter name $%s is reserved or malformed: parameter names are letters, digits and underscores, not starting with __", clip(t.text))
		}
		p.params[t.text] = true
		return "$" + t.text
	case tQuoted:
		p.next()
		p.checkQuoted(t)
		if p.peek().is("(") {
			p.fail(t, "a function name may not be quoted")
		}
		if strings.HasPrefix(t.text, "__") {
			p.fail(t, "names starting with __ are reserved: rename %s", t.text)
		}
		if p.peek().is("{") {
			return p.mapProjection(t.text, sc)
		}
		return quote(t.text)
	case tPunct:
		switch {
		case t.is("("):
			p.next()
			e := p.expr(sc)
			p.expect(")", ")")
			return "(" + e + ")"
		case t.is("["):
			return p.list(sc)
		case t.is("{"):
			return "{" + p.mapEntries(sc) + "}"
		}
	case tIdent:
		return p.identAtom(sc)
	case tEOF:
		p.fail(t, "the query ends in the middle of an expression")
	}
	p.fail(t, "unexpected %s in an expression", t.describe())
	return ""
}

// literal lifts a value into a parameter.
func (p *parser) literal(v any) string {
	name := fmt.Sprintf("__l%d", len(p.lits))
	p.lits[name] = v
	return "$" + name
}

func (p *parser) identAtom(sc vars) string {
	t := p.peek()
	up := strings.ToUpper(t.text)
	switch {
	case up == "TRUE", up == "FALSE", up == "NULL":
		p.next()
		return up
	case up == "CASE":
		return p.caseExpr(sc)
	case (up == "EXISTS" || up == "COUNT") && p.peekAt(1).is("{"):
		return p.subquery(sc)
	case up == "COLLECT" && p.peekAt(1).is("{"):
		p.fail(t, "COLLECT { } subqueries are not supported: use collect() over an OPTIONAL MATCH")
	case (up == "ANY" || up == "ALL" || up == "NONE" || up == "SINGLE") && p.peekAt(1).is("("):
		return p.quantifier(sc)
	}
	// A function: name ("." name)* "(".
	n := 1
	for p.peekAt(n).is(".") && p.peekAt(n+1).kind == tIdent {
		n += 2
	}
	if p.peekAt(n).is("(") {
		return p.call(n, sc)
	}
	if up == "CALL" {
		p.refuseCall()
	}
	if reserved[up] {
		p.fail(t, "unexpected %s in an expression", t.describe())
	}
	v := p.variable()
	if p.peek().is("{") {
		return p.mapProjection(v, sc)
	}
	return quote(v)
}

// call reads a function call whose name spans the next n tokens.
func (p *parser) call(n int, sc vars) string {
	start := p.peek()
	var parts []string
	for range (n + 1) / 2 {
		parts = append(parts, p.next().text)
		p.accept(".")
	}
	name := strings.Join(parts, ".")
	lower := strings.ToLower(name)
	if why, ok := refusedFunctions[lower]; ok {
		p.fail(start, "%s", why)
	}
	canon, ok := functions[lower]
	if !ok {
		if len(parts) > 1 {
			p.fail(start, "the function %s is not allowed: namespaced functions (apoc.*, db.*, …) other than the temporal ones can reach outside the graph", clip(name))
		}
		p.fail(start, "the function %s is not allowed; see docs/analyst-cypher.md for the functions that are", clip(name))
	}
	p.expect("(", "(")
	if p.accept(")") {
		return canon + "()"
	}
	if lower == "count" && p.peek().is("*") {
		p.next()
		p.expect(")", ")")
		return "count(*)"
	}
	prefix := ""
	if p.peek().is("DISTINCT") {
		if !aggregates[lower] {
			p.fail(p.peek(), "DISTINCT is only allowed in an aggregate such as count or collect")
		}
		p.next()
		prefix = "DISTINCT "
	}
	var args []string
	for {
		args = append(args, p.expr(sc))
		if p.accept(")") {
			return canon + "(" + prefix + strings.Join(args, ", ") + ")"
		}
		p.expect(",", ", or )")
	}
}

func (p *parser) caseExpr(sc vars) string {
	p.next()
	var b strings.Builder
	b.WriteString("CASE")
	if !p.peek().is("WHEN") {
		b.WriteString(" " + p.expr(sc))
	}
	if !p.peek().is("WHEN") {
		p.fail(p.peek(), "expected WHEN in CASE, found %s", p.peek().describe())
	}
	for p.accept("WHEN") {
		b.WriteString(" WHEN " + p.expr(sc))
		p.expect("THEN", "THEN")
		b.WriteString(" THEN " + p.expr(sc))
	}
	if p.accept("ELSE") {
		b.WriteString(" ELSE " + p.expr(sc))
	}
	p.expect("END", "END to close CASE")
	return b.String() + " END"
}

// subquery = (EXISTS | COUNT) "{" [MATCH] patterns [WHERE expr] "}"; its
// patterns are scoped like MATCH's, and see the outer variables.
func (p *parser) subquery(sc vars) string {
	kw := strings.ToUpper(p.next().text)
	p.expect("{", "{")
	p.enter()
	defer p.leave()
	inner := maps.Clone(sc)
	p.accept("MATCH")
	s := kw + " { MATCH " + p.patterns(inner)
	if p.accept("WHERE") {
		s += " WHERE " + p.expr(inner)
	}
	if t := p.next(); !t.is("}") {
		p.fail(t, "expected } to close %s { }, found %s (only a pattern and WHERE are supported inside)", kw, t.describe())
	}
	return s + " }"
}

// quantifier = (any|all|none|single) "(" var IN expr WHERE expr ")"
func (p *parser) quantifier(sc vars) string {
	name := strings.ToLower(p.next().text)
	p.expect("(", "(")
	v := p.variable()
	p.expect("IN", "IN")
	list := p.expr(sc)
	p.expect("WHERE", "WHERE")
	inner := maps.Clone(sc)
	inner[v] = true
	pred := p.expr(inner)
	p.expect(")", ")")
	return name + "(" + quote(v) + " IN " + list + " WHERE " + pred + ")"
}

// list = "[" [expr ("," expr)*] "]" | "[" var IN expr [WHERE expr] ["|" expr] "]"
func (p *parser) list(sc vars) string {
	open := p.next()
	if t := p.peek(); (t.kind == tIdent || t.kind == tQuoted) && p.peekAt(1).is("IN") {
		v := p.variable()
		p.next()
		s := "[" + quote(v) + " IN " + p.expr(sc)
		inner := maps.Clone(sc)
		inner[v] = true
		if p.accept("WHERE") {
			s += " WHERE " + p.expr(inner)
		}
		if p.accept("|") {
			s += " | " + p.expr(inner)
		}
		p.expect("]", "] to close the list comprehension")
		return s + "]"
	}
	if p.peek().is("(") && p.looksLikePattern() {
		p.fail(open, "pattern comprehensions are not supported: use OPTIONAL MATCH with collect(), or COUNT { }")
	}
	var items []string
	if !p.accept("]") {
		for {
			items = append(items, p.expr(sc))
			if p.accept("]") {
				break
			}
			p.expect(",", ", or ]")
		}
	}
	return "[" + strings.Join(items, ", ") + "]"
}

// looksLikePattern reports whether the tokens from "(" read as a node
// pattern followed by a relationship, for a clearer refusal.
func (p *parser) looksLikePattern() bool {
	depth := 0
	for i := p.i; i < len(p.toks); i++ {
		t := p.toks[i]
		switch {
		case t.is("("):
			depth++
		case t.is(")"):
			depth--
			if depth == 0 {
				n := p.peekAt(i - p.i + 1)
				return n.is("-") || n.is("<")
			}
		case t.kind == tEOF:
			return false
		}
	}
	return false
}

// mapProjection = var "{" (.key | key ":" expr | var) ("," …)* "}"
func (p *parser) mapProjection(v string, sc vars) string {
	p.expect("{", "{")
	var parts []string
	if !p.accept("}") {
		for {
			t := p.peek()
			switch {
			case t.is("."):
				p.next()
				if p.peek().is("*") {
					p.fail(p.peek(), "a map projection with .* is not allowed: it would include the owner; name the keys, as in n{.id, .claim}")
				}
				parts = append(parts, "."+quote(p.property()))
			case (t.kind == tIdent || t.kind == tQuoted) && p.peekAt(1).is(":"):
				k := p.property()
				p.next()
				parts = append(parts, quote(k)+": "+p.expr(sc))
			default:
				parts = append(parts, quote(p.variable()))
			}
			if p.accept("}") {
				break
			}
			p.expect(",", ", or }")
		}
	}
	return quote(v) + "{" + strings.Join(parts, ", ") + "}"
}
