package main

import (
	"fmt"
	"log/slog"
	"net/url"

	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/ingest/llm"
	"github.com/persistmemory/persistmemory/ingest/rules"
)

// validateExtraction checks the EXTRACTION_* settings: the base URL and the
// model together or neither, prices only with a model.
func (c Config) validateExtraction() error {
	switch {
	case c.ExtractionBaseURL == "" && c.ExtractionModel == "":
		if c.ExtractionAPIKey != "" || c.ExtractionPrice != nil {
			return fmt.Errorf("EXTRACTION_API_KEY or EXTRACTION_PRICE_* is set but EXTRACTION_BASE_URL and EXTRACTION_MODEL are empty; set them to extract with a model, or unset the others to extract with rules")
		}
		return nil
	case c.ExtractionBaseURL == "":
		return fmt.Errorf("EXTRACTION_MODEL is set but EXTRACTION_BASE_URL is empty (e.g. https://api.openai.com/v1)")
	case c.ExtractionModel == "":
		return fmt.Errorf("EXTRACTION_BASE_URL is set but EXTRACTION_MODEL is empty (e.g. gpt-4o-mini)")
	}
	if u, err := url.Parse(c.ExtractionBaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" {
		// The URL is not quoted: a malformed one may carry a credential.
		return fmt.Errorf("EXTRACTION_BASE_URL is not an http(s) URL without credentials or a query")
	}
	if _, err := llm.New(c.extractionConfig(nil, nil)); err != nil {
		return fmt.Errorf("EXTRACTION_*: %w", err)
	}
	return nil
}

// extractionConfig is the llm.Config of the EXTRACTION_* settings.
func (c Config) extractionConfig(usage llm.UsageRecorder, log *slog.Logger) llm.Config {
	cfg := llm.Config{BaseURL: c.ExtractionBaseURL, APIKey: c.ExtractionAPIKey, Model: c.ExtractionModel, Usage: usage, Logger: log}
	if c.ExtractionPrice != nil {
		cfg.Prices = map[string]llm.Price{c.ExtractionModel: *c.ExtractionPrice}
	}
	return cfg
}

// extractor is the LLM extractor when EXTRACTION_BASE_URL and
// EXTRACTION_MODEL are set (recording usage in usage), else the rules.
func extractor(cfg Config, usage llm.UsageRecorder, log *slog.Logger) (ingest.Extractor, error) {
	if cfg.ExtractionBaseURL == "" || cfg.ExtractionModel == "" {
		return rules.Extractor{}, nil
	}
	x, err := llm.New(cfg.extractionConfig(usage, log.With("component", "extraction")))
	if err != nil {
		return nil, fmt.Errorf("extraction model: %w", err)
	}
	priced := "no price configured: costs are recorded as unknown"
	if cfg.ExtractionPrice != nil {
		priced = fmt.Sprintf("$%g / $%g per million input / output tokens", cfg.ExtractionPrice.InputPerMTok, cfg.ExtractionPrice.OutputPerMTok)
	}
	log.Info("extracting memories with a language model; rules when it fails", "model", cfg.ExtractionModel, "price", priced)
	return x, nil
}

// judge is the model that relates new claims to the stored memories the
// rules leave unrelated: the extraction model, when EXTRACTION_BASE_URL
// and EXTRACTION_MODEL are set and EXTRACTION_JUDGE is not off (recording
// usage in usage); else nil, and the rules alone decide.
func judge(cfg Config, usage llm.UsageRecorder, log *slog.Logger) (ingest.Judge, error) {
	if cfg.ExtractionBaseURL == "" || cfg.ExtractionModel == "" || cfg.ExtractionJudgeOff {
		return nil, nil
	}
	j, err := llm.NewJudge(cfg.extractionConfig(usage, log.With("component", "judge")))
	if err != nil {
		return nil, fmt.Errorf("judge model: %w", err)
	}
	log.Info("relating new claims the rules leave unrelated to stored memories with the same model (EXTRACTION_JUDGE=off stops it)", "model", cfg.ExtractionModel)
	return j, nil
}
