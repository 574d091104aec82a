// Package conflicts is pure logic: does claim B contradict, supersede,
// duplicate or confirm claim A. Compare reads two memories and nothing
// else; the ingest worker decides what to write from its Decision (a
// SUPERSEDES edge, a Conflict node, a new evidence edge on a duplicate).
//
// It is built for precision over recall: retiring a true fact is the worst
// outcome, so a claim only supersedes another when both are about the same
// subject and the same single-valued attribute, and the newer one is an
// explicit correction or is clearly later. Anything less certain is a
// contradiction for the person to settle, or unrelated.
package conflicts
