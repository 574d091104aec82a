package rules

import (
	"github.com/persistmemory/persistmemory/schema"
	"github.com/persistmemory/persistmemory/temporal"
)

// Dates sets m.ValidFrom and m.ValidTo from time expressions (found with
// temporal.Find against the time the material was said) exactly as Extract
// does for a claim of m.Type: a commitment's deadline is the End of its
// first expression (ValidTo); any other claim takes ValidFrom from the
// first expression with a start and ValidTo from an "until"/"before"
// expression. Times already set are kept. Other extractors (ingest/llm)
// call it so both date claims alike.
func Dates(m *schema.Memory, exprs []temporal.Expr) { dates(m, exprs, m.Type) }
