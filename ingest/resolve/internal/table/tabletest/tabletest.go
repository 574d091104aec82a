package tabletest

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir writes files (name to content) into a new temporary directory and
// returns it.
func Dir(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// File writes one file into a new temporary directory and returns its
// path.
func File(t testing.TB, name, body string) string {
	t.Helper()
	return filepath.Join(Dir(t, map[string]string{name: body}), name)
}
