package graphtest

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// The three questions docs/analyst-cypher.md shows; the tests run them as
// written there.
const (
	mostConnectedQuery = `MATCH (e:Entity)
RETURN e.name AS entity,
       COUNT { (e)-[:ABOUT|RELATED]-(:Memory|Entity) } AS connections
ORDER BY connections DESC, entity
LIMIT 10`
	supersededLastMonthQuery = `MATCH (newer:Memory)-[:SUPERSEDES]->(old:Memory)
WHERE old.valid_to >= datetime.truncate('month', datetime()) - duration('P1M')
  AND old.valid_to < datetime.truncate('month', datetime())
RETURN old.claim AS superseded, newer.claim AS by, toString(old.valid_to) AS until
ORDER BY until, superseded`
	openConflictsByEntityQuery = `MATCH (c:Conflict {state: 'open'})-[:BETWEEN]->(:Memory)-[:ABOUT]->(e:Entity)
RETURN e.name AS entity, count(DISTINCT c) AS openConflicts, collect(DISTINCT c.reason) AS reasons
ORDER BY openConflicts DESC, entity`
)

// analystWorld is one owner's seeded graph: entities Acme, Lisbon and Bob
// (the same names for every owner), memories about them, a supersession
// last month and one two months ago, and conflicts.
type analystWorld struct {
	owner                  schema.Owner
	acme, lisbon, bob      schema.Entity
	memories               []schema.Memory
	lastMonth, monthsAgo   time.Time
	claimPrefix            string
	supersededLastMonth    [2]string // old claim, new claim
	openAcme, openLisbon   int
	acmeLinks, lisbonLinks int
}

// seedAnalyst writes the world for owner; tag prefixes every claim so two
// owners' rows can be told apart.
func seedAnalyst(t *testing.T, s graph.Store, owner schema.Owner, tag string, extraAcme int) analystWorld {
	t.Helper()
	now := time.Now().UTC()
	firstOfMonth := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	w := analystWorld{owner: owner, claimPrefix: tag,
		lastMonth: firstOfMonth.AddDate(0, -1, 9), monthsAgo: firstOfMonth.AddDate(0, -2, 3)}
	w.acme = entity(schema.KindOrganisation, "Acme")
	w.lisbon = entity(schema.KindPlace, "Lisbon")
	w.bob = entity(schema.KindPerson, "Bob")
	mem := func(claim string, ents ...schema.Entity) schema.Memory {
		m := memory(tag + ": " + claim)
		for _, e := range ents {
			m.EntityIDs = append(m.EntityIDs, e.ID)
		}
		return m
	}
	// Acme: 2 + extraAcme memories, one shared with Lisbon, and RELATED to
	// Lisbon and Bob. Lisbon: the shared memory and the relation. Bob: one
	// memory and the relation.
	ms := []schema.Memory{
		mem("Acme ships on Fridays.", w.acme),
		mem("Acme opened an office in Lisbon.", w.acme, w.lisbon),
		mem("Bob leads the platform team.", w.bob),
	}
	for i := range extraAcme {
		ms = append(ms, mem(fmt.Sprintf("Acme fact %d.", i), w.acme))
	}
	completeWith(t, s, owner, graph.JobWrite{
		Entities:  []schema.Entity{w.acme, w.lisbon, w.bob},
		Memories:  ms,
		Relations: []graph.Relation{{FromID: w.acme.ID, ToID: w.lisbon.ID, Type: "located_in"}, {FromID: w.bob.ID, ToID: w.acme.ID, Type: "works_at"}},
	})
	w.memories = ms
	w.acmeLinks, w.lisbonLinks = 2+extraAcme+2, 1+1

	// Supersessions: one last month, one two months ago.
	old1, new1 := mem("The offsite is in May.", w.acme), mem("The offsite is in June.", w.acme)
	old2, new2 := mem("The budget is 10k.", w.lisbon), mem("The budget is 12k.", w.lisbon)
	completeWith(t, s, owner, graph.JobWrite{Memories: []schema.Memory{old1, old2}})
	completeWith(t, s, owner, graph.JobWrite{Memories: []schema.Memory{new1, new2}, Supersede: []graph.Supersession{
		{NewID: new1.ID, OldID: old1.ID, At: w.lastMonth},
		{NewID: new2.ID, OldID: old2.ID, At: w.monthsAgo},
	}})
	w.supersededLastMonth = [2]string{old1.Claim, new1.Claim}
	w.memories = append(w.memories, old1, new1, old2, new2)
	w.acmeLinks += 2
	w.lisbonLinks += 2

	// Conflicts: two open about Acme (one also about Lisbon), one dismissed
	// about Lisbon.
	var conflicts []schema.Conflict
	var pairs []schema.Memory
	for i, spec := range []struct {
		ents []schema.Entity
		open bool
	}{{[]schema.Entity{w.acme}, true}, {[]schema.Entity{w.acme, w.lisbon}, true}, {[]schema.Entity{w.lisbon}, false}} {
		a, b := mem(fmt.Sprintf("Claim %dA.", i), spec.ents...), mem(fmt.Sprintf("Claim %dB.", i), spec.ents...)
		pairs = append(pairs, a, b)
		conflicts = append(conflicts, schema.Conflict{ID: schema.NewID(schema.PrefixConflict), MemoryIDs: [2]string{a.ID, b.ID},
			Reason: fmt.Sprintf("%s reason %d", tag, i), CreatedAt: ts})
	}
	completeWith(t, s, owner, graph.JobWrite{Memories: pairs, Conflicts: conflicts})
	if _, err := s.ResolveConflict(t.Context(), owner, conflicts[2].ID, graph.ResolveDismiss, "", ""); err != nil {
		t.Fatalf("ResolveConflict: %v", err)
	}
	w.memories = append(w.memories, pairs...)
	w.openAcme, w.openLisbon = 2, 1
	w.acmeLinks += 4
	w.lisbonLinks += 4
	return w
}

