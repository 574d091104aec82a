package mcp

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/persistmemory/persistmemory/graph"
)

// uploadWorld serves alice's MCP session and the upload handler at
// PublicURL.
func uploadWorld(t *testing.T) (*fakeGraph, *httptest.Server, func(args map[string]any) uploadURLOut, *gomcp.ClientSession) {
	t.Helper()
	g := world(t)
	svc := services(t, g, true)
	srv := httptest.NewServer(mountUploads(svc))
	t.Cleanup(srv.Close)
	svc.PublicURL = srv.URL + "/"
	cs := connectTo(t, svc, Caller{Owner: alice, Scopes: AllScopes})
	request := func(args map[string]any) uploadURLOut {
		t.Helper()
		if args == nil {
			args = map[string]any{"filename": "notes.txt"}
		}
		var out uploadURLOut
		ok(t, cs, "request_upload_url", args, &out)
		return out
	}
	return g, srv, request, cs
}

func mountUploads(svc Services) http.Handler {
	mux := http.NewServeMux()
	mux.Handle(UploadPath, UploadHandler(svc))
	return mux
}

// put sends body to url with its Content-Length and returns the status
// and the answer.
func put(t *testing.T, url string, body []byte) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPut, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

func TestUploadRoundTrip(t *testing.T) {
	g, _, request, cs := uploadWorld(t)
	before := time.Now()
	out := request(map[string]any{"filename": "launch notes.txt", "content_type": "text/plain", "space_id": "spc_work"})
	if !strings.HasPrefix(out.UploadID, "upl_") || out.Method != "PUT" || out.MaxBytes != graph.MaxUploadBytes || out.SpaceID != "spc_work" ||
		out.ExpiresAt.Before(before.Add(UploadTTL-time.Second)) || out.ExpiresAt.After(time.Now().Add(UploadTTL)) {
		t.Fatalf("request_upload_url = %+v", out)
	}
	if !strings.Contains(out.URL, UploadPath) || strings.Contains(out.URL, "//uploads") || !strings.Contains(out.Message, "attach_upload") || !strings.Contains(out.Message, `"Work"`) {
		t.Errorf("url %q, message %q", out.URL, out.Message)
	}
	// Only the hash of the secret is stored.
	token := out.URL[strings.LastIndex(out.URL, "/")+1:]
	g.mu.Lock()
	stored := g.uploads[out.UploadID]
	g.mu.Unlock()
	if stored.TokenHash != hashToken(token) || strings.Contains(stored.TokenHash, token) {
		t.Errorf("stored token hash %q for token %q", stored.TokenHash, token)
	}

	text := "The launch moved to May.\nPriya owns the rollout."
	if status, msg := put(t, out.URL, []byte(text)); status != http.StatusCreated || !strings.Contains(msg, out.UploadID) {
		t.Fatalf("PUT = %d %q", status, msg)
	}
	// The URL is single-use.
	if status, msg := put(t, out.URL, []byte("again")); status != http.StatusConflict || !strings.Contains(msg, "already used") {
		t.Errorf("second PUT = %d %q", status, msg)
	}

	var att attachOut
	ok(t, cs, "attach_upload", map[string]any{"upload_id": out.UploadID}, &att)
	if att.JobID == "" || att.Bytes != len(text) || att.SpaceID != "spc_work" || !strings.Contains(att.Message, "ingestion_status") {
		t.Errorf("attach_upload = %+v", att)
	}
	doc := g.lastCreated(alice)
	if doc.Text != text || doc.SpaceID != "spc_work" || doc.Source != "upload: launch notes.txt" {
		t.Errorf("handed to the pipeline: %+v", doc)
	}
	// Attached once.
	fails(t, cs, "attach_upload", map[string]any{"upload_id": out.UploadID}, "already handed to the pipeline as job "+att.JobID)
	if n := len(g.created[alice]); n != 1 {
		t.Errorf("%d documents created, want 1", n)
	}
}

