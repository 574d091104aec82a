package llm

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/ingest/rules"
	"github.com/persistmemory/persistmemory/schema"
)

var _ ingest.Extractor = (*Extractor)(nil)

// Extractor extracts memories with a language model and falls back to
// another extractor when the model's answer cannot be used (see the
// package documentation). It is safe for concurrent use.
type Extractor struct {
	chatClient
	fallback ingest.Extractor
}

// New validates cfg and returns an Extractor. It does no I/O.
func New(cfg Config) (*Extractor, error) {
	c, err := newChatClient(cfg)
	if err != nil {
		return nil, err
	}
	e := &Extractor{chatClient: c, fallback: cfg.Fallback}
	if e.fallback == nil {
		e.fallback = rules.Extractor{}
	}
	return e, nil
}

// Extract returns the memories the model found in doc or, when its answer
// cannot be used, those the fallback extractor finds. It returns an error
// only when ctx ends (or the fallback fails).
func (e *Extractor) Extract(ctx context.Context, doc schema.Document) ([]schema.Memory, error) {
	mems, _, err := e.extract(ctx, doc)
	return mems, err
}

// outcome says what became of one Extract, for tests.
type outcome struct {
	called   bool               // a request was sent
	fellBack bool               // the fallback extractor answered
	dropped  int                // memories dropped for an excerpt not in the document
	usage    schema.UsageRecord // what was recorded (when called)
}

func (e *Extractor) extract(ctx context.Context, doc schema.Document) ([]schema.Memory, outcome, error) {
	var out outcome
	ref := doc.SaidAt
	if ref.IsZero() {
		ref = doc.CreatedAt
	}
	ref = ref.UTC()
	text := strings.ReplaceAll(doc.Text, "\r\n", "\n")
	if len(text) > MaxDocumentBytes {
		e.log.WarnContext(ctx, "document too long for the extraction model; using the rules",
			"document", doc.ID, "bytes", len(text), "limit", MaxDocumentBytes)
		out.fellBack = true
		mems, err := e.fallback.Extract(ctx, doc)
		return mems, out, err
	}

	res := e.callModel(ctx, text, ref)
	out.called = true
	var mems []schema.Memory
	fail := res.err
	if fail == nil {
		mems, out.dropped, fail = parseAnswer(res.content, text, ref)
	}
	out.usage = e.usageRecord(schema.UsagePurposeExtraction, res, fail)
	e.record(ctx, out.usage, "document", doc.ID)
	if err := ctx.Err(); err != nil {
		return nil, out, err
	}
	if out.dropped > 0 && fail == nil {
		e.log.WarnContext(ctx, "extraction model quoted excerpts that are not in the document; dropped those memories",
			"document", doc.ID, "model", e.model, "dropped", out.dropped, "kept", len(mems))
	}
	if fail != nil {
		e.log.WarnContext(ctx, "extraction model failed; using the rules",
			"document", doc.ID, "model", e.model, "attempts", res.attempts, "reason", out.usage.FailureReason)
		out.fellBack = true
		mems, err := e.fallback.Extract(ctx, doc)
		return mems, out, err
	}
	return mems, out, nil
}

// callModel asks the model for the memories of text, said at ref.
func (e *Extractor) callModel(ctx context.Context, text string, ref time.Time) callResult {
	said := "an unknown time"
	if !ref.IsZero() {
		said = ref.Format(saidLayout)
	}
	body, err := e.request(fmt.Sprintf(systemPrompt, said), text, schemaName, schemaJSON)
	if err != nil {
		return callResult{err: err}
	}
	return e.call(ctx, schema.UsagePurposeExtraction, body)
}
