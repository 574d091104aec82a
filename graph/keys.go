package graph

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/persistmemory/persistmemory/internal/latin"
	"github.com/persistmemory/persistmemory/schema"
)

// Keys: the normalised forms under which names are matched.
//
// Entity resolution, memory lookups by subject and attribute, and the store
// all use the same pure functions, so a key computed by the worker finds
// what the store indexed. A key is:
//
//   - Unicode-decomposed (NFKD) with combining marks dropped ("Zürich" ->
//     "zurich", "ﬁ" -> "fi") and lower-cased;
//   - letters and digits kept; hyphens, dashes, slashes, underscores and
//     white space separate words ("Jean-Luc" -> "jean luc"); every other
//     punctuation mark or symbol is removed without a gap ("N.Y.C." ->
//     "nyc", "O'Brien" -> "obrien", "AT&T" -> "att");
//   - words joined by single spaces, with no leading or trailing space.
//
// A name with no letter or digit has the empty key, which matches nothing.
//
// An entity is also stored under the key of its name in Latin letters when
// the name has letters of another script (NameKeys: "Дмитрий Петров" also
// as "dmitrii petrov"), so a name written either way finds it.

// NormalizeKey returns the key of s. It is idempotent:
// NormalizeKey(NormalizeKey(s)) == NormalizeKey(s).
func NormalizeKey(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	gap := false
	for _, r := range norm.NFKD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			// combining mark: dropped with the accent it carries
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if gap && b.Len() > 0 {
				b.WriteByte(' ')
			}
			gap = false
			b.WriteString(strings.ToLower(string(r)))
		case unicode.IsSpace(r) || r == '-' || r == '/' || r == '_' || unicode.Is(unicode.Pd, r):
			gap = true
		default:
			// other punctuation and symbols vanish without a gap
		}
	}
	return b.String()
}

// acronymSkip are words an acronym may leave out ("Bank of America" is
// both "boa" and "ba"). They are also too common to make two names share a
// token.
var acronymSkip = map[string]bool{
	"a": true, "an": true, "and": true, "at": true, "de": true, "del": true, "der": true, "des": true,
	"du": true, "for": true, "in": true, "la": true, "le": true, "of": true, "on": true, "the": true,
	"to": true, "van": true, "von": true,
}

// Acronyms returns the acronyms of key (a NormalizeKey result): the first
// letter of each of its words, and, when it has words acronyms usually skip
// ("of", "the", ...), the first letters of the others too. A key with
// fewer than two other words has none.
func Acronyms(key string) []string {
	words := strings.Fields(key)
	if len(words) < 2 {
		return nil
	}
	var all, major strings.Builder
	n := 0
	for _, w := range words {
		r := []rune(w)[0]
		all.WriteRune(r)
		if !acronymSkip[w] {
			major.WriteRune(r)
			n++
		}
	}
	if n < 2 {
		return nil // "the ledger" has no acronym worth matching
	}
	out := []string{all.String()}
	if m := major.String(); m != out[0] {
		out = append(out, m)
	}
	return out
}

// EntityKeys returns the keys an entity named name with aliases is stored
// under: the keys of every name (NameKeys), and their acronyms. They are unique and
// sorted. Empty keys are left out.
func EntityKeys(name string, aliases []string) []string {
	var keys []string
	for _, n := range append([]string{name}, aliases...) {
		for _, k := range NameKeys(n) {
			keys = append(keys, k)
			keys = append(keys, Acronyms(k)...)
		}
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// KeyTokens returns the words of keys that can make two names candidates
// for the same entity: every word except the common ones acronyms skip,
// unique and sorted.
func KeyTokens(keys []string) []string {
	var toks []string
	for _, k := range keys {
		for _, w := range strings.Fields(k) {
			if !acronymSkip[w] {
				toks = append(toks, w)
			}
		}
	}
	slices.Sort(toks)
	return slices.Compact(toks)
}

// PrefixTurn starts the ids the store derives for conversation turns.
const PrefixTurn = "trn_"

// TurnID is the id AppendTurns gives the turn at seq of a conversation
// when the caller leaves Turn.ID empty.
func TurnID(owner schema.Owner, conversationID string, seq int) string {
	return schema.DerivedID(PrefixTurn, string(owner), conversationID, strconv.Itoa(seq))
}

// PersonalSpaceID is the id of owner's personal space: the same for every
// call, so EnsurePersonalSpace is idempotent and racing callers create one.
func PersonalSpaceID(owner schema.Owner) string {
	return schema.DerivedID(schema.PrefixSpace, string(owner), "personal")
}

// Reinforcement rule: evidence for a claim already remembered raises its
// confidence as if the two sources were independent (noisy-OR), never above
// MaxReinforcedConfidence and never lowering it.
const MaxReinforcedConfidence = 0.99

// ReinforcedConfidence is the confidence of a memory with confidence old
// after a new source states the same claim with confidence evidence:
// 1 - (1-old)(1-evidence), capped at MaxReinforcedConfidence, and never
// below old. Inputs outside [0, 1] are clamped into it.
func ReinforcedConfidence(old, evidence float64) float64 {
	clamp := func(x float64) float64 { return min(max(x, 0), 1) }
	old, evidence = clamp(old), clamp(evidence)
	raised := min(schema.RoundConfidence(1-(1-old)*(1-evidence)), MaxReinforcedConfidence)
	return max(old, raised)
}

// NameKeys returns the keys of one name: its key, and the key of its
// transliteration in Latin letters when it has letters of another script
// ("Москва": "москва" and "moskva"). Empty keys are left out.
func NameKeys(name string) []string {
	var out []string
	if k := NormalizeKey(name); k != "" {
		out = append(out, k)
	}
	if latin.OtherScript(name) {
		if k := NormalizeKey(latin.Of(name)); k != "" && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}
