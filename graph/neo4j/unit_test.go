package neo4j

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// Tests that need no server.

func TestConfigValidate(t *testing.T) {
	tests := []struct {
		cfg  Config
		want string // part of the error; "" for valid
	}{
		{Config{URI: "bolt://127.0.0.1:7687", User: "neo4j", Password: "x"}, ""},
		{Config{URI: "neo4j+s://db.example.com"}, ""},
		{Config{}, "URI is empty"},
		{Config{URI: "http://127.0.0.1:7474"}, "scheme must be"},
		{Config{URI: "bolt://"}, "has no host"},
		{Config{URI: "bolt://h", Password: "x"}, "user is empty"},
	}
	for _, tt := range tests {
		err := tt.cfg.Validate()
		if tt.want == "" {
			if err != nil {
				t.Errorf("Validate(%+v) = %v, want nil", tt.cfg, err)
			}
			continue
		}
		if !errors.Is(err, schema.ErrInvalid) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Validate(%+v) = %v, want ErrInvalid mentioning %q", tt.cfg, err, tt.want)
		}
	}
}

func TestTranslate(t *testing.T) {
	constraint := &neo4j.Neo4jError{Code: "Neo.ClientError.Schema.ConstraintValidationFailed", Msg: "exists"}
	deadlock := &neo4j.Neo4jError{Code: "Neo.TransientError.Transaction.DeadlockDetected", Msg: "deadlock"}
	syntax := &neo4j.Neo4jError{Code: "Neo.ClientError.Statement.SyntaxError", Msg: "bad"}
	tests := []struct {
		name string
		err  error
		want error // nil: no sentinel
	}{
		{"constraint", constraint, schema.ErrConflict},
		{"wrapped constraint", fmt.Errorf("x: %w", constraint), schema.ErrConflict},
		{"connectivity", &neo4j.ConnectivityError{Inner: errors.New("refused")}, schema.ErrUnavailable},
		{"retries exhausted", &neo4j.TransactionExecutionLimit{Cause: "timeout", Errors: []error{deadlock}}, schema.ErrUnavailable},
		{"retries exhausted on a conflict", &neo4j.TransactionExecutionLimit{Errors: []error{constraint}}, schema.ErrConflict},
		{"unauthorized", &neo4j.Neo4jError{Code: "Neo.ClientError.Security.Unauthorized"}, schema.ErrUnavailable},
		{"no database", &neo4j.Neo4jError{Code: "Neo.ClientError.Database.DatabaseNotFound"}, schema.ErrUnavailable},
		{"not found kept", fmt.Errorf("%w: gone", schema.ErrNotFound), schema.ErrNotFound},
		{"canceled kept", context.Canceled, context.Canceled},
		{"syntax", syntax, nil},
	}
	for _, tt := range tests {
		got := translate("op", tt.err)
		if !strings.HasPrefix(got.Error(), "op: ") {
			t.Errorf("%s: %q does not name the operation", tt.name, got)
		}
		if tt.want != nil && !errors.Is(got, tt.want) {
			t.Errorf("%s: %v does not wrap %v", tt.name, got, tt.want)
		}
		if tt.want == nil && isSentinel(got) {
			t.Errorf("%s: %v wraps a sentinel, want none", tt.name, got)
		}
		if !errors.Is(got, tt.err) {
			t.Errorf("%s: %v lost the original error", tt.name, got)
		}
	}
	if translate("op", nil) != nil {
		t.Error("translate(nil) != nil")
	}
}

