package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"golang.org/x/time/rate"
)

// ClientRate keeps a credential under the API's per-credential limit
// (api.RateLimitPerSecond = 50, burst 100), so latencies are not inflated
// by 429s. Waiting for the limiter is not counted as latency.
const (
	ClientRate  = 45
	ClientBurst = 20
	maxAttempts = 8
)

// Client calls the PersistMemory HTTP API as one owner.
type Client struct {
	Base string // e.g. http://127.0.0.1:8796
	Key  string
	HTTP *http.Client
	// Now, when set, is sent as every query's "now" (RFC 3339): the
	// protocol's "now = the last session's time".
	Now time.Time
	lim *rate.Limiter
}

// NewClient makes a client for base with key.
func NewClient(base, key string) *Client {
	return &Client{Base: strings.TrimRight(base, "/"), Key: key, HTTP: &http.Client{Timeout: 2 * time.Minute},
		lim: rate.NewLimiter(ClientRate, ClientBurst)}
}

// At is a client for the same owner, now and rate limiter (the API's
// limit is per credential) at another base URL: an ablation service.
func (c *Client) At(base string) *Client {
	d := *c
	d.Base = strings.TrimRight(base, "/")
	return &d
}

// APIError is an answer outside 2xx.
type APIError struct {
	Status int
	Body   string
}

func (e *APIError) Error() string { return fmt.Sprintf("HTTP %d: %s", e.Status, e.Body) }

// do sends one request, retrying 429 and 503 (after Retry-After) and
// transport errors, and decodes the answer into out. It returns how long
// the successful attempt took.
func (c *Client) do(ctx context.Context, method, path string, body, out any) (time.Duration, error) {
	var payload []byte
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, err
		}
		payload = b
	}
	var last error
	for attempt := 1; attempt <= maxAttempts; attempt++ {
		if err := c.lim.Wait(ctx); err != nil {
			return 0, err
		}
		req, err := http.NewRequestWithContext(ctx, method, c.Base+path, bytes.NewReader(payload))
		if err != nil {
			return 0, err
		}
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		if c.Key != "" {
			req.Header.Set("Authorization", "Bearer "+c.Key)
		}
		start := time.Now()
		resp, err := c.HTTP.Do(req)
		if err != nil {
			last = err
			if ctx.Err() != nil {
				return 0, ctx.Err()
			}
			sleep(ctx, time.Duration(attempt)*500*time.Millisecond)
			continue
		}
		b, err := io.ReadAll(resp.Body)
		took := time.Since(start)
		resp.Body.Close()
		if err != nil {
			last = err
			continue
		}
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable {
			last = &APIError{Status: resp.StatusCode, Body: string(b)}
			wait := time.Duration(attempt) * time.Second
			if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s > 0 {
				wait = time.Duration(s) * time.Second
			}
			sleep(ctx, wait)
			continue
		}
		if resp.StatusCode/100 != 2 {
			return took, &APIError{Status: resp.StatusCode, Body: strings.TrimSpace(string(b))}
		}
		if out != nil {
			if err := json.Unmarshal(b, out); err != nil {
				return took, fmt.Errorf("%s %s: decode answer: %w", method, path, err)
			}
		}
		return took, nil
	}
	return 0, fmt.Errorf("%s %s: gave up after %d attempts: %w", method, path, maxAttempts, last)
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// Wire types: only the fields the benchmark reads.

// Message is one turn handed to conversations append.
type Message struct {
	Role      string    `json:"role"`
	Content   string    `json:"content"`
	Author    string    `json:"author,omitempty"`
	Timestamp time.Time `json:"timestamp"`
	SourceID  string    `json:"sourceId,omitempty"`
}

type appendAnswer struct {
	JobID string `json:"jobId"`
	Note  string `json:"note"`
	Turns []struct {
		SourceID string `json:"sourceId"`
	} `json:"turns"`
}

// Job is GET /jobs/{id}.
type Job struct {
	JobID  string `json:"jobId"`
	Status string `json:"status"`
	Job    struct {
		Error     string   `json:"error"`
		Attempts  int      `json:"attempts"`
		MemoryIDs []string `json:"memoryIds"`
	} `json:"job"`
}

// WireMemory is the part of a memory the benchmark reads.
type WireMemory struct {
	ID         string `json:"id"`
	Claim      string `json:"claim"`
	DocumentID string `json:"documentId"`
	State      string `json:"state"`
}

// WireTurn is the part of a raw turn a ranked item carries.
type WireTurn struct {
	ID       string `json:"id"`
	SourceID string `json:"sourceId"`
}

// SearchResult is one result of POST /search: a memory, a raw turn, or a
// memory merged with the turn it rests on.
type SearchResult struct {
	Memory    WireMemory         `json:"memory"`
	Turn      *WireTurn          `json:"turn,omitempty"`
	Score     float64            `json:"score"`
	Breakdown map[string]float64 `json:"breakdown"`
}

type searchAnswer struct {
	Results     []SearchResult `json:"results"`
	Diagnostics Diagnostics    `json:"diagnostics"`
}

