package conflicts

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/ingest/rules"
	"github.com/persistmemory/persistmemory/schema"
)

func valueSet(m schema.Memory) []string {
	_, vs := typedValues(m)
	var out []string
	for _, v := range vs {
		if !v.old {
			t := v.typ
			if nameTypes[t] {
				t = "name"
			}
			out = append(out, t+"="+v.key)
		}
	}
	slices.Sort(out)
	return out
}

func TestZZSimDup(t *testing.T) {
	path := os.Getenv("SIMDUP")
	if path == "" {
		t.Skip()
	}
	f, _ := os.Open(path)
	sc := bufio.NewScanner(f)
	at := time.Date(2024, 3, 4, 9, 0, 0, 0, time.UTC)
	for sc.Scan() {
		parts := strings.SplitN(sc.Text(), " ", 4)
		cos, _ := strconv.ParseFloat(parts[0], 64)
		label := strings.TrimSpace(parts[1])
		rest := strings.SplitN(parts[3], " | ", 2)
		if len(rest) < 2 {
			continue
		}
		idtext := strings.TrimSpace(rest[0])
		a := strings.TrimSpace(strings.SplitN(idtext, " ", 2)[1])
		b := strings.TrimSpace(rest[1])
		ea, _ := rules.Extractor{}.Extract(t.Context(), schema.Document{ID: "d", Text: a, SaidAt: at, CreatedAt: at})
		eb, _ := rules.Extractor{}.Extract(t.Context(), schema.Document{ID: "d", Text: b, SaidAt: at.Add(30 * 24 * time.Hour), CreatedAt: at})
		if len(ea) != 1 || len(eb) != 1 {
			continue
		}
		x, y := ea[0], eb[0]
		cx, _ := changeCue(claimTokens(x.Claim))
		cy, _ := changeCue(claimTokens(y.Claim))
		ok := !cx && !cy && !x.Correction && !y.Correction && x.Negated == y.Negated && denials(claimTokens(x.Claim))%2 == denials(claimTokens(y.Claim))%2 && slices.Equal(valueSet(x), valueSet(y))
		fmt.Printf("SD %.3f %s ok=%v cur=%s vals=%v | %s | %s\n", cos, label, ok, Compare(x, y).Relation, valueSet(x), a, b)
	}
}
