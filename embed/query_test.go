package embed

import (
	"context"
	"slices"
	"testing"
)

// echo records the texts it is asked to embed.
type echo struct {
	fixed
	got [][]string
}

func (e *echo) Embed(_ context.Context, texts []string) ([][]float32, error) {
	e.got = append(e.got, slices.Clone(texts))
	return make([][]float32, len(texts)), nil
}

func TestPrefixed(t *testing.T) {
	inner := &echo{fixed: fixed{"e5-small-v2", 384}}
	p := Prefixed(inner, E5Query, E5Passage)
	if _, err := p.Embed(context.Background(), []string{"Ana moved to Porto.", ""}); err != nil {
		t.Fatal(err)
	}
	if _, err := Queries(context.Background(), p, []string{"where does Ana live?"}); err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"passage: Ana moved to Porto.", "passage: "}, {"query: where does Ana live?"}}
	if len(inner.got) != 2 || !slices.Equal(inner.got[0], want[0]) || !slices.Equal(inner.got[1], want[1]) {
		t.Errorf("texts embedded = %q, want %q", inner.got, want)
	}
	if p.Model() != "e5-small-v2" || p.Dims() != 384 {
		t.Errorf("Model/Dims = %q/%d, want the inner embedder's", p.Model(), p.Dims())
	}

	// A symmetric embedder embeds queries as it embeds everything.
	plain := &echo{fixed: fixed{"m", 3}}
	if _, err := Queries(context.Background(), plain, []string{"q"}); err != nil || len(plain.got) != 1 || plain.got[0][0] != "q" {
		t.Errorf("Queries through a plain embedder embedded %q, %v", plain.got, err)
	}
}
