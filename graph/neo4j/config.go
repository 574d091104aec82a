package neo4j

import (
	"fmt"
	"log/slog"
	"net/url"

	"github.com/persistmemory/persistmemory/schema"
)

// DefaultDatabase is the database Config uses when Database is empty; it is
// the only one Neo4j Community has.
const DefaultDatabase = "neo4j"

// Config says where Neo4j is and how to log in.
type Config struct {
	// URI is the server address: bolt://, bolt+s://, bolt+ssc://, neo4j://,
	// neo4j+s:// or neo4j+ssc://.
	URI string
	// User and Password are basic-auth credentials. An empty User connects
	// without authentication.
	User     string
	Password string
	// Database is the database to use; empty means DefaultDatabase.
	Database string
	// Logger receives the driver's log lines; nil discards them. The driver
	// never writes to stdout or stderr itself.
	Logger *slog.Logger
}

// Validate reports the first setting that cannot work, naming it.
func (c Config) Validate() error {
	if c.URI == "" {
		return fmt.Errorf("%w: neo4j URI is empty", schema.ErrInvalid)
	}
	u, err := url.Parse(c.URI)
	if err != nil {
		return fmt.Errorf("%w: neo4j URI %q does not parse: %v", schema.ErrInvalid, c.URI, err)
	}
	switch u.Scheme {
	case "bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc":
	default:
		return fmt.Errorf("%w: neo4j URI %q: scheme must be bolt, bolt+s, bolt+ssc, neo4j, neo4j+s or neo4j+ssc", schema.ErrInvalid, c.URI)
	}
	if u.Host == "" {
		return fmt.Errorf("%w: neo4j URI %q has no host", schema.ErrInvalid, c.URI)
	}
	if c.User == "" && c.Password != "" {
		return fmt.Errorf("%w: neo4j password is set but user is empty", schema.ErrInvalid)
	}
	return nil
}

func (c Config) database() string {
	if c.Database == "" {
		return DefaultDatabase
	}
	return c.Database
}
