package conflicts

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// byTopic relates claims whose slots do not line up by their topics and
// typed values; the hard negatives must stay unrelated.
func TestByTopic(t *testing.T) {
	c := func(claim string, day int, ents ...schema.Mention) schema.Memory {
		return schema.Memory{Claim: claim, SaidAt: at(day), Type: schema.TypeFact, Entities: ents}
	}
	org := func(n string) schema.Mention { return schema.Mention{Name: n, Kind: schema.KindOrganisation} }
	person := func(n string) schema.Mention { return schema.Mention{Name: n, Kind: schema.KindPerson} }
	event := func(m schema.Memory) schema.Memory { m.Type = schema.TypeEvent; return m }
	tests := []struct {
		name               string
		existing, incoming schema.Memory
		want               Relation
	}{
		// versions of one product
		{"a new version of one product", c("The staging database runs Postgres 14.", 1), c("Staging has been migrated to Postgres 16.", 20), Supersedes},
		{"another environment", c("Staging runs MySQL 8.", 1), c("Production runs MySQL 5.7.", 20), Unrelated},
		{"another product", c("The API uses Go 1.22.", 1), c("The API uses Redis for caching.", 20, org("Redis")), Unrelated},
		// days, with a nominalisation and a change cue
		{"collected / collection moved to", c("The bins are collected on Tuesdays.", 1), c("Bin collection has moved to Fridays.", 20), Supersedes},
		{"two days said plainly may both hold", c("The bins are collected on Tuesdays.", 1), c("Bin collection is on Fridays.", 20), Unrelated},
		{"a different lesson", c("Ali's guitar lesson is on Mondays.", 1), c("Ali's swimming lesson has moved to Fridays.", 20), Unrelated},
		{"a correction naming the old day", c("The choir rehearses on Tuesday nights.", 1), c("Actually, choir rehearsal is on Wednesday nights, not Tuesday.", 1), Supersedes},
		// clock times
		{"a flight back is another flight", c("My flight to Oslo leaves at 8:00.", 1), c("My flight back from Oslo has moved to 17:00.", 1), Unrelated},
		{"8am is 8:00", c("The stand-up starts at 8am.", 1), c("The stand-up starts at 8:00.", 20), Duplicate},
		{"half nine is 9:30", c("Assembly begins at half nine.", 1), c("Assembly begins at 9:30.", 20), Duplicate},
		// names: a change cue, or what the topic is
		{"switched to X for our Y", c("Our water comes from Thames Water.", 1, org("Thames Water")), c("We've switched to Affinity for our water.", 20, org("Affinity")), Supersedes},
		{"handled in X now", c("Payroll is run through Sage.", 1, org("Sage")), c("Payroll is handled in Xero now.", 20, org("Xero")), Supersedes},
		{"two names said plainly may both hold", c("The team uses Jira.", 1, org("Jira")), c("The team uses Linear.", 20, org("Linear")), Unrelated},
		{"an added name", c("Payroll is run through Sage.", 1, org("Sage")), c("Payroll is now also handled in Xero.", 20, org("Xero")), Unrelated},
		{"what the topic is, a copula", c("My bank is Starling.", 20, org("Starling")), c("My bank is Halifax.", 1, org("Halifax")), SupersededBy},
		{"a change still to come", c("Kenji lives in Tokyo.", 1, person("Kenji"), schema.Mention{Name: "Tokyo", Kind: schema.KindPlace}), c("Kenji is moving to Osaka next month.", 2, person("Kenji"), schema.Mention{Name: "Osaka", Kind: schema.KindPlace}), Unrelated},
		// money with its period
		{"what a thing costs and what one pays for it", c("The gym costs £30 a month.", 1), c("I pay £34 a month for the gym now.", 20), Supersedes},
		{"per month is a month", c("The gym costs £30 a month.", 1), c("I pay 30 pounds per month for the gym.", 20), Duplicate},
		{"another bill", c("Our rent is £900 a month.", 1), c("Our council tax is £120 a month.", 20), Unrelated},
		{"another period", c("The gym costs £30 a month.", 1), c("The gym costs £300 a year.", 20), Unrelated},
		{"someone else's bill", c("I pay £30 a month for the gym.", 1), c("She pays £34 a month for the gym.", 20), Unrelated},
		{"things that happened", event(c("I paid £30 for a haircut.", 1)), event(c("I paid £25 for a haircut.", 20)), Unrelated},
		{"said together", c("The gym costs £30 a month.", 1), c("I pay £34 a month for the gym.", 1), Contradicts},
		// quantities, ages, percentages
		{"number words are digits", c("Our cat Tigger is nine years old.", 1, schema.Mention{Name: "Tigger"}), c("Tigger, our cat, is 9.", 20, schema.Mention{Name: "Tigger"}), Duplicate},
		{"raised X to V", c("The max upload size is 10 MB.", 1), c("I raised the max upload size to 25 MB.", 20), Supersedes},
		{"a generic qualifier on one side", c("My monthly pension contribution is 5%.", 1), c("I increased my pension contribution to 8%.", 20), Supersedes},
		{"another measure of one subject", c("Rex is a beagle.", 1), c("Rex weighs 12 kg.", 20), Unrelated},
		// dates and people
		{"another person's birthday", c("Ben's birthday is 2 May.", 1), c("Kim's birthday is 2 May.", 20), Unrelated},
		{"one date two ways", c("Ben's birthday is 2 May.", 1), c("Ben's birthday is on May 2nd.", 20), Duplicate},
		{"untyped values", c("I like tea.", 1), c("I like coffee.", 20), Unrelated},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := Compare(tt.existing, tt.incoming); d.Relation != tt.want {
				t.Errorf("Compare = %s (%s), want %s", d.Relation, d.Reason, tt.want)
			}
		})
	}
}

