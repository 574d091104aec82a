package schema

import (
	"fmt"
	"math"
	"strings"
	"time"
	"unicode/utf8"
)

// PrefixUsage starts the id of a UsageRecord.
const PrefixUsage = "use_"

// Limits on a UsageRecord.
const (
	// MaxUsageModelBytes bounds UsageRecord.Model.
	MaxUsageModelBytes = 200
	// MaxUsageReasonBytes bounds UsageRecord.FailureReason.
	MaxUsageReasonBytes = 500
	// MaxUsagePurposeBytes bounds UsageRecord.Purpose.
	MaxUsagePurposeBytes = 64
)

// UsagePurposeExtraction is the purpose of a call that extracted memories
// from a document.
const UsagePurposeExtraction = "extraction"

// UsagePurposeJudge is the purpose of a call that related a new claim to
// stored memories the rules left unrelated (ingest.Judge).
const UsagePurposeJudge = "judge"

// UsageRecord is one call to a language model made on an owner's behalf:
// what it cost and whether it failed. A call is one request as the caller
// sees it; Attempts counts the HTTP attempts it took (retries after 429 or
// 5xx included). Failed calls are recorded too, because a bill can move on
// a provider's error rate alone.
type UsageRecord struct {
	ID      string `json:"id"`
	Model   string `json:"model"`
	Purpose string `json:"purpose,omitempty"`
	// InputTokens and OutputTokens are the provider's count (the
	// response's usage), 0 when no response said.
	InputTokens  int `json:"inputTokens"`
	OutputTokens int `json:"outputTokens"`
	// CostUSD is the cost from the configured price of the model. When
	// Priced is false no price was configured: CostUSD is 0 and means
	// "unknown", not "free".
	CostUSD  float64 `json:"costUsd"`
	Priced   bool    `json:"priced"`
	Attempts int     `json:"attempts"`
	Failed   bool    `json:"failed"`
	// FailureReason says in words why a failed call failed; it never holds
	// a credential.
	FailureReason string    `json:"failureReason,omitempty"`
	At            time.Time `json:"at"`
}

// Validate reports what is wrong with r, wrapping ErrInvalid. An empty ID
// and a zero At are valid (the store fills them in).
func (r UsageRecord) Validate() error {
	switch {
	case strings.TrimSpace(r.Model) == "":
		return fmt.Errorf("%w: usage record has no model", ErrInvalid)
	case len(r.Model) > MaxUsageModelBytes || !utf8.ValidString(r.Model):
		return fmt.Errorf("%w: usage record model must be valid UTF-8 of at most %d bytes", ErrInvalid, MaxUsageModelBytes)
	case len(r.Purpose) > MaxUsagePurposeBytes || !utf8.ValidString(r.Purpose):
		return fmt.Errorf("%w: usage record purpose must be valid UTF-8 of at most %d bytes", ErrInvalid, MaxUsagePurposeBytes)
	case len(r.FailureReason) > MaxUsageReasonBytes || !utf8.ValidString(r.FailureReason):
		return fmt.Errorf("%w: usage record failure reason must be valid UTF-8 of at most %d bytes", ErrInvalid, MaxUsageReasonBytes)
	case r.InputTokens < 0 || r.OutputTokens < 0:
		return fmt.Errorf("%w: usage record token counts are negative", ErrInvalid)
	case r.Attempts < 0:
		return fmt.Errorf("%w: usage record attempts are negative", ErrInvalid)
	case r.CostUSD < 0 || math.IsNaN(r.CostUSD) || math.IsInf(r.CostUSD, 0):
		return fmt.Errorf("%w: usage record cost %v is not a non-negative number", ErrInvalid, r.CostUSD)
	case !r.Priced && r.CostUSD != 0:
		return fmt.Errorf("%w: usage record has a cost but no price", ErrInvalid)
	case r.Failed != (r.FailureReason != ""):
		return fmt.Errorf("%w: usage record must have a failure reason exactly when it failed", ErrInvalid)
	}
	return nil
}

// ModelUsage sums the calls to one model.
type ModelUsage struct {
	Model        string  `json:"model"`
	Calls        int     `json:"calls"`
	FailedCalls  int     `json:"failedCalls"`
	InputTokens  int     `json:"inputTokens"`
	OutputTokens int     `json:"outputTokens"`
	CostUSD      float64 `json:"costUsd"`
	// UnpricedCalls counts calls whose model had no configured price:
	// their cost is unknown and not part of CostUSD.
	UnpricedCalls int `json:"unpricedCalls"`
}

// UsageReport is an owner's model usage since a time, per model (by name)
// and in total (Total.Model is "all").
type UsageReport struct {
	Since  time.Time    `json:"since"`
	Models []ModelUsage `json:"models"`
	Total  ModelUsage   `json:"total"`
}
