package main

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/conflicts"
	"github.com/persistmemory/persistmemory/embed"
	"github.com/persistmemory/persistmemory/embed/onnx"
	"github.com/persistmemory/persistmemory/ingest/resolve"
	"github.com/persistmemory/persistmemory/schema"
	"github.com/persistmemory/persistmemory/stack"
)

// openModel opens the service's local embedding model in-process, from
// where `persistmemory serve` reads it (stack.LocalModel). When its files
// are not installed it returns a nil embedder and a sentence saying so.
func openModel() (*onnx.E5, string, error) {
	dir, lib := stack.LocalModel(os.LookupEnv)
	mf := stack.ModelFilesIn(dir, lib)
	if missing := mf.Missing(); len(missing) > 0 {
		return nil, fmt.Sprintf("Embedding similarity was not measured: the local model is not installed (%s is missing; `persistmemory stack up` installs it).", missing[0]), nil
	}
	e, err := onnx.OpenE5(onnx.Config{ModelPath: mf.ModelPath, TokenizerPath: mf.TokenizerPath, LibraryPath: mf.LibraryPath})
	if err != nil {
		return nil, "", fmt.Errorf("open the local model: %w", err)
	}
	return e, "", nil
}

// embedBatch is how many texts one embedding call takes.
const embedBatch = 64

// Embed embeds the corpora's texts as the worker does: every mention and
// entity name as a query (embed.Queries), keyed by name; every claim the
// rules extract from the pairs' texts as a passage, keyed by claim.
func Embed(ctx context.Context, e embed.QueryEmbedder, cs ...Corpus) (*Vectors, error) {
	var names, claims []string
	seenName, seenClaim := map[string]bool{}, map[string]bool{}
	addName := func(n string) {
		if !seenName[n] && strings.TrimSpace(n) != "" {
			seenName[n] = true
			names = append(names, n)
		}
	}
	addClaims := func(text, said string) {
		for _, m := range extract(text, said) {
			if !seenClaim[m.Claim] {
				seenClaim[m.Claim] = true
				claims = append(claims, m.Claim)
			}
		}
	}
	for _, c := range cs {
		for _, rc := range c.Resolution {
			addName(rc.Mention.Name)
			for _, en := range rc.Entities {
				addName(en.Name)
			}
		}
		for _, p := range c.Pairs {
			addClaims(p.Existing.Text, p.Existing.SaidAt)
			addClaims(p.Incoming.Text, p.Incoming.SaidAt)
		}
		for _, s := range c.Streams {
			for _, m := range s.Messages {
				addClaims(m.Text, m.SaidAt)
			}
		}
	}
	v := &Vectors{}
	var err error
	if v.Names, err = embedAll(ctx, names, func(ts []string) ([][]float32, error) { return embed.Queries(ctx, e, ts) }); err != nil {
		return nil, fmt.Errorf("embed names: %w", err)
	}
	if v.Claims, err = embedAll(ctx, claims, func(ts []string) ([][]float32, error) { return e.Embed(ctx, ts) }); err != nil {
		return nil, fmt.Errorf("embed claims: %w", err)
	}
	return v, nil
}

// embedAll embeds texts embedBatch at a time with embed, keyed by text.
func embedAll(ctx context.Context, texts []string, embed func([]string) ([][]float32, error)) (map[string][]float32, error) {
	out := make(map[string][]float32, len(texts))
	for len(texts) > 0 {
		n := min(len(texts), embedBatch)
		vs, err := embed(texts[:n])
		if err != nil {
			return nil, err
		}
		for i, v := range vs {
			out[texts[i]] = v
		}
		texts = texts[n:]
	}
	return out, ctx.Err()
}

// withMeaning names the pair scores that include the reading by meaning
// (conflicts.ByMeaning) after the rules.
const withMeaning = "pairs +meaning/"

// meaningPair is the worker's reading by meaning of a pair the rules left
// unrelated: a duplicate when some claim of the existing text and some
// claim of the incoming one are close in meaning and nothing in their
// words sets them apart (conflicts.ByMeaning); otherwise a change when one
// of two close claims is worded as a change of the other
// (conflicts.ChangeByMeaning), the closest such pair first.
func meaningPair(claims map[string][]float32, ex, in []schema.Memory) (conflicts.Relation, string) {
	reason := "no claims are close in meaning"
	type pair struct {
		e, i schema.Memory
		sim  float64
	}
	var ps []pair
	for _, e := range ex {
		for _, i := range in {
			sim := resolve.Cosine(claims[e.Claim], claims[i.Claim])
			if d, ok := conflicts.ByMeaning(e, i, sim); ok {
				return d.Relation, d.Reason
			}
			ps = append(ps, pair{e, i, sim})
		}
	}
	slices.SortStableFunc(ps, func(a, b pair) int { return cmp.Compare(b.sim, a.sim) })
	for _, p := range ps {
		if d, ok := conflicts.ChangeByMeaning(p.e, p.i, p.sim); ok {
			return d.Relation, d.Reason
		}
		if d, ok := conflicts.ContradictionByMeaning(p.e, p.i, p.sim); ok {
			return d.Relation, d.Reason
		}
		if d, ok := conflicts.PastByMeaning(p.e, p.i, p.sim); ok {
			return d.Relation, d.Reason
		}
	}
	return conflicts.Unrelated, reason
}
