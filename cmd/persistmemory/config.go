package main

import (
	"encoding/base64"
	"fmt"
	"math"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/persistmemory/persistmemory/ingest/llm"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
	"github.com/persistmemory/persistmemory/stack"
)

// Scope names, as the seed spells them.
var allScopes = []string{"memory:read", "memory:capture", "memory:write", "usage:read"}

// Context budget bounds (tokens).
const (
	DefaultContextTokenBudget = 4000
	MinContextTokenBudget     = 256
	MaxContextTokenBudget     = 32000
)

// Config is everything the binary reads from the environment. Load
// validates it; an unknown or malformed value stops start-up with a
// sentence that names it.
type Config struct {
	UserID        schema.Owner // PERSISTMEMORY_USER_ID, stdio only
	Addr          string       // PERSISTMEMORY_ADDR
	LogLevel      string       // PERSISTMEMORY_LOG_LEVEL
	Neo4jURI      string
	Neo4jUser     string
	Neo4jPassword string
	KafkaBrokers  []string // empty: no queue configured
	// KafkaTopic is the jobs topic (KAFKA_TOPIC, default
	// kafka.DefaultTopic); its dead-letter topic and the workers' consumer
	// group are named after it, so deployments (or test runs) sharing
	// one broker can keep their queues apart.
	KafkaTopic         string
	WeaviateURL        string // empty: no vector store
	WeaviateGRPC       string
	EmbeddingProvider  string // local | openai | none
	EmbeddingBaseURL   string
	EmbeddingAPIKey    string
	EmbeddingModel     string
	ModelDir           string // PERSISTMEMORY_MODEL_DIR (local provider)
	OnnxRuntimeLib     string // ONNXRUNTIME_LIB (local provider)
	ContextTokenBudget int
	// RetrievalOff names retrieval signals left out of the fusion, to
	// measure what each contributes (PERSISTMEMORY_RETRIEVAL_OFF); empty
	// in production.
	RetrievalOff []string
	PublicURL    string
	MCPScopes    []string
	// Sign-in mail: SMTP when SMTPAddr is set, else files in MailDir (the
	// development mail sink).
	MailDir      string // PERSISTMEMORY_MAIL_DIR
	SMTPAddr     string
	SMTPFrom     string
	SMTPUsername string
	SMTPPassword string
	// OAuthKeyEncryptionKey seals the token-signing keys at rest
	// (OAUTH_KEY_ENCRYPTION_KEY, 32 bytes in base64).
	OAuthKeyEncryptionKey []byte
	// Extraction by a language model (EXTRACTION_*): on when the base URL
	// and the model are set, else rules. ExtractionPrice is nil when no
	// price is configured: costs are then recorded as unknown.
	ExtractionBaseURL string
	ExtractionAPIKey  string
	ExtractionModel   string
	ExtractionPrice   *llm.Price
	// ExtractionJudgeOff stops the same model from being asked about the
	// pairs of claims the rules leave unrelated (EXTRACTION_JUDGE=off;
	// the default, on, asks it whenever extraction uses a model).
	ExtractionJudgeOff bool
}

// kafkaTopicName is what KAFKA_TOPIC may be: Kafka's legal topic
// characters, short enough to leave room for the ".dead" suffix.
var kafkaTopicName = regexp.MustCompile(`^[A-Za-z0-9._-]{1,200}$`)

// knownVars are the variables Load reads. A PERSISTMEMORY_* variable not
// listed here is a typo and refused.
var knownVars = []string{
	"PERSISTMEMORY_USER_ID", "PERSISTMEMORY_ADDR", "PERSISTMEMORY_LOG_LEVEL", "PERSISTMEMORY_MODEL_DIR",
	"PERSISTMEMORY_CACHE", "PERSISTMEMORY_STACK_DIR", "PERSISTMEMORY_STACK_TEST", "PERSISTMEMORY_RETRIEVAL_OFF",
	"NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD", "KAFKA_BROKERS", "KAFKA_TOPIC", "WEAVIATE_URL", "WEAVIATE_GRPC",
	"EMBEDDING_PROVIDER", "EMBEDDING_BASE_URL", "EMBEDDING_API_KEY", "EMBEDDING_MODEL", "ONNXRUNTIME_LIB",
	"EXTRACTION_BASE_URL", "EXTRACTION_API_KEY", "EXTRACTION_MODEL",
	"EXTRACTION_PRICE_INPUT_PER_MTOK", "EXTRACTION_PRICE_OUTPUT_PER_MTOK", "EXTRACTION_JUDGE",
	"CONTEXT_TOKEN_BUDGET", "PUBLIC_URL", "MCP_SCOPES",
	// Read by the SDKs and the CLI's clients, not by the server; known so a
	// shell that sets them can still start it.
	"PERSISTMEMORY_API_KEY", "PERSISTMEMORY_BASE_URL",
	"PERSISTMEMORY_MAIL_DIR", "SMTP_ADDR", "SMTP_FROM", "SMTP_USERNAME", "SMTP_PASSWORD", "OAUTH_KEY_ENCRYPTION_KEY",
}

