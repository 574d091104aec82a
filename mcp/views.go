package mcp

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"html/template"
	"strings"
	"sync"
	"time"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/persistmemory/persistmemory/schema"
)

// Views: five tools (search_memory, memory_detail, memory_timeline,
// review_conflicts, resolve_conflict) render what they answered as an HTML
// page, so the person sees the memories the model was given rather than
// only the model's account of them. Following MCP Apps (SEP-1865), a view
// is a resource with a ui:// URI and the MIME type
// text/html;profile=mcp-app, linked from the tool result's _meta under
// "ui" {"resourceUri"} and the older flat key "ui/resourceUri". Each view
// is a snapshot of one answer, kept in the State for ViewTTL: rendering it
// again later could show memories the model was never given. It is read
// with resources/read by the owner whose call made it; another owner's
// view reads as missing.
//
// Memories are user content, written by whoever sent an email: every
// value goes through html/template's contextual escaping, and the page is
// self-contained (inline style, no script, no external fetch) under a
// Content-Security-Policy that forbids scripts and fetches anyway.

const (
	// ViewMIMEType is the MCP Apps profile of HTML.
	ViewMIMEType = "text/html;profile=mcp-app"
	// ViewURIPrefix starts every view's URI; the rest is a random id.
	ViewURIPrefix = "ui://persistmemory/views/"
	// ViewTTL is how long a view can be read after the call that made it.
	ViewTTL = time.Hour
	// MaxViews bounds the views kept; past it the oldest is forgotten.
	MaxViews = 2000
)

// Meta keys of the tool result that link its view.
const (
	metaUI            = "ui"
	metaUIResourceURI = "ui/resourceUri"
)

// viewDoc is what a view shows, in a shape one template renders.
type viewDoc struct {
	Title    string
	Intro    []string
	Sections []viewSection
	Note     string
	Made     time.Time
}

type viewSection struct {
	Heading string
	Lines   []string
	Items   []viewItem
}

// viewItem is one memory (or one line said) as the model was given it.
type viewItem struct {
	Claim  string
	Badges []string
	Facts  []viewFact
	Quotes []string
}

type viewFact struct{ Label, Value string }

// viewer is an answer that renders a view of itself; in is what was
// asked.
type viewer[In any] interface {
	view(in In) viewDoc
}

// views keeps rendered views per owner. Safe for concurrent use.
type views struct {
	mu   sync.Mutex
	byID map[string]storedView
}

type storedView struct {
	owner schema.Owner
	html  string
	made  time.Time
}

func (v *views) put(owner schema.Owner, html string, now time.Time) string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	id := hex.EncodeToString(b[:])
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.byID == nil {
		v.byID = map[string]storedView{}
	}
	if len(v.byID) >= MaxViews {
		var oldest string
		var at time.Time
		for k, s := range v.byID {
			if now.Sub(s.made) > ViewTTL {
				delete(v.byID, k)
				continue
			}
			if oldest == "" || s.made.Before(at) || s.made.Equal(at) && k < oldest {
				oldest, at = k, s.made
			}
		}
		if len(v.byID) >= MaxViews {
			delete(v.byID, oldest)
		}
	}
	v.byID[id] = storedView{owner: owner, html: html, made: now}
	return ViewURIPrefix + id
}

