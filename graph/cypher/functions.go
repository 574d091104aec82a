package cypher

import "strings"

// OwnerParam is the parameter every node pattern is bound to: the caller
// sets it to the authenticated owner. Parameters starting with "__" are
// reserved; a query naming one is refused.
const OwnerParam = "__owner"

// Limits of the subset.
const (
	// MaxQueryBytes bounds the query text.
	MaxQueryBytes = 8 << 10
	// MaxHops bounds a variable-length relationship: *1..3 at most.
	MaxHops = 3
	// maxDepth bounds the nesting of expressions and subqueries.
	maxDepth = 64
)

// Labels are the node labels a query may match: the person's memory graph.
// Credentials (ApiKey, OAuth*), idempotency records, uploads, usage
// records, reminders and migrations are not among them.
var Labels = []string{"Memory", "Entity", "Document", "Conflict", "Space", "Turn", "Conversation", "Job"}

// RelTypes are the relationship types a query may traverse (see
// docs/graph-model.md).
var RelTypes = []string{"ABOUT", "EVIDENCED_BY", "SUPERSEDES", "BETWEEN", "RELATED", "IN", "HAS_TURN", "FROM_TURN",
	"PROCESSES", "MERGED_INTO", "MERGED_FROM"}

// ForbiddenProperties may not be named in a query; node values in results
// leave them out as well.
var ForbiddenProperties = []string{"owner", "owner_key"}

// functions maps the lower-case name of each allowed function to its
// spelling. None reads a node other than its arguments, writes, or reaches
// outside the database. Left out on purpose: id and elementId (internal
// identities), properties (it would return owner), range (it builds lists
// of any size), exists (gone in Cypher 5), and every procedure-backed or
// namespaced function (apoc.*, db.*, gds.*) except the temporal ones.
var functions = func() map[string]string {
	m := map[string]string{}
	for _, f := range []string{
		// aggregation
		"count", "collect", "sum", "avg", "min", "max", "percentileCont", "percentileDisc", "stDev", "stDevP",
		// graph values (of values already bound)
		"labels", "type", "keys", "startNode", "endNode", "nodes", "relationships", "length",
		// lists and null
		"size", "head", "last", "tail", "reverse", "coalesce", "isEmpty",
		// conversion
		"toString", "toInteger", "toFloat", "toBoolean", "toStringOrNull", "toIntegerOrNull", "toFloatOrNull", "toBooleanOrNull",
		"toStringList", "toIntegerList", "toFloatList", "toBooleanList",
		// strings
		"toLower", "toUpper", "trim", "lTrim", "rTrim", "replace", "substring", "left", "right", "split",
		// numbers
		"abs", "ceil", "floor", "round", "sign", "sqrt", "exp", "log", "log10",
		// time
		"date", "datetime", "localdatetime", "localtime", "time", "duration", "timestamp",
		"date.truncate", "datetime.truncate", "localdatetime.truncate",
		"datetime.fromEpoch", "datetime.fromEpochMillis",
		"duration.between", "duration.inDays", "duration.inMonths", "duration.inSeconds",
	} {
		m[strings.ToLower(f)] = f
	}
	return m
}()

// aggregates may take DISTINCT.
var aggregates = map[string]bool{"count": true, "collect": true, "sum": true, "avg": true, "min": true, "max": true,
	"percentilecont": true, "percentiledisc": true, "stdev": true, "stdevp": true}

// refusedFunctions explain the functions people reach for that are left out.
var refusedFunctions = map[string]string{
	"id":               "id() is not allowed: internal node ids are not part of the model; use the id property (n.id)",
	"elementid":        "elementId() is not allowed: internal element ids are not part of the model; use the id property (n.id)",
	"properties":       "properties() is not allowed: return the node itself, or a map projection such as n{.id, .claim}",
	"range":            "range() is not allowed: it builds lists of any size",
	"exists":           "exists() is not Cypher 5; use n.prop IS NOT NULL, or EXISTS { pattern }",
	"shortestpath":     "shortestPath() is not allowed; use a bounded variable-length relationship such as -[:RELATED*1..3]-",
	"allshortestpaths": "allShortestPaths() is not allowed; use a bounded variable-length relationship such as -[:RELATED*1..3]-",
	"reduce":           "reduce() is not supported; use a list comprehension with an aggregate",
	"randomuuid":       "randomUUID() is not allowed",
	"file":             "file() is not allowed",
	"linenumber":       "linenumber() is not allowed",
}

