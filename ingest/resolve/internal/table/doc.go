// Package table writes the generated tables of ingest/resolve: text
// files of one entry a line, sorted so that a regeneration changes only
// the lines whose entries changed.
package table