// Diagnostics of a search.
type Diagnostics struct {
	Degraded bool     `json:"degraded"`
	Reasons  []string `json:"reasons"`
}

// ContextAnswer is POST /search/context.
type ContextAnswer struct {
	Context  string `json:"context"`
	Memories []struct {
		Memory WireMemory `json:"memory"`
		Turn   *WireTurn  `json:"turn,omitempty"`
		Rank   int        `json:"rank"`
		Tokens int        `json:"tokens"`
	} `json:"memories"`
	Truncated bool `json:"truncated"`
	Omitted   struct {
		Count  int `json:"count"`
		Tokens int `json:"tokens"`
	} `json:"omitted"`
	Tokens      int         `json:"tokens"`
	Budget      int         `json:"budget"`
	Tokenizer   string      `json:"tokenizer"`
	Diagnostics Diagnostics `json:"diagnostics"`
}

// TurnHit is one result of POST /search/conversations.
type TurnHit struct {
	Turn struct {
		SourceID       string `json:"sourceId"`
		Text           string `json:"text"`
		ConversationID string `json:"conversationId"`
	} `json:"turn"`
	Score float64 `json:"score"`
}

// MemoryDetail is the part of GET /memories/{id} the benchmark reads.
type MemoryDetail struct {
	Memory   WireMemory `json:"memory"`
	Evidence []struct {
		TurnID         string `json:"turnId"`
		DocumentID     string `json:"documentId"`
		ConversationID string `json:"conversationId"`
		Source         string `json:"source"`
	} `json:"evidence"`
}

// TurnSources are the source ids of the turns a memory's evidence names
// (turn evidence only; document evidence carries the document's source).
func (d MemoryDetail) TurnSources() []string {
	var out []string
	for _, e := range d.Evidence {
		if e.TurnID != "" && e.Source != "" {
			out = append(out, e.Source)
		}
	}
	return out
}

// Append hands messages to a conversation.
func (c *Client) Append(ctx context.Context, conv string, msgs []Message) (appendAnswer, error) {
	var a appendAnswer
	_, err := c.do(ctx, http.MethodPost, "/api/v1/conversations/"+conv+"/messages", map[string]any{"messages": msgs}, &a)
	return a, err
}

// Job reads a job.
func (c *Client) Job(ctx context.Context, id string) (Job, error) {
	var j Job
	_, err := c.do(ctx, http.MethodGet, "/api/v1/jobs/"+id, nil, &j)
	return j, err
}

// Search is POST /search.
func (c *Client) Search(ctx context.Context, q string, limit int) ([]SearchResult, Diagnostics, time.Duration, error) {
	var a searchAnswer
	took, err := c.do(ctx, http.MethodPost, "/api/v1/search", c.withNow(map[string]any{"query": q, "limit": limit}), &a)
	return a.Results, a.Diagnostics, took, err
}

// Context is POST /search/context.
func (c *Client) Context(ctx context.Context, q string, budget int) (ContextAnswer, time.Duration, error) {
	var a ContextAnswer
	took, err := c.do(ctx, http.MethodPost, "/api/v1/search/context", c.withNow(map[string]any{"query": q, "tokenBudget": budget}), &a)
	return a, took, err
}

// SearchTurns is POST /search/conversations.
func (c *Client) SearchTurns(ctx context.Context, q string, limit int) ([]TurnHit, time.Duration, error) {
	var a struct {
		Results []TurnHit `json:"results"`
	}
	took, err := c.do(ctx, http.MethodPost, "/api/v1/search/conversations", map[string]any{"query": q, "limit": limit}, &a)
	return a.Results, took, err
}

// Memory is GET /memories/{id}.
func (c *Client) Memory(ctx context.Context, id string) (MemoryDetail, error) {
	var d MemoryDetail
	_, err := c.do(ctx, http.MethodGet, "/api/v1/memories/"+id, nil, &d)
	return d, err
}

// ConversationCount is how many conversations the owner already has (on
// the first page).
func (c *Client) ConversationCount(ctx context.Context) (int, error) {
	var a struct {
		Items []json.RawMessage `json:"items"`
	}
	_, err := c.do(ctx, http.MethodGet, "/api/v1/conversations?limit=1", nil, &a)
	return len(a.Items), err
}

// Ready waits until GET /readyz answers 200 or ctx ends.
func Ready(ctx context.Context, base string) error {
	hc := &http.Client{Timeout: 5 * time.Second}
	var last string
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimRight(base, "/")+"/readyz", nil)
		resp, err := hc.Do(req)
		if err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
			last = fmt.Sprintf("HTTP %d: %s", resp.StatusCode, strings.TrimSpace(string(b)))
		} else {
			last = err.Error()
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("service at %s is not ready (%s): %w", base, last, ctx.Err())
		case <-time.After(500 * time.Millisecond):
		}
	}
}

// withNow adds c.Now to a query body when set.
func (c *Client) withNow(body map[string]any) map[string]any {
	if !c.Now.IsZero() {
		body["now"] = c.Now.UTC().Format(time.RFC3339)
	}
	return body
}
