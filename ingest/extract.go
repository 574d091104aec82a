package ingest

import (
	"context"
	"regexp"
	"strings"
	"unicode"

	"github.com/persistmemory/persistmemory/schema"
)

// Extractor turns a document into candidate memories. Candidates carry Type,
// Claim, Excerpt and Confidence (and Subject/Attribute/Value when there is
// one); the pipeline assigns ids, owner, space and times. Implementations
// are safe for concurrent use. An extractor may return no candidates: not
// everything handed to remember is worth remembering.
type Extractor interface {
	Extract(ctx context.Context, doc schema.Document) ([]schema.Memory, error)
}

// RuleExtractor is the extractor that needs no model: it splits material
// into sentences and classifies each by its wording. It is the default when
// no LLM is configured, and the reference the LLM extractor is measured
// against. Safe for concurrent use.
type RuleExtractor struct{}

// MaxClaimRunes bounds a single claim; longer sentences are kept whole in
// the excerpt and cut at a word boundary in the claim.
const MaxClaimRunes = 600

var (
	sentenceEnd = regexp.MustCompile(`([.!?。！？]+)(\s+|$)|\n{2,}|\n\s*[-*•]\s+`)
	typeRules   = []struct {
		t  schema.MemoryType
		re *regexp.Regexp
	}{
		{schema.TypeDecision, regexp.MustCompile(`(?i)\b(decided|decide|decision|chose|chosen|we'll go with|going with|settled on|agreed to|opted)\b`)},
		{schema.TypeCommitment, regexp.MustCompile(`(?i)\b(i will|i'll|we will|we'll|promise[ds]?|commit(ted)? to|by (monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|next week|the end of)|deadline|due)\b`)},
		{schema.TypePreference, regexp.MustCompile(`(?i)\b(prefer[s]?|like[s]?|love[s]?|hate[s]?|dislike[s]?|favou?rite|rather|enjoy[s]?|can't stand)\b`)},
		{schema.TypeEvent, regexp.MustCompile(`(?i)\b(yesterday|last (week|month|year|night|summer|winter|spring|fall)|ago|on (monday|tuesday|wednesday|thursday|friday|saturday|sunday)|in (january|february|march|april|may|june|july|august|september|october|november|december)|went|visited|met|moved|attended|happened|started|finished)\b`)},
	}
)

// Extract implements Extractor.
func (RuleExtractor) Extract(ctx context.Context, doc schema.Document) ([]schema.Memory, error) {
	var out []schema.Memory
	for _, s := range splitSentences(doc.Text) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if !worthRemembering(s) {
			continue
		}
		m := schema.Memory{Type: schema.TypeFact, Claim: clip(s, MaxClaimRunes), Excerpt: s, Confidence: 0.6}
		for _, r := range typeRules {
			if r.re.MatchString(s) {
				m.Type = r.t
				m.Confidence = 0.7
				break
			}
		}
		out = append(out, m)
	}
	return out, nil
}

func splitSentences(text string) []string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	var out []string
	last := 0
	for _, loc := range sentenceEnd.FindAllStringSubmatchIndex(text, -1) {
		end := loc[1]
		if loc[2] >= 0 { // keep the punctuation, drop the space after it
			end = loc[3]
		} else {
			end = loc[0]
		}
		if s := strings.TrimSpace(text[last:end]); s != "" {
			out = append(out, strings.TrimLeft(s, "-*• "))
		}
		last = loc[1]
	}
	if s := strings.TrimSpace(text[last:]); s != "" {
		out = append(out, strings.TrimLeft(s, "-*• "))
	}
	return out
}

// worthRemembering drops fragments with fewer than three letters-or-digits
// words ("ok.", "thanks!") that carry nothing to recall.
func worthRemembering(s string) bool {
	words := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	return len(words) >= 3 || (len(words) >= 1 && len([]rune(s)) >= 12)
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := string(r[:n])
	if i := strings.LastIndexByte(cut, ' '); i > n/2 {
		cut = cut[:i]
	}
	return cut + "…"
}
