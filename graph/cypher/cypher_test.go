package cypher

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/schema"
)

// accepted are queries of the subset with the Cypher Scope writes for them.
var accepted = []struct{ in, out string }{
	{"MATCH (m:Memory) RETURN m",
		"MATCH (`m`:`Memory` {owner: $__owner}) RETURN `m`"},
	{"match (e:Entity)<-[:ABOUT]-(m:Memory) return e.name, count(m) as n order by n desc, e.name limit 10",
		"MATCH (`e`:`Entity` {owner: $__owner})<-[:`ABOUT`]-(`m`:`Memory` {owner: $__owner}) RETURN `e`.`name` AS `e.name`, count(`m`) AS `n` ORDER BY `n` DESC, `e`.`name` LIMIT 10"},
	{"MATCH (a:Entity {name: 'Acme'})-[r:RELATED*1..3]->(b:Entity) RETURN b",
		"MATCH (`a`:`Entity` {owner: $__owner, `name`: $__l0}) ((:`Memory`|`Entity`|`Document`|`Conflict`|`Space`|`Turn`|`Conversation`|`Job` {owner: $__owner})-[`r`:`RELATED`]->(:`Memory`|`Entity`|`Document`|`Conflict`|`Space`|`Turn`|`Conversation`|`Job` {owner: $__owner})){1,3} (`b`:`Entity` {owner: $__owner}) RETURN `b`"},
	{"MATCH (m:Memory) MATCH (m)-[:ABOUT]->(e:Entity|Space) RETURN e",
		"MATCH (`m`:`Memory` {owner: $__owner}) MATCH (`m` {owner: $__owner})-[:`ABOUT`]->(`e`:`Entity`|`Space` {owner: $__owner}) RETURN `e`"},
	{"MATCH (m:Memory) WHERE NOT EXISTS { (m)<-[:SUPERSEDES]-(:Memory) } AND m.confidence > 0.5 RETURN m.id",
		"MATCH (`m`:`Memory` {owner: $__owner}) WHERE ((NOT EXISTS { MATCH (`m` {owner: $__owner})<-[:`SUPERSEDES`]-(:`Memory` {owner: $__owner}) }) AND (`m`.`confidence` > ($__l0))) RETURN `m`.`id` AS `m.id`"},
	{"UNWIND $names AS n MATCH (e:Entity {name: n}) RETURN e.id AS id",
		"UNWIND $names AS `n` MATCH (`e`:`Entity` {owner: $__owner, `name`: `n`}) RETURN `e`.`id` AS `id`"},
	{"MATCH (m:Memory) WITH m.state AS s, count(*) AS c WHERE c > 1 RETURN s, c ORDER BY c DESC SKIP 1 LIMIT $n",
		"MATCH (`m`:`Memory` {owner: $__owner}) WITH `m`.`state` AS `s`, count(*) AS `c` WHERE (`c` > (1)) RETURN `s`, `c` ORDER BY `c` DESC SKIP 1 LIMIT $n"},
	{"MATCH (m:Memory) RETURN m.a - -1, 1 < m.b <= 3, -m.c, m{.claim, n: size(m.claim)}",
		"MATCH (`m`:`Memory` {owner: $__owner}) RETURN (`m`.`a` - ((-(1)))) AS `m.a - -1`, (1 < (`m`.`b`) <= (3)) AS `1 < m.b <= 3`, (-(`m`.`c`)) AS `-m.c`, `m`{.`claim`, `n`: size(`m`.`claim`)} AS `m{.claim, n: size(m.claim)}`"},
	{"MATCH (`m`:`Memory`) RETURN [x IN collect(m.claim) WHERE x STARTS WITH 'a' | toUpper(x)] AS xs, any(y IN [1,2] WHERE y = 2) AS b",
		"MATCH (`m`:`Memory` {owner: $__owner}) RETURN [`x` IN collect(`m`.`claim`) WHERE (`x` STARTS WITH ($__l0)) | toUpper(`x`)] AS `xs`, any(`y` IN [1, 2] WHERE (`y` = (2))) AS `b`"},
	{"MATCH (c:Conflict)-[:BETWEEN]->(m:Memory) RETURN CASE WHEN c.state = 'open' THEN 1 ELSE 0 END AS open, date.truncate('month', c.created_at) AS month",
		"MATCH (`c`:`Conflict` {owner: $__owner})-[:`BETWEEN`]->(`m`:`Memory` {owner: $__owner}) RETURN CASE WHEN (`c`.`state` = ($__l0)) THEN 1 ELSE 0 END AS `open`, date.truncate($__l1, `c`.`created_at`) AS `month`"},
	{"MATCH (m:Memory) RETURN m.claim AS text UNION ALL MATCH (d:Document) RETURN d.text AS `text`;",
		"MATCH (`m`:`Memory` {owner: $__owner}) RETURN `m`.`claim` AS `text` UNION ALL MATCH (`d`:`Document` {owner: $__owner}) RETURN `d`.`text` AS `text`"},
	{"MATCH p = (a:Entity)-[:RELATED*..2]-(b:Entity) WHERE a:Entity RETURN p, length(p), COUNT { (a)<-[:ABOUT]-(:Memory) } AS n",
		"MATCH `p` = (`a`:`Entity` {owner: $__owner}) ((:`Memory`|`Entity`|`Document`|`Conflict`|`Space`|`Turn`|`Conversation`|`Job` {owner: $__owner})-[:`RELATED`]-(:`Memory`|`Entity`|`Document`|`Conflict`|`Space`|`Turn`|`Conversation`|`Job` {owner: $__owner})){1,2} (`b`:`Entity` {owner: $__owner}) WHERE (`a`:`Entity`) RETURN `p`, length(`p`) AS `length(p)`, COUNT { MATCH (`a` {owner: $__owner})<-[:`ABOUT`]-(:`Memory` {owner: $__owner}) } AS `n`"},
}

