package main

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// The cast the synthetic memories are about. Large enough that a query
// names a few dozen to a few thousand memories out of 100,000, not none or
// all of them.
var (
	people = []string{
		"Anna", "Ravi", "Mei", "Jonas", "Priya", "Tomás", "Aisha", "Lukas", "Sofia", "Kenji",
		"Fatima", "Noah", "Elena", "Marcus", "Yuki", "Olivia", "Diego", "Hannah", "Omar", "Chloe",
		"Ingrid", "Samuel", "Leila", "Pavel", "Grace", "Mateo", "Nadia", "Ben", "Zara", "Felix",
		"Amara", "Ethan", "Lucia", "Arjun", "Freya", "Hugo", "Mira", "Daniel", "Sara", "Kwame",
		"Isabel", "Tariq", "Emma", "Wei", "Rosa", "Liam", "Nora", "Victor",
	}
	projects = []string{
		"Atlas", "Beacon", "Cobalt", "Ember", "Falcon", "Granite", "Harbor", "Iris", "Juniper",
		"Keystone", "Lighthouse", "Meridian", "Nimbus", "Orion", "Pinnacle", "Quartz", "Redwood",
		"Sapphire", "Tundra", "Vanguard", "Willow", "Zephyr", "Aurora", "Basalt", "Cascade",
		"Driftwood", "Evergreen", "Foxglove", "Glacier", "Horizon", "Ironclad", "Jasper", "Kestrel",
		"Lantern", "Mosaic", "Northstar",
	}
	systems = []string{
		"Postgres", "Kafka", "Redis", "Neo4j", "Weaviate", "S3", "Grafana", "Vault", "Kubernetes",
		"Terraform", "Elasticsearch", "ClickHouse", "Snowflake", "BigQuery", "Airflow", "Jenkins",
		"GitHub Actions", "Datadog", "Sentry", "PagerDuty", "RabbitMQ", "MongoDB", "DynamoDB",
		"Cassandra", "Prometheus", "Nginx", "Envoy", "Istio", "Consul", "Spark", "Flink", "dbt",
		"Looker", "Tableau", "Jira", "Confluence", "Okta", "Stripe", "Twilio", "Cloudflare",
	}
	places = []string{
		"Lisbon", "Berlin", "Amsterdam", "Tokyo", "Toronto", "Nairobi", "São Paulo", "Singapore",
		"Dublin", "Oslo", "Madrid", "Seoul", "Austin", "Denver", "Warsaw", "Prague", "Helsinki",
		"Cape Town", "Melbourne", "Zurich", "Barcelona", "Vienna", "Copenhagen", "Montreal",
		"Bangalore", "Lyon", "Edinburgh", "Kraków", "Boston", "Seattle",
	}
	orgs = []string{
		"Acme Corp", "Globex", "Initech", "Umbrella Health", "Stark Logistics", "Wayne Finance",
		"Hooli", "Vandelay Imports", "Soylent Foods", "Tyrell Labs", "Cyberdyne", "Wonka Retail",
		"Aperture Science", "Massive Dynamic", "Pied Piper", "Dunder Mifflin", "Monarch Airlines",
		"Nakatomi Trading", "Oceanic Freight", "Blue Sun Energy",
	}
	topics = []string{
		"the on-call rotation", "the latency budget", "schema migrations", "the release train",
		"code review", "feature flags", "the incident runbook", "capacity planning", "cost reporting",
		"the hiring plan", "data retention", "access reviews", "the quarterly roadmap", "load testing",
		"the API gateway", "backup restores", "error budgets", "the design system", "customer onboarding",
		"the billing pipeline", "search relevance", "the mobile release", "GDPR requests", "the SSO rollout",
		"the staging environment", "dependency upgrades", "the analytics dashboard", "log retention",
		"the support queue", "the pricing page", "disaster recovery", "blue-green deploys",
		"canary releases", "rate limiting", "the data warehouse", "the ETL jobs", "the audit trail",
		"encryption at rest", "the vendor contract", "the offsite agenda", "sprint planning",
		"the postmortem template", "the style guide", "test coverage", "flaky tests", "the CI pipeline",
		"the partner API", "webhook retries", "the recommendation model", "fraud detection",
		"invoice generation", "the tax engine", "localisation", "accessibility fixes",
		"the onboarding checklist", "performance reviews", "the budget forecast", "the security audit",
		"the SLA report", "dark mode",
	}
	prefs = []string{
		"async standups", "written design docs", "morning meetings", "pair programming",
		"Go for backend services", "Python for data work", "short pull requests", "huddles over video calls",
		"window seats on long flights", "vegetarian lunches", "Thursday retrospectives", "Markdown over slides",
		"tabs over spaces", "trunk-based development", "small frequent releases", "quiet Fridays",
		"tea over coffee", "written status updates", "monorepos", "typed languages", "a standing desk",
		"early flights", "email over chat for decisions", "dark themes", "one-on-ones every two weeks",
		"whiteboard sessions", "fewer dashboards", "feature branches", "remote-first meetings",
		"detailed tickets",
	}
	roles = []string{
		"staff engineer", "product manager", "data scientist", "site reliability engineer", "designer",
		"engineering manager", "security lead", "solutions architect", "support lead", "analyst",
		"tech lead", "recruiter", "finance partner", "QA engineer", "developer advocate",
	}
	teams = []string{
		"platform", "payments", "growth", "infrastructure", "data", "mobile", "security",
		"search", "billing", "support tooling", "identity", "observability",
	}
	reports = []string{
		"capacity report", "cost breakdown", "incident summary", "migration plan", "security review",
		"load test results", "quarterly metrics", "vendor comparison", "architecture proposal",
		"hiring update",
	}
	deadlines = []string{
		"by Friday", "by the end of the month", "before the quarterly planning", "next Tuesday",
		"by the end of the sprint", "before the board meeting", "within two weeks", "by Monday morning",
	}
)