func analyst(t *testing.T, s graph.Store, owner schema.Owner, query string, params map[string]any) graph.AnalystResult {
	t.Helper()
	res, err := s.AnalystQuery(t.Context(), owner, graph.AnalystRequest{Query: query, Params: params})
	if err != nil {
		t.Fatalf("AnalystQuery(%q): %v", query, err)
	}
	return res
}

// testAnalyst runs the analyst query tests (graph.AnalystStore).
func testAnalyst(t *testing.T, s graph.Store) {
	for _, tt := range []struct {
		name string
		fn   func(t *testing.T, s graph.Store)
	}{
		{"Questions", testAnalystQuestions},
		{"Isolation", testAnalystIsolation},
		{"Refusals", testAnalystRefusals},
		{"Limits", testAnalystLimits},
	} {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, s) })
	}
}

func testAnalystQuestions(t *testing.T, s graph.Store) {
	alice, bob := newOwner(), newOwner()
	a := seedAnalyst(t, s, alice, "alice", 3)
	b := seedAnalyst(t, s, bob, "bob", 0)

	for _, w := range []analystWorld{a, b} {
		res := analyst(t, s, w.owner, mostConnectedQuery, nil)
		if !slices.Equal(res.Columns, []string{"entity", "connections"}) {
			t.Errorf("%s: most connected columns = %v", w.claimPrefix, res.Columns)
		}
		want := []map[string]any{
			{"entity": "Acme", "connections": int64(w.acmeLinks)},
			{"entity": "Lisbon", "connections": int64(w.lisbonLinks)},
			{"entity": "Bob", "connections": int64(2)},
		}
		slices.SortStableFunc(want, func(x, y map[string]any) int { return int(y["connections"].(int64) - x["connections"].(int64)) })
		if diff := cmp.Diff(want, res.Rows); diff != "" {
			t.Errorf("%s: most connected entities (-want +got):\n%s", w.claimPrefix, diff)
		}

		res = analyst(t, s, w.owner, supersededLastMonthQuery, nil)
		if len(res.Rows) != 1 || res.Rows[0]["superseded"] != w.supersededLastMonth[0] || res.Rows[0]["by"] != w.supersededLastMonth[1] ||
			!strings.HasPrefix(res.Rows[0]["until"].(string), w.lastMonth.Format("2006-01-02")) {
			t.Errorf("%s: superseded last month = %+v; want %v until %s", w.claimPrefix, res.Rows, w.supersededLastMonth, w.lastMonth)
		}

		res = analyst(t, s, w.owner, openConflictsByEntityQuery, nil)
		want = []map[string]any{
			{"entity": "Acme", "openConflicts": int64(w.openAcme), "reasons": []any{w.claimPrefix + " reason 0", w.claimPrefix + " reason 1"}},
			{"entity": "Lisbon", "openConflicts": int64(w.openLisbon), "reasons": []any{w.claimPrefix + " reason 1"}},
		}
		sortReasons := cmp.Transformer("sort", func(in []any) []any {
			out := slices.Clone(in)
			slices.SortFunc(out, func(x, y any) int { return strings.Compare(fmt.Sprint(x), fmt.Sprint(y)) })
			return out
		})
		if diff := cmp.Diff(want, res.Rows, sortReasons); diff != "" {
			t.Errorf("%s: open conflicts by entity (-want +got):\n%s", w.claimPrefix, diff)
		}
	}
}

