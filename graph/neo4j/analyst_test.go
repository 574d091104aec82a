package neo4j

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j/dbtype"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/graph/cypher"
	"github.com/persistmemory/persistmemory/schema"
)

// TestAnalystCrossOwnerEdges writes edges between two owners' nodes — which
// the service never does — and checks that no analyst query of one owner
// reaches the other's nodes through them: the isolation is in the rewritten
// patterns, not in the data being well-formed.
func TestAnalystCrossOwnerEdges(t *testing.T) {
	s := openStore(t)
	alice, bob := schema.NewID("usr_"), schema.NewID("usr_")
	ids := map[string]any{"a": schema.NewID("ent_"), "b": schema.NewID("ent_"), "c": schema.NewID("ent_"), "m": schema.NewID("mem_"),
		"alice": alice, "bob": bob}
	query(t, s, `
CREATE (a:Entity {id: $a, owner: $alice, name: 'Acme'}),
       (b:Entity {id: $b, owner: $bob, name: 'Acme'}),
       (c:Entity {id: $c, owner: $bob, name: 'bob secret entity'}),
       (m:Memory {id: $m, owner: $bob, claim: 'bob secret claim', state: 'active'}),
       (a)-[:RELATED {type: 'leak'}]->(b), (b)-[:RELATED {type: 'leak'}]->(c), (m)-[:ABOUT]->(a)`,
		ids)
	for _, q := range []string{
		`MATCH (e:Entity)-[:RELATED]-(x:Entity) RETURN x`,
		`MATCH (e:Entity)-[:RELATED*1..3]-(x:Entity) RETURN x`,
		`MATCH p = (e:Entity)-[:RELATED|ABOUT*0..3]-(x:Entity|Memory) RETURN p`,
		`MATCH (e:Entity)-[r:RELATED*1..3]-(x:Entity) RETURN r`,
		`MATCH (e:Entity)<-[:ABOUT]-(m:Memory) RETURN m`,
		`MATCH (e:Entity) RETURN e, COUNT { (e)-[:RELATED|ABOUT]-(:Entity|Memory) } AS n`,
		`MATCH (e:Entity) WHERE EXISTS { (e)-[:RELATED*1..2]-(:Entity) } RETURN e`,
		`MATCH (e:Entity) OPTIONAL MATCH (e)-[r:RELATED]-(x:Entity) RETURN e, x, startNode(r), endNode(r)`,
		`MATCH (e:Entity) WITH e MATCH (e)-[:RELATED]->(x:Entity) RETURN x`,
	} {
		res, err := s.AnalystQuery(t.Context(), schema.Owner(alice), graph.AnalystRequest{Query: q})
		if err != nil {
			t.Errorf("%s: %v", q, err)
			continue
		}
		b, _ := json.Marshal(res.Rows)
		for _, k := range []string{"b", "c", "m"} {
			if strings.Contains(string(b), ids[k].(string)) || strings.Contains(string(b), "secret") {
				t.Errorf("%s reached bob's nodes: %s", q, b)
			}
		}
		if (strings.Contains(q, "RETURN e") || strings.Contains(q, "RETURN p")) != strings.Contains(string(b), ids["a"].(string)) && !strings.Contains(q, "EXISTS") {
			t.Errorf("%s: alice's own entity should be there exactly when e or p is returned: %s", q, b)
		}
		if strings.Contains(string(b), `"n":1`) {
			t.Errorf("%s counted bob's nodes: %s", q, b)
		}
	}
}

// TestAnalystReadTransaction runs a write past the grammar, straight into
// the read transaction: Neo4j refuses it and nothing is written.
func TestAnalystReadTransaction(t *testing.T) {
	s := openStore(t)
	owner := schema.NewID("usr_")
	id := schema.NewID("mem_")
	for _, text := range []string{
		"CREATE (n:Memory {id: $id, owner: $__owner}) RETURN n",
		"MERGE (n:Memory {id: $id, owner: $__owner}) RETURN n",
	} {
		_, outcome, err := s.runAnalyst(t.Context(), text, map[string]any{"id": id, cypher.OwnerParam: owner}, time.Second, 10)
		if !errors.Is(err, schema.ErrInvalid) || outcome != "rejected" {
			t.Errorf("%s: outcome %s, err %v; want rejected, schema.ErrInvalid", text, outcome, err)
		}
	}
	if rows := query(t, s, "MATCH (n:Memory {id: $id}) RETURN n", map[string]any{"id": id}); len(rows) != 0 {
		t.Errorf("the refused write left %d nodes", len(rows))
	}
}