// Dated material spans two and a half years; queries are asked at nowAt.
var (
	corpusStart = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	corpusEnd   = time.Date(2026, 6, 30, 0, 0, 0, 0, time.UTC)
	nowAt       = time.Date(2026, 7, 1, 9, 0, 0, 0, time.UTC)
)

// item is one synthetic memory, with a question that paraphrases it.
type item struct {
	typ                       schema.MemoryType
	claim                     string
	subject, attribute, value string
	mentions                  []schema.Mention
	saidAt                    time.Time
	validFrom                 *time.Time
	question                  string // a paraphrase asking for this memory
}

// pick returns one element of xs.
func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// other returns an element of xs different from not.
func other(r *rand.Rand, xs []string, not string) string {
	for {
		if x := pick(r, xs); x != not {
			return x
		}
	}
}

// makeItem is memory i of the corpus made with seed: the same (seed, i)
// always gives the same memory, so a larger corpus starts with a smaller
// one and the paraphrase queries find their memory at every N.
func makeItem(seed uint64, i int) item {
	r := rand.New(rand.NewPCG(seed, uint64(i)))
	span := corpusEnd.Sub(corpusStart)
	said := corpusStart.Add(time.Duration(r.Int64N(int64(span)))).Truncate(time.Minute)
	p, q := pick(r, people), ""
	q = other(r, people, p)
	proj, sys := pick(r, projects), pick(r, systems)
	sys2 := other(r, systems, sys)
	place, org, topic := pick(r, places), pick(r, orgs), pick(r, topics)
	person := func(n string) schema.Mention { return schema.Mention{Name: n, Kind: schema.KindPerson} }
	project := func(n string) schema.Mention { return schema.Mention{Name: n, Kind: schema.KindProject} }
	system := func(n string) schema.Mention { return schema.Mention{Name: n, Kind: schema.KindSystem} }
	placeM := func(n string) schema.Mention { return schema.Mention{Name: n, Kind: schema.KindPlace} }
	orgM := func(n string) schema.Mention { return schema.Mention{Name: n, Kind: schema.KindOrganisation} }
	day := func() time.Time { // an event a few days to a few weeks before it was mentioned
		d := said.AddDate(0, 0, -r.IntN(30)).Truncate(24 * time.Hour)
		return d
	}
	date := func(t time.Time) string { return t.Format("January 2, 2006") }
	it := item{saidAt: said}
	switch i % 5 {
	case 0: // decisions
		it.typ = schema.TypeDecision
		switch r.IntN(4) {
		case 0:
			it.claim = fmt.Sprintf("We decided to move project %s from %s to %s after the review with %s.", proj, sys, sys2, p)
			it.subject, it.attribute, it.value = proj, "runs on", sys2
			it.mentions = []schema.Mention{project(proj), system(sys), system(sys2), person(p)}
			it.question = fmt.Sprintf("Which platform is %s being migrated onto instead of %s?", proj, sys)
		case 1:
			team := pick(r, teams)
			it.claim = fmt.Sprintf("%s decided that %s for %s will be owned by the %s team from now on.", p, topic, proj, team)
			it.subject, it.attribute, it.value = proj, "owner of "+topic, team
			it.mentions = []schema.Mention{person(p), project(proj)}
			it.question = fmt.Sprintf("Which team is responsible for %s on %s?", topic, proj)
		case 2:
			it.claim = fmt.Sprintf("The %s team agreed to drop %s for %s and use %s instead.", pick(r, teams), sys, topic, sys2)
			it.subject, it.attribute, it.value = topic, "tool", sys2
			it.mentions = []schema.Mention{system(sys), system(sys2)}
			it.question = fmt.Sprintf("What replaced %s as the tool for %s?", sys, topic)
		default:
			month := said.AddDate(0, 1+r.IntN(5), 0).Format("January 2006")
			it.claim = fmt.Sprintf("%s and %s decided to postpone project %s until %s because of %s.", p, q, proj, month, topic)
			it.subject, it.attribute, it.value = proj, "start", month
			it.mentions = []schema.Mention{person(p), person(q), project(proj)}
			it.question = fmt.Sprintf("Why was %s pushed back, and until when?", proj)
		}
	case 1: // commitments
		it.typ = schema.TypeCommitment
		dl := pick(r, deadlines)
		switch r.IntN(3) {
		case 0:
			rep := pick(r, reports)
			it.claim = fmt.Sprintf("%s will send the %s for project %s %s.", p, rep, proj, dl)
			it.subject, it.attribute, it.value = p, "sends "+rep, proj
			it.mentions = []schema.Mention{person(p), project(proj)}
			it.question = fmt.Sprintf("Who promised to deliver the %s for %s?", rep, proj)
		case 1:
			it.claim = fmt.Sprintf("%s promised %s to finish %s for %s %s.", p, q, topic, proj, dl)
			it.subject, it.attribute, it.value = p, "finishes", topic
			it.mentions = []schema.Mention{person(p), person(q), project(proj)}
			it.question = fmt.Sprintf("What did %s commit to %s about %s?", p, q, topic)
		default:
			it.claim = fmt.Sprintf("I committed to review %s's proposal on %s with %s %s.", p, topic, sys, dl)
			it.subject, it.attribute, it.value = "I", "reviews", p+"'s proposal"
			it.mentions = []schema.Mention{person(p), system(sys)}
			it.question = fmt.Sprintf("Whose %s proposal do I still owe a review?", topic)
		}
	case 2: // preferences
		it.typ = schema.TypePreference
		pr := pick(r, prefs)
		switch r.IntN(3) {
		case 0:
			pr2 := other(r, prefs, pr)
			it.claim = fmt.Sprintf("%s prefers %s and dislikes %s.", p, pr, pr2)
			it.subject, it.attribute, it.value = p, "prefers", pr
			it.mentions = []schema.Mention{person(p)}
			it.question = fmt.Sprintf("What does %s like, and what does %s avoid?", p, p)
		case 1:
			it.claim = fmt.Sprintf("%s would rather use %s than %s for %s.", p, sys, sys2, topic)
			it.subject, it.attribute, it.value = p, "prefers for "+topic, sys
			it.mentions = []schema.Mention{person(p), system(sys), system(sys2)}
			it.question = fmt.Sprintf("Which tool does %s favour for %s?", p, topic)
		default:
			it.claim = fmt.Sprintf("On project %s, %s likes %s.", proj, p, pr)
			it.subject, it.attribute, it.value = p, "likes", pr
			it.mentions = []schema.Mention{project(proj), person(p)}
			it.question = fmt.Sprintf("How does %s like to work on %s?", p, proj)
		}
	case 3: // facts
		it.typ = schema.TypeFact
		switch r.IntN(5) {
		case 0:
			it.claim = fmt.Sprintf("Project %s runs on %s in the %s region and is owned by %s.", proj, sys, place, p)
			it.subject, it.attribute, it.value = proj, "runs on", sys
			it.mentions = []schema.Mention{project(proj), system(sys), placeM(place), person(p)}
			it.question = fmt.Sprintf("What infrastructure hosts %s, and who is its owner?", proj)
		case 1:
			role := pick(r, roles)
			it.claim = fmt.Sprintf("%s works at %s as a %s in %s.", p, org, role, place)
			it.subject, it.attribute, it.value = p, "works at", org
			it.mentions = []schema.Mention{person(p), orgM(org), placeM(place)}
			it.question = fmt.Sprintf("Where is %s employed and what is the job?", p)
		case 2:
			it.claim = fmt.Sprintf("The documentation for %s on %s lives in %s, and %s maintains it.", topic, proj, sys, p)
			it.subject, it.attribute, it.value = proj, "docs for "+topic, sys
			it.mentions = []schema.Mention{project(proj), system(sys), person(p)}
			it.question = fmt.Sprintf("Where are the %s docs for %s kept?", topic, proj)
		case 3:
			it.claim = fmt.Sprintf("%s's manager on the %s team is %s.", p, pick(r, teams), q)
			it.subject, it.attribute, it.value = p, "manager", q
			it.mentions = []schema.Mention{person(p), person(q)}
			it.question = fmt.Sprintf("Who does %s report to?", p)
		default:
			seats := 10 * (1 + r.IntN(200))
			it.claim = fmt.Sprintf("%s is a customer of project %s with a %d-seat contract negotiated by %s.", org, proj, seats, p)
			it.subject, it.attribute, it.value = org, "contract", fmt.Sprintf("%d seats", seats)
			it.mentions = []schema.Mention{orgM(org), project(proj), person(p)}
			it.question = fmt.Sprintf("How many seats did %s buy for %s?", org, proj)
		}
	default: // dated events
		it.typ = schema.TypeEvent
		d := day()
		it.validFrom = &d
		switch r.IntN(5) {
		case 0:
			it.claim = fmt.Sprintf("%s met %s in %s on %s to plan milestone %d of %s.", p, q, place, date(d), 1+r.IntN(12), proj)
			it.subject, it.attribute, it.value = p, "met", q
			it.mentions = []schema.Mention{person(p), person(q), placeM(place), project(proj)}
			it.question = fmt.Sprintf("When was the planning meeting between %s and %s in %s?", p, q, place)
		case 1:
			mins := 5 + r.IntN(240)
			it.claim = fmt.Sprintf("On %s, %s went down for %d minutes and %s led the incident for %s.", date(d), sys, mins, p, proj)
			it.subject, it.attribute, it.value = sys, "outage", fmt.Sprintf("%d minutes", mins)
			it.mentions = []schema.Mention{system(sys), person(p), project(proj)}
			it.question = fmt.Sprintf("When did the %s outage hit %s, and who handled it?", sys, proj)
		case 2:
			it.claim = fmt.Sprintf("%s presented %s to %s on %s.", p, topic, org, date(d))
			it.subject, it.attribute, it.value = p, "presented", topic
			it.mentions = []schema.Mention{person(p), orgM(org)}
			it.question = fmt.Sprintf("When did %s give the talk about %s to %s?", p, topic, org)
		case 3:
			v := fmt.Sprintf("%d.%d", 1+r.IntN(6), r.IntN(20))
			it.claim = fmt.Sprintf("Project %s shipped version %s on %s, announced by %s.", proj, v, date(d), p)
			it.subject, it.attribute, it.value = proj, "version", v
			it.mentions = []schema.Mention{project(proj), person(p)}
			it.question = fmt.Sprintf("When was %s %s released?", proj, v)
		default:
			place2 := other(r, places, place)
			it.claim = fmt.Sprintf("%s moved from %s to %s on %s to join %s.", p, place, place2, date(d), org)
			it.subject, it.attribute, it.value = p, "lives in", place2
			it.mentions = []schema.Mention{person(p), placeM(place), placeM(place2), orgM(org)}
			it.question = fmt.Sprintf("When did %s relocate to %s?", p, place2)
		}
	}
	return it
}