func (v *views) get(owner schema.Owner, uri string, now time.Time) (string, bool) {
	id, ok := strings.CutPrefix(uri, ViewURIPrefix)
	if !ok {
		return "", false
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	s, ok := v.byID[id]
	if !ok || s.owner != owner {
		return "", false
	}
	if now.Sub(s.made) > ViewTTL {
		delete(v.byID, id)
		return "", false
	}
	return s.html, true
}

// attachView renders out's view, when it has one, keeps it for c's owner
// and returns the result linking it; nil when out has no view.
func attachView[In, Out any](svc Services, c Caller, in In, out Out) *gomcp.CallToolResult {
	v, ok := any(out).(viewer[In])
	if !ok {
		return nil
	}
	now := svc.State.now()
	doc := v.view(in)
	doc.Made = now
	html, err := renderView(doc)
	if err != nil {
		svc.log().Error("render view", "err", err)
		return nil
	}
	uri := svc.State.views.put(c.Owner, html, now)
	return &gomcp.CallToolResult{Meta: gomcp.Meta{
		metaUI:            map[string]any{"resourceUri": uri},
		metaUIResourceURI: uri,
	}}
}

// registerViews serves the views to their owner.
func registerViews(s *gomcp.Server, svc Services, c Caller) {
	s.AddResourceTemplate(&gomcp.ResourceTemplate{
		Name:        "view",
		Title:       "What the model was given",
		Description: "The memories one tool call gave the model, as a page for the person: claims, dates, state and conflicts. Linked from the result of search_memory, memory_detail, memory_timeline, review_conflicts and resolve_conflict; kept for an hour.",
		MIMEType:    ViewMIMEType,
		URITemplate: ViewURIPrefix + "{id}",
	}, func(_ context.Context, req *gomcp.ReadResourceRequest) (*gomcp.ReadResourceResult, error) {
		uri := req.Params.URI
		if !hasScope(c, ScopeRead) {
			return nil, fmt.Errorf("this connection lacks the %s permission, which reading a view needs", ScopeRead)
		}
		html, ok := svc.State.views.get(c.Owner, uri, svc.State.now())
		if !ok {
			return nil, gomcp.ResourceNotFoundError(uri)
		}
		return &gomcp.ReadResourceResult{Contents: []*gomcp.ResourceContents{{URI: uri, MIMEType: ViewMIMEType, Text: html}}}, nil
	})
}

var viewTemplate = template.Must(template.New("view").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; form-action 'none'; base-uri 'none'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:12px 16px;color:#1b1b1f;background:#fff}
h1{font-size:16px;margin:0 0 6px}h2{font-size:14px;margin:16px 0 6px}
p{margin:4px 0}.intro{color:#44464f}.note{margin-top:14px;padding:8px 10px;background:#f3f3f7;border-radius:6px}
ol{padding-left:20px;margin:0}li{margin:0 0 10px}
.claim{font-weight:600;white-space:pre-wrap;overflow-wrap:anywhere}
.badge{display:inline-block;font-size:11px;padding:0 6px;margin-right:4px;border-radius:8px;background:#e6e6ee;color:#333}
.facts{font-size:12px;color:#55575f}.facts span{margin-right:12px}
blockquote{margin:4px 0;padding:2px 8px;border-left:3px solid #c9c9d6;color:#44464f;white-space:pre-wrap;overflow-wrap:anywhere}
footer{margin-top:14px;font-size:11px;color:#77798a}
</style>
</head>
<body>
<h1>{{.Title}}</h1>
{{range .Intro}}<p class="intro">{{.}}</p>
{{end}}
{{- range .Sections}}<section>
{{if .Heading}}<h2>{{.Heading}}</h2>
{{end}}{{range .Lines}}<p>{{.}}</p>
{{end}}{{if .Items}}<ol>
{{range .Items}}<li><div class="claim">{{.Claim}}</div>
<div>{{range .Badges}}<span class="badge">{{.}}</span>{{end}}</div>
{{if .Facts}}<div class="facts">{{range .Facts}}<span>{{.Label}}: {{.Value}}</span>{{end}}</div>
{{end}}{{range .Quotes}}<blockquote>{{.}}</blockquote>
{{end}}</li>
{{end}}</ol>
{{end}}</section>
{{end}}
{{- if .Note}}<p class="note">{{.Note}}</p>
{{end}}<footer>PersistMemory · what the model was given at {{.Made.UTC.Format "2006-01-02 15:04 UTC"}}</footer>
</body>
</html>
`))

func renderView(d viewDoc) (string, error) {
	var b bytes.Buffer
	if err := viewTemplate.Execute(&b, d); err != nil {
		return "", err
	}
	return b.String(), nil
}

// memoryItem shows one memory: its claim, type and state, and its dates.
func memoryItem(m schema.Memory) viewItem {
	it := viewItem{Claim: m.Claim}
	if m.Type != "" {
		it.Badges = append(it.Badges, string(m.Type))
	}
	if m.State != "" {
		it.Badges = append(it.Badges, string(m.State))
	}
	if m.Confirmed {
		it.Badges = append(it.Badges, "confirmed by the person")
	}
	if m.Negated {
		it.Badges = append(it.Badges, "negated")
	}
	add := func(label, value string) { it.Facts = append(it.Facts, viewFact{label, value}) }
	if m.ValidFrom != nil {
		add("valid from", day(*m.ValidFrom))
	}
	if m.ValidTo != nil {
		add("valid until", day(*m.ValidTo))
	}
	if m.SaidAt != nil {
		add("said", day(*m.SaidAt))
	}
	if !m.RecordedAt.IsZero() {
		add("recorded", day(m.RecordedAt))
	}
	if m.Confidence > 0 {
		add("confidence", fmt.Sprintf("%.2f", m.Confidence))
	}
	if m.SpaceID != "" {
		add("Space", m.SpaceID)
	}
	if m.ID != "" {
		add("id", m.ID)
	}
	if m.Excerpt != "" {
		it.Quotes = append(it.Quotes, m.Excerpt)
	}
	return it
}

func (o searchOut) view(in searchIn) viewDoc {
	d := viewDoc{Title: "What the model was given", Intro: []string{fmt.Sprintf("Asked: “%s”", in.Query), o.Scope.Note}}
	sec := viewSection{Heading: plural(len(o.Memories), "memory", "memories") + ", best first"}
	for _, it := range o.Memories {
		var vi viewItem
		if it.Memory.ID == "" && it.Turn != nil {
			t := it.Turn
			vi = viewItem{Claim: t.Text, Badges: []string{"said in a conversation"}, Facts: []viewFact{{"by", t.Author}, {"said", day(t.SaidAt)}, {"id", t.ID}}}
		} else {
			vi = memoryItem(it.Memory)
		}
		vi.Facts = append(vi.Facts, viewFact{"rank", fmt.Sprint(it.Rank)}, viewFact{"score", fmt.Sprintf("%.3f", it.Score)})
		sec.Items = append(sec.Items, vi)
	}
	if len(o.Memories) == 0 {
		sec.Lines = []string{"Nothing was found: the model was given no memories."}
	}
	d.Sections = []viewSection{sec}
	var notes []string
	if o.Truncated || o.Omitted.Count > 0 {
		notes = append(notes, fmt.Sprintf("%s did not fit and were not given to the model.", plural(o.Omitted.Count, "more memory", "more memories")))
	}
	if o.Diagnostics.Degraded {
		notes = append(notes, "The search ran degraded: "+strings.Join(o.Diagnostics.Reasons, "; ")+".")
	}
	d.Note = strings.Join(notes, " ")
	return d
}

func (o memoryDetailOut) view(memoryIn) viewDoc {
	m := o.Memory
	d := viewDoc{Title: "Memory " + m.ID, Intro: []string{o.Summary}}
	d.Sections = append(d.Sections, viewSection{Items: []viewItem{memoryItem(m)}})
	ev := viewSection{Heading: fmt.Sprintf("What it rests on (%s from %s)", plural(len(o.Evidence), "excerpt", "excerpts"), plural(o.EvidenceCount, "document", "documents"))}
	for _, e := range o.Evidence {
		vi := viewItem{Claim: e.Excerpt, Facts: []viewFact{{"said", day(e.SaidAt)}}}
		if e.Author != "" {
			vi.Facts = append(vi.Facts, viewFact{"by", e.Author})
		}
		if e.Source != "" {
			vi.Facts = append(vi.Facts, viewFact{"source", e.Source})
		}
		ev.Items = append(ev.Items, vi)
	}
	d.Sections = append(d.Sections, ev)
	if len(o.Conflicts) > 0 {
		sec := viewSection{Heading: "In open conflict"}
		for _, cf := range o.Conflicts {
			sec.Lines = append(sec.Lines, fmt.Sprintf("%s (%s): %s", cf.ID, strings.Join(cf.MemoryIDs[:], " versus "), cf.Reason))
		}
		d.Sections = append(d.Sections, sec)
	}
	if len(o.SupersededBy) > 0 {
		d.Sections = append(d.Sections, viewSection{Heading: "Replaced by", Lines: o.SupersededBy})
	}
	return d
}

func (o timelineOut) view(memoryIn) viewDoc {
	d := viewDoc{Title: "History of " + o.ID, Intro: []string{o.Summary}}
	sec := viewSection{Heading: "Versions, oldest first"}
	for _, v := range o.Versions {
		vi := memoryItem(v.Memory)
		for _, ch := range v.Changes {
			vi.Facts = append(vi.Facts, viewFact{"changed " + ch.Field, fmt.Sprintf("“%s” → “%s”", ch.Before, ch.After)})
		}
		if v.ReplacedAt != nil {
			vi.Facts = append(vi.Facts, viewFact{"replaced the previous version", day(*v.ReplacedAt)})
		}
		if v.Reason != "" {
			vi.Facts = append(vi.Facts, viewFact{"why", v.Reason})
		}
		if v.Until != nil {
			vi.Facts = append(vi.Facts, viewFact{"stopped being true", day(*v.Until)})
		}
		sec.Items = append(sec.Items, vi)
	}
	d.Sections = []viewSection{sec}
	return d
}

// conflictSection shows one conflict with both sides.
func conflictSection(cf conflictOut) viewSection {
	sec := viewSection{Heading: fmt.Sprintf("Conflict %s (%s, since %s)", cf.ID, cf.State, day(cf.CreatedAt))}
	if cf.Reason != "" {
		sec.Lines = append(sec.Lines, "Why they conflict: "+cf.Reason)
	}
	if cf.KeptID != "" {
		sec.Lines = append(sec.Lines, "The person kept "+cf.KeptID+".")
	}
	for _, m := range cf.Sides {
		sec.Items = append(sec.Items, memoryItem(m))
	}
	return sec
}

func (o reviewOut) view(in reviewIn) viewDoc {
	state := in.State
	if state == "" {
		state = string(schema.ConflictOpen)
	}
	d := viewDoc{Title: "Conflicts", Intro: []string{fmt.Sprintf("Which: %s; %s.", state, plural(len(o.Conflicts), "conflict", "conflicts"))}, Note: o.Note}
	for _, cf := range o.Conflicts {
		d.Sections = append(d.Sections, conflictSection(cf))
	}
	return d
}

func (o resolveOut) view(resolveIn) viewDoc {
	return viewDoc{Title: "Conflict " + o.Conflict.ID + ": nothing was settled", Sections: []viewSection{conflictSection(o.Conflict)}, Note: o.Instruction}
}

var (
	_ viewer[searchIn]  = searchOut{}
	_ viewer[memoryIn]  = memoryDetailOut{}
	_ viewer[memoryIn]  = timelineOut{}
	_ viewer[reviewIn]  = reviewOut{}
	_ viewer[resolveIn] = resolveOut{}
)
