// Package cypher accepts the read-only subset of Cypher that analysts may
// run over one owner's graph (POST /api/v1/cypher), and rewrites it so that
// it cannot read any other owner's nodes. It imports no driver: graph/neo4j
// runs what Scope returns.
//
// Isolation is structural. Scope does not inspect a query for dangerous
// text; it parses the query with its own grammar, which has no production
// for anything outside the subset, and then writes a new query from the
// parse, in which:
//
//   - every node pattern carries owner: $__owner (OwnerParam), and a node
//     pattern that introduces a variable needs a label from Labels, so
//     every node a query binds is one of the owner's memories, entities,
//     documents, conflicts, spaces, turns, conversations or jobs;
//   - every relationship pattern needs a type from RelTypes; a
//     variable-length one ([:RELATED*1..3]) needs an upper bound of at most
//     MaxHops and becomes a quantified path pattern whose every
//     intermediate node carries owner: $__owner and an allowed label, so no
//     traversal passes through another owner's node either;
//   - no expression can reach a node except through a variable bound by
//     such a pattern: there are no pattern expressions or comprehensions
//     outside EXISTS { } and COUNT { } (whose patterns are scoped the same
//     way), no id(), elementId() or properties(), no procedures, no
//     namespaced functions outside the temporal ones;
//   - string and float literals are lifted into parameters (__l0, __l1, …)
//     and identifiers are backtick-quoted, so nothing the caller wrote is
//     re-read by Neo4j as Cypher text; a binary minus and a comparison's
//     right side are parenthesised, so no expression can be re-read as a
//     pattern;
//   - the properties owner and owner_key, and variables and parameters
//     starting with "__", are refused.
//
// The subset: MATCH and OPTIONAL MATCH with WHERE; WITH (DISTINCT, ORDER BY,
// SKIP, LIMIT, WHERE); UNWIND; RETURN (DISTINCT, ORDER BY, SKIP, LIMIT);
// UNION [ALL]; named paths; label and relationship-type alternatives (:A|B);
// expressions with the usual operators, CASE, list comprehensions,
// any/all/none/single, map projections without .*, EXISTS { } and
// COUNT { } over patterns, and the functions in functions.go. Everything
// else — CREATE, MERGE, SET, DELETE, REMOVE, FOREACH, CALL, LOAD CSV, USE,
// SHOW and the administration commands, EXPLAIN and PROFILE, shortestPath,
// unbounded or over-long variable-length relationships — is refused with an
// error wrapping schema.ErrInvalid that names the construct and where it
// is. The caller runs the result in a read transaction besides: a write
// that slipped through the grammar would still be refused by Neo4j.
//
// Scope is a pure function, safe for concurrent use.
package cypher
