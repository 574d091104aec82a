package stack

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestLogsTail(t *testing.T) {
	c := testConfig(t)
	os.MkdirAll(c.StackDir+"/logs", 0o755)
	var all strings.Builder
	for i := 1; i <= 20000; i++ { // larger than one read block
		fmt.Fprintf(&all, "line %d\n", i)
	}
	os.WriteFile(c.logPath(ServiceKafka), []byte(all.String()), 0o644)
	for _, tc := range []struct {
		lines int
		want  string
	}{
		{3, "line 19998\nline 19999\nline 20000\n"},
		{1, "line 20000\n"},
		{0, all.String()},
		{50000, all.String()},
	} {
		var b strings.Builder
		if err := Logs(t.Context(), c, ServiceKafka, &b, tc.lines); err != nil {
			t.Fatal(err)
		}
		if b.String() != tc.want {
			t.Errorf("Logs(%d) = %d bytes starting %q", tc.lines, b.Len(), b.String()[:min(30, b.Len())])
		}
	}
	// No trailing newline: the unterminated last line counts.
	os.WriteFile(c.logPath(ServiceKafka), []byte("a\nb\nc"), 0o644)
	var b strings.Builder
	Logs(t.Context(), c, ServiceKafka, &b, 2)
	if b.String() != "b\nc" {
		t.Errorf("Logs(2) = %q, want %q", b.String(), "b\nc")
	}
}

func TestLogsMissing(t *testing.T) {
	c := testConfig(t)
	err := Logs(t.Context(), c, ServiceNeo4j, &strings.Builder{}, 10)
	if err == nil || !strings.Contains(err.Error(), c.logPath(ServiceNeo4j)) {
		t.Fatalf("Logs on a never-started service = %v, want error naming the path", err)
	}
}
