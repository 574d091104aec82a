package table

import (
	"strings"
	"testing"
)

func TestWriteSorts(t *testing.T) {
	var b strings.Builder
	if err := Write(&b, []string{"b|2", "a|1", "c|3"}); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "a|1\nb|2\nc|3\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
