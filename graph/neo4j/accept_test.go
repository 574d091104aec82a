package neo4j

import (
	"sync"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

func acceptRow(owner schema.Owner, text string) (schema.Document, schema.Job) {
	at := time.Now().UTC()
	doc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: text, ContentHash: "h", CreatedAt: at, SaidAt: at}
	job := schema.Job{ID: schema.NewID(schema.PrefixJob), DocumentID: doc.ID, CreatedAt: at}
	return doc, job
}

// TestCreateDocumentJobsOnce: one transaction writes many requests' documents
// and jobs with their idempotency records; a key that already has a record
// writes nothing and returns the record, per owner.
func TestCreateDocumentJobsOnce(t *testing.T) {
	s := openStore(t)
	ctx := t.Context()
	a, b := schema.Owner(schema.NewID("usr_")), schema.Owner(schema.NewID("usr_"))
	d1, j1 := acceptRow(a, "first")
	d2, j2 := acceptRow(a, "no key")
	d3, j3 := acceptRow(b, "other owner, same key")
	recs := []graph.IdemRecord{
		{Key: "k1", RequestHash: "h1", Status: 202, Body: []byte(`{"job":1}`)},
		{},
		{Key: "k1", RequestHash: "h3", Status: 202, Body: []byte(`{"job":3}`)},
	}
	standing, stored, err := s.CreateDocumentJobsOnce(ctx, time.Hour, []schema.Owner{a, a, b}, []schema.Document{d1, d2, d3}, []schema.Job{j1, j2, j3}, recs)
	if err != nil {
		t.Fatal(err)
	}
	if !stored[0] || !stored[1] || !stored[2] || standing[0].RequestHash != "h1" || standing[2].RequestHash != "h3" || standing[1].Key != "" {
		t.Fatalf("stored %v standing %+v", stored, standing)
	}
	for _, c := range []struct {
		owner schema.Owner
		job   string
	}{{a, j1.ID}, {a, j2.ID}, {b, j3.ID}} {
		job, err := s.Job(ctx, c.owner, c.job)
		if err != nil || job.State != schema.JobQueued {
			t.Fatalf("job %s: %+v %v", c.job, job, err)
		}
	}
	// The same key again: nothing written, the first record returned.
	d4, j4 := acceptRow(a, "retry")
	standing, stored, err = s.CreateDocumentJobsOnce(ctx, time.Hour, []schema.Owner{a}, []schema.Document{d4}, []schema.Job{j4},
		[]graph.IdemRecord{{Key: "k1", RequestHash: "h4", Status: 202, Body: []byte(`{"job":4}`)}})
	if err != nil || stored[0] || standing[0].RequestHash != "h1" || string(standing[0].Body) != `{"job":1}` || standing[0].Status != 202 {
		t.Fatalf("repeat: stored %v standing %+v err %v", stored, standing, err)
	}
	if _, err := s.Job(ctx, a, j4.ID); err == nil {
		t.Fatal("a request whose key stood wrote its job")
	}
	// A key twice in one call is refused before anything is written.
	d5, j5 := acceptRow(a, "x")
	d6, j6 := acceptRow(a, "y")
	if _, _, err := s.CreateDocumentJobsOnce(ctx, time.Hour, []schema.Owner{a, a}, []schema.Document{d5, d6}, []schema.Job{j5, j6},
		[]graph.IdemRecord{{Key: "k9", RequestHash: "x", Status: 202}, {Key: "k9", RequestHash: "y", Status: 202}}); err == nil {
		t.Fatal("one key twice in one call was accepted")
	}
	// A reservation (status 0) of a running request stands.
	if _, ok, err := s.IdempotencyPut(ctx, a, "k2", "h5", 0, nil, time.Minute); err != nil || !ok {
		t.Fatal(ok, err)
	}
	standing, stored, err = s.CreateDocumentJobsOnce(ctx, time.Hour, []schema.Owner{a}, []schema.Document{d5}, []schema.Job{j5},
		[]graph.IdemRecord{{Key: "k2", RequestHash: "h5", Status: 202}})
	if err != nil || stored[0] || standing[0].Status != 0 {
		t.Fatalf("reserved: stored %v standing %+v err %v", stored, standing, err)
	}
}

// TestCreateDocumentJobsOnceRace: of many concurrent calls with one key,
// exactly one writes its document.
func TestCreateDocumentJobsOnceRace(t *testing.T) {
	s := openStore(t)
	owner := schema.Owner(schema.NewID("usr_"))
	const n = 8
	var wg sync.WaitGroup
	wins := make(chan string, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d, j := acceptRow(owner, "same")
			_, stored, err := s.CreateDocumentJobsOnce(t.Context(), time.Hour, []schema.Owner{owner}, []schema.Document{d}, []schema.Job{j},
				[]graph.IdemRecord{{Key: "race", RequestHash: "h", Status: 202, Body: []byte{byte('a' + i)}}})
			if err != nil {
				t.Error(err)
				return
			}
			if stored[0] {
				wins <- j.ID
			}
		}()
	}
	wg.Wait()
	close(wins)
	if len(wins) != 1 {
		t.Fatalf("%d calls wrote a document under one key", len(wins))
	}
	got := query(t, s, `MATCH (d:Document {owner: $owner}) RETURN count(d) AS n`, map[string]any{"owner": string(owner)})
	if got[0]["n"].(int64) != 1 {
		t.Fatalf("%v documents", got[0]["n"])
	}
}
