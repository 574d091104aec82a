package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/graph/neo4j/neo4jtest"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

// acceptQueue accepts every job and processes none.
type acceptQueue struct{}

func (acceptQueue) Publish(context.Context, schema.JobRef) error { return nil }
func (acceptQueue) Consume(ctx context.Context, _ func(context.Context, schema.JobRef) error, _ func(context.Context, schema.JobRef, error)) error {
	<-ctx.Done()
	return nil
}
func (acceptQueue) Ping(context.Context) error { return nil }
func (acceptQueue) Close() error               { return nil }

type directory map[string]schema.Owner

func (d directory) OwnerForEmail(_ context.Context, email string) (schema.Owner, error) {
	if o, ok := d[strings.ToLower(email)]; ok {
		return o, nil
	}
	return "", fmt.Errorf("account: %w", schema.ErrNotFound)
}

type client struct {
	t   *testing.T
	h   http.Handler
	tok string
}

// do sends a request as the client and returns the status and body.
func (c client) do(method, path string, body any) (int, string) {
	c.t.Helper()
	var rd *bytes.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	req := httptest.NewRequest(method, path, rd)
	req.Header.Set("Authorization", "Bearer "+c.tok)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	c.h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.String()
}

func (c client) want(status int, method, path string, body any, contains ...string) string {
	c.t.Helper()
	got, text := c.do(method, path, body)
	if got != status {
		c.t.Errorf("%s %s as %s = %d %s; want %d", method, path, c.tok, got, text, status)
	}
	for _, w := range contains {
		if !strings.Contains(text, w) {
			c.t.Errorf("%s %s as %s = %s; want it to contain %q", method, path, c.tok, text, w)
		}
	}
	return text
}

