package weaviate

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"regexp"

	"github.com/persistmemory/persistmemory/schema"
)

// DefaultCollection is the collection used when Config.Collection is empty.
const DefaultCollection = "Memory"

// Config configures a Store. The zero value of an optional field means its
// default.
type Config struct {
	// URL is Weaviate's HTTP endpoint, e.g. "http://127.0.0.1:8080".
	URL string
	// GRPC is Weaviate's gRPC endpoint as host:port, e.g. "127.0.0.1:50051".
	// Batches are written over it.
	GRPC string
	// Collection is the Weaviate collection (class) name; default "Memory".
	// Weaviate requires an upper-case first letter, then letters, digits or
	// underscores.
	Collection string
	// Logger receives diagnostics; nil discards them.
	Logger *slog.Logger
}

var collectionName = regexp.MustCompile(`^[A-Z][_0-9A-Za-z]{0,254}$`)

// Validate reports every malformed setting in one error wrapping
// schema.ErrInvalid, each named by its field.
func (c Config) Validate() error {
	var errs []error
	if c.URL == "" {
		errs = append(errs, errors.New("weaviate URL is empty; set it to Weaviate's HTTP endpoint, e.g. http://127.0.0.1:8080"))
	} else if u, err := url.Parse(c.URL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, fmt.Errorf("weaviate URL %q is not an http:// or https:// URL with a host", c.URL))
	} else if u.Path != "" && u.Path != "/" {
		errs = append(errs, fmt.Errorf("weaviate URL %q has a path; give only scheme, host and port", c.URL))
	}
	if c.GRPC == "" {
		errs = append(errs, errors.New("weaviate GRPC address is empty; set it to host:port, e.g. 127.0.0.1:50051"))
	} else if host, port, err := net.SplitHostPort(c.GRPC); err != nil || host == "" || port == "" {
		errs = append(errs, fmt.Errorf("weaviate GRPC address %q is not host:port", c.GRPC))
	}
	if c.Collection != "" && !collectionName.MatchString(c.Collection) {
		errs = append(errs, fmt.Errorf("weaviate Collection %q is not a valid collection name: it must start with an upper-case letter followed by letters, digits or underscores", c.Collection))
	}
	if len(errs) > 0 {
		return fmt.Errorf("%w: %w", schema.ErrInvalid, errors.Join(errs...))
	}
	return nil
}

func (c Config) withDefaults() Config {
	if c.Collection == "" {
		c.Collection = DefaultCollection
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}