// LoadConfig reads the configuration from getenv/lookup (os.Getenv and
// os.LookupEnv in production).
func LoadConfig(environ []string) (Config, error) {
	env := map[string]string{}
	for _, kv := range environ {
		k, v, _ := strings.Cut(kv, "=")
		env[k] = v
	}
	known := map[string]bool{}
	for _, k := range knownVars {
		known[k] = true
	}
	var unknown []string
	for k := range env {
		if strings.HasPrefix(k, "PERSISTMEMORY_") && !known[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return Config{}, fmt.Errorf("unknown setting %s: PersistMemory reads no such variable (check the spelling; docs/configuration.md lists them)", strings.Join(unknown, ", "))
	}
	get := func(k, def string) string {
		if v, ok := env[k]; ok {
			return strings.TrimSpace(v)
		}
		return def
	}
	home, _ := os.UserHomeDir()
	cache := get("PERSISTMEMORY_CACHE", filepath.Join(home, ".cache", "persistmemory"))
	c := Config{
		UserID:            schema.Owner(get("PERSISTMEMORY_USER_ID", "")),
		Addr:              get("PERSISTMEMORY_ADDR", "127.0.0.1:8787"),
		LogLevel:          get("PERSISTMEMORY_LOG_LEVEL", "info"),
		Neo4jURI:          get("NEO4J_URI", "bolt://127.0.0.1:7687"),
		Neo4jUser:         get("NEO4J_USER", "neo4j"),
		Neo4jPassword:     get("NEO4J_PASSWORD", "persistmemory-dev"),
		WeaviateURL:       get("WEAVIATE_URL", "http://127.0.0.1:8080"),
		WeaviateGRPC:      get("WEAVIATE_GRPC", "127.0.0.1:50051"),
		EmbeddingProvider: get("EMBEDDING_PROVIDER", "local"),
		EmbeddingBaseURL:  get("EMBEDDING_BASE_URL", ""),
		EmbeddingAPIKey:   get("EMBEDDING_API_KEY", ""),
		EmbeddingModel:    get("EMBEDDING_MODEL", ""),
		ExtractionBaseURL: get("EXTRACTION_BASE_URL", ""),
		ExtractionAPIKey:  get("EXTRACTION_API_KEY", ""),
		ExtractionModel:   get("EXTRACTION_MODEL", ""),
		PublicURL:         get("PUBLIC_URL", ""),
		MailDir:           get("PERSISTMEMORY_MAIL_DIR", filepath.Join(cache, "mail")),
		SMTPAddr:          get("SMTP_ADDR", ""),
		SMTPFrom:          get("SMTP_FROM", ""),
		SMTPUsername:      get("SMTP_USERNAME", ""),
		SMTPPassword:      get("SMTP_PASSWORD", ""),
	}
	c.ModelDir, c.OnnxRuntimeLib = stack.LocalModel(func(k string) (string, bool) {
		v, ok := env[k]
		return strings.TrimSpace(v), ok
	})
	if k := get("OAUTH_KEY_ENCRYPTION_KEY", ""); k != "" {
		b, err := base64.StdEncoding.DecodeString(k)
		if err != nil || len(b) != 32 {
			return Config{}, fmt.Errorf("OAUTH_KEY_ENCRYPTION_KEY must be 32 bytes in base64 (e.g. from: openssl rand -base64 32)")
		}
		c.OAuthKeyEncryptionKey = b
	}
	if b := get("KAFKA_BROKERS", "127.0.0.1:9092"); b != "" {
		for _, s := range strings.Split(b, ",") {
			if s = strings.TrimSpace(s); s != "" {
				c.KafkaBrokers = append(c.KafkaBrokers, s)
			}
		}
	}
	if t := get("KAFKA_TOPIC", ""); t != "" {
		if !kafkaTopicName.MatchString(t) || strings.HasSuffix(t, ".dead") {
			return Config{}, fmt.Errorf("KAFKA_TOPIC=%q is not a topic name: use 1 to 200 letters, digits, '.', '_' or '-', not ending in .dead", t)
		}
		c.KafkaTopic = t
	}
	if in, out := get("EXTRACTION_PRICE_INPUT_PER_MTOK", ""), get("EXTRACTION_PRICE_OUTPUT_PER_MTOK", ""); in != "" || out != "" {
		var p llm.Price
		for _, v := range []struct {
			name, text string
			to         *float64
		}{{"EXTRACTION_PRICE_INPUT_PER_MTOK", in, &p.InputPerMTok}, {"EXTRACTION_PRICE_OUTPUT_PER_MTOK", out, &p.OutputPerMTok}} {
			f, err := strconv.ParseFloat(v.text, 64)
			if err != nil || f < 0 || math.IsInf(f, 0) || math.IsNaN(f) {
				return Config{}, fmt.Errorf("%s=%q is not a price in US dollars per million tokens (set both EXTRACTION_PRICE_INPUT_PER_MTOK and EXTRACTION_PRICE_OUTPUT_PER_MTOK, or neither)", v.name, v.text)
			}
			*v.to = f
		}
		c.ExtractionPrice = &p
	}
	switch j := get("EXTRACTION_JUDGE", ""); j {
	case "", "on":
	case "off":
		c.ExtractionJudgeOff = true
	default:
		return Config{}, fmt.Errorf("EXTRACTION_JUDGE=%q is not on or off (on, the default, also asks the extraction model about pairs of claims the rules leave unrelated)", j)
	}
	for _, sig := range strings.Split(get("PERSISTMEMORY_RETRIEVAL_OFF", ""), ",") {
		if sig = strings.TrimSpace(sig); sig == "" {
			continue
		}
		if !slices.Contains(retrieval.Signals, sig) {
			return Config{}, fmt.Errorf("PERSISTMEMORY_RETRIEVAL_OFF names %q; the signals that can be left out are %s", sig, strings.Join(retrieval.Signals, ", "))
		}
		c.RetrievalOff = append(c.RetrievalOff, sig)
	}
	budget := get("CONTEXT_TOKEN_BUDGET", strconv.Itoa(DefaultContextTokenBudget))
	n, err := strconv.Atoi(budget)
	if err != nil {
		return Config{}, fmt.Errorf("CONTEXT_TOKEN_BUDGET=%q is not a whole number of tokens", budget)
	}
	c.ContextTokenBudget = n
	scopes := get("MCP_SCOPES", strings.Join(allScopes, " "))
	c.MCPScopes = strings.FieldsFunc(scopes, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	if c.PublicURL == "" {
		c.PublicURL = "http://" + c.Addr
	}
	return c, c.Validate()
}

// Validate names the first setting that is wrong.
func (c Config) Validate() error {
	if c.UserID != "" {
		if err := c.UserID.Validate(); err != nil {
			return fmt.Errorf("PERSISTMEMORY_USER_ID is malformed: %w", err)
		}
	}
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		return fmt.Errorf("PERSISTMEMORY_ADDR=%q is not host:port", c.Addr)
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		return fmt.Errorf("PERSISTMEMORY_LOG_LEVEL=%q is not one of debug, info, warn, error", c.LogLevel)
	}
	if u, err := url.Parse(c.Neo4jURI); err != nil || !strings.HasPrefix(u.Scheme, "bolt") && !strings.HasPrefix(u.Scheme, "neo4j") || u.Host == "" {
		return fmt.Errorf("NEO4J_URI=%q is not a bolt:// or neo4j:// URI", c.Neo4jURI)
	}
	if c.Neo4jUser == "" {
		return fmt.Errorf("NEO4J_USER is empty")
	}
	for _, b := range c.KafkaBrokers {
		if _, p, err := net.SplitHostPort(b); err != nil || p == "" {
			return fmt.Errorf("KAFKA_BROKERS contains %q, which is not host:port", b)
		}
	}
	if c.WeaviateURL != "" {
		if u, err := url.Parse(c.WeaviateURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("WEAVIATE_URL=%q is not an http(s) URL", c.WeaviateURL)
		}
		if _, _, err := net.SplitHostPort(c.WeaviateGRPC); err != nil {
			return fmt.Errorf("WEAVIATE_GRPC=%q is not host:port", c.WeaviateGRPC)
		}
	}
	switch c.EmbeddingProvider {
	case "local":
		if c.WeaviateURL == "" {
			return fmt.Errorf("EMBEDDING_PROVIDER=local needs a vector store, but WEAVIATE_URL is empty; set it or use EMBEDDING_PROVIDER=none")
		}
	case "openai":
		if c.EmbeddingAPIKey == "" {
			return fmt.Errorf("EMBEDDING_PROVIDER=openai needs EMBEDDING_API_KEY; it is empty (PersistMemory does not fall back to no embeddings)")
		}
		if c.EmbeddingModel == "" {
			return fmt.Errorf("EMBEDDING_PROVIDER=openai needs EMBEDDING_MODEL (e.g. text-embedding-3-small)")
		}
		if c.EmbeddingBaseURL == "" {
			return fmt.Errorf("EMBEDDING_PROVIDER=openai needs EMBEDDING_BASE_URL (e.g. https://api.openai.com/v1)")
		}
		if u, err := url.Parse(c.EmbeddingBaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("EMBEDDING_BASE_URL=%q is not an http(s) URL", c.EmbeddingBaseURL)
		}
		if c.WeaviateURL == "" {
			return fmt.Errorf("EMBEDDING_PROVIDER=openai needs a vector store, but WEAVIATE_URL is empty")
		}
	case "none":
	default:
		return fmt.Errorf("EMBEDDING_PROVIDER=%q is not one of local, openai, none", c.EmbeddingProvider)
	}
	if err := c.validateExtraction(); err != nil {
		return err
	}
	if c.ContextTokenBudget < MinContextTokenBudget || c.ContextTokenBudget > MaxContextTokenBudget {
		return fmt.Errorf("CONTEXT_TOKEN_BUDGET=%d is outside %d..%d tokens", c.ContextTokenBudget, MinContextTokenBudget, MaxContextTokenBudget)
	}
	if u, err := url.Parse(c.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return fmt.Errorf("PUBLIC_URL=%q is not an http(s) URL without query or fragment", c.PublicURL)
	} else if u.Scheme == "http" && !isLoopback(u.Hostname()) {
		return fmt.Errorf("PUBLIC_URL=%q uses http for a host that is not loopback; OAuth clients require https", c.PublicURL)
	}
	if u, _ := url.Parse(c.PublicURL); u != nil && u.Path != "" && u.Path != "/" {
		return fmt.Errorf("PUBLIC_URL=%q has a path; the service publishes its OAuth and MCP endpoints at the root of its URL", c.PublicURL)
	}
	if c.SMTPAddr != "" {
		if _, _, err := net.SplitHostPort(c.SMTPAddr); err != nil {
			return fmt.Errorf("SMTP_ADDR=%q is not host:port", c.SMTPAddr)
		}
		if c.SMTPFrom == "" {
			return fmt.Errorf("SMTP_ADDR is set but SMTP_FROM is empty: sign-in mail needs a sender address")
		}
	}
	if len(c.MCPScopes) == 0 {
		return fmt.Errorf("MCP_SCOPES is empty; name at least one of %s", strings.Join(allScopes, ", "))
	}
	for _, s := range c.MCPScopes {
		ok := false
		for _, a := range allScopes {
			ok = ok || s == a
		}
		if !ok {
			return fmt.Errorf("MCP_SCOPES names %q, which is not a scope; the scopes are %s", s, strings.Join(allScopes, ", "))
		}
	}
	return nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Redacted returns a copy safe to log: secrets replaced by a marker.
func (c Config) Redacted() Config {
	if c.Neo4jPassword != "" {
		c.Neo4jPassword = "[redacted]"
	}
	if c.EmbeddingAPIKey != "" {
		c.EmbeddingAPIKey = "[redacted]"
	}
	if c.SMTPPassword != "" {
		c.SMTPPassword = "[redacted]"
	}
	if c.ExtractionAPIKey != "" {
		c.ExtractionAPIKey = "[redacted]"
	}
	if c.OAuthKeyEncryptionKey != nil {
		c.OAuthKeyEncryptionKey = []byte("[redacted]")
	}
	return c
}
