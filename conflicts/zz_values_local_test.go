package conflicts

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/ingest/rules"
	"github.com/persistmemory/persistmemory/schema"
)

func TestZZValues(t *testing.T) {
	raw := os.Getenv("VALS")
	if raw == "" {
		t.Skip()
	}
	at := time.Date(2024, 3, 4, 9, 0, 0, 0, time.UTC)
	for _, line := range strings.Split(raw, "\n") {
		f := strings.Split(line, "|")
		if len(f) < 2 {
			continue
		}
		var keys [2]string
		for k, text := range f[:2] {
			ms, _ := rules.Extractor{}.Extract(t.Context(), schema.Document{ID: "d", Text: text, SaidAt: at, CreatedAt: at})
			if len(ms) == 0 {
				keys[k] = "(no claim)"
				continue
			}
			keys[k] = strings.Join(valueKeys(ms[0]), ", ")
		}
		mark := "OK  "
		if keys[0] != keys[1] {
			mark = "DIFF"
		}
		fmt.Printf("%s %q=[%s] %q=[%s]\n", mark, f[0], keys[0], f[1], keys[1])
	}
}
