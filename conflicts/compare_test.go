package conflicts

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

func at(day int) *time.Time {
	t := time.Date(2024, 3, day, 12, 0, 0, 0, time.UTC)
	return &t
}

func mem(subj, attr, val string, said *time.Time) schema.Memory {
	return schema.Memory{Claim: strings.TrimSpace(subj + " " + attr + " " + val), Subject: subj, Attribute: attr, Value: val, SaidAt: said}
}

func TestCompare(t *testing.T) {
	neg := func(m schema.Memory) schema.Memory { m.Negated = true; return m }
	cor := func(m schema.Memory) schema.Memory { m.Correction = true; return m }
	conf := func(m schema.Memory) schema.Memory { m.Confirmed = true; return m }
	vf := func(m schema.Memory, day int) schema.Memory { m.ValidFrom = at(day); return m }
	claim := func(c string, said *time.Time) schema.Memory { return schema.Memory{Claim: c, SaidAt: said} }

	tests := []struct {
		name               string
		existing, incoming schema.Memory
		want               Relation
	}{
		{"same value", mem("ledger", "runs on", "Postgres", at(1)), mem("the ledger", "runs on", "postgres", at(9)), Duplicate},
		{"version prefix", mem("version", "is", "0.9.7", at(1)), mem("version", "is", "v0.9.7", at(1)), Duplicate},
		{"value with detail", mem("Anna", "lives in", "Lisbon", at(1)), mem("anna", "lives in", "Lisbon, Portugal", at(2)), Duplicate},
		{"pronoun folding", mem("I", "likes", "tea", at(1)), mem("user", "likes", "Tea", at(1)), Duplicate},
		{"correction supersedes", mem("version", "is", "0.9.7", at(1)), cor(mem("version", "is", "0.9.8", at(1))), Supersedes},
		{"same time contradicts", mem("version", "is", "0.9.7", at(1)), mem("version", "is", "0.9.8", at(1)), Contradicts},
		{"later supersedes single-valued", mem("Anna", "lives in", "Lisbon", at(1)), mem("Anna", "lives in", "Porto", at(5)), Supersedes},
		{"synonym attribute", mem("Anna", "works for", "Acme", at(1)), mem("Anna", "works at", "Globex", at(5)), Supersedes},
		{"older incoming is history", mem("Anna", "lives in", "Porto", at(5)), mem("Anna", "lives in", "Lisbon", at(1)), SupersededBy},
		{"later within margin contradicts", mem("Anna", "lives in", "Lisbon", at(1)), mem("Anna", "lives in", "Porto", at(1)), Contradicts},
		{"confirmed is not retired by time", conf(mem("Anna", "lives in", "Lisbon", at(1))), mem("Anna", "lives in", "Porto", at(5)), Contradicts},
		{"confirmed yields to correction", conf(mem("Anna", "lives in", "Lisbon", at(1))), cor(mem("Anna", "lives in", "Porto", at(5))), Supersedes},
		{"multi-valued", mem("user", "likes", "tea", at(1)), mem("user", "likes", "coffee", at(9)), Unrelated},
		{"multi-valued visited", mem("user", "visited", "Rome", at(1)), mem("user", "visited", "Paris", at(9)), Unrelated},
		{"negation contradicts", mem("user", "likes", "coffee", at(1)), neg(mem("user", "likes", "coffee", at(9))), Contradicts},
		{"negation with correction supersedes", mem("user", "likes", "coffee", at(1)), cor(neg(mem("user", "likes", "coffee", at(9)))), Supersedes},
		{"antonym contradicts", mem("user", "loves", "sushi", at(1)), mem("user", "can't stand", "sushi", at(2)), Contradicts},
		{"negated duplicate", neg(mem("user", "likes", "olives", at(1))), mem("user", "dislikes", "olives", at(2)), Duplicate},
		{"denial of another value", mem("Anna", "lives in", "Porto", at(1)), neg(mem("Anna", "lives in", "Lisbon", at(5))), Unrelated},
		{"different subject", mem("ledger", "runs on", "Postgres", at(1)), mem("billing", "runs on", "MySQL", at(9)), Unrelated},
		{"different attribute", mem("Anna", "lives in", "Lisbon", at(1)), mem("Anna", "works at", "Lisbon", at(9)), Unrelated},
		{"favourite is single-valued", mem("user", "favourite colour", "blue", at(1)), mem("my", "favorite color", "green", at(20)), Supersedes},
		{"copula on property", mem("release date", "is", "May 8", at(1)), mem("release date", "is", "May 15", at(1)), Contradicts},
		{"copula on person is multi-valued", mem("Anna", "is", "a doctor", at(1)), mem("Anna", "is", "a runner", at(9)), Unrelated},
		{"validfrom ordering", vf(mem("Anna", "lives in", "Porto", at(20)), 10), vf(mem("Anna", "lives in", "Lisbon", at(21)), 2), SupersededBy},
		{"near identical text", claim("We ship the mobile app every second Friday.", at(1)), claim("we ship the mobile app every second friday", at(3)), Duplicate},
		{"similar text different number", claim("The office has 40 desks on the second floor.", at(1)), claim("The office has 45 desks on the second floor.", at(3)), Unrelated},
		{"similar text negated", claim("Anna eats meat at family dinners every week.", at(1)), claim("Anna never eats meat at family dinners every week.", at(3)), Unrelated},
		{"empty", schema.Memory{}, schema.Memory{}, Unrelated},
		{"missing value", mem("ledger", "runs on", "", at(1)), mem("ledger", "runs on", "Postgres", at(1)), Unrelated},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Compare(tt.existing, tt.incoming)
			if d.Relation != tt.want {
				t.Fatalf("Compare = %s (%s), want %s", d.Relation, d.Reason, tt.want)
			}
			if d.Reason == "" {
				t.Error("no reason")
			}
		})
	}
}

