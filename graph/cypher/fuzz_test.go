package cypher

import (
	"errors"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// FuzzScope checks that Scope never panics, that every refusal is an
// *Error wrapping schema.ErrInvalid, and that what it accepts passes
// checkScoped. The seed corpus (the accepted and refused tables) runs with
// every go test.
func FuzzScope(f *testing.F) {
	for _, c := range accepted {
		f.Add(c.in)
	}
	for _, c := range refused {
		f.Add(c.in)
	}
	f.Add("MATCH (m:Memory) WHERE m.claim = 'x\\u0027}) MATCH (n) DETACH DELETE n //' RETURN m")
	f.Add("MATCH (m:`Memory`)-[:`ABOUT`]->(e:Entity) RETURN e.name AS ```")
	f.Fuzz(func(t *testing.T, q string) {
		sc, err := Scope(q)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, schema.ErrInvalid) {
				t.Fatalf("Scope(%q) err = %v (%T)", q, err, err)
			}
			return
		}
		checkScoped(t, q, sc)
	})
}