func TestScopeAccepts(t *testing.T) {
	for _, c := range accepted {
		got, err := Scope(c.in)
		if err != nil {
			t.Errorf("Scope(%q): %v", c.in, err)
			continue
		}
		if diff := cmp.Diff(c.out, got.Text); diff != "" {
			t.Errorf("Scope(%q) (-want +got):\n%s", c.in, diff)
		}
		checkScoped(t, c.in, got)
	}
}

func TestScopeLiftsLiterals(t *testing.T) {
	got, err := Scope(`MATCH (m:Memory) WHERE m.claim = 'it''s' OR m.claim = "a\"b\u00e9\n" OR m.confidence = 1.5e0 RETURN $p, $q, $p`)
	if err == nil {
		t.Fatalf("'' is not an escape in Cypher; want an error, got %s", got.Text)
	}
	got, err = Scope(`MATCH (m:Memory) WHERE m.claim = 'it\'s' OR m.claim = "a\"b\u00e9\n" OR m.confidence = 1.5e0 RETURN $p, $q, $p`)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"__l0": "it's", "__l1": "a\"bé\n", "__l2": 1.5}
	if diff := cmp.Diff(want, got.Literals); diff != "" {
		t.Errorf("literals (-want +got):\n%s", diff)
	}
	if !slices.Equal(got.Params, []string{"p", "q"}) {
		t.Errorf("params = %v", got.Params)
	}
}