func TestTypedValues(t *testing.T) {
	tests := []struct{ claim, typ, key string }{
		{"The gym costs £30 a month.", "money:gbp:month", "30"},
		{"We pay 1,200 pounds per year.", "money:gbp:year", "1200"},
		{"The rate is 4.5%.", "percent", "4.5"},
		{"It starts at 5pm.", "clock", "17:00"},
		{"It starts at quarter to ten.", "clock", "9:45"},
		{"Lessons are on Tuesday evenings.", "day", "tuesday evening"},
		{"It is on the 3rd of June.", "date", "june 3"},
		{"Staging runs PostgreSQL 16.", "version:postgres", "16"},
		{"The limit is 25 MB.", "quantity:mb", "25"},
		{"Tigger is nine years old.", "quantity:age", "9"},
		{"Gran is ninety-one years old.", "quantity:age", "91"},
		{"Sophie's piano lessons are on Tues.", "day", "tuesday"},
		{"Book club is on Thurs.", "day", "thursday"},
		{"My passport expires in Aug 2027.", "month", "august 2027"},
	}
	for _, tt := range tests {
		_, vs := typedValues(schema.Memory{Claim: tt.claim})
		found := false
		for _, v := range vs {
			found = found || v.typ == tt.typ && v.key == tt.key && !v.old
		}
		if !found {
			t.Errorf("%q: no %s %q in %v", tt.claim, tt.typ, tt.key, vs)
		}
	}
	for _, claim := range []string{"It's important to support each other when we're feeling down.", "We help each other out."} {
		if _, vs := typedValues(schema.Memory{Claim: claim}); len(vs) != 0 {
			t.Errorf("%q: %v, want no typed value", claim, vs)
		}
	}
	_, vs := typedValues(schema.Memory{Claim: "We moved from Tuesdays to Fridays."})
	if len(vs) != 2 || !vs[0].old || vs[1].old {
		t.Errorf("from X to Y: %v, want the first old", vs)
	}
}

func TestStemAndTopic(t *testing.T) {
	for _, p := range [][2]string{{"collected", "collection"}, {"collects", "collect"}, {"bins", "bin"}, {"fluently", "fluent"}, {"rehearses", "rehearsal"}, {"swimming", "swim"}} {
		if stem(p[0]) != stem(p[1]) {
			t.Errorf("stem(%q) = %q, stem(%q) = %q", p[0], stem(p[0]), p[1], stem(p[1]))
		}
	}
	set := func(ws ...string) map[string]bool {
		m := map[string]bool{}
		for _, w := range ws {
			m[w] = true
		}
		return m
	}
	if !sameTopic(set("stag", "databas"), set("stag")) {
		t.Error("a generic noun on one side should be the same topic")
	}
	if sameTopic(set("flight", "to"), set("flight", "back", "from")) {
		t.Error("a flight back is another topic")
	}
	if sameTopic(set(stem("version")), set(stem("version"))) {
		t.Error("generic nouns alone are no topic")
	}
}
