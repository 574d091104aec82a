package conflicts

import (
	"cmp"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// RepeatCandidates is the most earlier claims RepeatIndex.Candidates
// returns for one claim: the ones sharing the largest part of their words
// and typed values with it. A document at the 256 KiB limit can hold
// thousands of claims that share a word with one another; a twin shares
// nearly all of them, so it is among the first few (in a generated
// document of 6,981 claims it was at most the seventh).
const RepeatCandidates = 64

// RepeatIndex holds claims (a document's, as the worker plans them) so that
// a new claim is compared only with those it may repeat. Compare reads two
// claims as duplicates only when they share a content word (any word but
// the determiners, pronouns, auxiliaries and prepositions topicDrop lists,
// spelled as key spells it) or a typed value ("I'm 30" / "I am thirty").
// Claims sharing neither need no comparison (a claim with neither is
// compared only with others like it); of those that share some,
// only the RepeatCandidates most alike are compared (by the share of their
// keys they have in common). Requiring two shared words would prune more,
// but Compare folds spellings the index does not ("PostgreSQL" /
// "Postgres"), so one is required: the tests check that the index loses no
// duplicate Compare finds, in generated documents and in the labelled
// corpora. A document of n claims so costs at most n × RepeatCandidates
// comparisons instead of n²/2 (5,231 claims at the 256 KiB limit took 4.3
// million). The zero value is ready to use; it is not safe for concurrent
// use.
type RepeatIndex struct {
	postings map[string][]int // key -> indices of the claims giving it, ascending
	sizes    []int            // number of keys of each claim
	keyless  []int            // indices of the claims with no key
}

// Add indexes m as the next claim; its index is the number of claims added
// before it.
func (x *RepeatIndex) Add(m schema.Memory) {
	if x.postings == nil {
		x.postings = map[string][]int{}
	}
	keys := repeatKeys(m)
	i := len(x.sizes)
	if len(keys) == 0 {
		x.keyless = append(x.keyless, i)
	}
	for _, k := range keys {
		x.postings[k] = append(x.postings[k], i)
	}
	x.sizes = append(x.sizes, len(keys))
}

// Len is the number of claims added.
func (x *RepeatIndex) Len() int { return len(x.sizes) }

// Candidates returns the indices of at most RepeatCandidates claims m may
// repeat, the most alike first: those sharing a key with it, by the share
// of their keys in common (Jaccard), ties to the later claim. When m has no
// key they are the latest claims with no key (two such claims can still
// be the same words).
func (x *RepeatIndex) Candidates(m schema.Memory) []int {
	keys := repeatKeys(m)
	if len(keys) == 0 {
		out := make([]int, 0, min(len(x.keyless), RepeatCandidates))
		for j := len(x.keyless) - 1; j >= 0 && len(out) < RepeatCandidates; j-- {
			out = append(out, x.keyless[j])
		}
		return out
	}
	shared := map[int]int{}
	for _, k := range keys {
		for _, i := range x.postings[k] {
			shared[i]++
		}
	}
	type alike struct {
		i    int
		frac float64
	}
	ranked := make([]alike, 0, len(shared))
	for i, n := range shared {
		ranked = append(ranked, alike{i, float64(n) / float64(len(keys)+x.sizes[i]-n)})
	}
	slices.SortFunc(ranked, func(a, b alike) int {
		if c := cmp.Compare(b.frac, a.frac); c != 0 {
			return c
		}
		return cmp.Compare(b.i, a.i)
	})
	out := make([]int, 0, min(len(ranked), RepeatCandidates))
	for _, a := range ranked[:cap(out)] {
		out = append(out, a.i)
	}
	return out
}

// repeatKeys are the content words (stemmed) and typed values of m's claim,
// and its slot as the comparison reads it ("I don't eat meat or fish" is
// the diet "vegetarian", as "I'm vegetarian" is), each once.
func repeatKeys(m schema.Memory) []string {
	_, vals := typedValues(m)
	var out []string
	if v := viewOf(m); v.attr != "" && v.raw != "" {
		vk := valueKey(v.raw)
		out = append(out, "s:"+v.subj+"\x00"+v.attr+"\x00"+strings.Join(vk, " "))
		if len(vk) > 1 {
			// a value the other claim gives as its initials ("a general
			// practitioner" / "a GP")
			var b strings.Builder
			for _, w := range vk {
				b.WriteByte(w[0])
			}
			out = append(out, "w:"+stem(b.String()))
		}
	}
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
		// one value may be written in other units or as an acronym
		// ("6 foot" / "183 cm", "New York City" / "NYC"): its type, and
		// a long name's initials, are keys too
		out = append(out, "t:"+v.typ)
		if ws := strings.Fields(v.key); nameTypes[v.typ] && len(ws) > 1 {
			var b strings.Builder
			for _, w := range ws {
				b.WriteByte(w[0])
			}
			out = append(out, "v:"+v.typ+"="+b.String())
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
