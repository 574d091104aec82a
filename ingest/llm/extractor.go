package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/ingest/rules"
	"github.com/persistmemory/persistmemory/schema"
)

// recordTimeout bounds the write of one usage record.
const recordTimeout = 5 * time.Second

var _ ingest.Extractor = (*Extractor)(nil)

// Extractor extracts memories with a language model and falls back to
// another extractor when the model's answer cannot be used (see the
// package documentation). It is safe for concurrent use.
type Extractor struct {
	endpoint    string
	key         string
	model       string
	prices      map[string]Price
	usage       UsageRecorder
	fallback    ingest.Extractor
	client      *http.Client
	timeout     time.Duration
	maxAttempts int
	backoff     time.Duration
	maxResponse int
	log         *slog.Logger
	now         func() time.Time
}

// New validates cfg and returns an Extractor. It does no I/O.
func New(cfg Config) (*Extractor, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	endpoint, _ := cfg.endpoint()
	e := &Extractor{
		endpoint:    endpoint,
		key:         cfg.APIKey,
		model:       cfg.Model,
		prices:      map[string]Price{},
		usage:       cfg.Usage,
		fallback:    cfg.Fallback,
		client:      cfg.HTTPClient,
		timeout:     orDefault(cfg.Timeout, DefaultTimeout),
		maxAttempts: orDefault(cfg.MaxAttempts, DefaultMaxAttempts),
		backoff:     orDefault(cfg.RetryBackoff, DefaultRetryBackoff),
		maxResponse: orDefault(cfg.MaxResponseBytes, DefaultMaxResponseBytes),
		log:         cfg.Logger,
		now:         cfg.Now,
	}
	for m, p := range cfg.Prices {
		e.prices[m] = p
	}
	if e.fallback == nil {
		e.fallback = rules.Extractor{}
	}
	if e.client == nil {
		e.client = &http.Client{}
	}
	if e.log == nil {
		e.log = slog.New(slog.DiscardHandler)
	}
	if e.now == nil {
		e.now = time.Now
	}
	return e, nil
}

// Model returns Config.Model.
func (e *Extractor) Model() string { return e.model }

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

	res := e.call(ctx, text, ref)
	out.called = true
	var mems []schema.Memory
	fail := res.err
	if fail == nil {
		mems, out.dropped, fail = parseAnswer(res.content, text, ref)
	}
	out.usage = e.usageRecord(res, fail)
	e.record(ctx, doc, out.usage)
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

// usageRecord describes one call.
func (e *Extractor) usageRecord(res callResult, fail error) schema.UsageRecord {
	rec := schema.UsageRecord{
		Model:        e.model,
		Purpose:      schema.UsagePurposeExtraction,
		InputTokens:  res.inputTokens,
		OutputTokens: res.outputTokens,
		Attempts:     res.attempts,
		At:           e.now().UTC(),
	}
	if p, ok := e.prices[e.model]; ok {
		rec.Priced, rec.CostUSD = true, p.cost(res.inputTokens, res.outputTokens)
	}
	if fail != nil {
		rec.Failed = true
		rec.FailureReason = clipBytes(redact(fail.Error(), e.key), schema.MaxUsageReasonBytes)
	}
	return rec
}

// record stores rec against the owner in ctx, even when ctx has ended:
// the call was made and may be billed.
func (e *Extractor) record(ctx context.Context, doc schema.Document, rec schema.UsageRecord) {
	if e.usage == nil {
		return
	}
	owner, ok := ingest.OwnerOf(ctx)
	if !ok {
		e.log.DebugContext(ctx, "model usage not recorded: no owner in the context", "document", doc.ID, "model", e.model)
		return
	}
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordTimeout)
	defer cancel()
	if err := e.usage.RecordUsage(rctx, owner, rec); err != nil {
		e.log.WarnContext(ctx, "could not record model usage", "document", doc.ID, "model", e.model, "err", err)
	}
}

// callResult is what one call (all its attempts) gave.
type callResult struct {
	content                   string
	inputTokens, outputTokens int
	attempts                  int
	// err says why the call failed, in words that never hold the key.
	err error
}