// clauseRefusals explain the clauses that are not part of the subset.
var clauseRefusals = map[string]string{
	"CREATE":     "CREATE writes to the graph; analyst queries only read",
	"MERGE":      "MERGE writes to the graph; analyst queries only read",
	"SET":        "SET writes to the graph; analyst queries only read",
	"DELETE":     "DELETE writes to the graph; analyst queries only read",
	"DETACH":     "DETACH DELETE writes to the graph; analyst queries only read",
	"REMOVE":     "REMOVE writes to the graph; analyst queries only read",
	"FOREACH":    "FOREACH is for writing; analyst queries only read",
	"INSERT":     "INSERT writes to the graph; analyst queries only read",
	"LOAD":       "LOAD CSV is not allowed: it reads files and URLs",
	"USE":        "USE is not allowed: queries run on the service's own database",
	"SHOW":       "SHOW commands are not allowed: administration is not part of analyst queries",
	"TERMINATE":  "TERMINATE is not allowed: administration is not part of analyst queries",
	"GRANT":      "GRANT is not allowed: administration is not part of analyst queries",
	"DENY":       "DENY is not allowed: administration is not part of analyst queries",
	"REVOKE":     "REVOKE is not allowed: administration is not part of analyst queries",
	"ALTER":      "ALTER is not allowed: administration is not part of analyst queries",
	"DROP":       "DROP is not allowed: administration is not part of analyst queries",
	"START":      "START is not allowed: administration is not part of analyst queries",
	"STOP":       "STOP is not allowed: administration is not part of analyst queries",
	"ENABLE":     "ENABLE is not allowed: administration is not part of analyst queries",
	"DEALLOCATE": "DEALLOCATE is not allowed: administration is not part of analyst queries",
	"REALLOCATE": "REALLOCATE is not allowed: administration is not part of analyst queries",
	"RENAME":     "RENAME is not allowed: administration is not part of analyst queries",
	"EXPLAIN":    "EXPLAIN is not allowed: send the query itself",
	"PROFILE":    "PROFILE is not allowed: send the query itself",
	"CYPHER":     "query options (CYPHER …) are not allowed: send the query itself",
	"FINISH":     "FINISH is not supported: end the query with RETURN",
	"ORDER":      "ORDER BY must follow WITH or RETURN",
	"WHERE":      "WHERE must follow MATCH, OPTIONAL MATCH or WITH",
	"SKIP":       "SKIP must follow WITH or RETURN",
	"LIMIT":      "LIMIT must follow WITH or RETURN",
	"UNION":      "UNION must join two complete queries, each ending with RETURN",
}

// reserved words may not be unquoted variable names: where an expression
// or a name is expected they are read as keywords.
var reserved = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{"MATCH", "OPTIONAL", "WHERE", "WITH", "RETURN", "UNWIND", "UNION", "CALL", "AS", "DISTINCT",
		"ORDER", "SKIP", "LIMIT", "ASC", "ASCENDING", "DESC", "DESCENDING", "AND", "OR", "XOR", "NOT", "IN", "IS", "NULL",
		"TRUE", "FALSE", "STARTS", "ENDS", "CONTAINS", "CASE", "WHEN", "THEN", "ELSE", "END", "EXISTS"} {
		m[w] = true
	}
	return m
}()

func isAllowed(list []string, name string) bool {
	for _, l := range list {
		if l == name {
			return true
		}
	}
	return false
}
