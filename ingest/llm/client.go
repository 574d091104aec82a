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
	"github.com/persistmemory/persistmemory/schema"
)

// recordTimeout bounds the write of one usage record.
const recordTimeout = 5 * time.Second

// chatClient is what the Extractor and the Judge share: one
// chat-completions endpoint with its key, model, prices, retries and
// bounds, and the recording of every call's usage. It is safe for
// concurrent use.
type chatClient struct {
	endpoint    string
	key         string
	model       string
	prices      map[string]Price
	usage       UsageRecorder
	client      *http.Client
	timeout     time.Duration
	maxAttempts int
	backoff     time.Duration
	maxResponse int
	log         *slog.Logger
	now         func() time.Time
}

// newChatClient validates cfg and returns the client it describes; it
// does no I/O. Config.Fallback is not read.
func newChatClient(cfg Config) (chatClient, error) {
	if err := cfg.Validate(); err != nil {
		return chatClient{}, err
	}
	endpoint, _ := cfg.endpoint()
	c := chatClient{
		endpoint:    endpoint,
		key:         cfg.APIKey,
		model:       cfg.Model,
		prices:      map[string]Price{},
		usage:       cfg.Usage,
		client:      cfg.HTTPClient,
		timeout:     orDefault(cfg.Timeout, DefaultTimeout),
		maxAttempts: orDefault(cfg.MaxAttempts, DefaultMaxAttempts),
		backoff:     orDefault(cfg.RetryBackoff, DefaultRetryBackoff),
		maxResponse: orDefault(cfg.MaxResponseBytes, DefaultMaxResponseBytes),
		log:         cfg.Logger,
		now:         cfg.Now,
	}
	for m, p := range cfg.Prices {
		c.prices[m] = p
	}
	if c.client == nil {
		c.client = &http.Client{}
	}
	if c.log == nil {
		c.log = slog.New(slog.DiscardHandler)
	}
	if c.now == nil {
		c.now = time.Now
	}
	return c, nil
}

// Model returns Config.Model.
func (c *chatClient) Model() string { return c.model }

// request encodes a chat completion of the system and user messages at
// temperature 0 whose answer must match the named schema (strict).
func (c *chatClient) request(system, user, name string, schemaJSON []byte) ([]byte, error) {
	body, err := json.Marshal(chatRequest{
		Model: c.model,
		Messages: []chatMessage{
			{Role: "system", Content: system},
			{Role: "user", Content: user},
		},
		ResponseFormat: responseFormat{Type: "json_schema", JSONSchema: jsonSchema{Name: name, Strict: true, Schema: schemaJSON}},
		Temperature:    0,
	})
	if err != nil {
		return nil, fmt.Errorf("encode the request: %w", err)
	}
	return body, nil
}

// usageRecord describes one call made for purpose; fail says why it
// failed (nil when it did not).
func (c *chatClient) usageRecord(purpose string, res callResult, fail error) schema.UsageRecord {
	rec := schema.UsageRecord{
		Model:        c.model,
		Purpose:      purpose,
		InputTokens:  res.inputTokens,
		OutputTokens: res.outputTokens,
		Attempts:     res.attempts,
		At:           c.now().UTC(),
	}
	if p, ok := c.prices[c.model]; ok {
		rec.Priced, rec.CostUSD = true, p.cost(res.inputTokens, res.outputTokens)
	}
	if fail != nil {
		rec.Failed = true
		rec.FailureReason = clipBytes(redact(fail.Error(), c.key), schema.MaxUsageReasonBytes)
	}
	return rec
}

// record stores rec against the owner in ctx, even when ctx has ended:
// the call was made and may be billed. attrs say what the call was about
// in the logs (ids, never text).
func (c *chatClient) record(ctx context.Context, rec schema.UsageRecord, attrs ...any) {
	if c.usage == nil {
		return
	}
	owner, ok := ingest.OwnerOf(ctx)
	if !ok {
		c.log.DebugContext(ctx, "model usage not recorded: no owner in the context", append(attrs, "model", c.model)...)
		return
	}
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordTimeout)
	defer cancel()
	if err := c.usage.RecordUsage(rctx, owner, rec); err != nil {
		c.log.WarnContext(ctx, "could not record model usage", append(attrs, "model", c.model, "err", err)...)
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

// call sends body, retrying as the package documentation says; purpose
// names the call in the logs.
func (c *chatClient) call(ctx context.Context, purpose string, body []byte) callResult {
	var res callResult
	for attempt := 1; ; attempt++ {
		res.attempts = attempt
		wait, err := c.attempt(ctx, body, &res)
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
		if attempt >= c.maxAttempts {
			res.err = fmt.Errorf("%w (gave up after %d attempts)", err, attempt)
			return res
		}
		if wait == 0 {
			wait = backoff(c.backoff, attempt)
		}
		if wait > MaxRetryWait {
			res.err = fmt.Errorf("%w (the provider asks to retry after %v, longer than %v)", err, wait, MaxRetryWait)
			return res
		}
		c.log.WarnContext(ctx, "model request failed; retrying",
			"purpose", purpose, "model", c.model, "attempt", attempt, "max_attempts", c.maxAttempts, "wait", wait, "reason", redact(err.Error(), c.key))
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
func (c *chatClient) attempt(ctx context.Context, body []byte, res *callResult) (wait time.Duration, err error) {
	actx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, http.MethodPost, c.endpoint, bytes.NewReader(body))
	if err != nil {
		return -1, fmt.Errorf("build the request: %w", err)
	}
	if c.key != "" {
		req.Header.Set("Authorization", "Bearer "+c.key)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "persistmemory")

	resp, err := c.client.Do(req)
	if err != nil {
		if ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
			return 0, fmt.Errorf("no answer within %v", c.timeout)
		}
		// *url.Error names the method and URL, never the headers.
		return 0, fmt.Errorf("request failed: %w", err)
	}
	defer resp.Body.Close()

	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		data, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
		err := fmt.Errorf("HTTP %d %s", resp.StatusCode, http.StatusText(resp.StatusCode))
		if msg := sanitize(providerMessage(data), c.key); msg != "" {
			err = fmt.Errorf("HTTP %d %s: %s", resp.StatusCode, http.StatusText(resp.StatusCode), msg)
		}
		if !retryable(resp.StatusCode) {
			return -1, err
		}
		wait, _ := retryAfter(resp.Header, time.Now())
		return wait, err
	}

	data, err := io.ReadAll(io.LimitReader(resp.Body, int64(c.maxResponse)+1))
	if err != nil {
		if ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
			return 0, fmt.Errorf("the answer did not arrive within %v", c.timeout)
		}
		return 0, fmt.Errorf("read the answer: %w", err)
	}
	if len(data) > c.maxResponse {
		return -1, fmt.Errorf("the answer is larger than %d bytes", c.maxResponse)
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
	ch := r.Choices[0]
	switch {
	case ch.Message.Refusal != nil && *ch.Message.Refusal != "":
		return -1, fmt.Errorf("the model refused: %s", sanitize(*ch.Message.Refusal, c.key))
	case ch.FinishReason == "length":
		return -1, errors.New("the answer was cut at the model's token limit")
	case ch.FinishReason == "content_filter":
		return -1, errors.New("the provider's content filter withheld the answer")
	case ch.Message.Content == nil || strings.TrimSpace(*ch.Message.Content) == "":
		return -1, errors.New("the answer has no content")
	}
	res.content = *ch.Message.Content
	return 0, nil
}

// redact removes the key from s.
func redact(s, key string) string {
	if key == "" {
		return s
	}
	return strings.ReplaceAll(s, key, "[REDACTED]")
}