// call sends the request, retrying as the package documentation says.
func (e *Extractor) call(ctx context.Context, text string, ref time.Time) callResult {
	said := "an unknown time"
	if !ref.IsZero() {
		said = ref.Format("Monday 2 January 2006, 15:04 MST")
	}
	body, err := json.Marshal(chatRequest{
		Model: e.model,
		Messages: []chatMessage{
			{Role: "system", Content: fmt.Sprintf(systemPrompt, said)},
			{Role: "user", Content: text},
		},
		ResponseFormat: responseFormat{Type: "json_schema", JSONSchema: jsonSchema{Name: schemaName, Strict: true, Schema: schemaJSON}},
		Temperature:    0,
	})
	if err != nil {
		return callResult{err: fmt.Errorf("encode the request: %w", err)}
	}
	var res callResult
	for attempt := 1; ; attempt++ {
		res.attempts = attempt
		wait, err := e.attempt(ctx, body, &res)
		if err == nil {
			res.err = nil
			return res
		}
		res.err = err
		if ctx.Err() != nil {
			res.err = fmt.Errorf("cancelled: %w", ctx.Err())
			return res
		}
		if wait < 0 {
			return res
		}
		if attempt >= e.maxAttempts {
			res.err = fmt.Errorf("%w (gave up after %d attempts)", err, attempt)
			return res
		}
		if wait == 0 {
			wait = backoff(e.backoff, attempt)
		}
		if wait > MaxRetryWait {
			res.err = fmt.Errorf("%w (the provider asks to retry after %v, longer than %v)", err, wait, MaxRetryWait)
			return res
		}
		e.log.WarnContext(ctx, "extraction request failed; retrying",
			"model", e.model, "attempt", attempt, "max_attempts", e.maxAttempts, "wait", wait, "reason", redact(err.Error(), e.key))
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			res.err = fmt.Errorf("cancelled: %w", ctx.Err())
			return res
		case <-t.C:
		}
	}
}

// attempt makes one request and fills res from a 200 answer. On failure
// wait is -1 when retrying is pointless, 0 when the default backoff
// applies, or what the provider asked for.
func (e *Extractor) attempt(ctx context.Context, body []byte, res *callResult) (wait time.Duration, err error) {
	actx, cancel := context.WithTimeout(ctx, e.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, http.MethodPost, e.endpoint, bytes.NewReader(body))
	if err != nil {
		return -1, fmt.Errorf("build the request: %w", err)
	}
	if e.key != "" {
		req.Header.Set("Authorization", "Bearer "+e.key)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "persistmemory")

	resp, err := e.client.Do(req)
	if err != nil {
		if ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
			return 0, fmt.Errorf("no answer within %v", e.timeout)
		}
		// *url.Error names the method and URL, never the headers.
		return 0, fmt.Errorf("request failed: %w", err)
	}
	defer resp.Body.Close()

	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		data, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
		err := fmt.Errorf("HTTP %d %s", resp.StatusCode, http.StatusText(resp.StatusCode))
		if msg := sanitize(providerMessage(data), e.key); msg != "" {
			err = fmt.Errorf("HTTP %d %s: %s", resp.StatusCode, http.StatusText(resp.StatusCode), msg)
		}
		if !retryable(resp.StatusCode) {
			return -1, err
		}
		wait, _ := retryAfter(resp.Header, time.Now())
		return wait, err
	}

	data, err := io.ReadAll(io.LimitReader(resp.Body, int64(e.maxResponse)+1))
	if err != nil {
		if ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
			return 0, fmt.Errorf("the answer did not arrive within %v", e.timeout)
		}
		return 0, fmt.Errorf("read the answer: %w", err)
	}
	if len(data) > e.maxResponse {
		return -1, fmt.Errorf("the answer is larger than %d bytes", e.maxResponse)
	}
	var r chatResponse
	if err := json.Unmarshal(data, &r); err != nil {
		return -1, fmt.Errorf("the answer is not a chat completion: %w", err)
	}
	if r.Usage != nil {
		res.inputTokens, res.outputTokens = max(r.Usage.PromptTokens, 0), max(r.Usage.CompletionTokens, 0)
	}
	if len(r.Choices) == 0 {
		return -1, errors.New("the answer has no choices")
	}
	c := r.Choices[0]
	switch {
	case c.Message.Refusal != nil && *c.Message.Refusal != "":
		return -1, fmt.Errorf("the model refused: %s", sanitize(*c.Message.Refusal, e.key))
	case c.FinishReason == "length":
		return -1, errors.New("the answer was cut at the model's token limit")
	case c.FinishReason == "content_filter":
		return -1, errors.New("the provider's content filter withheld the answer")
	case c.Message.Content == nil || strings.TrimSpace(*c.Message.Content) == "":
		return -1, errors.New("the answer has no content")
	}
	res.content = *c.Message.Content
	return 0, nil
}

// redact removes the key from s.
func redact(s, key string) string {
	if key == "" {
		return s
	}
	return strings.ReplaceAll(s, key, "[REDACTED]")
}