func TestAttachUploadRefusals(t *testing.T) {
	g, srv, request, cs := uploadWorld(t)
	attachFails := func(id string, want ...string) {
		t.Helper()
		fails(t, cs, "attach_upload", map[string]any{"upload_id": id}, want...)
	}

	// Missing: nothing was PUT yet, then the URL expired.
	missing := request(nil)
	attachFails(missing.UploadID, "has not arrived yet", "expires at")
	g.mu.Lock()
	u := g.uploads[missing.UploadID]
	u.ExpiresAt = time.Now().Add(-time.Minute)
	g.uploads[missing.UploadID] = u
	g.mu.Unlock()
	attachFails(missing.UploadID, "did not arrive", "expired", "request_upload_url")
	if status, _ := put(t, missing.URL, []byte("late")); status != http.StatusNotFound {
		t.Errorf("PUT after expiry = %d", status)
	}

	// Empty.
	empty := request(nil)
	if status, msg := put(t, empty.URL, nil); status != http.StatusBadRequest || !strings.Contains(msg, "empty") {
		t.Errorf("empty PUT = %d %q", status, msg)
	}
	attachFails(empty.UploadID, "is empty")
	blank := request(nil)
	put(t, blank.URL, []byte(" \n\t "))
	attachFails(blank.UploadID, "is empty", "whitespace")

	// Too large.
	large := request(nil)
	if status, msg := put(t, large.URL, bytes.Repeat([]byte("x"), graph.MaxUploadBytes+1)); status != http.StatusRequestEntityTooLarge || !strings.Contains(msg, "limit") {
		t.Errorf("large PUT = %d %q", status, msg)
	}
	attachFails(large.UploadID, "is too large", "262145 bytes", "limit is 262144 bytes")

	// Truncated in transit: the body ends before its Content-Length.
	cut := request(nil)
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPut, strings.TrimPrefix(cut.URL, srv.URL), io.MultiReader(strings.NewReader("the first ten"), errReader{io.ErrUnexpectedEOF}))
	req.ContentLength = 100
	UploadHandler(Services{Graph: g}).ServeHTTP(rec, req)
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "cut off after 13 of 100 bytes") {
		t.Errorf("truncated PUT = %d %q", rec.Code, rec.Body.String())
	}
	attachFails(cut.UploadID, "refused when it arrived", "truncated: 13 of 100 bytes arrived")

	// Truncated in storage: attach re-reads, and what is stored is not
	// what arrived.
	shrunk := request(nil)
	put(t, shrunk.URL, []byte("a complete file of some length"))
	g.mu.Lock()
	u = g.uploads[shrunk.UploadID]
	u.Content = u.Content[:10]
	g.uploads[shrunk.UploadID] = u
	g.mu.Unlock()
	attachFails(shrunk.UploadID, "is truncated", "30 bytes were announced but 10 are stored")

	// Not text.
	binary := request(nil)
	put(t, binary.URL, []byte{0x89, 'P', 'N', 'G', 0, 0xff, 0xfe})
	attachFails(binary.UploadID, "not UTF-8 text")

	// No Content-Length: refused without spending the URL.
	chunked := request(nil)
	rec = httptest.NewRecorder()
	req = httptest.NewRequest(http.MethodPut, strings.TrimPrefix(chunked.URL, srv.URL), strings.NewReader("text"))
	req.ContentLength = -1
	UploadHandler(Services{Graph: g}).ServeHTTP(rec, req)
	if rec.Code != http.StatusLengthRequired {
		t.Errorf("PUT without Content-Length = %d", rec.Code)
	}
	attachFails(chunked.UploadID, "has not arrived yet")
	if status, _ := put(t, chunked.URL, []byte("now with a length")); status != http.StatusCreated {
		t.Errorf("PUT after a refused chunked one = %d", status)
	}

	// Unknown, another owner's, malformed.
	attachFails("upl_nope", `No upload "upl_nope" was found`, "request_upload_url")
	for _, b := range badIDs {
		attachFails(b.id, b.want)
	}
	if n := len(g.created[alice]); n != 0 {
		t.Errorf("%d broken uploads became documents", n)
	}

	// Wrong method, unknown or malformed secret.
	for _, c := range []struct {
		method, path string
		want         int
	}{
		{http.MethodGet, strings.TrimPrefix(binary.URL, srv.URL), http.StatusMethodNotAllowed},
		{http.MethodPut, UploadPath + strings.Repeat("A", uploadTokenLen), http.StatusNotFound},
		{http.MethodPut, UploadPath + "short", http.StatusNotFound},
		{http.MethodPut, UploadPath + strings.Repeat("!", uploadTokenLen), http.StatusNotFound},
	} {
		req, _ := http.NewRequest(c.method, srv.URL+c.path, strings.NewReader("x"))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != c.want {
			t.Errorf("%s %s = %d, want %d", c.method, c.path, res.StatusCode, c.want)
		}
	}
}

