package api

import (
	"errors"
	"testing"

	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

// TestSearchCursorTags: a cursor continues only a search over the Spaces
// it was made for.
func TestSearchCursorTags(t *testing.T) {
	s := &Server{cfg: Config{Searcher: &retrieval.Searcher{}}}
	work := searchScope{owner: "usr_a", spaces: []string{"sp_work"}}
	home := searchScope{owner: "usr_a", spaces: []string{"sp_home"}}
	all := searchScope{owner: "usr_a"}
	cur := work.tagged("Q1VSU09S")
	if _, raw, err := s.searcher(work, cur); err != nil || raw != "Q1VSU09S" {
		t.Errorf("continuing in the same Spaces: raw %q, %v", raw, err)
	}
	for name, sc := range map[string]searchScope{"other Spaces": home, "every Space": all} {
		if _, _, err := s.searcher(sc, cur); !errors.Is(err, schema.ErrInvalid) {
			t.Errorf("a confined search's cursor continued over %s: err = %v", name, err)
		}
	}
	if _, _, err := s.searcher(work, "Q1VSU09S"); !errors.Is(err, schema.ErrInvalid) {
		t.Errorf("an unconfined search's cursor continued in one Space: err = %v", err)
	}
	if all.tagged("Q1VSU09S") != "Q1VSU09S" {
		t.Errorf("an unconfined search's cursor was tagged")
	}
}
