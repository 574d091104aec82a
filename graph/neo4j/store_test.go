package neo4j

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/graph/graphtest"
	"github.com/persistmemory/persistmemory/internal/testenv"
	"github.com/persistmemory/persistmemory/schema"
)

// openStore connects to the server named by NEO4J_URI, NEO4J_USER and
// NEO4J_PASSWORD (the local stack by default), or ends the test through
// testenv.Unavailable if it does not answer within five seconds.
func openStore(t *testing.T) *Store {
	t.Helper()
	cfg := Config{
		URI:      testenv.Get("NEO4J_URI"),
		User:     testenv.Get("NEO4J_USER"),
		Password: testenv.Get("NEO4J_PASSWORD"),
		Logger:   slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn})),
	}
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	s, err := Open(ctx, cfg)
	if errors.Is(err, schema.ErrUnavailable) || errors.Is(err, context.DeadlineExceeded) {
		testenv.Unavailable(t, "neo4j at %s: %v", cfg.URI, err)
	}
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() {
		if err := s.Close(context.Background()); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

func TestStore(t *testing.T) {
	s := openStore(t)
	graphtest.Run(t, func(*testing.T) graph.Store { return s })
}

// query runs cypher directly, for checks the contract has no method for.
func query(t *testing.T, s *Store, cypher string, params map[string]any) []map[string]any {
	t.Helper()
	res, err := neo4j.ExecuteQuery(t.Context(), s.driver, cypher, params, neo4j.EagerResultTransformer,
		neo4j.ExecuteQueryWithDatabase(s.database))
	if err != nil {
		t.Fatalf("%s: %v", cypher, err)
	}
	var rows []map[string]any
	for _, r := range res.Records {
		rows = append(rows, r.AsMap())
	}
	return rows
}

func TestCompleteJobWritesOneEdge(t *testing.T) {
	s := openStore(t)
	if _, err := s.Migrate(t.Context()); err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	owner := schema.Owner(schema.NewID("usr_"))
	doc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: "x"}
	job := schema.Job{ID: schema.NewID(schema.PrefixJob)}
	if err := s.CreateDocumentJob(ctx, owner, doc, job); err != nil {
		t.Fatal(err)
	}
	mem := schema.Memory{ID: schema.NewID(schema.PrefixMemory), Claim: "one edge", Excerpt: "edge"}
	for range 2 {
		if err := s.CompleteJob(ctx, owner, job.ID, graph.JobWrite{Memories: []schema.Memory{mem, mem}}); err != nil {
			t.Fatal(err)
		}
	}
	// The MERGE itself, not only the completed-job check, keeps one edge.
	for range 2 {
		_, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
			_, err := collect(ctx, tx, writeMemoriesCypher, map[string]any{
				"owner": string(owner), "owner_key": ownerKey(owner), "document_id": doc.ID,
				"mems": []map[string]any{memoryParams(mem, now())}, "now": now(),
			})
			return struct{}{}, err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	rows := query(t, s, `
MATCH (m:Memory {id: $id, owner: $owner})
OPTIONAL MATCH (m)-[e:EVIDENCED_BY]->(:Document {owner: $owner})
RETURN count(DISTINCT m) AS memories, count(e) AS edges, m.owner_key AS key`,
		map[string]any{"id": mem.ID, "owner": string(owner)})
	if got := rows[0]; got["memories"] != int64(1) || got["edges"] != int64(1) || got["key"] != ownerKey(owner) {
		t.Errorf("after completing twice: %v, want 1 memory, 1 edge and the owner key", got)
	}
	// The job node carries no leftover lock property.
	rows = query(t, s, `MATCH (j:Job {id: $id}) RETURN j._lock AS lock`, map[string]any{"id": job.ID})
	if rows[0]["lock"] != nil {
		t.Errorf("job kept _lock = %v", rows[0]["lock"])
	}
}

func TestCompletedJobIsTerminal(t *testing.T) {
	s := openStore(t)
	if _, err := s.Migrate(t.Context()); err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	owner := schema.Owner(schema.NewID("usr_"))
	doc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: "x"}
	job := schema.Job{ID: schema.NewID(schema.PrefixJob)}
	if err := s.CreateDocumentJob(ctx, owner, doc, job); err != nil {
		t.Fatal(err)
	}
	first := schema.Memory{ID: schema.NewID(schema.PrefixMemory), Claim: "first delivery"}
	if err := s.CompleteJob(ctx, owner, job.ID, graph.JobWrite{Memories: []schema.Memory{first}}); err != nil {
		t.Fatal(err)
	}
	if err := s.FailJob(ctx, owner, job.ID, "late failure"); err != nil {
		t.Fatal(err)
	}
	second := schema.Memory{ID: schema.NewID(schema.PrefixMemory), Claim: "second delivery"}
	if err := s.CompleteJob(ctx, owner, job.ID, graph.JobWrite{Memories: []schema.Memory{second}}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Job(ctx, owner, job.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.State != schema.JobCompleted || got.Error != "" || len(got.MemoryIDs) != 1 || got.MemoryIDs[0] != first.ID {
		t.Errorf("job = %+v, want completed by the first delivery", got)
	}
	if mems, _ := s.Memories(ctx, owner, []string{second.ID}); len(mems) != 0 {
		t.Errorf("second delivery wrote %+v", mems)
	}
}

func TestMemoryIDOfAnotherOwnerConflicts(t *testing.T) {
	s := openStore(t)
	if _, err := s.Migrate(t.Context()); err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	mem := schema.Memory{ID: schema.NewID(schema.PrefixMemory), Claim: "mine"}
	var owners []schema.Owner
	var errs []error
	for range 2 {
		owner := schema.Owner(schema.NewID("usr_"))
		doc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: "x"}
		job := schema.Job{ID: schema.NewID(schema.PrefixJob)}
		if err := s.CreateDocumentJob(ctx, owner, doc, job); err != nil {
			t.Fatal(err)
		}
		owners = append(owners, owner)
		errs = append(errs, s.CompleteJob(ctx, owner, job.ID, graph.JobWrite{Memories: []schema.Memory{mem}}))
	}
	if errs[0] != nil {
		t.Fatal(errs[0])
	}
	if !errors.Is(errs[1], schema.ErrConflict) {
		t.Errorf("second owner writing the same memory id: err = %v, want ErrConflict", errs[1])
	}
	if mems, _ := s.Memories(ctx, owners[1], []string{mem.ID}); len(mems) != 0 {
		t.Errorf("second owner reads %+v", mems)
	}
}

// testLabel returns a throwaway migration record label and removes its
// nodes and constraints when the test ends.
func testLabel(t *testing.T, s *Store) string {
	label := "MigrationTest_" + strings.TrimPrefix(schema.NewID("x"), "x")
	t.Cleanup(func() {
		ctx := context.Background()
		for _, stmt := range []string{
			fmt.Sprintf("MATCH (n) WHERE n:%[1]s OR n:%[1]sLock OR n:%[1]sProbe OR n:%[1]sThing DETACH DELETE n", label),
			fmt.Sprintf("DROP CONSTRAINT %s_version IF EXISTS", strings.ToLower(label)),
			fmt.Sprintf("DROP CONSTRAINT %slock_name IF EXISTS", strings.ToLower(label)),
			fmt.Sprintf("DROP CONSTRAINT %s_thing_id IF EXISTS", strings.ToLower(label)),
			fmt.Sprintf("DROP INDEX %s_thing_text IF EXISTS", strings.ToLower(label)),
		} {
			if err := s.autoCommit(ctx, stmt, nil); err != nil {
				t.Errorf("cleanup %s: %v", stmt, err)
			}
		}
	})
	return label
}

func TestMigrationEditedAfterApplyRefused(t *testing.T) {
	s := openStore(t)
	ctx := t.Context()
	label := testLabel(t, s)
	migs := []schema.Migration{
		{Version: 1, Name: "0001_t", Statements: []string{"RETURN 1"}, Checksum: "aaaa"},
		{Version: 2, Name: "0002_u", Statements: []string{"RETURN 2", "RETURN 3"}, Checksum: "bbbb"},
	}
	applied, err := s.migrate(ctx, migs, label)
	if err != nil || strings.Join(applied, ",") != "0001_t,0002_u" {
		t.Fatalf("first migrate = %v, %v; want both applied", applied, err)
	}
	rows := query(t, s, fmt.Sprintf("MATCH (m:%s) RETURN m.version AS v, m.name AS n, m.checksum AS c, m.applied_at AS at ORDER BY v", label), nil)
	if len(rows) != 2 || rows[0]["n"] != "0001_t" || rows[0]["c"] != "aaaa" || rows[1]["v"] != int64(2) {
		t.Errorf("records = %v", rows)
	}
	if _, ok := rows[0]["at"].(time.Time); !ok {
		t.Errorf("applied_at = %T, want a datetime", rows[0]["at"])
	}

	edited := append([]schema.Migration(nil), migs...)
	edited[0].Checksum = "cccc"
	_, err = s.migrate(ctx, edited, label)
	if !errors.Is(err, schema.ErrConflict) || !strings.Contains(err.Error(), "migration 0001_t was edited after it was applied") {
		t.Errorf("migrate with an edited migration: err = %v, want ErrConflict naming 0001_t", err)
	}

	renamed := append([]schema.Migration(nil), migs...)
	renamed[1].Name = "0002_renamed"
	if _, err := s.migrate(ctx, renamed, label); !errors.Is(err, schema.ErrConflict) {
		t.Errorf("migrate with a renamed migration: err = %v, want ErrConflict", err)
	}

	// A newer migration is applied; the unchanged ones are not re-run.
	more := append(append([]schema.Migration(nil), migs...),
		schema.Migration{Version: 3, Name: "0003_v", Statements: []string{"RETURN 4"}, Checksum: "dddd"})
	applied, err = s.migrate(ctx, more, label)
	if err != nil || strings.Join(applied, ",") != "0003_v" {
		t.Errorf("migrate with a new migration = %v, %v; want only 0003_v", applied, err)
	}
	// Records this build does not know are tolerated.
	applied, err = s.migrate(ctx, migs, label)
	if err != nil || len(applied) != 0 {
		t.Errorf("migrate by an older build = %v, %v; want nothing applied", applied, err)
	}

	if _, err := s.migrate(ctx, migs, "bad label"); !errors.Is(err, schema.ErrInvalid) {
		t.Errorf("migrate with a bad label: err = %v, want ErrInvalid", err)
	}
	unordered := []schema.Migration{migs[1], migs[0]}
	if _, err := s.migrate(ctx, unordered, label); !errors.Is(err, schema.ErrInvalid) {
		t.Errorf("migrate with unordered migrations: err = %v, want ErrInvalid", err)
	}
}

func TestMigrateConcurrent(t *testing.T) {
	s := openStore(t)
	other := openStore(t) // a second driver stands for a second process
	ctx := t.Context()
	label := testLabel(t, s)
	// Non-idempotent statements: each run of a migration adds a probe node,
	// so the probe count says how often each migration ran. Schema
	// statements run while the other callers wait on the lock.
	var migs []schema.Migration
	for v := 1; v <= 3; v++ {
		migs = append(migs, schema.Migration{
			Version:    v,
			Name:       fmt.Sprintf("%04d_probe", v),
			Statements: []string{fmt.Sprintf("CREATE (:%sProbe {version: %d})", label, v)},
			Checksum:   fmt.Sprint(v),
		})
	}
	lower := strings.ToLower(label)
	migs[0].Statements = append(migs[0].Statements,
		fmt.Sprintf("CREATE CONSTRAINT %s_thing_id IF NOT EXISTS FOR (n:%sThing) REQUIRE n.id IS UNIQUE", lower, label))
	migs[1].Statements = append(migs[1].Statements,
		fmt.Sprintf("CREATE FULLTEXT INDEX %s_thing_text IF NOT EXISTS FOR (n:%sThing) ON EACH [n.text]", lower, label))
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		applied []string
	)
	for i := range 6 {
		store := s
		if i%2 == 1 {
			store = other
		}
		wg.Go(func() {
			names, err := store.migrate(ctx, migs, label)
			if err != nil {
				t.Errorf("migrate: %v", err)
			}
			mu.Lock()
			applied = append(applied, names...)
			mu.Unlock()
		})
	}
	wg.Wait()
	if len(applied) != len(migs) {
		t.Errorf("applied across callers = %v, want each of the %d migrations once", applied, len(migs))
	}
	rows := query(t, s, fmt.Sprintf("MATCH (p:%sProbe) RETURN p.version AS v, count(*) AS n ORDER BY v", label), nil)
	if len(rows) != len(migs) {
		t.Fatalf("probes = %v, want one per migration", rows)
	}
	for _, r := range rows {
		if r["n"] != int64(1) {
			t.Errorf("migration %v ran %v times", r["v"], r["n"])
		}
	}
}

