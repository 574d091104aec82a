package llm

import (
	"errors"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/persistmemory/persistmemory/ingest/rules"
	"github.com/persistmemory/persistmemory/schema"
	"github.com/persistmemory/persistmemory/temporal"
)

// parseAnswer validates the model's content against the schema and turns
// it into memories shaped as rules.Extractor shapes them. Memories whose
// excerpt is not in text are dropped and counted; an answer all of whose
// memories were dropped is an error.
func parseAnswer(content, text string, ref time.Time) ([]schema.Memory, int, error) {
	var a answer
	if err := decode(content, answerSchema, &a); err != nil {
		return nil, 0, err
	}
	out := make([]schema.Memory, 0, len(a.Memories))
	dropped := 0
	for _, am := range a.Memories {
		excerpt, ok := locate(text, am.Excerpt)
		if !ok {
			dropped++
			continue
		}
		m := schema.Memory{
			Type:       schema.MemoryType(am.Type),
			Claim:      clip(strings.TrimSpace(am.Claim), rules.MaxClaimRunes),
			Excerpt:    clip(excerpt, rules.MaxExcerptRunes),
			Confidence: am.Confidence,
			Negated:    am.Negated,
			Correction: am.Correction,
		}
		subject, attribute, value := normSubject(deref(am.Subject)), strings.ToLower(strings.TrimSpace(deref(am.Attribute))), strings.TrimSpace(deref(am.Value))
		// As the rules do: a subject and attribute together, or a
		// correction's bare value.
		if subject != "" && attribute != "" {
			m.Subject, m.Attribute, m.Value = subject, attribute, value
		} else if m.Correction {
			m.Value = value
		}
		m.Entities = mentions(am.Entities)
		var exprs []temporal.Expr
		if w := strings.TrimSpace(deref(am.When)); w != "" {
			exprs = temporal.Find(w, ref)
		}
		if len(exprs) == 0 {
			exprs = temporal.Find(excerpt, ref)
		}
		rules.Dates(&m, exprs)
		if !ref.IsZero() {
			said := ref
			m.SaidAt = &said
		}
		out = append(out, m)
	}
	if len(out) == 0 && dropped > 0 {
		return nil, dropped, errors.New("no excerpt the model quoted is in the document")
	}
	return out, dropped, nil
}

// stripFence removes a Markdown code fence some servers wrap JSON in.
func stripFence(s string) string {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "```") || !strings.HasSuffix(s, "```") || len(s) < 6 {
		return s
	}
	body := strings.TrimSuffix(s, "```")
	if i := strings.IndexByte(body, '\n'); i >= 0 {
		return strings.TrimSpace(body[i+1:])
	}
	return s
}

// maxExcerptSearchBytes bounds an excerpt looked up in the document.
const maxExcerptSearchBytes = 16 << 10

// locate finds excerpt in text: as it is, or with every run of white space
// matching any run (models rewrap lines). It returns the document's own
// words.
func locate(text, excerpt string) (string, bool) {
	excerpt = strings.TrimSpace(excerpt)
	if excerpt == "" || len(excerpt) > maxExcerptSearchBytes {
		return "", false
	}
	if strings.Contains(text, excerpt) {
		return excerpt, true
	}
	words := strings.Fields(excerpt)
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	re, err := regexp.Compile(strings.Join(words, `\s+`))
	if err != nil {
		return "", false
	}
	if loc := re.FindStringIndex(text); loc != nil {
		return text[loc[0]:loc[1]], true
	}
	return "", false
}

// articles are dropped from the start of a subject, as the rules do.
var articles = []string{"the ", "a ", "an "}

// normSubject lower-cases a subject and drops a leading article; the
// person writing is "user".
func normSubject(s string) string {
	s = strings.Join(strings.Fields(strings.ToLower(s)), " ")
	for _, a := range articles {
		s = strings.TrimPrefix(s, a)
	}
	switch s {
	case "i", "me", "my", "myself", "the user":
		return "user"
	case "our", "us":
		return "we"
	}
	return s
}

// mentions turns the answer's entities into mentions, once per name
// (case-insensitive), in order.
func mentions(es []struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
}) []schema.Mention {
	var out []schema.Mention
	seen := map[string]bool{}
	for _, e := range es {
		name := strings.Join(strings.Fields(e.Name), " ")
		k := strings.ToLower(name)
		if name == "" || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, schema.Mention{Name: name, Kind: schema.EntityKind(e.Kind)})
	}
	return out
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// clip cuts s to n runes at a word boundary, adding "…", as the rules do.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	cut := string(r[:n])
	if i := strings.LastIndexByte(cut, ' '); i > len(cut)/2 {
		cut = cut[:i]
	}
	return cut + "…"
}