func TestUploadIsTheOwners(t *testing.T) {
	g := world(t)
	svc := services(t, g, true)
	svc.PublicURL = "https://memory.example"
	a := connectTo(t, svc, Caller{Owner: alice, Scopes: AllScopes})
	b := connectTo(t, svc, Caller{Owner: bob, Scopes: AllScopes})
	var out uploadURLOut
	ok(t, a, "request_upload_url", map[string]any{"filename": "a.txt"}, &out)
	if !strings.HasPrefix(out.URL, "https://memory.example/uploads/") {
		t.Errorf("url = %q", out.URL)
	}
	token := strings.TrimPrefix(out.URL, "https://memory.example/uploads/")
	rec := httptest.NewRecorder()
	UploadHandler(svc).ServeHTTP(rec, httptest.NewRequest(http.MethodPut, UploadPath+token, strings.NewReader("alice's file")))
	if rec.Code != http.StatusCreated {
		t.Fatalf("PUT = %d %s", rec.Code, rec.Body)
	}
	fails(t, b, "attach_upload", map[string]any{"upload_id": out.UploadID}, `No upload "`+out.UploadID+`" was found`)
	if len(g.created[bob]) != 0 {
		t.Error("bob attached alice's upload")
	}
	// Bob cannot fix an upload's Space to one of alice's.
	fails(t, b, "request_upload_url", map[string]any{"filename": "b.txt", "space_id": "spc_work"}, `No Space "spc_work" was found`)
}

func TestRequestUploadURLRefusals(t *testing.T) {
	g := world(t)
	svc := services(t, g, true)
	cs := connectTo(t, svc, Caller{Owner: alice, Scopes: AllScopes})
	// No public URL (the stdio server): nothing is issued.
	fails(t, cs, "request_upload_url", map[string]any{"filename": "a.txt"}, "no public URL", "no URL was issued")
	svc.PublicURL = "http://127.0.0.1:8080"
	cs = connectTo(t, svc, Caller{Owner: alice, Scopes: AllScopes})
	fails(t, cs, "request_upload_url", map[string]any{"filename": " "}, "The filename is empty")
	fails(t, cs, "request_upload_url", map[string]any{"filename": strings.Repeat("f", 300)}, "filename is 300 bytes")
	fails(t, cs, "request_upload_url", map[string]any{"filename": "a\x01.txt"}, "control character")
	fails(t, cs, "request_upload_url", map[string]any{"filename": "a.txt", "space_id": "spc_nope"}, `No Space "spc_nope" was found`)
	if len(g.uploads) != 0 {
		t.Errorf("%d uploads issued by refused requests", len(g.uploads))
	}
	// The Space this connection works in is the default, fixed at issue.
	ok(t, cs, "use_space", map[string]any{"space_id": "spc_work"}, nil)
	var out uploadURLOut
	ok(t, cs, "request_upload_url", map[string]any{"filename": "a.txt"}, &out)
	ok(t, cs, "use_space", map[string]any{"space_id": "all"}, nil)
	if out.SpaceID != "spc_work" || g.uploads[out.UploadID].SpaceID != "spc_work" {
		t.Errorf("upload filed in %q", out.SpaceID)
	}
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }
