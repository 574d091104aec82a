package embed

import (
	"context"
	"errors"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

func TestParseProvider(t *testing.T) {
	for in, want := range map[string]Provider{"local": ProviderLocal, " OpenAI ": ProviderOpenAI, "NONE": ProviderNone} {
		got, err := ParseProvider(in)
		if err != nil || got != want {
			t.Errorf("ParseProvider(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "onnx", "open-ai", "local,openai"} {
		if _, err := ParseProvider(in); !errors.Is(err, schema.ErrInvalid) {
			t.Errorf("ParseProvider(%q) = %v, want ErrInvalid", in, err)
		}
	}
}

type fixed struct {
	model string
	dims  int
}

func (f fixed) Embed(context.Context, []string) ([][]float32, error) { return nil, nil }
func (f fixed) Model() string                                        { return f.model }
func (f fixed) Dims() int                                            { return f.dims }

func TestCheckCompatible(t *testing.T) {
	e := fixed{"all-MiniLM-L6-v2", 384}
	for _, tc := range []struct {
		e     Embedder
		model string
		dims  int
		want  error
	}{
		{e, "all-MiniLM-L6-v2", 384, nil},
		{e, "all-MiniLM-L6-v2", 0, nil},
		{fixed{"text-embedding-3-small", 0}, "text-embedding-3-small", 1536, nil},
		{e, "text-embedding-3-small", 384, schema.ErrConflict},
		{e, "all-MiniLM-L6-v2", 768, schema.ErrConflict},
		{nil, "all-MiniLM-L6-v2", 384, schema.ErrUnavailable},
	} {
		err := CheckCompatible(tc.e, tc.model, tc.dims)
		if (tc.want == nil && err != nil) || (tc.want != nil && !errors.Is(err, tc.want)) {
			t.Errorf("CheckCompatible(%v, %q, %d) = %v, want %v", tc.e, tc.model, tc.dims, err, tc.want)
		}
	}
}
