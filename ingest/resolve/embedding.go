package resolve

import (
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// The embedding step: names that mean the same thing but share no
// spelling ("Bombay" and "Mumbai", "GSK" and "GlaxoSmithKline", "the
// kitchen renovation" and "Kitchen remodel"). Similarities are cosines of
// the names' embeddings, each name embedded as a query ("query: " + name
// for E5), so the two sides are embedded alike.
//
// Both constants were chosen on the tuning corpus of bench/engine
// (corpus/resolution.json, holdout.json and holdout2.json: 157 cases, 118
// whose mention is not a person) with the local e5-small-v2 model (int8),
// by running this step alone over every case, as if Match had found
// nothing, for thresholds 0.84–0.93 and margins 0–0.05. The least
// threshold at which it merged nothing wrongly was 0.91 with a margin of
// 0.02 (at 0.90 "Lisboa" went to "Lisburn" at .907; at 0.88 also "Lisbon"
// to "Madrid" at .889 and "Hamburg" to "Bremen" at .883), and 0.02 the
// least margin there (below it "Slovenia" went to "Croatia" at .935, a
// lead of less than .02); it accepted 11 right answers there, 10 at the
// constants below. Lexically related names (lexicallyRelated) are left
// out before that: they are Match's to judge. Each constant is taken one
// step (0.01) above the least safe value, since a wrong merge costs more
// than a duplicate. `go run ./bench/engine` scores resolution with and
// without the step.
const (
	// EmbeddingThreshold is the least cosine similarity, after the kind
	// penalty, at which MatchEmbedding accepts a neighbour.
	EmbeddingThreshold = 0.92
	// EmbeddingMargin is how far the runner-up (another entity of a
	// compatible kind, people and lexically related names included) must
	// stay below the best: e5 puts two names of one category (two cities,
	// two banks) at 0.80–0.94, so a best with a close rival is a guess.
	EmbeddingMargin = 0.03
)

// Neighbour is a stored entity found near a mention by meaning, with the
// cosine similarity of their names' embeddings.
type Neighbour struct {
	Entity     schema.Entity
	Similarity float64
}

// MatchEmbedding returns the neighbour a mention names by meaning. It is
// meant for mentions that Match matched to nothing: it accepts the
// nearest neighbour when its similarity, less the kind penalty of Match,
// reaches EmbeddingThreshold, and every other entity of a compatible kind
// scores at least EmbeddingMargin less. It never matches a person (the
// mention or the neighbour: people whose names mean alike are usually
// different people, "Sarah" and "Sara"), an incompatible kind, names
// that carry different digits ("Q3 budget", "Q4 budget"), or a mention
// with no letters or digits. A neighbour listed twice counts once, at
// its higher similarity; similarities that are not numbers in [-1, 1]
// are ignored. Among equal scores the smaller id wins. ok false returns
// the best candidate and its score when there is one, for logging.
//
// MatchEmbedding is pure and safe for concurrent use.
func MatchEmbedding(m schema.Mention, near []Neighbour) (best schema.Entity, score float64, ok bool) {
	return matchEmbedding(m, near, EmbeddingThreshold, EmbeddingMargin)
}

func matchEmbedding(m schema.Mention, near []Neighbour, threshold, margin float64) (best schema.Entity, score float64, ok bool) {
	mt := tokens(m.Name)
	if len(mt) == 0 || !ByMeaning(m.Name, m.Kind) {
		return schema.Entity{}, 0, false
	}
	type scored struct {
		e      schema.Entity
		s      float64
		usable bool // may be accepted (not a person, same digits)
	}
	byID := map[string]int{}
	var all []scored
	for _, n := range near {
		sim := n.Similarity
		if math.IsNaN(sim) || sim < -1 || sim > 1 || n.Entity.ID == "" {
			continue
		}
		pen, compatible := kindPenalty(m.Kind, n.Entity.Kind)
		if !compatible {
			continue
		}
		ct := tokens(n.Entity.Name)
		usable := ByMeaning(n.Entity.Name, n.Entity.Kind) && len(ct) > 0 && !lexicallyRelated(mt, ct) && !otherModifier(mt, ct)
		c := scored{n.Entity, sim - pen, usable}
		if i, seen := byID[n.Entity.ID]; seen {
			if c.s > all[i].s {
				all[i] = c
			}
			continue
		}
		byID[n.Entity.ID] = len(all)
		all = append(all, c)
	}
	if len(all) == 0 {
		return schema.Entity{}, 0, false
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].s != all[j].s {
			return all[i].s > all[j].s
		}
		return all[i].e.ID < all[j].e.ID
	})
	top := all[0]
	if !top.usable || top.s < threshold {
		return top.e, top.s, false
	}
	if len(all) > 1 && top.s-all[1].s < margin {
		return top.e, top.s, false
	}
	return top.e, top.s, true
}

