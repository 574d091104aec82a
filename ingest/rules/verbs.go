package rules

import "strings"

// verbForm is the inflection a surface word shows.
type verbForm uint8

const (
	formBase verbForm = iota
	formS             // third person singular present: "lives"
	formPast          // simple past: "lived"
	formPart          // past participle: "lived", "written"
	formIng           // "living"
)

type verb struct {
	base              string
	s, past, part, ng string
}

var (
	verbsByBase = map[string]verb{}
	// verbForms maps each surface form to the verbs and forms it may be.
	verbForms = map[string][]struct {
		base string
		form verbForm
	}{}
)

func init() {
	add := func(v verb) {
		if _, ok := verbsByBase[v.base]; ok {
			return
		}
		verbsByBase[v.base] = v
		for _, f := range []struct {
			w    string
			form verbForm
		}{{v.base, formBase}, {v.s, formS}, {v.past, formPast}, {v.part, formPart}, {v.ng, formIng}} {
			verbForms[f.w] = append(verbForms[f.w], struct {
				base string
				form verbForm
			}{v.base, f.form})
		}
	}
	for _, ir := range irregularVerbs {
		add(verb{base: ir[0], s: thirdSingular(ir[0]), past: ir[1], part: ir[2], ng: ingOf(ir[0])})
	}
	for _, b := range regularVerbs {
		p := pastOf(b)
		add(verb{base: b, s: thirdSingular(b), past: p, part: p, ng: ingOf(b)})
	}
	verbsByBase["be"] = verb{base: "be", s: "is", past: "was", part: "been", ng: "being"}
	verbsByBase["have"] = verb{base: "have", s: "has", past: "had", part: "had", ng: "having"}
	verbsByBase["do"] = verb{base: "do", s: "does", past: "did", part: "done", ng: "doing"}
	verbsByBase["go"] = verb{base: "go", s: "goes", past: "went", part: "gone", ng: "going"}
}

func isVowel(b byte) bool { return strings.IndexByte("aeiou", b) >= 0 }

func thirdSingular(b string) string {
	switch {
	case b == "be":
		return "is"
	case b == "have":
		return "has"
	case strings.HasSuffix(b, "s") || strings.HasSuffix(b, "sh") || strings.HasSuffix(b, "ch") ||
		strings.HasSuffix(b, "x") || strings.HasSuffix(b, "z") || strings.HasSuffix(b, "o"):
		return b + "es"
	case len(b) > 1 && b[len(b)-1] == 'y' && !isVowel(b[len(b)-2]):
		return b[:len(b)-1] + "ies"
	}
	return b + "s"
}

func pastOf(b string) string {
	if v, ok := verbsByBase[b]; ok && v.past != "" {
		return v.past
	}
	switch {
	case strings.HasSuffix(b, "e"):
		return b + "d"
	case len(b) > 1 && b[len(b)-1] == 'y' && !isVowel(b[len(b)-2]):
		return b[:len(b)-1] + "ied"
	case doubling[b]:
		return b + b[len(b)-1:] + "ed"
	}
	return b + "ed"
}

func ingOf(b string) string {
	switch {
	case b == "be" || b == "see" || b == "flee" || b == "agree" || b == "free":
		return b + "ing"
	case strings.HasSuffix(b, "ie"):
		return b[:len(b)-2] + "ying"
	case strings.HasSuffix(b, "e") && !strings.HasSuffix(b, "ee"):
		return b[:len(b)-1] + "ing"
	case doubling[b]:
		return b + b[len(b)-1:] + "ing"
	}
	return b + "ing"
}

// lookupVerb returns the base of w and its form when w is a known verb
// form. Where a word is several forms ("read", "put"), the first listed
// wins, preferring formPast over formPart.
func lookupVerb(w string) (string, verbForm, bool) {
	fs := verbForms[w]
	if len(fs) == 0 {
		return "", 0, false
	}
	best := fs[0]
	for _, f := range fs[1:] {
		if f.base == best.base && f.form < best.form {
			best = f
		}
	}
	return best.base, best.form, true
}

// attrVerb renders a verb for an attribute: present tense as third person
// singular ("lives"), past as the past form ("lived").
func attrVerb(base string, past bool) string {
	v, ok := verbsByBase[base]
	if !ok {
		if past {
			return pastOf(base)
		}
		return thirdSingular(base)
	}
	if past {
		return v.past
	}
	return v.s
}
