package openai

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"unicode"

	"github.com/persistmemory/persistmemory/schema"
)

// embeddingRequest is the body of POST /embeddings.
type embeddingRequest struct {
	Model          string   `json:"model"`
	Input          []string `json:"input"`
	EncodingFormat string   `json:"encoding_format"`
}

// embeddingResponse is a 200 answer.
type embeddingResponse struct {
	Data []struct {
		Index     *int      `json:"index"`
		Embedding []float32 `json:"embedding"`
	} `json:"data"`
	Model string `json:"model"`
	Usage *struct {
		PromptTokens int `json:"prompt_tokens"`
		TotalTokens  int `json:"total_tokens"`
	} `json:"usage"`
}

// APIError is a non-2xx answer from the provider. It unwraps to
// schema.ErrInvalid when the provider refused the input (400, 413, 414,
// 422) and to schema.ErrUnavailable otherwise (bad key, wrong URL or model,
// rate limit, server error). Message is the provider's error message with
// the API key redacted.
type APIError struct {
	Status  int
	Message string
	Type    string // the provider's error type or code, if any
	kind    error
}

func (e *APIError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "openai: embeddings: HTTP %d %s", e.Status, http.StatusText(e.Status))
	if e.Message != "" {
		fmt.Fprintf(&b, ": %s", e.Message)
	}
	if e.Type != "" {
		fmt.Fprintf(&b, " (%s)", e.Type)
	}
	fmt.Fprintf(&b, ": %v", e.kind)
	return b.String()
}

func (e *APIError) Unwrap() error { return e.kind }

// retryable reports statuses worth another attempt.
func retryable(status int) bool {
	return status == http.StatusTooManyRequests || status == http.StatusRequestTimeout ||
		status == http.StatusConflict || status >= 500
}

// Maximum length of a provider message kept in an APIError.
const maxMessage = 500

// apiError builds the APIError for a non-2xx status from the response body,
// which may be OpenAI's {"error": {"message", "type", "code"}}, a bare
// {"error": "..."} (Ollama), {"message": "..."} or {"detail": "..."}, or not
// JSON at all.
func apiError(status int, body []byte, key string) *APIError {
	e := &APIError{Status: status, kind: schema.ErrUnavailable}
	switch status {
	case http.StatusBadRequest, http.StatusRequestEntityTooLarge, http.StatusRequestURITooLong, http.StatusUnprocessableEntity:
		e.kind = schema.ErrInvalid
	}
	var v struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
		Detail  json.RawMessage `json:"detail"`
	}
	if json.Unmarshal(body, &v) == nil {
		var obj struct {
			Message string          `json:"message"`
			Type    string          `json:"type"`
			Code    json.RawMessage `json:"code"`
		}
		var str string
		switch {
		case json.Unmarshal(v.Error, &obj) == nil && obj.Message != "":
			e.Message, e.Type = obj.Message, obj.Type
			if c := strings.Trim(string(obj.Code), `"`); c != "" && c != "null" && e.Type == "" {
				e.Type = c
			}
		case json.Unmarshal(v.Error, &str) == nil:
			e.Message = str
		case v.Message != "":
			e.Message = v.Message
		case len(v.Detail) > 0:
			e.Message = string(v.Detail)
		}
	}
	if e.Message == "" && len(body) > 0 && !json.Valid(body) {
		e.Message = "body: " + string(body)
	}
	e.Message = sanitize(e.Message, key)
	e.Type = sanitize(e.Type, key)
	return e
}

// sanitize redacts the key, collapses control characters and bounds the
// length of text that came from the provider.
func sanitize(s, key string) string {
	if key != "" {
		s = strings.ReplaceAll(s, key, "[REDACTED]")
	}
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
	s = strings.TrimSpace(s)
	if len(s) > maxMessage {
		cut := maxMessage
		for cut > 0 && !isRuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }
