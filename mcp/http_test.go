package mcp

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/persistmemory/persistmemory/schema"
)

// headers adds fixed headers to every request.
type headers struct {
	set  map[string]string
	next http.RoundTripper
}

func (h headers) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range h.set {
		r.Header.Set(k, v)
	}
	return h.next.RoundTrip(r)
}

// TestHTTPSpaceChoiceOutlivesTheRequest: over HTTP a server is built per
// request, so the choice of Space lives in the handler's State, keyed by
// owner and Mcp-Session-Id (else by owner alone).
func TestHTTPSpaceChoiceOutlivesTheRequest(t *testing.T) {
	svc := services(t, world(t), true)
	svc.State = nil // HTTPHandler makes one for all the servers it builds
	srv := httptest.NewServer(HTTPHandler(svc, func(w http.ResponseWriter, r *http.Request) (Caller, bool) {
		owner := r.Header.Get("X-Test-Owner")
		if owner == "" {
			http.Error(w, "unauthenticated", http.StatusUnauthorized)
			return Caller{}, false
		}
		return Caller{Owner: schema.Owner(owner), Scopes: AllScopes}, true
	}))
	t.Cleanup(srv.Close)

	client := func(owner, session string) *gomcp.ClientSession {
		t.Helper()
		set := map[string]string{"X-Test-Owner": owner}
		if session != "" {
			set["Mcp-Session-Id"] = session
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		cs, err := gomcp.NewClient(&gomcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, &gomcp.StreamableClientTransport{
			Endpoint: srv.URL, HTTPClient: &http.Client{Transport: headers{set: set, next: http.DefaultTransport}},
		}, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cs.Close() })
		return cs
	}
	current := func(cs *gomcp.ClientSession) string {
		t.Helper()
		var out scopeOut
		ok(t, cs, "current_space", nil, &out)
		return out.SpaceID
	}

	s1, s2 := client(string(alice), "s1"), client(string(alice), "s2")
	ok(t, s1, "use_space", map[string]any{"space_id": "spc_work"}, nil)
	if got := current(s1); got != "spc_work" {
		t.Errorf("session s1 works in %q after choosing spc_work", got)
	}
	if got := current(s2); got != "" {
		t.Errorf("session s2 works in %q; another session's choice leaked", got)
	}

	// Without a session id the choice is per owner (the stateless
	// limitation), and never crosses owners.
	a1, a2, b := client(string(alice), ""), client(string(alice), ""), client(string(bob), "")
	ok(t, a1, "use_space", map[string]any{"space_id": "spc_work"}, nil)
	if got := current(a2); got != "spc_work" {
		t.Errorf("without a session id alice's connections should share the choice; got %q", got)
	}
	if got := current(b); got != "" {
		t.Errorf("bob works in %q: alice's choice crossed owners", got)
	}
}