// query is one benchmark question.
type query struct {
	kind   string // entity, temporal, paraphrase
	text   string
	target string // paraphrase: the claim it asks for
}

// makeQueries returns n questions in a fixed mix: 40% about an entity,
// 30% asking when, 30% paraphrasing a memory among the first smallestN
// (so it exists at every N of the run).
func makeQueries(seed uint64, n, smallestN int) []query {
	r := rand.New(rand.NewPCG(seed^0x9e3779b97f4a7c15, 7))
	out := make([]query, 0, n)
	for i := range n {
		switch i % 10 {
		case 0, 3, 6, 8: // entity
			var t string
			switch r.IntN(6) {
			case 0:
				t = fmt.Sprintf("What did %s decide about %s?", pick(r, people), pick(r, projects))
			case 1:
				t = fmt.Sprintf("Who owns project %s?", pick(r, projects))
			case 2:
				t = fmt.Sprintf("What does %s prefer?", pick(r, people))
			case 3:
				t = fmt.Sprintf("Which system does %s run on?", pick(r, projects))
			case 4:
				t = fmt.Sprintf("What do we know about %s and %s?", pick(r, orgs), pick(r, projects))
			default:
				t = fmt.Sprintf("What is %s working on with %s?", pick(r, people), pick(r, systems))
			}
			out = append(out, query{kind: "entity", text: t})
		case 1, 4, 9: // temporal
			var t string
			switch r.IntN(6) {
			case 0:
				p := pick(r, people)
				t = fmt.Sprintf("When did %s meet %s?", p, other(r, people, p))
			case 1:
				t = fmt.Sprintf("When did %s ship its last release?", pick(r, projects))
			case 2:
				t = fmt.Sprintf("When did %s last go down?", pick(r, systems))
			case 3:
				t = fmt.Sprintf("What happened in %s last month?", pick(r, places))
			case 4:
				t = fmt.Sprintf("When did %s move to %s?", pick(r, people), pick(r, places))
			default:
				t = fmt.Sprintf("What did %s commit to last week?", pick(r, people))
			}
			out = append(out, query{kind: "temporal", text: t})
		default: // paraphrase
			it := makeItem(seed, r.IntN(smallestN))
			out = append(out, query{kind: "paraphrase", text: it.question, target: it.claim})
		}
	}
	return out
}