func testAnalystIsolation(t *testing.T, s graph.Store) {
	alice, bob := newOwner(), newOwner()
	a := seedAnalyst(t, s, alice, "alice", 1)
	seedAnalyst(t, s, bob, "bob", 1)

	// Every claim, entity and conflict bob can reach is his, whatever the
	// query walks through.
	for _, q := range []string{
		`MATCH (m:Memory) RETURN m.claim AS v`,
		`MATCH (e:Entity {name: 'Acme'})<-[:ABOUT]-(m:Memory) RETURN m.claim AS v`,
		`MATCH (x:Entity {name: 'Bob'})-[:RELATED*1..3]-(y:Entity)<-[:ABOUT]-(m:Memory) RETURN DISTINCT m.claim AS v`,
		`MATCH p = (:Entity)-[:RELATED|ABOUT*0..3]-(:Memory) UNWIND nodes(p) AS n RETURN DISTINCT coalesce(n.claim, n.name) AS v`,
		`MATCH (c:Conflict) RETURN c.reason AS v`,
		`MATCH (d:Document)<-[:EVIDENCED_BY]-(m:Memory) RETURN m.claim AS v`,
		`MATCH (e:Entity) WHERE EXISTS { (e)<-[:ABOUT]-(m:Memory) WHERE m.claim STARTS WITH 'alice' } RETURN e.name AS v`,
		`MATCH (e:Entity) RETURN COUNT { (e)<-[:ABOUT]-(m:Memory) WHERE m.claim STARTS WITH 'alice' } AS v`,
		`MATCH (m:Memory {id: $id}) RETURN m.claim AS v`,
		`MATCH (m:Memory) WHERE m.id IN $ids RETURN m.claim AS v`,
		`MATCH (m:Memory) RETURN m.claim AS v UNION MATCH (c:Conflict) RETURN c.reason AS v`,
		`MATCH (j:Job)-[:PROCESSES]->(d:Document) RETURN j.id AS v`,
	} {
		res := analyst(t, s, bob, q, map[string]any{"id": a.memories[0].ID, "ids": []any{a.memories[0].ID, a.memories[1].ID}})
		for _, row := range res.Rows {
			v := fmt.Sprint(row["v"])
			if strings.Contains(v, "alice") {
				t.Errorf("bob's %q returned alice's %q", q, v)
			}
		}
	}
	// Returned nodes carry no owner.
	res := analyst(t, s, bob, `MATCH (m:Memory)-[r:ABOUT]->(e:Entity {name: 'Acme'}) RETURN m, r, e LIMIT 1`, nil)
	if len(res.Rows) != 1 {
		t.Fatalf("rows = %d, want 1", len(res.Rows))
	}
	m, _ := res.Rows[0]["m"].(map[string]any)
	props, _ := m["properties"].(map[string]any)
	if !slices.Equal(toStrings(m["labels"]), []string{"Memory"}) || props["claim"] == nil || props["owner"] != nil || props["owner_key"] != nil {
		t.Errorf("node = %+v; want labels [Memory] and properties without owner", m)
	}
	if r, _ := res.Rows[0]["r"].(map[string]any); r["type"] != "ABOUT" {
		t.Errorf("relationship = %+v", r)
	}
	e, _ := res.Rows[0]["e"].(map[string]any)
	if ep, _ := e["properties"].(map[string]any); ep["name"] != "Acme" || ep["owner"] != nil || ep["key_terms"] != nil {
		t.Errorf("entity node = %+v", e)
	}
	if _, ok := props["recorded_at"].(string); !ok {
		t.Errorf("recorded_at = %T, want an RFC 3339 string", props["recorded_at"])
	}
	// A reserved parameter cannot stand in for the owner.
	_, err := s.AnalystQuery(t.Context(), bob, graph.AnalystRequest{Query: `MATCH (m:Memory) RETURN m.claim`, Params: map[string]any{"__owner": string(alice)}})
	wantErr(t, "a __owner parameter", err, schema.ErrInvalid)
}