func TestCompareEntityIDs(t *testing.T) {
	a := mem("NYC", "is", "expensive", at(1))
	a.Attribute = "rent"
	a.Entities = []schema.Mention{{Name: "NYC", Kind: schema.KindPlace}}
	a.EntityIDs = []string{"ent_1"}
	b := mem("New York City", "rent", "cheap", at(1))
	b.Entities = []schema.Mention{{Name: "New York City", Kind: schema.KindPlace}}
	b.EntityIDs = []string{"ent_1"}
	if d := Compare(a, b); d.Relation != Contradicts {
		t.Fatalf("got %s (%s), want contradicts through the shared entity", d.Relation, d.Reason)
	}
	b.EntityIDs = []string{"ent_2"}
	if d := Compare(a, b); d.Relation != Unrelated {
		t.Fatalf("got %s, want unrelated", d.Relation)
	}
}

func TestCompareHostile(t *testing.T) {
	big := strings.Repeat("word ", 60000)
	for _, s := range []string{"", big, "\xff\xfe\x00", "\x01\x02 v", "0.9.7.", ",,,", "'''"} {
		m := schema.Memory{Claim: s, Subject: s, Attribute: s, Value: s, Entities: []schema.Mention{{Name: s, Kind: schema.KindOther}}}
		Compare(m, m)
		Compare(m, schema.Memory{})
		if why := Apart(m, m); why != "" {
			t.Errorf("Apart of a hostile claim and itself = %q, want nothing between them", why)
		}
		Apart(m, schema.Memory{})
		ByMeaning(m, schema.Memory{}, math.NaN())
	}
	// the memos stay bounded however many claims pass, and long ones are
	// not kept
	Compare(schema.Memory{Claim: "Service 1 runs on Kafka."}, schema.Memory{Claim: big})
	for i := range 2 * keyMemoSize {
		Compare(schema.Memory{Claim: fmt.Sprintf("Service %d runs on Kafka.", i)}, schema.Memory{Claim: "Service 0 runs on Redis."})
	}
	keys, topics, tokens := memoKeys(&keyMemo), memoKeys(&topicMemo), memoKeys(&tokenMemo)
	nk, nt, ntok := len(keys), len(topics), len(tokens)
	longKept := false
	for _, k := range slices.Concat(keys, tokens) {
		longKept = longKept || len(k) > maxKeyBytes
	}
	if nk > 2*keyMemoSize || nt > 2*keyMemoSize || ntok > 2*keyMemoSize || longKept {
		t.Errorf("memos hold %d keys, %d topics and %d token lists (at most %d each), a long claim kept: %v", nk, nt, ntok, 2*keyMemoSize, longKept)
	}
}

// memoKeys lists what c remembers.
func memoKeys[V any](c *memo[V]) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]string, 0, len(c.cur)+len(c.old))
	for k := range c.cur {
		out = append(out, k)
	}
	for k := range c.old {
		out = append(out, k)
	}
	return out
}

func TestWords(t *testing.T) {
	got := strings.Join(words("We're on v0.9.7, 1,000 users; don't panic."), "|")
	want := "we're|on|v0.9.7|1000|users|don't|panic"
	if got != want {
		t.Errorf("words = %q, want %q", got, want)
	}
}
