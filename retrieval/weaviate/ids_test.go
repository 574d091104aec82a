package weaviate

import (
	"regexp"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

func TestObjectID(t *testing.T) {
	a := objectID("alice", "mem_1")
	if a != objectID("alice", "mem_1") {
		t.Error("objectID is not deterministic")
	}
	for _, other := range []struct {
		owner schema.Owner
		id    string
	}{{"bob", "mem_1"}, {"alice", "mem_2"}, {"alice\x00mem", "_1"}} {
		if objectID(other.owner, other.id) == a {
			t.Errorf("objectID(%q, %q) collides with alice/mem_1", other.owner, other.id)
		}
	}
	if !regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`).MatchString(a.String()) {
		t.Errorf("objectID = %s, want a version 5 UUID", a)
	}
}

func TestTenantName(t *testing.T) {
	valid := regexp.MustCompile(`^[A-Za-z0-9\-_]{1,64}$`)
	long := schema.Owner(make([]byte, schema.MaxOwnerLen))
	for _, o := range []schema.Owner{"alice", "a.b@example.com", long} {
		if n := tenantName(o); !valid.MatchString(n) {
			t.Errorf("tenantName(%q) = %q, not a valid tenant name", o, n)
		}
	}
	if tenantName("a.b") == tenantName("a_b") {
		t.Error("tenant names of a.b and a_b collide")
	}
}

func TestParseDescription(t *testing.T) {
	for _, tc := range []struct {
		model string
		dims  int
	}{{"all-MiniLM-L6-v2", 384}, {"org/model=v2", 1}} {
		m, d, ok := parseDescription(description(tc.model, tc.dims))
		if !ok || m != tc.model || d != tc.dims {
			t.Errorf("round trip of %q/%d = %q/%d/%v", tc.model, tc.dims, m, d, ok)
		}
	}
	for _, bad := range []string{"", "probe", "persistmemory embeddings; model=; dims=3", "persistmemory embeddings; model=x; dims=0", "persistmemory embeddings; model=x"} {
		if _, _, ok := parseDescription(bad); ok {
			t.Errorf("parseDescription(%q) accepted", bad)
		}
	}
}