// refused are queries outside the subset, each with words its error must
// contain.
var refused = []struct{ in, names string }{
	{"CREATE (m:Memory) RETURN m", "CREATE writes"},
	{"MATCH (m:Memory) SET m.x = 1 RETURN m", "SET writes"},
	{"MATCH (m:Memory) DETACH DELETE m", "DETACH DELETE"},
	{"MERGE (m:Memory {id: 1}) RETURN m", "MERGE"},
	{"MATCH (m:Memory) REMOVE m.x RETURN m", "REMOVE"},
	{"MATCH (m:Memory) FOREACH (x IN [1] | CREATE (:Memory)) RETURN m", "FOREACH"},
	{"CALL db.labels()", "CALL db.labels"},
	{"CALL dbms.security.createUser('x', 'y', false)", "CALL dbms.security.createUser"},
	{"call apoc.load.json('http://x') yield value return value", "CALL apoc.load.json"},
	{"MATCH (m:Memory) CALL apoc.periodic.commit('x') RETURN m", "CALL apoc.periodic.commit"},
	{"MATCH (m:Memory) CALL { MATCH (k:ApiKey) RETURN k } RETURN m", "CALL subqueries"},
	{"MATCH (m:Memory) RETURN apoc.convert.toJson(m)", "apoc.convert.toJson is not allowed"},
	{"MATCH (m:Memory) RETURN db.nameFromElementId('x')", "db.nameFromElementId"},
	{"LOAD CSV FROM 'file:///etc/passwd' AS l RETURN l", "LOAD CSV"},
	{"USE system SHOW USERS", "USE"},
	{"SHOW DATABASES", "SHOW"},
	{"EXPLAIN MATCH (m:Memory) RETURN m", "EXPLAIN"},
	{"PROFILE MATCH (m:Memory) RETURN m", "PROFILE"},
	{"CYPHER runtime=slotted MATCH (m:Memory) RETURN m", "CYPHER"},
	{"MATCH (n) RETURN n", "(n) needs a label"},
	{"MATCH () RETURN 1", "() needs a label"},
	{"MATCH (m:Memory)-[:ABOUT]-() RETURN m", "() needs a label"},
	{"MATCH (m:Memory) WITH m.id AS id MATCH (m)-[:ABOUT]->(e:Entity) RETURN e", "(m) needs a label"},
	{"MATCH (k:ApiKey) RETURN k", "label ApiKey is not allowed"},
	{"MATCH (k:Memory:ApiKey) RETURN k", "label ApiKey is not allowed"},
	{"MATCH (k:Memory|OAuthGrant) RETURN k", "label OAuthGrant is not allowed"},
	{"MATCH (k:`IdempotencyKey`) RETURN k", "label IdempotencyKey is not allowed"},
	{"MATCH (k:memory) RETURN k", "label memory is not allowed"},
	{"MATCH (m:Memory) WHERE m:ApiKey RETURN m", "label ApiKey is not allowed"},
	{"MATCH (m:%) RETURN m", "wildcard"},
	{"MATCH (m:!Memory) RETURN m", "label expressions"},
	{"MATCH (m:Memory&Entity) RETURN m", "label expressions"},
	{"MATCH (m:Memory:Entity|Space) RETURN m", "mixing"},
	{"MATCH (m:Memory)-->(e:Entity) RETURN m", "needs a type"},
	{"MATCH (m:Memory)-[r]->(e:Entity) RETURN m", "needs a type"},
	{"MATCH (m:Memory)-[:OWNS]->(e:Entity) RETURN m", "relationship type OWNS is not allowed"},
	{"MATCH (m:Memory)<-[:ABOUT]->(e:Entity) RETURN m", "one way or none"},
	{"MATCH (m:Memory {owner: 'u'}) RETURN m", "property owner"},
	{"MATCH (m:Memory) WHERE m.OWNER = 'u' RETURN m", "property OWNER"},
	{"MATCH (m:Memory) RETURN m.owner_key", "property owner_key"},
	{"MATCH (m:Memory) RETURN m.`owner`", "property owner"},
	{"MATCH (m:Memory) RETURN {owner: 1}", "property owner"},
	{"MATCH (m:Memory) RETURN m{.owner}", "property owner"},
	{"MATCH (m:Memory) RETURN m{.*}", ".*"},
	{"MATCH (m:Memory) RETURN m['owner']", "brackets"},
	{"MATCH (m:Memory) RETURN properties(m)", "properties()"},
	{"MATCH (m:Memory) RETURN id(m)", "id()"},
	{"MATCH (m:Memory) RETURN elementId(m)", "elementId()"},
	{"MATCH (m:Memory) RETURN range(1, 100000000)", "range()"},
	{"MATCH (m:Memory) RETURN exists(m.x)", "exists()"},
	{"MATCH (m:Memory) RETURN frobnicate(m)", "function frobnicate is not allowed"},
	{"MATCH (m:Memory)-[:SUPERSEDES*]->(o:Memory) RETURN o", "upper bound"},
	{"MATCH (m:Memory)-[:SUPERSEDES*2..]->(o:Memory) RETURN o", "upper bound"},
	{"MATCH (m:Memory)-[:SUPERSEDES*1..4]->(o:Memory) RETURN o", "at most 3 hops, not 4"},
	{"MATCH (m:Memory)-[:SUPERSEDES*5]->(o:Memory) RETURN o", "at most 3 hops"},
	{"MATCH (m:Memory)-[:SUPERSEDES*3..1]->(o:Memory) RETURN o", "n <= m"},
	{"MATCH p = shortestPath((a:Entity)-[:RELATED*1..3]-(b:Entity)) RETURN p", "shortestPath"},
	{"MATCH (m:Memory) WHERE (m)-[:ABOUT]->(:Entity) RETURN m", "unexpected"},
	{"MATCH (m:Memory) RETURN [(m)-[:ABOUT]->(e:Entity) | e]", "pattern comprehensions"},
	{"MATCH (m:Memory) RETURN COLLECT { MATCH (e:Entity) RETURN e }", "COLLECT"},
	{"MATCH (m:Memory WHERE m.x = 1) RETURN m", "WHERE inside a node pattern"},
	{"MATCH (m:Memory $props) RETURN m", "parameter as a pattern's properties"},
	{"MATCH (m:Memory) RETURN $__owner", "reserved"},
	{"MATCH (__x:Memory) RETURN 1", "reserved"},
	{"MATCH (m:Memory) RETURN m AS __y", "reserved"},
	{"MATCH (m:Memory) WHERE m.a != 1 RETURN m", "<>"},
	{"MATCH (m:Memory) RETURN m; MATCH (e:Entity) RETURN e", "send one query"},
	{"MATCH (m:Memory)", "must end with RETURN"},
	{"MATCH (m:Memory) RETURN m MATCH (e:Entity) RETURN e", "RETURN ends the query"},
	{"RETURN 0x1F", "hexadecimal"},
	{"RETURN 99999999999999999999", "out of range"},
	{"RETURN 'abc", "not closed"},
	{"RETURN 1 /* x", "not closed"},
	{"RETURN `abc", "not closed"},
	{"RETURN '\\q'", "unknown escape"},
	{"RETURN '\\uD800'", "invalid \\u escape"},
	{"MATCH (`a b`:Memory) RETURN 1", "quoted name"},
	{"MATCH (`m`:`Memory {owner: 'x'}) MATCH (n`) RETURN 1", "quoted name"},
	{"RETURN 1 # 2", "unexpected character"},
	{"", "empty"},
	{"   \n ", "empty"},
	{"WHERE 1 = 1 RETURN 1", "WHERE must follow"},
	{"MATCH (m:Memory) RETURN m UNION CALL db.labels() YIELD label RETURN label", "CALL db.labels"},
	{"MATCH (m:Memory) RETURN " + strings.Repeat("(", 100) + "1" + strings.Repeat(")", 100), "nests deeper"},
	{"MATCH (m:Memory) WHERE m.claim = '" + strings.Repeat("x", MaxQueryBytes) + "' RETURN m", "the limit is 8192 bytes"},
}

