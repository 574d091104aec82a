package llm

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/persistmemory/persistmemory/internal/openaicompat"
)

// schemaJSON is the JSON schema of the model's answer, sent with every
// request (strict mode: every property required, optional ones nullable,
// no additional properties) and checked against every answer.
//
//go:embed schema.json
var schemaJSON []byte

// schemaName names the schema in response_format.
const schemaName = "persistmemory_memories"

// answerSchema is schemaJSON resolved for validation.
var answerSchema = mustResolve("schema.json", schemaJSON)

// mustResolve resolves an embedded schema for validation.
func mustResolve(name string, data []byte) *jsonschema.Resolved {
	var s jsonschema.Schema
	if err := json.Unmarshal(data, &s); err != nil {
		panic(fmt.Sprintf("llm: %s: %v", name, err))
	}
	r, err := s.Resolve(nil)
	if err != nil {
		panic(fmt.Sprintf("llm: %s: %v", name, err))
	}
	return r
}

// decode validates the model's content against s and decodes it into v
// (a pointer). A Markdown code fence around the JSON is dropped.
func decode(content string, s *jsonschema.Resolved, v any) error {
	content = stripFence(content)
	var inst any
	if err := json.Unmarshal([]byte(content), &inst); err != nil {
		return fmt.Errorf("the answer is not JSON: %w", err)
	}
	if err := s.Validate(inst); err != nil {
		return fmt.Errorf("the answer does not match the schema: %w", err)
	}
	if err := json.Unmarshal([]byte(content), v); err != nil {
		return fmt.Errorf("the answer does not match the schema: %w", err)
	}
	return nil
}

// chatRequest is the body of POST /chat/completions.
type chatRequest struct {
	Model          string         `json:"model"`
	Messages       []chatMessage  `json:"messages"`
	ResponseFormat responseFormat `json:"response_format"`
	Temperature    float64        `json:"temperature"` // 0 is sent
}

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type responseFormat struct {
	Type       string     `json:"type"` // "json_schema"
	JSONSchema jsonSchema `json:"json_schema"`
}

type jsonSchema struct {
	Name   string          `json:"name"`
	Strict bool            `json:"strict"`
	Schema json.RawMessage `json:"schema"`
}

// chatResponse is a 200 answer.
type chatResponse struct {
	Model   string `json:"model"`
	Choices []struct {
		Message struct {
			Content *string `json:"content"`
			Refusal *string `json:"refusal"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
	} `json:"usage"`
}

// answer is the content the schema describes.
type answer struct {
	Memories []struct {
		Type       string  `json:"type"`
		Claim      string  `json:"claim"`
		Excerpt    string  `json:"excerpt"`
		Confidence float64 `json:"confidence"`
		Subject    *string `json:"subject"`
		Attribute  *string `json:"attribute"`
		Value      *string `json:"value"`
		When       *string `json:"when"`
		Negated    bool    `json:"negated"`
		Correction bool    `json:"correction"`
		Entities   []struct {
			Name string `json:"name"`
			Kind string `json:"kind"`
		} `json:"entities"`
	} `json:"memories"`
}

// saidLayout writes when something was said, in the prompts (in UTC).
const saidLayout = "Monday 2 January 2006, 15:04 MST"

// systemPrompt says what to extract; %s is when the material was said.
const systemPrompt = `You extract long-term memories from material a person handed to their memory service: notes, messages, or a conversation ("Author: text" lines).
Return every claim worth remembering about the person and their world: decisions, commitments, preferences, facts and events. Skip greetings, questions nobody answered, and anything an assistant said unless the person confirmed it.
For each claim copy the excerpt verbatim from the material; never paraphrase an excerpt. Copy time words verbatim into "when"; never compute dates.
The material was said at %s.
Answer only with JSON matching the schema.`

// retryable reports statuses worth another attempt.
func retryable(status int) bool {
	return status == http.StatusTooManyRequests || status == http.StatusRequestTimeout ||
		status == http.StatusConflict || status >= 500
}

// providerMessage reads the error message of a non-2xx body: OpenAI's
// {"error": {"message"}}, a bare {"error": "..."}, {"message": "..."} or
// {"detail": "..."}.
func providerMessage(body []byte) string {
	var v struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
		Detail  json.RawMessage `json:"detail"`
	}
	if json.Unmarshal(body, &v) != nil {
		return ""
	}
	var obj struct {
		Message string `json:"message"`
	}
	var str string
	switch {
	case json.Unmarshal(v.Error, &obj) == nil && obj.Message != "":
		return obj.Message
	case json.Unmarshal(v.Error, &str) == nil:
		return str
	case v.Message != "":
		return v.Message
	case len(v.Detail) > 0:
		return string(v.Detail)
	}
	return ""
}

// maxMessage bounds text from the provider kept in a failure reason.
const maxMessage = 200

// sanitize redacts the key, collapses control characters and white space
// and bounds the length of text that came from the provider.
func sanitize(s, key string) string {
	return clean(s, key, maxMessage)
}

// clean redacts the key, turns control characters into spaces, collapses
// runs of white space into one space and cuts s to at most n bytes.
func clean(s, key string, n int) string {
	if key != "" {
		s = strings.ReplaceAll(s, key, "[REDACTED]")
	}
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
	return clipBytes(strings.Join(strings.Fields(s), " "), n)
}

// clipBytes cuts s to at most n bytes at a rune boundary, adding "…".
func clipBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - len("…")
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// retryAfter reads how long the provider asks to wait (see
// openaicompat.RetryAfter).
func retryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	return openaicompat.RetryAfter(h, now)
}

// backoff is the wait before retry n, capped at MaxRetryWait (see
// openaicompat.Backoff).
func backoff(base time.Duration, n int) time.Duration {
	return openaicompat.Backoff(base, MaxRetryWait, n)
}