func TestSharingOverHTTP(t *testing.T) {
	store := neo4jtest.Open(t)
	ctx := t.Context()
	a, b, c := schema.Owner(schema.NewID("usr_")), schema.Owner(schema.NewID("usr_")), schema.Owner(schema.NewID("usr_"))
	personal, err := store.EnsurePersonalSpace(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	mk := func(o schema.Owner, name string) schema.Space {
		sp, err := store.CreateSpace(ctx, o, schema.Space{ID: schema.NewID(schema.PrefixSpace), Name: name})
		if err != nil {
			t.Fatal(err)
		}
		return sp
	}
	work, private := mk(a, "Work"), mk(a, "Private")
	fact := func(claim, space string) schema.Memory {
		return schema.Memory{ID: schema.NewID(schema.PrefixMemory), Type: schema.TypeFact, Claim: claim, Confidence: 0.9, State: schema.StateActive, RecordedAt: time.Now().UTC(), SpaceID: space}
	}
	inWork, inPrivate := fact("The kite festival is in May", work.ID), fact("The kite budget is secret", private.ID)
	doc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: "m", ContentHash: "x"}
	job := schema.Job{ID: schema.NewID(schema.PrefixJob), DocumentID: doc.ID}
	if err := store.CreateDocumentJob(ctx, a, doc, job); err != nil {
		t.Fatal(err)
	}
	_ = store.MarkPublished(ctx, a, job.ID)
	if err := store.CompleteJob(ctx, a, job.ID, graph.JobWrite{Memories: []schema.Memory{inWork, inPrivate}}); err != nil {
		t.Fatal(err)
	}

	p, err := ingest.New(ingest.Config{Graph: store, Extractor: noExtractor{}, Queue: acceptQueue{}})
	if err != nil {
		t.Fatal(err)
	}
	tokens := map[string]schema.Owner{"tok-a": a, "tok-b": b, "tok-c": c}
	srv, err := New(Config{Graph: store, Pipeline: p, Searcher: &retrieval.Searcher{Graph: store}, People: directory{"bob@example.com": b},
		Auth: func(_ context.Context, cred string) (Principal, error) {
			if o, ok := tokens[cred]; ok {
				return Principal{Owner: o, Scopes: []string{ScopeRead, ScopeCapture, ScopeWrite}}, nil
			}
			return Principal{}, schema.ErrUnauthenticated
		}})
	if err != nil {
		t.Fatal(err)
	}
	h := srv.Handler()
	A, B, C := client{t, h, "tok-a"}, client{t, h, "tok-b"}, client{t, h, "tok-c"}
	sp := "/api/v1/spaces/" + work.ID
	missing := "/api/v1/spaces/" + schema.NewID(schema.PrefixSpace)
	// sameAsMissing checks that a Space the caller cannot see answers
	// exactly as a missing one.
	sameAsMissing := func(cl client, method, suffix string, body any) {
		t.Helper()
		s1, b1 := cl.do(method, sp+suffix, body)
		s2, b2 := cl.do(method, missing+suffix, body)
		norm := func(s string) string {
			return strings.ReplaceAll(strings.ReplaceAll(s, work.ID, "ID"), strings.TrimPrefix(missing, "/api/v1/spaces/"), "ID")
		}
		if s1 != http.StatusNotFound || s1 != s2 || norm(b1) != norm(b2) {
			t.Errorf("%s %s as %s = %d %s; a missing Space = %d %s; want the same 404", method, suffix, cl.tok, s1, b1, s2, b2)
		}
	}

	A.want(409, "POST", "/api/v1/spaces/"+personal.ID+"/collaborators", map[string]any{"userId": b, "role": "viewer"}, "personal Space cannot be shared")
	A.want(400, "POST", sp+"/collaborators", map[string]any{"userId": b, "role": "owner"}, "role")
	A.want(400, "POST", sp+"/collaborators", map[string]any{"userId": b, "email": "bob@example.com", "role": "viewer"}, "exactly one")
	A.want(201, "POST", sp+"/collaborators", map[string]any{"email": "bob@example.com", "role": "viewer"}, `"state":"pending"`, string(b))

	// Pending: nothing visible.
	sameAsMissing(B, "GET", "", nil)
	sameAsMissing(B, "GET", "/collaborators", nil)
	B.want(200, "GET", "/api/v1/invitations", nil, work.ID, string(a))
	if text := B.want(200, "GET", "/api/v1/memories?spaceId="+work.ID, nil); strings.Contains(text, inWork.ID) {
		t.Errorf("a pending invitee listed the Space's memories: %s", text)
	}
	C.want(404, "POST", sp+"/invitations/accept", nil)
	B.want(200, "POST", sp+"/invitations/accept", nil, `"role":"viewer"`, `"ownerId":"`+string(a))
	B.want(200, "GET", "/api/v1/spaces", nil, work.ID, `"role":"viewer"`)
	B.want(200, "GET", sp, nil, `"role":"viewer"`)

	// Viewer: reads the one Space, writes nothing.
	text := B.want(200, "GET", "/api/v1/memories?spaceId="+work.ID, nil, inWork.ID)
	if strings.Contains(text, inPrivate.ID) {
		t.Errorf("the viewer's listing crossed into another Space: %s", text)
	}
	B.want(403, "POST", "/api/v1/memories", map[string]any{"text": "The festival moved", "spaceId": work.ID}, "viewer")
	B.want(403, "POST", "/api/v1/memories/"+inWork.ID+"/confirm", map[string]any{"spaceId": work.ID}, "viewer")
	B.want(403, "POST", sp+"/collaborators", map[string]any{"userId": c, "role": "viewer"}, "only the owner", "viewer")
	B.want(403, "PATCH", sp, map[string]any{"name": "Mine"}, "only the owner")
	B.want(403, "DELETE", sp+"/collaborators/"+string(a), nil, "only the owner")
	B.want(404, "GET", "/api/v1/memories/"+inWork.ID, nil)

	// Search confined by scope and spaceIds.
	for _, route := range []string{"/api/v1/search", "/api/v1/search/context"} {
		text := B.want(200, "POST", route, map[string]any{"query": "kite", "scope": "combined", "spaceIds": []string{work.ID}}, inWork.ID)
		if strings.Contains(text, inPrivate.ID) {
			t.Errorf("%s confined to the shared Space crossed into another of its owner's Spaces: %s", route, text)
		}
		B.want(200, "POST", route, map[string]any{"query": "kite", "scope": "shared", "spaceIds": []string{work.ID}}, inWork.ID)
		if text := B.want(200, "POST", route, map[string]any{"query": "kite"}); strings.Contains(text, inWork.ID) || strings.Contains(text, inPrivate.ID) {
			t.Errorf("%s without spaceIds searched another person's graph: %s", route, text)
		}
		B.want(400, "POST", route, map[string]any{"query": "kite", "scope": "personal", "spaceIds": []string{work.ID}}, "shared with you")
		B.want(400, "POST", route, map[string]any{"query": "kite", "scope": "shared"}, "needs spaceIds")
		B.want(400, "POST", route, map[string]any{"query": "kite", "scope": "everything"}, "scope")
		bPersonal := graph.PersonalSpaceID(b)
		if _, err := store.EnsurePersonalSpace(ctx, b); err != nil {
			t.Fatal(err)
		}
		B.want(400, "POST", route, map[string]any{"query": "kite", "spaceIds": []string{work.ID, bPersonal}}, "different people")
		C.want(404, "POST", route, map[string]any{"query": "kite", "spaceIds": []string{work.ID}})
		many := make([]string, MaxSearchSpaces+1)
		for i := range many {
			many[i] = work.ID
		}
		B.want(400, "POST", route, map[string]any{"query": "kite", "spaceIds": many}, "at most")
		text = A.want(200, "POST", route, map[string]any{"query": "kite", "scope": "personal", "spaceIds": []string{private.ID}}, inPrivate.ID)
		if strings.Contains(text, inWork.ID) {
			t.Errorf("%s confined to the owner's Private Space found the Work memory: %s", route, text)
		}
		A.want(200, "POST", route, map[string]any{"query": "kite"}, inWork.ID, inPrivate.ID)
	}

	// Owner: cannot be demoted or removed; promotes the viewer.
	A.want(409, "PATCH", sp+"/collaborators/"+string(a), map[string]any{"role": "viewer"}, "owner")
	A.want(409, "DELETE", sp+"/collaborators/"+string(a), nil, "owner")
	A.want(200, "PATCH", sp+"/collaborators/bob@example.com", map[string]any{"role": "editor"}, `"role":"editor"`)
	A.want(200, "GET", sp+"/collaborators", nil, `"role":"owner"`, `"role":"editor"`, "bob@example.com")

	// Editor: writes, credited, into the owner's graph.
	var jr jobResponse
	_, body := B.do("POST", "/api/v1/memories", map[string]any{"text": "The kite festival moved to June", "spaceId": work.ID})
	if err := json.Unmarshal([]byte(body), &jr); err != nil || jr.JobID == "" {
		t.Fatalf("editor remember = %s", body)
	}
	j, err := store.Job(ctx, a, jr.JobID)
	if err != nil {
		t.Fatalf("the contribution is not in the owner's graph: %v", err)
	}
	if d, err := store.Document(ctx, a, j.DocumentID); err != nil || d.ContributedBy != b || d.SpaceID != work.ID {
		t.Errorf("contributed document = %+v, %v", d, err)
	}
	B.want(200, "POST", "/api/v1/memories/"+inWork.ID+"/confirm", map[string]any{"spaceId": work.ID}, `"confirmed":true`)
	B.want(404, "POST", "/api/v1/memories/"+inPrivate.ID+"/confirm", map[string]any{"spaceId": work.ID})
	B.want(202, "POST", "/api/v1/memories/"+inWork.ID+"/correct", map[string]any{"correction": "June", "spaceId": work.ID})

	// A non-member sees a missing Space.
	sameAsMissing(C, "GET", "", nil)
	sameAsMissing(C, "GET", "/collaborators", nil)
	sameAsMissing(C, "POST", "/collaborators", map[string]any{"userId": c, "role": "editor"})
	if text := C.want(200, "GET", "/api/v1/memories?spaceId="+work.ID, nil); strings.Contains(text, inWork.ID) {
		t.Errorf("a non-member listed the Space's memories: %s", text)
	}
	C.want(404, "POST", "/api/v1/memories", map[string]any{"text": "x", "spaceId": work.ID})

	// Downgrade and revocation apply to the next request.
	A.want(200, "PATCH", sp+"/collaborators/"+string(b), map[string]any{"role": "viewer"})
	B.want(403, "POST", "/api/v1/memories", map[string]any{"text": "again", "spaceId": work.ID}, "viewer")
	A.want(204, "DELETE", sp+"/collaborators/"+string(b), nil)
	sameAsMissing(B, "GET", "", nil)
	if text := B.want(200, "GET", "/api/v1/memories?spaceId="+work.ID, nil); strings.Contains(text, inWork.ID) {
		t.Errorf("a revoked member listed the Space's memories: %s", text)
	}
	if text := B.want(200, "GET", "/api/v1/spaces", nil); strings.Contains(text, work.ID) {
		t.Errorf("a revoked member still lists the Space: %s", text)
	}

	// Declining an invitation.
	A.want(201, "POST", sp+"/collaborators", map[string]any{"userId": c, "role": "editor"})
	C.want(204, "DELETE", sp+"/collaborators/"+string(c), nil)
	C.want(404, "POST", sp+"/invitations/accept", nil)
	A.want(200, "GET", sp+"/collaborators", nil)
}
