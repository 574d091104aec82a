package conflicts

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/ingest/rules"
	"github.com/persistmemory/persistmemory/schema"
)

// meaningClaim extracts text's one claim, said at the given day of April
// 2026.
func meaningClaim(t *testing.T, text string, day int) schema.Memory {
	t.Helper()
	at := time.Date(2026, 4, day, 9, 0, 0, 0, time.UTC)
	ms, err := rules.Extractor{}.Extract(t.Context(), schema.Document{Text: text, SaidAt: at, CreatedAt: at})
	if err != nil || len(ms) != 1 {
		t.Fatalf("extract %q: %d memories, %v; the test needs one", text, len(ms), err)
	}
	return ms[0]
}

// Claims said again in other words: nothing in the words sets them apart,
// so the model's similarity decides.
func TestApartFindsNothingBetweenParaphrases(t *testing.T) {
	for _, p := range [][2]string{
		{"I ran the Berlin marathon in 2019.", "I completed the Berlin Marathon back in 2019."},
		{"I'm allergic to peanuts.", "Peanuts give me an allergic reaction."},
		{"I usually swim 40 lengths on Sunday mornings.", "On Sunday mornings I normally do forty lengths at the pool."},
		{"My cholesterol test is booked for 9 May at 11am.", "I've got the cholesterol check on May 9th, 11 in the morning."},
		{"Biscuit the rabbit is terrified of the hoover.", "Our rabbit Biscuit is scared stiff of the vacuum cleaner."},
		{"I take my coffee black.", "I drink my coffee without milk or sugar."},
		{"The recycling is collected every second Wednesday.", "Recycling goes out fortnightly on Wednesdays."},
		// a name ending in the kind of place, the other naming no kind
		{"Dad plays bowls at Riverside Bowls Club every Wednesday.", "Every Wednesday my father goes to Riverside for bowls."},
		// values written otherwise: a unit joined to its number, half an
		// hour, a clock time without its half of the day, every morning
		{"I take 75 micrograms of thyroxine every morning.", "My thyroxine dose is 75mcg, once each day."},
		{"The default session timeout is 30 minutes.", "By default, sessions time out after half an hour."},
		{"Our team standup is on Mondays at 9am.", "Every Monday we do the standup at nine."},
		{"Yoga is on Saturday at 9am.", "On Saturday mornings I do yoga at 9am."},
		// a relation set beside a name says who the name is
		{"My niece Ayla has a peanut allergy.", "Ayla has a peanut allergy."},
		// numbers written out, a bare number and a numbered thing, metric
		// units, a frequency said in one only
		{"My gym locker is number 42.", "As I said, my locker at the gym is number forty-two."},
		{"Biscuit eats 250 g of kibble a day.", "Biscuit gets a quarter of a kilo of kibble daily."},
		{"I've set a Goodreads challenge of 40 books.", "My reading goal on Goodreads is forty books."},
		{"My step goal is 10,000 steps.", "My step goal is ten thousand."},
		{"I drink 1.5 litres of water a day.", "I get through 1,500 ml of water daily."},
		{"The daily standup is at 9:30.", "Standup's at 9:30 every day, as usual."},
	} {
		if why := Apart(meaningClaim(t, p[0], 1), meaningClaim(t, p[1], 20)); why != "" {
			t.Errorf("Apart(%q, %q) = %q, want nothing", p[0], p[1], why)
		}
	}
}

