package neo4j

import (
	"fmt"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// Helpers between schema values and Cypher parameters and results.

// nullable stores an empty string as a missing property.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// utc prepares a time for Neo4j: the driver sends the location's name, and
// "Local" means nothing to the server.
func utc(t time.Time) time.Time { return t.UTC() }

func utcPtr(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UTC()
}

func str(m map[string]any, key string) string {
	s, _ := m[key].(string)
	return s
}

func integer(m map[string]any, key string) int {
	n, _ := m[key].(int64)
	return int(n)
}

func float(m map[string]any, key string) float64 {
	switch v := m[key].(type) {
	case float64:
		return v
	case int64:
		return float64(v)
	}
	return 0
}

func boolean(m map[string]any, key string) bool {
	b, _ := m[key].(bool)
	return b
}

func timeOf(m map[string]any, key string) time.Time {
	t, _ := m[key].(time.Time)
	if t.IsZero() {
		return time.Time{}
	}
	return t.UTC()
}

func timePtr(m map[string]any, key string) *time.Time {
	t, ok := m[key].(time.Time)
	if !ok {
		return nil
	}
	t = t.UTC()
	return &t
}

func stringList(m map[string]any, key string) []string {
	list, _ := m[key].([]any)
	out := make([]string, 0, len(list))
	for _, v := range list {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// asMap reads a map-valued column.
func asMap(v any, col string) (map[string]any, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("column %s is %T, want a map", col, v)
	}
	return m, nil
}

func checkID(kind, id string) error {
	if id == "" {
		return fmt.Errorf("%w: %s id is empty", schema.ErrInvalid, kind)
	}
	return nil
}