// TestAnalystAudit checks the audit line of each query: who, a hash and the
// text of the query, parameter names but never their values, and how it
// ended.
func TestAnalystAudit(t *testing.T) {
	s := openStore(t)
	var buf bytes.Buffer
	audited := *s
	audited.logger = slog.New(slog.NewJSONHandler(&buf, nil))
	owner := schema.Owner(schema.NewID("usr_"))
	ok := "MATCH (m:Memory) WHERE m.claim = $secret RETURN m"
	refused := "MATCH (k:ApiKey) RETURN k.hash"
	if _, err := audited.AnalystQuery(t.Context(), owner, graph.AnalystRequest{Query: ok, Params: map[string]any{"secret": "hunter2-value"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := audited.AnalystQuery(t.Context(), owner, graph.AnalystRequest{Query: refused, Params: map[string]any{"other": "hunter2-value"}}); !errors.Is(err, schema.ErrInvalid) {
		t.Fatalf("refused query: %v", err)
	}
	if strings.Contains(buf.String(), "hunter2") {
		t.Errorf("the audit log holds a parameter value: %s", buf.String())
	}
	var lines []map[string]any
	sc := bufio.NewScanner(&buf)
	for sc.Scan() {
		var l map[string]any
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("audit line %q: %v", sc.Text(), err)
		}
		lines = append(lines, l)
	}
	if len(lines) != 2 {
		t.Fatalf("audit lines = %d, want 2", len(lines))
	}
	for i, c := range []struct{ query, param, outcome string }{{ok, "secret", "ok"}, {refused, "other", "refused"}} {
		l := lines[i]
		sum := sha256.Sum256([]byte(c.query))
		if l["msg"] != "analyst query" || l["owner"] != string(owner) || l["query_sha256"] != hex.EncodeToString(sum[:]) ||
			l["query"] != c.query || fmt.Sprint(l["params"]) != "["+c.param+"]" || l["outcome"] != c.outcome || l["duration"] == nil || l["rows"] == nil {
			t.Errorf("audit line %d = %v", i, l)
		}
	}
	if lines[1]["reason"] == nil || !strings.Contains(lines[1]["reason"].(string), "ApiKey") {
		t.Errorf("refusal audit line has no reason naming the label: %v", lines[1])
	}
}

func TestJSONValue(t *testing.T) {
	at := time.Date(2025, 3, 14, 15, 9, 26, 500, time.FixedZone("", 3600))
	node := dbtype.Node{Labels: []string{"Memory"}, Props: map[string]any{"id": "mem_1", "owner": "usr_x", "owner_key": "k", "key_terms": []any{"a"}, "_lock": true, "at": at}}
	rel := dbtype.Relationship{Type: "ABOUT", Props: map[string]any{"owner": "usr_x", "excerpt": "e"}}
	got := jsonValue([]any{
		node, rel,
		dbtype.Path{Nodes: []dbtype.Node{node, node}, Relationships: []dbtype.Relationship{rel}},
		dbtype.Date(time.Date(2025, 3, 14, 0, 0, 0, 0, time.UTC)),
		dbtype.LocalDateTime(time.Date(2025, 3, 14, 15, 9, 26, 0, time.UTC)),
		dbtype.Duration{Months: 1, Days: 2, Seconds: 3},
		math.NaN(), math.Inf(1), int64(7), 1.5, nil, "s", true,
		map[string]any{"n": node},
		dbtype.Point2D{X: 1, Y: 2, SpatialRefId: 7203},
	})
	n := map[string]any{"labels": []string{"Memory"}, "properties": map[string]any{"id": "mem_1", "at": "2025-03-14T15:09:26.0000005+01:00"}}
	r := map[string]any{"type": "ABOUT", "properties": map[string]any{"excerpt": "e"}}
	want := []any{n, r, []any{n, r, n}, "2025-03-14", "2025-03-14T15:09:26", "P1M2DT3S", "NaN", "+Inf", int64(7), 1.5, nil, "s", true,
		map[string]any{"n": n}, map[string]any{"srid": uint32(7203), "x": 1.0, "y": 2.0}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("jsonValue (-want +got):\n%s", diff)
	}
	if _, err := json.Marshal(got); err != nil {
		t.Errorf("the converted values do not encode: %v", err)
	}
}

func TestAnalystParams(t *testing.T) {
	sc, err := cypher.Scope("MATCH (m:Memory) WHERE m.claim = $a RETURN m LIMIT $n")
	if err != nil {
		t.Fatal(err)
	}
	got, err := analystParams(map[string]any{"a": "x", "n": 5.0, "l": []any{1.0, 2.5, map[string]any{"k": 3.0}}}, sc)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"a": "x", "n": int64(5), "l": []any{int64(1), 2.5, map[string]any{"k": int64(3)}}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("analystParams (-want +got):\n%s", diff)
	}
	for _, bad := range []map[string]any{
		{"a": "x"},                            // $n missing
		{"a": "x", "n": 1.0, "__owner": "u"},  // reserved
		{"a": "x", "n": 1.0, "f": struct{}{}}, // not a value
		{"a": math.Inf(1), "n": 1.0},          // not finite
	} {
		if _, err := analystParams(bad, sc); !errors.Is(err, schema.ErrInvalid) {
			t.Errorf("analystParams(%v) err = %v, want schema.ErrInvalid", bad, err)
		}
	}
	many := map[string]any{}
	for i := range graph.MaxAnalystParams + 1 {
		many[fmt.Sprintf("p%d", i)] = 1.0
	}
	if _, err := analystParams(many, sc); !errors.Is(err, schema.ErrInvalid) {
		t.Errorf("too many parameters: err = %v", err)
	}
}