func toStrings(v any) []string {
	var out []string
	switch x := v.(type) {
	case []string:
		return x
	case []any:
		for _, e := range x {
			out = append(out, fmt.Sprint(e))
		}
	}
	return out
}

func testAnalystRefusals(t *testing.T, s graph.Store) {
	owner := newOwner()
	w := seedAnalyst(t, s, owner, "o", 0)
	count := func() int64 {
		res := analyst(t, s, owner, `MATCH (m:Memory) RETURN count(m) AS n`, nil)
		return res.Rows[0]["n"].(int64)
	}
	before := count()
	if before != int64(len(w.memories)) {
		t.Fatalf("memories = %d, want %d", before, len(w.memories))
	}
	long := "MATCH (m:Memory) WHERE m.claim <> '" + strings.Repeat("x", 9000) + "' RETURN m"
	for _, c := range []struct{ query, names string }{
		{"CREATE (m:Memory {id: 'x'}) RETURN m", "CREATE"},
		{"MATCH (m:Memory) SET m.claim = 'x' RETURN m", "SET"},
		{"MATCH (m:Memory) DETACH DELETE m RETURN 1", "DETACH DELETE"},
		{"MATCH (m:Memory) DELETE m", "DELETE"},
		{"MERGE (m:Memory {id: 'x'}) RETURN m", "MERGE"},
		{"MATCH (m:Memory) REMOVE m.claim RETURN m", "REMOVE"},
		{"MATCH (m:Memory) FOREACH (x IN [1] | SET m.y = x) RETURN m", "FOREACH"},
		{"CALL dbms.security.listUsers()", "CALL dbms.security.listUsers"},
		{"CALL apoc.load.json('http://example.com') YIELD value RETURN value", "CALL apoc.load.json"},
		{"CALL apoc.periodic.iterate('MATCH (n) RETURN n', 'DETACH DELETE n', {})", "CALL apoc.periodic.iterate"},
		{"MATCH (m:Memory) CALL { MATCH (n:ApiKey) RETURN n } RETURN m", "CALL subqueries"},
		{"MATCH (m:Memory) RETURN apoc.text.join(['a'], ',')", "apoc.text.join"},
		{"LOAD CSV FROM 'file:///etc/passwd' AS row RETURN row", "LOAD CSV"},
		{"USE system MATCH (m:Memory) RETURN m", "USE"},
		{"SHOW USERS", "SHOW"},
		{"EXPLAIN MATCH (m:Memory) RETURN m", "EXPLAIN"},
		{"MATCH (n) RETURN n", "needs a label"},
		{"MATCH (m:Memory)-[:ABOUT]->(x) RETURN x", "needs a label"},
		{"MATCH (k:ApiKey) RETURN k.hash", "label ApiKey is not allowed"},
		{"MATCH (k:OAuthGrant) RETURN k", "label OAuthGrant is not allowed"},
		{"MATCH (m:Memory)-[r]->(e:Entity) RETURN r", "needs a type"},
		{"MATCH (m:Memory)-[:HAS_KEY]->(e:Entity) RETURN m", "relationship type HAS_KEY is not allowed"},
		{"MATCH (m:Memory {owner: 'usr_someone'}) RETURN m", "property owner"},
		{"MATCH (m:Memory) WHERE m.owner_key = 'x' RETURN m", "property owner_key"},
		{"MATCH (m:Memory) RETURN m.`owner`", "property owner"},
		{"MATCH (m:Memory) RETURN m{.*}", ".*"},
		{"MATCH (m:Memory) RETURN properties(m)", "properties()"},
		{"MATCH (m:Memory) RETURN id(m)", "id()"},
		{"MATCH (m:Memory) RETURN elementId(m)", "elementId()"},
		{"MATCH (m:Memory)-[:SUPERSEDES*]->(o:Memory) RETURN o", "upper bound"},
		{"MATCH (m:Memory)-[:SUPERSEDES*1..]->(o:Memory) RETURN o", "upper bound"},
		{"MATCH (m:Memory)-[:SUPERSEDES*1..9]->(o:Memory) RETURN o", "at most 3 hops"},
		{"MATCH p = shortestPath((a:Entity)-[:RELATED*]-(b:Entity)) RETURN p", "shortestPath"},
		{"MATCH (m:Memory) WHERE (m)-[:ABOUT]->(:ApiKey) RETURN m", ""},
		{"MATCH (m:Memory) RETURN [(m)-[:ABOUT]->(e:Entity) | e.name]", "pattern comprehensions"},
		{"MATCH (m:%) RETURN m", "wildcard"},
		{"MATCH (m:!Memory) RETURN m", "label expressions"},
		{"MATCH (m:Memory) RETURN $__owner", "reserved"},
		{"MATCH (m:Memory) RETURN m; MATCH (n:Entity) RETURN n", "send one query"},
		{"MATCH (m:Memory", "expected ) to close"},
		{"MATCH (m:Memory) RETURN 'unterminated", "not closed"},
		{"MATCH (m:Memory) RETURN m /* open", "not closed"},
		{"RETURN", ""},
		{"", "empty"},
		{long, "8192 bytes"},
		{"MATCH (`Memory {owner: 'x'}) MATCH (n`:Memory) RETURN 1", "quoted name"},
		{"MATCH (m:Memory) RETURN m.claim AS `x` + ``` UNION CALL db.labels() YIELD label RETURN label`", ""},
	} {
		_, err := s.AnalystQuery(t.Context(), owner, graph.AnalystRequest{Query: c.query})
		if !errors.Is(err, schema.ErrInvalid) {
			t.Errorf("%.60q: err = %v, want one wrapping schema.ErrInvalid", c.query, err)
			continue
		}
		if !strings.Contains(err.Error(), c.names) {
			t.Errorf("%.60q: err = %q, want it to name %q", c.query, err, c.names)
		}
	}
	// Hostile inputs that are legal do what they say and no more.
	for _, c := range []struct {
		query string
		want  int64
	}{
		{"MATCH (m:`Memory`) RETURN count(m) AS n", before},
		{"MATCH (m:Memory) /* CREATE (x:ApiKey) */ // DETACH DELETE m\nRETURN count(m) AS n", before},
		{"MATCH (m:Memory) WHERE m.claim = 'x\\u0027}) MATCH (n) DETACH DELETE n //' RETURN count(m) AS n", 0},
		{"MATCH (m:Memory) WHERE m.claim CONTAINS \"\\\") CREATE (:ApiKey\" RETURN count(m) AS n", 0},
		{"MATCH (m:Memory) WHERE m.claim = $text RETURN count(m) AS n", 0},
		{"MATCH (`CREATE`:Memory) RETURN count(`CREATE`) AS n", before},
	} {
		res, err := s.AnalystQuery(t.Context(), owner, graph.AnalystRequest{Query: c.query, Params: map[string]any{"text": "') DETACH DELETE m //"}})
		if err != nil {
			t.Errorf("%.60q: %v", c.query, err)
			continue
		}
		if len(res.Rows) != 1 || res.Rows[0]["n"] != c.want {
			t.Errorf("%.60q: rows = %+v, want n = %d", c.query, res.Rows, c.want)
		}
	}
	_, err := s.AnalystQuery(t.Context(), owner, graph.AnalystRequest{Query: "MATCH (m:Memory) WHERE m.claim = $missing RETURN m"})
	wantErr(t, "a missing parameter", err, schema.ErrInvalid)
	_, err = s.AnalystQuery(t.Context(), owner, graph.AnalystRequest{Query: "MATCH (m:Memory) RETURN m.claim + 1 - m AS x"})
	wantErr(t, "a query Neo4j rejects", err, schema.ErrInvalid)
	_, err = s.AnalystQuery(t.Context(), owner, graph.AnalystRequest{Query: "MATCH (m:Memory) RETURN m", MaxRows: graph.MaxAnalystRows + 1})
	wantErr(t, "a row cap over the limit", err, schema.ErrInvalid)
	_, err = s.AnalystQuery(t.Context(), owner, graph.AnalystRequest{Query: "MATCH (m:Memory) RETURN m", Timeout: time.Minute})
	wantErr(t, "a timeout over the limit", err, schema.ErrInvalid)
	if after := count(); after != before {
		t.Errorf("memories after the refusals = %d, want %d", after, before)
	}
}