// What a meaning vector underweights and the words show: each case names
// the part of Apart's answer that must appear.
func TestApartKeepsNearClaimsApart(t *testing.T) {
	for _, c := range []struct{ a, b, why string }{
		{"Ravi will send the capacity report for cluster 1 by Friday.", "Ravi will send the capacity report for cluster 41 by Friday.", "values differ"},
		{"Omar's birthday is on 12 May.", "Omar's birthday is on 21 May.", "values differ"},
		{"Mum takes 500 mg of metformin with breakfast.", "Mum takes 1,000 mg of metformin with breakfast.", "values differ"},
		{"Noor has a friend in Oslo.", "Noor has a friend in Bergen.", "name"},
		{"Tom's birthday is on 3 March.", "Lucy's birthday is on 3 March.", "name"},
		{"Zq81c2 Halvorsen decided that the Ledgerzq4f2a project will use Postgres.", "Zq17d9 Halvorsen decided that the Ledgerzq0b3e project will use Postgres.", "name"},
		{"Priya owns svc305.", "Priya owns svc25.", "name"},
		{"My dad is a retired pilot.", "My uncle is a retired pilot.", "relations"},
		{"My niece Ayla swims at Parkside on Fridays.", "My niece's friend swims at Parkside on Fridays.", "name"},
		{"Ayla swims at Parkside Leisure Centre on Fridays.", "Ayla swims at Parkside School on Fridays.", "name"},
		{"I owe Tom £20.", "Tom owes me £20.", "role"},
		{"Sam reports to Keiko.", "Keiko reports to Sam.", "roles"},
		{"Hamid lives in Valletta.", "Hamid works in Valletta.", "takes another's place"},
		{"The bus leaves from stand 6.", "The train leaves from track 6.", "places in the same words"},
		{"The ferry docks at pier 3 on Sundays.", "The launch moors at pier 3 on Sundays.", "places in the same words"},
		{"The default session timeout is 30 minutes.", "By default, sessions time out after an hour.", "values differ"},
		{"Our standup is on Mondays at 9am.", "We have standup on Mondays at nine in the evening.", "values differ"},
		{"Yoga is on Saturday mornings.", "Yoga is on Saturday evenings.", "values differ"},
		{"Ana plays the violin.", "Ana plays the piano.", "takes another's place"},
		{"The back gate is locked.", "The back gate is unlocked.", "stands against"},
		{"The deposit is refundable.", "The deposit is non-refundable.", "negated"},
		{"The front garden gets morning sun.", "The back garden gets afternoon sun.", "stands against"},
		{"Teodor is a senior nurse.", "Teodor is a junior nurse.", "stands against"},
		{"Lucasta's job at the library is full-time.", "Lucasta's job at the library is part-time.", "another's place"},
		{"I like tea.", "I don't like tea.", "denies"},
		{"We use Slack for chat.", "We switched to Slack for chat.", "worded as a"},
		{"I'm allergic to cats.", "I'm also allergic to cats.", "addition"},
		{"I'm proud of you!", "So proud of myself!", "other persons"},
		{"We got this!", "You got this!", "other persons"},
		{"I won my first chess tournament last week.", "I won a big chess tournament last week.", "dated apart"},
		// a number written out is still another number; grams are not
		// millilitres; money of one period is not another's
		{"My gym locker is number 42.", "My locker at the gym is number twenty-four.", "values differ"},
		{"Biscuit eats 250 g of kibble a day.", "Biscuit drinks 250 ml of water a day.", "values differ"},
		{"My salary is £52k a year.", "I earn £52,000 a month.", "values differ"},
		// one word after the same opening, whatever follows (read at cosine
		// .921, the closest false duplicate of the read corpora)
		{"Dad takes amlodipine for his blood pressure.", "Dad takes atorvastatin for his cholesterol.", "after the same words"},
		{"Gran feeds the robins in her back garden.", "Gran feeds the squirrels in the park.", "after the same words"},
	} {
		why := Apart(meaningClaim(t, c.a, 1), meaningClaim(t, c.b, 20))
		if !strings.Contains(why, c.why) {
			t.Errorf("Apart(%q, %q) = %q, want it to say %q", c.a, c.b, why, c.why)
		}
	}
}

// ByMeaning reads a duplicate only at DuplicateMeaningSimilarity or above,
// and never when the words set the claims apart, however close.
func TestByMeaning(t *testing.T) {
	a, b := meaningClaim(t, "I ran the Berlin marathon in 2019.", 1), meaningClaim(t, "I completed the Berlin Marathon back in 2019.", 20)
	if d, ok := ByMeaning(a, b, DuplicateMeaningSimilarity); !ok || d.Relation != Duplicate || !strings.Contains(d.Reason, "mean the same") {
		t.Errorf("at the threshold: %+v, %v; want a duplicate saying why", d, ok)
	}
	if d, ok := ByMeaning(a, b, DuplicateMeaningSimilarity-0.001); ok {
		t.Errorf("below the threshold: %+v, want no decision", d)
	}
	if d, ok := ByMeaning(a, b, math.NaN()); ok {
		t.Errorf("a NaN similarity (a zero vector): %+v, want no decision", d)
	}
	x, y := meaningClaim(t, "Hamid lives in Valletta.", 1), meaningClaim(t, "Hamid works in Valletta.", 20)
	if d, ok := ByMeaning(x, y, 1); ok {
		t.Errorf("claims set apart by a word, similarity 1: %+v, want no decision", d)
	}
}

// TestStillByMeaning: a claim that says a thing still holds, close in
// meaning to an earlier one, is that one said again with more or fewer
// details; not when a value of a kind both give differs, when each names
// someone the other does not, when they share only names, or when it says
// no "still".
func TestStillByMeaning(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"Jonas plays handball, he's a good keeper.", "Jonas still at handball, 3 practices a week plus matches.", true},
		{"I play skittles wednesday nights for Bradworthy.", "still playing skittles for Bradworthy, best night of the week.", true},
		{"Jonas plays handball, he's a good keeper.", "Jonas plays handball, he's a good keeper now.", false},
		{"Our rent is £1,150 a month.", "Still paying £1,240 a month in rent.", false},
		{"Jonas plays handball with Erik.", "Jonas still plays handball with Lars.", false},
		{"Jonas plays handball.", "Jonas is still at school.", false},
		{"Jonas plays handball, he's a good keeper.", "Jonas at handball, 3 practices a week plus matches.", false},
	} {
		a, b := meaningClaim(t, c.a, 1), meaningClaim(t, c.b, 200)
		d, ok := ByMeaning(a, b, StillMeaningSimilarity)
		if ok != c.want || ok && d.Relation != Duplicate {
			t.Errorf("%q / %q at %.2f: %+v, %v; want a duplicate: %v", c.a, c.b, StillMeaningSimilarity, d, ok, c.want)
		}
		if c.want && !MayBeSame(a, b) {
			t.Errorf("%q / %q: MayBeSame false, want the pair read by meaning", c.a, c.b)
		}
	}
}
