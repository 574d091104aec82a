package rules

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/persistmemory/persistmemory/schema"
)

// mon is Monday 8 May 2023, 13:56 UTC.
var mon = time.Date(2023, 5, 8, 13, 56, 0, 0, time.UTC)

func extract(t *testing.T, text string) []schema.Memory {
	t.Helper()
	ms, err := Extractor{}.Extract(context.Background(), schema.Document{Text: text, SaidAt: mon})
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

func day(p *time.Time) string {
	if p == nil {
		return ""
	}
	return p.Format("2006-01-02")
}

func TestExtractorSplitsAndClassifies(t *testing.T) {
	got := extract(t, "We decided to use Postgres for billing. I prefer dark mode in every editor! I'll send the report by Friday.\n\nMaria visited Lisbon last summer. The office has 40 desks. ok.")
	want := []schema.MemoryType{schema.TypeDecision, schema.TypePreference, schema.TypeCommitment, schema.TypeEvent, schema.TypeFact}
	if len(got) != len(want) {
		t.Fatalf("got %d memories: %+v", len(got), got)
	}
	for i, m := range got {
		if m.Type != want[i] {
			t.Errorf("memory %d %q: type %s, want %s", i, m.Claim, m.Type, want[i])
		}
		if m.Excerpt == "" || m.Confidence <= 0 || m.Confidence > 1 || m.SaidAt == nil {
			t.Errorf("memory %d: %+v", i, m)
		}
	}
	if d := day(got[2].ValidTo); d != "2023-05-13" {
		t.Errorf("deadline of %q = %s, want 2023-05-13", got[2].Claim, d)
	}
	if d := day(got[3].ValidFrom); d != "2022-06-01" {
		t.Errorf("date of %q = %s, want 2022-06-01", got[3].Claim, d)
	}
}

func TestExtractClaims(t *testing.T) {
	type sav struct {
		Subject, Attribute, Value string
		Negated, Correction       bool
	}
	tests := []struct {
		text string
		want sav
	}{
		{"The ledger runs on Postgres.", sav{"ledger", "runs on", "Postgres", false, false}},
		{"The version is 0.9.7.", sav{"version", "is", "0.9.7", false, false}},
		{"The version of the ledger is 0.9.7.", sav{"ledger", "version", "0.9.7", false, false}},
		{"My favourite colour is blue.", sav{"user", "favourite colour", "blue", false, false}},
		{"Anna lives in Lisbon.", sav{"anna", "lives in", "Lisbon", false, false}},
		{"My sister Anna lives in Lisbon.", sav{"anna", "lives in", "Lisbon", false, false}},
		{"My sister lives in Lisbon.", sav{"user's sister", "lives in", "Lisbon", false, false}},
		{"I don't like olives.", sav{"user", "likes", "olives", true, false}},
		{"I can't stand cilantro.", sav{"user", "dislikes", "cilantro", false, false}},
		{"I no longer live in Lisbon.", sav{"user", "lives in", "Lisbon", true, true}},
		{"Actually, the ledger runs on MySQL.", sav{"ledger", "runs on", "MySQL", false, true}},
		{"We moved the ledger off MySQL to Postgres.", sav{"ledger", "runs on", "Postgres", false, true}},
		{"We chose Kafka over RabbitMQ for the event bus.", sav{"event bus", "uses", "Kafka", false, false}},
		{"The ledger is written in Go.", sav{"ledger", "is written in", "Go", false, false}},
		{"I used to live in Lisbon.", sav{"user", "lived in", "Lisbon", false, false}},
		{"It's not 0.9.7 but 0.9.8.", sav{"", "", "0.9.8", false, true}},
		{"Tom works at Acme Inc as a designer.", sav{"tom", "works at", "Acme Inc", false, false}},
		{"Blue is my favourite colour.", sav{"user", "favourite colour", "Blue", false, false}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			got := extract(t, tt.text)
			if len(got) == 0 {
				t.Fatal("no memory")
			}
			m := got[0]
			if diff := cmp.Diff(tt.want, sav{m.Subject, m.Attribute, m.Value, m.Negated, m.Correction}); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestMigrationDeniesOldValue(t *testing.T) {
	got := extract(t, "We moved off MySQL to Postgres.")
	if len(got) != 2 || got[0].Value != "Postgres" || got[1].Value != "MySQL" || !got[1].Negated || got[0].Negated || !got[1].Correction {
		t.Fatalf("got %+v", got)
	}
}

func TestCorrectionTakesPreviousSubject(t *testing.T) {
	got := extract(t, "The SDK version is 0.9.7. No, sorry, it's 0.9.8.")
	if len(got) != 2 {
		t.Fatalf("got %+v", got)
	}
	if got[1].Subject != "sdk" || got[1].Attribute != "version" || got[1].Value != "0.9.8" || !got[1].Correction {
		t.Errorf("correction = %+v", got[1])
	}
}

func TestQuestionAndAnswer(t *testing.T) {
	tests := []struct {
		text                      string
		subject, attribute, value string
		negated                   bool
	}{
		{"Alice: Which database does the ledger use?\nBob: Postgres.", "ledger", "uses", "Postgres", false},
		{"Assistant: Where does your sister live?\nUser: In Lisbon.", "user's sister", "lives in", "Lisbon", false},
		{"Q: What version is the ledger on?\nA: 0.9.7", "ledger", "version", "0.9.7", false},
		{"Assistant: Do you still live in Berlin?\nUser: No.", "user", "lives in", "Berlin", true},
		{"Dana: Who leads the platform team?\nLeo: Ingrid.", "ingrid", "leads", "platform team", false},
	}
	for _, tt := range tests {
		got := extract(t, tt.text)
		if len(got) != 1 {
			t.Errorf("%q: got %d memories %+v", tt.text, len(got), got)
			continue
		}
		m := got[0]
		if m.Subject != tt.subject || m.Attribute != tt.attribute || m.Value != tt.value || m.Negated != tt.negated {
			t.Errorf("%q: got %q/%q/%q neg=%v", tt.text, m.Subject, m.Attribute, m.Value, m.Negated)
		}
		if !strings.Contains(m.Excerpt, "\n") {
			t.Errorf("%q: excerpt %q should hold both lines", tt.text, m.Excerpt)
		}
	}
	// a long answer is a claim of its own
	got := extract(t, "Alice: Which database does the ledger use?\nBob: We moved it to Postgres last year after the outage.")
	if len(got) == 0 || strings.Contains(got[0].Claim, "?") {
		t.Errorf("long answer joined: %+v", got)
	}
}

func TestConversationSpeakers(t *testing.T) {
	got := extract(t, "[1:56 pm on 8 May, 2023] Caroline: I went to a support group yesterday.\n[2:01 pm on 8 May, 2023] Melanie: That's amazing, Caroline!\nAssistant: I can help with that.")
	if len(got) != 1 {
		t.Fatalf("got %+v", got)
	}
	m := got[0]
	if m.Subject != "caroline" || day(m.ValidFrom) != "2023-05-07" || !strings.HasPrefix(m.Claim, "Caroline: ") {
		t.Errorf("got %+v", m)
	}
	if len(m.Entities) == 0 || m.Entities[0] != (schema.Mention{Name: "Caroline", Kind: schema.KindPerson}) {
		t.Errorf("entities %+v", m.Entities)
	}
}

func TestEntities(t *testing.T) {
	got := extract(t, "Email Dr. Anna Silva at anna@example.com or @annas about the Kafka upgrade in New York City.")
	var names []string
	for _, m := range got {
		for _, e := range m.Entities {
			names = append(names, e.Name+"/"+string(e.Kind))
		}
	}
	want := []string{"Anna Silva/person", "anna@example.com/person", "@annas/person", "Kafka/system", "New York City/place"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestSentences(t *testing.T) {
	text := "Dr. Smith uses v0.9.7, e.g. the beta. See https://example.com/a.b?c=1 for more! Pi is 3.14. Really? ok\nNext line; and more. J.K. Rowling wrote it."
	var got []string
	for _, s := range sentences(text) {
		got = append(got, text[s.start:s.end])
	}
	want := []string{"Dr. Smith uses v0.9.7, e.g. the beta.", "See https://example.com/a.b?c=1 for more!", "Pi is 3.14.", "Really?", "ok", "Next line;", "and more.", "J.K. Rowling wrote it."}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestChitchatIsNotRemembered(t *testing.T) {
	for _, s := range []string{"ok", "Thanks, that's really helpful!", "Hi Tom!", "lol that's hilarious", "What do you think?", "Happy new year!"} {
		if got := extract(t, s); len(got) != 0 {
			t.Errorf("%q: %+v", s, got)
		}
	}
}

func TestDeterministic(t *testing.T) {
	text := "Anna moved to Porto last May. We chose Kafka. I'll call Tom on Friday. The SDK version is 0.9.7."
	a, b := extract(t, text), extract(t, text)
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("two runs differ:\n%s", diff)
	}
}

func TestHostileInput(t *testing.T) {
	inputs := []string{
		"", "...", "?!;", strings.Repeat("a", 256*1024), strings.Repeat("word. ", 40000),
		"日本語の文です。もう一つの文です。", "\x00\x01\x02", "\xff\xfe\xfd invalid \xc3\x28 utf8",
		strings.Repeat("Anna: ", 20000), strings.Repeat("A: b\n", 20000), strings.Repeat("not ", 30000),
		strings.Repeat("I'll ", 30000) + "send it", strings.Repeat("[", 10000) + "] A: b",
		strings.Repeat("Which database does the ledger use?\nB: Postgres.\n", 2000),
	}
	for _, text := range inputs {
		got, err := Extractor{}.Extract(context.Background(), schema.Document{Text: text, CreatedAt: mon})
		if err != nil {
			t.Fatalf("%.20q: %v", text, err)
		}
		for _, m := range got {
			if len([]rune(m.Claim)) > MaxClaimRunes+1 || len([]rune(m.Excerpt)) > MaxExcerptRunes+1 {
				t.Fatalf("claim of %d runes", len([]rune(m.Claim)))
			}
			if m.Confidence <= 0 || m.Confidence > 1 {
				t.Fatalf("confidence %v", m.Confidence)
			}
		}
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Extractor{}.Extract(ctx, schema.Document{Text: "Anna lives in Lisbon."})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}

// TestEntitiesInTalk: the words that open a line of talk are no names: an
// interjection before a name ("Woah Joanna"), an ordinary noun or an -ing
// word at a sentence's start ("Life is good", "Networking has helped");
// the name after the interjection is one.
func TestEntitiesInTalk(t *testing.T) {
	for text, want := range map[string][]string{
		"Joanna: Woah Joanna, I won my first tournament in Tampa.":        {"Tampa"},
		"Nate: Aww John, I adopted a puppy called Max last week.":         {"John", "Max"},
		"Caroline: Life is good since I moved to Sweden.":                 {"Sweden"},
		"Tim: Networking has helped me find a job at Nike in Seattle.":    {"Nike", "Seattle"},
		"Tim: Winning is everything to me, I play basketball every week.": nil,
		"Gina: Anytime Jon, the store opens in Paris next month.":         {"Jon", "Paris"},
		// a title with "of the" is one name; a weekday written short is
		// none; a letter is a name ("vitamin D")
		"Tim: I reread Lord of the Rings on the train to Galway.": {"Lord of the Rings", "Galway"},
		"Tim: See you Thurs, we're meeting at Nike in Portland.":  {"Nike", "Portland"},
		"Tim: I take vitamin D since I moved to Leeds.":           {"D", "Leeds"},
		"Tim: Since I moved to Leeds I take vitamin D.":           {"Leeds", "D"},
	} {
		var names []string
		for _, m := range extract(t, text) {
			for _, e := range m.Entities {
				// the speaker's own name is not what the case is about
				if !slices.Contains(names, e.Name) && e.Name != "Joanna" && e.Name != "Nate" && e.Name != "Caroline" && e.Name != "Tim" && e.Name != "Gina" {
					names = append(names, e.Name)
				}
			}
		}
		if !slices.Equal(names, want) {
			t.Errorf("%q: entities %q, want %q", text, names, want)
		}
	}
}

// TestWordWrittenLowerElsewhere: a word opening a sentence alone is no
// name when the same text writes it in lower case elsewhere.
func TestWordWrittenLowerElsewhere(t *testing.T) {
	var names []string
	for _, m := range extract(t, "Basketball is my passion. I play basketball with Marcus every week.") {
		for _, e := range m.Entities {
			names = append(names, e.Name)
		}
	}
	if !slices.Equal(names, []string{"Marcus"}) {
		t.Errorf("entities %q, want only Marcus", names)
	}
}

// A name with its possessive is a business's before a business noun, or
// alone after "at" or "from" when it is no given name and no noun follows;
// else it is the person's.
func TestBusinessNamesWithPossessive(t *testing.T) {
	for text, want := range map[string][]string{
		"I bought my tent at Sam's Club.":         {"Sam's Club/organisation"},
		"Tom's Diner reopened last week.":         {"Tom's Diner/organisation"},
		"We ate at Joe's Pizza near the station.": {"Joe's Pizza/organisation"},
		"We shop at Sainsbury's on Sundays.":      {"Sainsbury's/organisation"},
		"Lunch at McDonald's was grim.":           {"McDonald's/organisation"},
		"We shop at Sainsbury’s on Sundays.":      {"Sainsbury's/organisation"},
		"Dinner at Nando's":                       {"Nando's/organisation"},
		"I got coffee at Trader Joe's.":           {"Trader Joe's/organisation"},
		"Sam's dog barked all night.":             {"Sam/person"},
		"I went to Anna's party on Friday.":       {"Anna/person"},
		"We stayed at Sarah Jones's last week.":   {"Sarah Jones/person"},
		"Dinner at Mum's on Sunday.":              {"Mum/other"},
		"Dinner at Grandma's on Sunday.":          {"Grandma/other"},
		"We stayed at Anna's on Friday.":          {"Anna/person"},
		"I left my scarf at Tom's place.":         {"Tom/person"},
	} {
		var got []string
		for _, m := range extract(t, text) {
			for _, e := range m.Entities {
				got = append(got, e.Name+"/"+string(e.Kind))
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", text, diff)
		}
	}
}
