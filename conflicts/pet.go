package conflicts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A pet's breed and the colour of its coat never change. Two claims that
// name one pet ("We have a dog, Praline, a beagle" / "Praline our cocker
// spaniel ate a whole baguette"; "my cat Mochi is a brown tabby" / "Mochi,
// black from nose to tail, slept on my suitcase") with another breed or
// another colour cannot both be true: a contradiction for the person to
// settle, or a supersession when the later one is worded as a correction.

// petTraits decides two such claims; ok is false unless both name one pet
// by its name beside its kind, breed or colour, and give it a breed or a
// colour the other contradicts.
func petTraits(existing, incoming schema.Memory) (Decision, bool) {
	e, i := petOf(existing), petOf(incoming)
	switch {
	case e.name != "" && i.name == "":
		i = petCalled(incoming, e.name)
	case i.name != "" && e.name == "":
		e = petCalled(existing, i.name)
	}
	if e.name == "" || e.name != i.name {
		return Decision{}, false
	}
	if e.breed != "" && i.breed != "" && !sameBreed(e.breed, i.breed) {
		return fixedValueDiffers(incoming, fmt.Sprintf("%s's breed, which never changes: %s and %s", e.name, e.breed, i.breed)), true
	}
	if e.colour != "" && i.colour != "" && e.colour != i.colour {
		return fixedValueDiffers(incoming, fmt.Sprintf("the colour of %s's coat, which never changes: %s and %s", e.name, e.colour, i.colour)), true
	}
	return Decision{}, false
}

// pet is what a claim says of one named pet: its name in lower case, its
// breed and its one colour ("" where it gives none).
type pet struct{ name, breed, colour string }

// petOf reads the pet a claim names: a name written with a capital right
// beside a pet's kind or breed ("a dog, Praline, a beagle", "Praline our
// cocker spaniel", "my cat Mochi", "Mochi is a brown tabby"), or before a
// colour after a pause ("Mochi, black from nose to tail"). A claim that
// names a mix ("a beagle cross"), asks, or names two pets gives none.
func petOf(m schema.Memory) pet {
	ts := claimTokens(unlabelled(m.Claim))
	if !slices.ContainsFunc(ts, func(t ctok) bool { return petNouns[t.low] || coatPatterns[t.low] || breedWords[t.low] }) {
		return pet{} // most claims name no pet: read no further
	}
	if asks(m.Claim) || hasAny(ts, mixWords) {
		return pet{}
	}
	var p pet
	kinds := map[int]bool{} // where a pet's kind or breed is
	for i := 0; i < len(ts); i++ {
		if b, n := breedAt(ts, i); n > 0 {
			if p.breed != "" && !sameBreed(p.breed, b) {
				return pet{} // two breeds: two pets, perhaps
			}
			p.breed = b
			for k := i; k < i+n; k++ {
				kinds[k] = true
			}
			i += n - 1
			continue
		}
		if petNouns[ts[i].low] || coatPatterns[ts[i].low] {
			kinds[i] = true
		}
	}
	if len(kinds) == 0 {
		return pet{}
	}
	for i, t := range ts {
		if !petName(ts, i) {
			continue
		}
		near := petNear(ts, i, kinds)
		if !near && !(i+1 < len(ts) && ts[i+1].brk && coatColours[ts[i+1].low] != "") {
			continue
		}
		name := strings.TrimSuffix(t.low, "'s")
		if p.name != "" && p.name != name {
			return pet{} // two named pets
		}
		p.name = name
	}
	if p.name == "" {
		return pet{}
	}
	p.colour = coatColour(ts, kinds, p.name)
	return p
}

// petCalled reads the colour a claim gives a pet the other claim names,
// by its name alone: "Mochi, black from nose to tail".
func petCalled(m schema.Memory, name string) pet {
	ts := claimTokens(unlabelled(m.Claim))
	if asks(m.Claim) || !slices.ContainsFunc(ts, func(t ctok) bool { return capitalised(t.raw) && strings.TrimSuffix(t.low, "'s") == name }) {
		return pet{}
	}
	if c := coatColour(ts, nil, name); c != "" {
		return pet{name: name, colour: c}
	}
	return pet{}
}

// petName: the word at i may be a pet's name: written with a capital, a
// word of letters, not the claim's first word unless a pause or a kind
// follows it, and no word of another use ("I", "Mum").
func petName(ts []ctok, i int) bool {
	t := ts[i]
	if !nameWord(t) || topicDrop[t.low] || kinWords[strings.TrimSuffix(t.low, "'s")] || petNouns[t.low] {
		return false
	}
	if _, n := breedAt(ts, i); n > 0 {
		return false
	}
	if coatColours[t.low] != "" {
		return false
	}
	return i > 0 || len(ts) > 1 && (ts[1].brk || strings.HasSuffix(t.low, "'s") || slices.Contains([]string{"our", "my", "the", "is"}, ts[1].low))
}

// petNear: a pet's kind or breed stands within two words of the name at
// i, with only determiners, possessives or a pause between ("a dog,
// Praline", "Praline our cocker spaniel", "my cat Mochi", "Mochi is a").
func petNear(ts []ctok, i int, kinds map[int]bool) bool {
	for _, dir := range []int{-1, 1} {
		for j, steps := i+dir, 0; j >= 0 && j < len(ts) && steps < 4; j, steps = j+dir, steps+1 {
			if kinds[j] {
				return true
			}
			w := ts[j].low
			if !(determiners[w] || possessives[w] || w == "a" || w == "an" || w == "is" || coatColours[w] != "" || w == "little" || w == "old" || w == "young") {
				break
			}
		}
	}
	return false
}

