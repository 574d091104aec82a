package onnx

import (
	"errors"
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

func TestConfigValidate(t *testing.T) {
	ok := Config{ModelPath: "m.onnx", TokenizerPath: "t.json", LibraryPath: "lib.so"}
	for _, tc := range []struct {
		name   string
		change func(*Config)
		want   string // substring of the error; "" for valid
	}{
		{"valid", func(*Config) {}, ""},
		{"valid limits", func(c *Config) { c.BatchSize, c.Threads, c.MaxTokens = MaxBatchSize, MaxThreads, MaxPositions }, ""},
		{"no model", func(c *Config) { c.ModelPath = "" }, "ModelPath"},
		{"no tokenizer", func(c *Config) { c.TokenizerPath = "" }, "TokenizerPath"},
		{"no library", func(c *Config) { c.LibraryPath = "" }, "LibraryPath"},
		{"negative batch", func(c *Config) { c.BatchSize = -1 }, "BatchSize"},
		{"huge batch", func(c *Config) { c.BatchSize = MaxBatchSize + 1 }, "BatchSize"},
		{"negative threads", func(c *Config) { c.Threads = -1 }, "Threads"},
		{"too many threads", func(c *Config) { c.Threads = MaxThreads + 1 }, "Threads"},
		{"one token", func(c *Config) { c.MaxTokens = 1 }, "MaxTokens"},
		{"too many tokens", func(c *Config) { c.MaxTokens = MaxPositions + 1 }, "MaxTokens"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := ok
			tc.change(&c)
			err := c.Validate()
			if tc.want == "" {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			if !errors.Is(err, schema.ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Validate() = %v, want ErrInvalid naming %s", err, tc.want)
			}
		})
	}
	if got := (Config{}).batchSize(); got != DefaultBatchSize {
		t.Errorf("default batch size %d", got)
	}
	if got := (Config{}).maxTokens(); got != DefaultMaxTokens {
		t.Errorf("default max tokens %d", got)
	}
}
