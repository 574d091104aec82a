package conflicts

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/ingest/rules"
	"github.com/persistmemory/persistmemory/schema"
)

// TestZZMask prints, for each pair of the corpus files in MASKFILES, the
// label and both claims with their typed values masked, as JSON lines.
func TestZZMask(t *testing.T) {
	files := os.Getenv("MASKFILES")
	if files == "" {
		t.Skip()
	}
	type side struct {
		Text   string `json:"text"`
		SaidAt string `json:"said_at"`
	}
	type pair struct {
		ID                 string
		Existing, Incoming side
		Expect             string
	}
	mask := func(text, said string) string {
		at, _ := time.Parse(time.RFC3339, said)
		ms, _ := rules.Extractor{}.Extract(t.Context(), schema.Document{ID: "d", Text: text, SaidAt: at, CreatedAt: at})
		if len(ms) == 0 {
			return text
		}
		var parts []string
		for _, m := range ms {
			ts, vs := typedValues(m)
			skip := make([]string, len(ts))
			for _, v := range vs {
				for i := v.from; i < v.to && i < len(ts); i++ {
					skip[i] = "-"
				}
				if v.from < len(ts) {
					skip[v.from] = "[" + strings.SplitN(v.typ, ":", 2)[0] + "]"
				}
			}
			var ws []string
			for i, tk := range ts {
				switch skip[i] {
				case "":
					ws = append(ws, tk.raw)
				case "-":
				default:
					ws = append(ws, skip[i])
				}
			}
			parts = append(parts, strings.Join(ws, " "))
		}
		return strings.Join(parts, " ")
	}
	enc := json.NewEncoder(os.Stdout)
	for _, f := range strings.Split(files, ",") {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c struct{ Pairs []pair }
		if err := json.Unmarshal(b, &c); err != nil {
			t.Fatal(err)
		}
		for _, p := range c.Pairs {
			enc.Encode(map[string]string{"id": p.ID, "expect": p.Expect, "a": mask(p.Existing.Text, p.Existing.SaidAt), "b": mask(p.Incoming.Text, p.Incoming.SaidAt)})
		}
	}
	fmt.Fprintln(os.Stderr, "done")
}