func TestClaimTerms(t *testing.T) {
	tests := []struct{ in, want string }{
		{"coffee", "coffee"},
		{"  Black   COFFEE ", "black coffee"},
		{"AND OR NOT", "and or not"},
		{`"coffee"`, `\"coffee\"`},
		{"db-1 02:00 a/b", `db\-1 02\:00 a\/b`},
		{`+-&&||!(){}[]^"~*?:\/`, ""},
		{`\ * " ? ²`, ""},
		{"title:x~2^3", `title\:x\~2\^3`},
		{"dup dup DUP", "dup"},
		{"日本語", "日本語"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := claimTerms(tt.in); got != tt.want {
			t.Errorf("claimTerms(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	long := claimTerms(strings.Repeat("word", 10000) + " " + strings.Repeat("x ", 1000))
	if n := len([]rune(long)); n > maxQueryLetters+maxQueryWords {
		t.Errorf("claimTerms of a long query kept %d runes", n)
	}
	many := strings.Fields(claimTerms(strings.Repeat("a b c d e f g h i j k l m n o p q r s t u v w x y z ", 10) + "ab ac ad ae af ag ah ai aj ak"))
	if len(many) > maxQueryWords {
		t.Errorf("claimTerms kept %d words, want at most %d", len(many), maxQueryWords)
	}
}

func TestLuceneQuery(t *testing.T) {
	owner := schema.Owner("alice@example.com")
	if got, want := luceneQuery(owner, "coffee tea"), "+owner_key:"+ownerKey(owner)+"^0 +claim:(coffee tea)"; got != want {
		t.Errorf("luceneQuery = %q, want %q", got, want)
	}
	if got := luceneQuery(owner, `"*"`); got != "" {
		t.Errorf("luceneQuery without words = %q, want empty", got)
	}
	// Owner ids the standard analyzer would split alike get distinct keys.
	if ownerKey("a@b.c") == ownerKey("a-b.c") {
		t.Error("owner keys collide")
	}
	if k := ownerKey(owner); len(k) != 33 || strings.ToLower(k) != k {
		t.Errorf("ownerKey = %q, want o + 32 lower-case hex", k)
	}
}

func TestDriverLogger(t *testing.T) {
	var buf bytes.Buffer
	l := driverLogger{logger: slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelInfo}))}
	l.Warnf("pool", "1", "closed %d connections", 2)
	l.Infof("pool", "1", "opened %d connections", 3) // debug level: connection bookkeeping
	l.Debugf("pool", "1", "hidden %d", 4)
	l.Error("bolt5", "2", errors.New("boom")) // debug level
	out := buf.String()
	for _, want := range []string{"level=WARN", "closed 2 connections", "driver_component=pool"} {
		if !strings.Contains(out, want) {
			t.Errorf("driver log output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "opened") || strings.Contains(out, "hidden") || strings.Contains(out, "boom") {
		t.Errorf("driver log output has debug lines at info level:\n%s", out)
	}
}

func TestMaxChainLiteral(t *testing.T) {
	if maxChainLiteral != strconv.Itoa(graph.MaxTimeline) {
		t.Errorf("maxChainLiteral = %s, want graph.MaxTimeline = %d", maxChainLiteral, graph.MaxTimeline)
	}
}

func TestKeyTerms(t *testing.T) {
	got := keyTerms([]string{"New York City", "NYC", "Big Apple", "  "})
	want := []string{"a_ba", "a_nyc", "apple", "big", "city", "k_big_apple", "k_new_york_city", "k_nyc", "new", "nyc", "york"}
	if !slices.Equal(got, want) {
		t.Errorf("keyTerms = %v, want %v", got, want)
	}
	q, exact := candidateQuery("alice", []string{"NYC", "Big Apple"})
	wantExact := []string{"a_big_apple", "a_nyc", "k_ba", "k_big_apple", "k_nyc"}
	if !slices.Equal(exact, wantExact) {
		t.Errorf("candidate exact terms = %v, want %v", exact, wantExact)
	}
	if !strings.HasPrefix(q, "+owner_key:"+ownerKey("alice")+"^0 +key_terms:(") || !strings.Contains(q, "k_nyc^4") || !strings.Contains(q, " apple") {
		t.Errorf("candidate query = %q", q)
	}
	if q, _ := candidateQuery("alice", []string{"!!", ""}); q != "" {
		t.Errorf("candidate query without keys = %q, want empty", q)
	}
}