func TestScopeRefuses(t *testing.T) {
	for _, c := range refused {
		got, err := Scope(c.in)
		if err == nil {
			t.Errorf("Scope(%.80q) = %s; want an error naming %q", c.in, got.Text, c.names)
			continue
		}
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, schema.ErrInvalid) {
			t.Errorf("Scope(%.80q) err = %v (%T), want an *Error wrapping schema.ErrInvalid", c.in, err, err)
		}
		if !strings.Contains(err.Error(), c.names) {
			t.Errorf("Scope(%.80q) err = %q, want it to name %q", c.in, err, c.names)
		}
	}
}

func TestErrorPosition(t *testing.T) {
	_, err := Scope("MATCH (m:Memory)\nRETURN  m.owner")
	var e *Error
	if !errors.As(err, &e) || e.Line != 2 || e.Col != 11 {
		t.Errorf("err = %#v, want line 2, column 11", err)
	}
}

// outputWords are the unquoted words Scope may write: keywords and the
// allowed functions. Every other name it writes is quoted and validated.
var outputWords = func() map[string]bool {
	m := map[string]bool{"owner": true, "any": true, "all": true, "none": true, "single": true, "by": true}
	for w := range reserved {
		m[strings.ToLower(w)] = true
	}
	for f := range functions {
		for _, part := range strings.Split(f, ".") {
			m[part] = true
		}
	}
	return m
}()

// checkScoped checks what can be checked of any accepted query's output:
// it lexes, holds no string literal, writes no word outside the keywords
// and allowed functions, uses only its own parameters, and scopes at least
// as many node patterns as it has relationship patterns plus one.
func checkScoped(t *testing.T, in string, sc *Scoped) {
	t.Helper()
	toks, err := lex(sc.Text)
	if err != nil {
		t.Fatalf("Scope(%q) wrote Cypher that does not lex: %v\n%s", in, err, sc.Text)
	}
	for _, tok := range toks {
		switch tok.kind {
		case tString:
			t.Errorf("Scope(%q) wrote a string literal: %s", in, sc.Text)
		case tIdent:
			if !outputWords[strings.ToLower(tok.text)] {
				t.Errorf("Scope(%q) wrote the bare word %q: %s", in, tok.text, sc.Text)
			}
		case tQuoted:
			if !validName(tok.text) && !strings.Contains(sc.Text, " AS "+quote(tok.text)) {
				t.Errorf("Scope(%q) wrote the name %q: %s", in, tok.text, sc.Text)
			}
		case tParam:
			if _, lit := sc.Literals[tok.text]; tok.text != OwnerParam && !lit && !slices.Contains(sc.Params, tok.text) {
				t.Errorf("Scope(%q) wrote the parameter $%s: %s", in, tok.text, sc.Text)
			}
		}
	}
	nodes := strings.Count(sc.Text, "{owner: $"+OwnerParam)
	rels := strings.Count(sc.Text, "-[")
	if strings.Contains(sc.Text, "(") && strings.Contains(sc.Text, "MATCH") && nodes < rels+1 {
		t.Errorf("Scope(%q): %d scoped node patterns for %d relationship patterns: %s", in, nodes, rels, sc.Text)
	}
}
