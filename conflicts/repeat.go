package conflicts

import (
	"slices"

	"github.com/persistmemory/persistmemory/schema"
)

// RepeatIndex holds claims (a document's, as the worker plans them) so that
// a new claim is compared only with those it may repeat. Compare reads two
// claims as duplicates only when they share a content word (any word but
// the determiners, pronouns, auxiliaries and prepositions topicDrop lists,
// spelled as key spells it) or a typed value ("I'm 30" / "I am thirty").
// Claims sharing neither need no comparison, and a document of n claims
// costs far fewer than the n²/2 comparisons of every pair (5,231 claims at
// the 256 KiB limit took 4.3 million). Requiring two shared words would
// prune more, but Compare folds spellings the index does not ("PostgreSQL"
// / "Postgres"), so one is required: the tests check that the index loses
// no duplicate Compare finds, in generated documents and in the labelled
// corpora. The zero value is ready to use; it is not safe for concurrent
// use.
type RepeatIndex struct {
	postings map[string][]int // key -> indices of the claims giving it, ascending
	keyless  []int            // indices of the claims with no key: compared with all
	n        int
}

// Add indexes m as the next claim; its index is the number of claims added
// before it.
func (x *RepeatIndex) Add(m schema.Memory) {
	if x.postings == nil {
		x.postings = map[string][]int{}
	}
	keys := repeatKeys(m)
	if len(keys) == 0 {
		x.keyless = append(x.keyless, x.n)
	}
	for _, k := range keys {
		x.postings[k] = append(x.postings[k], x.n)
	}
	x.n++
}

// Len is the number of claims added.
func (x *RepeatIndex) Len() int { return x.n }

// Candidates returns, in the order they were added, the indices of the
// claims m may repeat: those sharing a key with it and those with no key;
// every index when m has no key.
func (x *RepeatIndex) Candidates(m schema.Memory) []int {
	keys := repeatKeys(m)
	if len(keys) == 0 {
		out := make([]int, x.n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	out := slices.Clone(x.keyless)
	for _, k := range keys {
		out = append(out, x.postings[k]...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// repeatKeys are the content words (stemmed) and typed values of m's claim,
// each once.
func repeatKeys(m schema.Memory) []string {
	_, vals := typedValues(m)
	var out []string
	// key() spells words as the comparison does; the speaker ("I", "me",
	// read as "user") is in nearly every claim of a person's document and
	// tells none apart
	for _, w := range key(m.Claim) {
		if topicDrop[w] || negators[w] || w == "user" {
			continue
		}
		out = append(out, "w:"+stem(w))
	}
	for _, v := range vals {
		out = append(out, "v:"+v.typ+"="+v.key)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
