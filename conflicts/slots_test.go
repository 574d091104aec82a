package conflicts

import (
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

func TestSlots(t *testing.T) {
	person := func(m schema.Memory, name string) schema.Memory {
		m.Entities = append(m.Entities, schema.Mention{Name: name, Kind: schema.KindPerson})
		return m
	}
	place := func(m schema.Memory, name string) schema.Memory {
		m.Entities = append(m.Entities, schema.Mention{Name: name, Kind: schema.KindPlace})
		return m
	}
	cor := func(m schema.Memory) schema.Memory { m.Correction = true; return m }
	claim := func(m schema.Memory, c string) schema.Memory { m.Claim = c; return m }
	future := func(m schema.Memory) schema.Memory {
		f := m.SaidAt.Add(30 * 24 * time.Hour)
		m.ValidFrom = &f
		return m
	}
	tests := []struct {
		name               string
		existing, incoming schema.Memory
		want               Relation
	}{
		{"state with no object is the value", mem("library", "is", "open", at(1)), mem("library", "is closed", "", at(5)), Supersedes},
		{"states of one kind contradict at one time", mem("printer", "is broken", "", at(1)), mem("printer", "works", "", at(1)), Contradicts},
		{"states of different kinds are unrelated", mem("door", "is", "open", at(1)), mem("door", "is", "broken", at(1)), Unrelated},
		{"state with a qualifier", mem("pool", "is open on", "Sundays", at(1)), mem("pool", "is closed on", "Sundays", at(1)), Contradicts},
		{"state with another qualifier", mem("pool", "is closed on", "Sundays", at(1)), mem("pool", "is closed on", "Mondays", at(1)), Unrelated},
		{"property attribute is part of the slot", mem("user", "car", "Volvo", at(1)), mem("user's car", "is", "Skoda", at(5)), Supersedes},
		{"new property is the property", mem("user", "email", "a@x.com", at(1)), mem("user", "new email", "b@x.com", at(5)), Supersedes},
		{"role said of a person is turned round", person(mem("Bruno", "is", "our tech lead", at(1)), "Bruno"), mem("tech", "lead", "Bruno", at(5)), Duplicate},
		{"role correction", person(mem("Bruno", "is", "the tech lead", at(1)), "Bruno"), cor(mem("tech lead", "is", "Carla", at(1))), Supersedes},
		{"head noun before a preposition", mem("head of finance", "is", "Raj", at(1)), mem("head of finance", "is", "Martina", at(1)), Contradicts},
		{"identity of a possession", mem("user's bike", "is", "Brompton", at(1)), mem("user's bike", "is", "Dahon", at(1)), Contradicts},
		{"identity is not description", mem("user's bike", "is", "Brompton", at(1)), mem("user's bike", "is", "blue", at(1)), Unrelated},
		{"a day is not an identity", mem("review", "is", "Monday", at(1)), mem("review", "is", "Friday", at(9)), Unrelated},
		{"a person is not an identity slot", person(mem("Tom", "is", "Anna's Brother", at(1)), "Tom"), person(mem("Tom", "is", "Mia's Cousin", at(1)), "Tom"), Unrelated},
		{"where someone is now", place(mem("Marek", "is in", "Vienna", at(1)), "Vienna"), place(mem("Marek", "is in", "Prague", at(1)), "Prague"), Contradicts},
		{"named place of a thing", mem("warehouse", "is in", "Leipzig", at(1)), mem("warehouse", "is in", "Dresden", at(9)), Supersedes},
		{"in a group is not a place", mem("Gemma", "is in", "the choir", at(1)), mem("Gemma", "is in", "the orchestra", at(1)), Unrelated},
		{"a move made", place(mem("Bill", "lives in", "Swansea", at(1)), "Swansea"), place(mem("Bill", "moves to", "Cardiff", at(9)), "Cardiff"), Supersedes},
		{"a move to come", place(mem("Kenji", "lives in", "Tokyo", at(1)), "Tokyo"), future(place(mem("Kenji", "moves to", "Osaka", at(2)), "Osaka")), Unrelated},
		{"preference against the other value", claim(mem("user", "prefers", "tea", at(1)), "I prefer tea to coffee"), mem("user", "prefers", "coffee", at(9)), Supersedes},
		{"preference rather than", mem("user", "prefers", "coffee", at(1)), claim(mem("user", "prefers", "tea", at(1)), "I'd prefer tea rather than coffee"), Contradicts},
		{"named preferences together", mem("user", "prefers", "Emacs", at(1)), mem("user", "prefers", "Sublime Text", at(1)), Contradicts},
		{"named preferences apart are kept", mem("user", "prefers", "Emacs", at(1)), mem("user", "prefers", "Sublime Text", at(9)), Unrelated},
		{"unnamed preferences are several", mem("user", "prefers", "dark mode", at(1)), mem("user", "prefers", "aisle seats", at(1)), Unrelated},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := Compare(tt.existing, tt.incoming); d.Relation != tt.want {
				t.Fatalf("got %s (%s), want %s", d.Relation, d.Reason, tt.want)
			}
		})
	}
}

func TestAlternative(t *testing.T) {
	tests := []struct{ claim, value, want string }{
		{"I prefer tea to coffee.", "tea", "coffee"},
		{"We prefer Kafka over RabbitMQ for events.", "Kafka", "rabbitmq"},
		{"I'd rather have tea instead of coffee now.", "tea", "coffee"},
		{"I prefer tea.", "tea", ""},
	}
	for _, tt := range tests {
		got := alternative(schema.Memory{Claim: tt.claim, Value: tt.value})
		if s := joinWords(got); s != tt.want {
			t.Errorf("alternative(%q) = %q, want %q", tt.claim, s, tt.want)
		}
	}
}

func joinWords(w []string) string {
	out := ""
	for i, x := range w {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out
}

func TestHeadNoun(t *testing.T) {
	for in, want := range map[string]string{"project lead for atlas": "lead", "head of finance": "head", "door code": "code", "": ""} {
		var w []string
		if in != "" {
			w = key(in)
		}
		if got := headNoun(w); got != want {
			t.Errorf("headNoun(%q) = %q, want %q", in, got, want)
		}
	}
}