// ByMeaning reports whether a name of kind k may be matched by meaning.
//
// Names of people, places and organisations are proper names, and e5 puts
// related proper names as close as two spellings of one: a country and
// its capital ("Kenya"/"Nairobi" .966, "Japan"/"Tokyo" .949,
// "Georgia"/"Tbilisi" .953), a company and its product ("Google"/"YouTube"
// .940), against "Bombay"/"Mumbai" .967 and "Cologne"/"Köln" .930. With no
// rival stored the margin cannot tell them apart, so those are left to
// Match and its gazetteer (knownVariants).
//
// A name with a digit is an identifier ("cluster 7", "Postgres 14",
// "Q3 budget"): the step never accepts two names whose digits differ
// (lexicallyRelated), and e5 puts "cluster 7" near "cluster 8", so such
// names are left to Match too and are neither embedded nor stored.
//
// The step judges the rest: descriptive names of projects, systems and
// other things ("the kitchen renovation", "Kitchen remodel" .969).
func ByMeaning(name string, k schema.EntityKind) bool {
	if k == schema.KindPerson || k == schema.KindPlace || k == schema.KindOrganisation {
		return false
	}
	return !hasDigitRune(name)
}

// relatedEdits is the most edits (letters substituted, added, dropped or
// two swapped, after spellingFold) at which two names count as spelt
// alike for lexicallyRelated.
const relatedEdits = 2

// lexicallyRelated reports whether two names (as tokens) are related in
// spelling in a way Match already judged: they carry different digits
// ("Python 2", "Python 3"), one is part of the other (every word of the
// shorter is in the longer, or the shorter begins the longer: "Mexico"
// and "Mexico City", "Java" and "JavaScript"), or they start alike and
// are at most relatedEdits letters apart ("Iran" and "Iraq", "Austria"
// and "Australia"; not "Bombay" and "Mumbai", which Match's spelling
// rules, comparing names that start alike, never looked at). Match's
// part-name and spelling rules accept the pairs of these that name one
// thing; the ones it refused are mostly namesakes,
// which e5 places close because they share letters, not meaning (on the
// tuning corpus "Mexico"/"Mexico City" .950, "Iran"/"Iraq" .928,
// "Austria"/"Australia" .923, "Java"/"JavaScript" .909). The embedding
// step leaves them to Match.
func lexicallyRelated(m, c []string) bool {
	nm, nc := strings.Join(m, " "), strings.Join(c, " ")
	if digitsDiffer(nm, nc) {
		return true
	}
	short, long := m, c
	if len(nm) > len(nc) {
		short, long = c, m
		nm, nc = nc, nm
	}
	if strings.HasPrefix(nc, nm) {
		return true
	}
	words := make(map[string]bool, len(long))
	for _, w := range long {
		words[w] = true
	}
	all := true
	for _, w := range short {
		if !words[w] {
			all = false
			break
		}
	}
	if all {
		return true
	}
	fm, fc := []rune(spellingFold(nm)), []rune(spellingFold(nc))
	return len(fm) > 0 && len(fc) > 0 && fm[0] == fc[0] && editDistance(fm, fc, relatedEdits) <= relatedEdits
}

// otherModifier: the names end in the same word and each has a word the
// other lacks: one kind of thing told apart by what qualifies it ("kitchen
// renovation" and "bathroom renovation" .933, "billing service" and
// "payments service" .932, "mobile app" and "web app" .935 with e5), never
// one thing by meaning. Names that share a qualifier and differ in the
// head ("kitchen renovation", "kitchen remodel") stay the step's to judge.
func otherModifier(m, c []string) bool {
	if len(m) < 2 || len(c) < 2 || m[len(m)-1] != c[len(c)-1] {
		return false
	}
	onlyM, onlyC := false, false
	in := func(w string, ws []string) bool { return slices.Contains(ws, w) }
	for _, w := range m[:len(m)-1] {
		onlyM = onlyM || !in(w, c)
	}
	for _, w := range c[:len(c)-1] {
		onlyC = onlyC || !in(w, m)
	}
	return onlyM && onlyC
}

// Cosine returns the cosine similarity of a and b: 0 when their lengths
// differ, either is empty or all zeros, or a component is not a number.
func Cosine(a, b []float32) float64 {
	if len(a) != len(b) || len(a) == 0 {
		return 0
	}
	var dot, na, nb float64
	for i := range a {
		x, y := float64(a[i]), float64(b[i])
		dot += x * y
		na += x * x
		nb += y * y
	}
	if na == 0 || nb == 0 {
		return 0
	}
	c := dot / (math.Sqrt(na) * math.Sqrt(nb))
	if math.IsNaN(c) || math.IsInf(c, 0) {
		return 0
	}
	return max(-1, min(1, c))
}