// coatColour is the one colour a claim gives the named pet's coat: a
// colour right before its kind or breed ("a brown tabby", "our black
// lab"), or right after its name and a pause ("Mochi, black from nose to
// tail"). Two colours ("black and white") give none.
func coatColour(ts []ctok, kinds map[int]bool, name string) string {
	var found []string
	for i, t := range ts {
		c := coatColours[t.low]
		if c == "" {
			continue
		}
		before := i+1 < len(ts) && kinds[i+1]
		afterName := i > 0 && t.brk && strings.TrimSuffix(ts[i-1].low, "'s") == name
		andMore := i+1 < len(ts) && (ts[i+1].low == "and" || ts[i+1].low == "with") || i > 0 && (ts[i-1].low == "and" || ts[i-1].low == "with")
		if andMore {
			return ""
		}
		if before || afterName {
			found = append(found, c)
		}
	}
	slices.Sort(found)
	found = slices.Compact(found)
	if len(found) != 1 {
		return ""
	}
	return found[0]
}

// breedAt reads a breed at i, the longest first, and returns it with its
// aliases folded ("lab" is "labrador") and how many words it takes.
func breedAt(ts []ctok, i int) (string, int) {
	for n := 3; n >= 1; n-- {
		if i+n > len(ts) {
			continue
		}
		words := make([]string, n)
		for k := range n {
			if k > 0 && ts[i+k].brk {
				words = nil
				break
			}
			words[k] = strings.TrimSuffix(ts[i+k].low, "'s")
		}
		if words == nil {
			continue
		}
		w := strings.Join(words, " ")
		if b, ok := breeds[w]; ok {
			if b == "" {
				b = w
			}
			return b, n
		}
	}
	return "", 0
}

// sameBreed: two breeds may be one dog: the same, or one a word of the
// other's ("spaniel" and "cocker spaniel"), or one a family that takes in
// many ("terrier", "hound").
func sameBreed(a, b string) bool {
	if a == b || breedFamilies[a] || breedFamilies[b] {
		return true
	}
	aw, bw := strings.Fields(a), strings.Fields(b)
	return slices.ContainsFunc(aw, func(w string) bool { return slices.Contains(bw, w) })
}

// breeds are the breeds of dogs and cats a claim may give, each with the
// name its aliases fold to ("" for itself).
var breeds = map[string]string{
	"labrador": "", "lab": "labrador", "labrador retriever": "labrador", "golden retriever": "", "retriever": "",
	"beagle": "", "cocker spaniel": "", "springer spaniel": "", "spaniel": "", "cocker": "cocker spaniel", "springer": "springer spaniel",
	"poodle": "", "cockapoo": "", "labradoodle": "", "goldendoodle": "", "cavapoo": "", "cavachon": "",
	"dachshund": "", "sausage dog": "dachshund", "border collie": "", "collie": "", "german shepherd": "", "alsatian": "german shepherd",
	"husky": "", "jack russell": "", "terrier": "", "staffie": "staffordshire bull terrier", "staffy": "staffordshire bull terrier",
	"staffordshire bull terrier": "", "bulldog": "", "french bulldog": "", "frenchie": "french bulldog", "pug": "", "chihuahua": "",
	"greyhound": "", "whippet": "", "lurcher": "", "boxer": "", "rottweiler": "", "dalmatian": "", "corgi": "", "shih tzu": "",
	"schnauzer": "", "westie": "west highland terrier", "yorkie": "yorkshire terrier", "yorkshire terrier": "", "maltese": "",
	"bichon": "", "pomeranian": "", "shiba": "shiba inu", "shiba inu": "", "akita": "", "samoyed": "", "vizsla": "", "weimaraner": "",
	"doberman": "", "great dane": "", "mastiff": "", "newfoundland": "", "bernese": "bernese mountain dog", "bernese mountain dog": "",
	"cavalier": "cavalier king charles spaniel", "king charles spaniel": "cavalier king charles spaniel",
	"siamese": "", "persian": "", "maine coon": "", "ragdoll": "", "bengal": "", "sphynx": "", "british shorthair": "", "burmese": "",
}

// breedWords are the words of the breeds, for a quick look.
var breedWords = func() map[string]bool {
	m := map[string]bool{}
	for b := range breeds {
		for _, w := range strings.Fields(b) {
			m[w] = true
		}
	}
	return m
}()

// breedFamilies take in many breeds: a claim that gives one does not
// contradict a claim that gives a breed of it.
var breedFamilies = map[string]bool{"terrier": true, "retriever": true, "hound": true, "shepherd": true, "spaniel": true, "collie": true}

// mixWords say a pet is of more than one breed.
var mixWords = map[string]bool{"cross": true, "mix": true, "mixed": true, "mongrel": true, "mutt": true, "x": true}

// coatPatterns name a cat by its coat; read as its kind.
var coatPatterns = map[string]bool{"tabby": true, "tortie": true, "tortoiseshell": true, "calico": true}

// coatColours are the colours of a coat, with their other words folded.
var coatColours = map[string]string{
	"black": "black", "white": "white", "brown": "brown", "ginger": "ginger", "orange": "ginger", "grey": "grey", "gray": "grey",
	"golden": "golden", "cream": "cream", "chocolate": "brown", "tan": "tan", "fawn": "fawn", "brindle": "brindle",
}