func TestOpenUnreachable(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	start := time.Now()
	_, err := Open(ctx, Config{URI: "bolt://127.0.0.1:1", User: "neo4j", Password: "x"})
	if !errors.Is(err, schema.ErrUnavailable) {
		t.Errorf("Open on a closed port: err = %v, want ErrUnavailable", err)
	}
	if d := time.Since(start); d > 8*time.Second {
		t.Errorf("Open on a closed port took %v", d)
	}
}

func TestWrongPassword(t *testing.T) {
	s := openStore(t) // skips when there is no server
	_ = s
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	_, err := Open(ctx, Config{URI: testenv.Get("NEO4J_URI"), User: "neo4j", Password: "definitely-wrong"})
	if !errors.Is(err, schema.ErrUnavailable) {
		t.Errorf("Open with a wrong password: err = %v, want ErrUnavailable", err)
	}
	var dbErr *neo4j.Neo4jError
	if !errors.As(err, &dbErr) {
		t.Errorf("Open with a wrong password: %v does not keep the driver error", err)
	}
}

// StartJob and FailJob read the job's state only after locking the job, so
// racing a CompleteJob they never move a completed job back.
func TestCompletionRaces(t *testing.T) {
	s := openStore(t)
	if _, err := s.Migrate(t.Context()); err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	owner := schema.Owner(schema.NewID("usr_"))
	for round := range 10 {
		doc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: "x"}
		job := schema.Job{ID: schema.NewID(schema.PrefixJob)}
		if err := s.CreateDocumentJob(ctx, owner, doc, job); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Go(func() {
				var err error
				switch i % 4 {
				case 0:
					err = s.CompleteJob(ctx, owner, job.ID, graph.JobWrite{Memories: []schema.Memory{{ID: schema.DerivedID(schema.PrefixMemory, job.ID), Claim: "race"}}})
				case 1, 2:
					_, _, err = s.StartJob(ctx, owner, job.ID)
				case 3:
					err = s.FailJob(ctx, owner, job.ID, "racing failure")
				}
				if err != nil {
					t.Errorf("round %d worker %d: %v", round, i, err)
				}
			})
		}
		wg.Wait()
		got, err := s.Job(ctx, owner, job.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.State != schema.JobCompleted || got.Error != "" {
			t.Errorf("round %d: job ended %s (%q), want completed", round, got.State, got.Error)
		}
	}
}

