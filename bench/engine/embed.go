package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/persistmemory/persistmemory/embed"
	"github.com/persistmemory/persistmemory/embed/onnx"
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

// nameBatch is how many names one embedding call takes.
const nameBatch = 64

// NameVectors embeds every mention and entity name of the corpora as the
// worker does (as queries: embed.Queries), keyed by name.
func NameVectors(ctx context.Context, e embed.Embedder, cs ...Corpus) (map[string][]float32, error) {
	var names []string
	seen := map[string]bool{}
	add := func(n string) {
		if !seen[n] && strings.TrimSpace(n) != "" {
			seen[n] = true
			names = append(names, n)
		}
	}
	for _, c := range cs {
		for _, rc := range c.Resolution {
			add(rc.Mention.Name)
			for _, en := range rc.Entities {
				add(en.Name)
			}
		}
	}
	out := make(map[string][]float32, len(names))
	for len(names) > 0 {
		n := min(len(names), nameBatch)
		vs, err := embed.Queries(ctx, e, names[:n])
		if err != nil {
			return nil, fmt.Errorf("embed names: %w", err)
		}
		for i, v := range vs {
			out[names[i]] = v
		}
		names = names[n:]
	}
	return out, nil
}