func testAnalystLimits(t *testing.T, s graph.Store) {
	owner := newOwner()
	w := seedAnalyst(t, s, owner, "o", 20)

	// The row cap truncates and says so.
	res, err := s.AnalystQuery(t.Context(), owner, graph.AnalystRequest{Query: "MATCH (m:Memory) RETURN m.claim AS claim ORDER BY claim", MaxRows: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 5 || !res.Truncated || res.MaxRows != 5 {
		t.Errorf("capped result: %d rows, truncated %v, maxRows %d; want 5, true, 5", len(res.Rows), res.Truncated, res.MaxRows)
	}
	res = analyst(t, s, owner, "MATCH (m:Memory) RETURN m.claim AS claim", nil)
	if len(res.Rows) != len(w.memories) || res.Truncated || res.MaxRows != graph.MaxAnalystRows {
		t.Errorf("uncapped result: %d rows, truncated %v, maxRows %d; want %d, false, %d", len(res.Rows), res.Truncated, res.MaxRows, len(w.memories), graph.MaxAnalystRows)
	}
	// The default cap holds against a query with more rows.
	res = analyst(t, s, owner, "MATCH (a:Memory), (b:Memory) RETURN a.id, b.id", nil)
	if len(res.Rows) != graph.MaxAnalystRows || !res.Truncated {
		t.Errorf("cartesian result: %d rows, truncated %v; want %d, true", len(res.Rows), res.Truncated, graph.MaxAnalystRows)
	}

	// An expensive query is stopped at its timeout with a clear error.
	start := time.Now()
	_, err = s.AnalystQuery(t.Context(), owner, graph.AnalystRequest{
		Query:   "MATCH (a:Memory), (b:Memory), (c:Memory), (d:Memory), (e:Memory), (f:Memory) RETURN count(*)",
		Timeout: 300 * time.Millisecond,
	})
	wantErr(t, "a query past its timeout", err, schema.ErrInvalid)
	if err == nil || !strings.Contains(err.Error(), "ran longer than 300ms") {
		t.Errorf("timeout error = %v, want it to say the query ran longer than 300ms", err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("the timed-out query took %s", took)
	}
}