// The MERGEs themselves, not only the completed-job check, make a job's
// write idempotent: applying the same write twice leaves the same nodes,
// edges and properties.
func TestApplyJobWriteTwice(t *testing.T) {
	s := openStore(t)
	if _, err := s.Migrate(t.Context()); err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	owner := schema.Owner(schema.NewID("usr_"))
	prior := schema.Memory{ID: schema.NewID(schema.PrefixMemory), Claim: "The ledger runs on Postgres.", Confidence: 0.6}
	rival := schema.Memory{ID: schema.NewID(schema.PrefixMemory), Claim: "Ana owns the ledger."}
	{
		doc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: "x"}
		job := schema.Job{ID: schema.NewID(schema.PrefixJob)}
		if err := s.CreateDocumentJob(ctx, owner, doc, job); err != nil {
			t.Fatal(err)
		}
		if err := s.CompleteJob(ctx, owner, job.ID, graph.JobWrite{Memories: []schema.Memory{prior, rival}}); err != nil {
			t.Fatal(err)
		}
	}
	turns, err := s.AppendTurns(ctx, owner, "c1", []schema.Turn{{Author: "user", Text: "We moved to MySQL; Bo owns the ledger."}},
		schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: "x"}, schema.Job{ID: schema.NewID(schema.PrefixJob)})
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := s.RecentJobs(ctx, owner, 1, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	jobID, docID := jobs[0].JobID, jobs[0].DocumentID
	ledger := schema.Entity{ID: schema.NewID(schema.PrefixEntity), Name: "Ledger", Aliases: []string{"the ledger"}}
	bo := schema.Entity{ID: schema.NewID(schema.PrefixEntity), Name: "Bo", Kind: schema.KindPerson}
	moved := schema.Memory{ID: schema.NewID(schema.PrefixMemory), Claim: "The ledger runs on MySQL.", EntityIDs: []string{ledger.ID}, SupersedesID: prior.ID}
	owns := schema.Memory{ID: schema.NewID(schema.PrefixMemory), Claim: "Bo owns the ledger.", EntityIDs: []string{ledger.ID, bo.ID}}
	w := graph.JobWrite{
		Entities:    []schema.Entity{ledger, bo},
		Memories:    []schema.Memory{moved, owns},
		MemoryTurns: map[string][]string{moved.ID: {turns[0].ID}},
		Relations:   []graph.Relation{{FromID: bo.ID, ToID: ledger.ID, Type: "owns"}},
		Reinforce:   []graph.Reinforcement{{MemoryID: rival.ID, Confidence: 0.5, TurnIDs: []string{turns[0].ID}}},
		Conflicts:   []schema.Conflict{{ID: schema.NewID(schema.PrefixConflict), MemoryIDs: [2]string{rival.ID, owns.ID}}},
	}
	p, err := prepareJobWrite(owner, w, now())
	if err != nil {
		t.Fatal(err)
	}
	counts := func() map[string]any {
		rows := query(t, s, `
MATCH (n {owner: $owner})
WITH count(n) AS nodes, collect(n) AS ns
UNWIND ns AS n
OPTIONAL MATCH (n)-[r]->()
WITH nodes, ns, collect(DISTINCT type(r) + ':' + elementId(r)) AS rels
RETURN nodes, size(rels) AS edges,
  [n IN ns WHERE n:Memory | [n.id, n.state, n.confidence, n.evidence_count]] AS memories,
  [n IN ns WHERE n:Entity | [n.id, n.aliases, n.keys, n.key_terms]] AS entities,
  size([n IN ns WHERE n._lock IS NOT NULL]) AS locks`, map[string]any{"owner": string(owner)})
		return rows[0]
	}
	var snapshots []map[string]any
	for range 2 {
		_, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
			return struct{}{}, s.applyJobWrite(ctx, tx, owner, jobID, docID, p, now())
		})
		if err != nil {
			t.Fatalf("applyJobWrite: %v", err)
		}
		snapshots = append(snapshots, counts())
	}
	if diff := cmp.Diff(snapshots[0], snapshots[1], cmpopts.SortSlices(func(a, b any) bool { return fmt.Sprint(a) < fmt.Sprint(b) })); diff != "" {
		t.Errorf("graph after applying the write again (-first +second):\n%s", diff)
	}
	t.Logf("graph: %d nodes, %d edges", snapshots[1]["nodes"], snapshots[1]["edges"])
	if n := snapshots[1]["locks"]; n != int64(0) {
		t.Errorf("%v nodes kept a _lock property", n)
	}
}
