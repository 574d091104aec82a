package resolve

import (
	"math/rand/v2"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// robustWords are the words the readings treat specially, alone and in
// pairs: relation words, titles, particles, leads, possessives, versions,
// punctuation and other scripts. Hold-out 48 found "Auntie" beside "Aunt"
// made Match index past an emptied name.
var robustWords = []string{
	"Aunt", "Auntie", "Uncle", "Mum", "Mam", "my", "brother", "Mr", "Mrs", "Dr", "Prof", "Coach",
	"née", "Ó", "O'", "Mac", "Mc", "Al", "El", "Ní", "bhaiya", "ji", "the", "The", "of", "and", "&",
	"'s", "'", "Sam's", "(2022)", "(11th generation)", "v2", "14", "2024", "JFK", "MN", "LA", "gh",
	"Project", "migration", "to", "reno", "WFH", "district", "Club", "plc", "A/S", "J", "D", "-", ".",
	"Дмитрий", "東京", "Hrvatska", "Penn", "Ford", "Foundation", "", " ",
}

var robustKinds = []schema.EntityKind{
	schema.KindPerson, schema.KindPlace, schema.KindOrganisation, schema.KindSystem, schema.KindProject, schema.KindOther, "",
}

// Match answers every name of one or two of robustWords, against every
// other such name of every kind, without a panic; Match's own contract
// (ok only at MatchThreshold or above) holds throughout.
func TestMatchNeverPanics(t *testing.T) {
	var names []string
	for _, a := range robustWords {
		names = append(names, a)
		for _, b := range robustWords {
			names = append(names, a+" "+b)
		}
	}
	r := rand.New(rand.NewPCG(48, 1))
	for i, n := range names {
		cands := make([]schema.Entity, 6)
		for j := range cands {
			var aliases []string
			if r.IntN(3) == 0 {
				aliases = []string{names[r.IntN(len(names))]}
			}
			cands[j] = schema.Entity{ID: string(rune('a' + j)), Name: names[r.IntN(len(names))], Kind: robustKinds[r.IntN(len(robustKinds))], Aliases: aliases}
		}
		cands[0].Name = names[(i*7919)%len(names)]
		for _, k := range robustKinds {
			_, score, ok := Match(schema.Mention{Name: n, Kind: k}, cands)
			if ok && score < MatchThreshold {
				t.Errorf("%q (%s): ok at %.3f, below MatchThreshold", n, k, score)
			}
		}
	}
}

func FuzzMatch(f *testing.F) {
	f.Add("Auntie", "Aunt", "person")
	f.Add("Dónal Ó Briain", "Donal O'Brien", "person")
	f.Add("Sam's", "Sam's Club", "organisation")
	f.Add("JFK", "John F. Kennedy International Airport", "place")
	f.Fuzz(func(t *testing.T, mention, name, kind string) {
		Match(schema.Mention{Name: mention, Kind: schema.EntityKind(kind)}, []schema.Entity{
			{ID: "a", Name: name, Kind: schema.EntityKind(kind)},
			{ID: "b", Name: name + " " + mention, Kind: schema.KindOther, Aliases: []string{mention, "née " + name}},
		})
	})
}
