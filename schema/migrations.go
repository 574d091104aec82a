package schema

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

//go:embed migrations/*.cypher
var migrationFiles embed.FS

// Migration is one numbered Cypher file from schema/migrations.
//
// A migration is applied once and recorded with its checksum; an applied
// migration must never be edited (the runner refuses to start if it was).
// Every statement must be safe to run again, because a crash between a
// statement and the record of its migration runs the migration again.
type Migration struct {
	// Version is the file's number: 1 for 0001_init.cypher.
	Version int
	// Name is the file name without extension: "0001_init".
	Name string
	// Statements are the file's Cypher statements, in order, without their
	// terminating semicolons.
	Statements []string
	// Checksum is the hex sha256 of the file's bytes.
	Checksum string
}

// migrationName is NNNN_name.cypher with a lower-case snake_case name.
var migrationName = regexp.MustCompile(`^([0-9]{4})_([a-z0-9_]+)\.cypher$`)

// Migrations returns the embedded migrations sorted by version. It fails if
// a file is misnamed, empty, or shares its version with another.
func Migrations() ([]Migration, error) {
	sub, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		return nil, err
	}
	return parseMigrations(sub)
}

// parseMigrations reads every *.cypher file at the root of fsys.
func parseMigrations(fsys fs.FS) ([]Migration, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("read migrations: %w", err)
	}
	var migs []Migration
	for _, e := range entries {
		if e.IsDir() || path.Ext(e.Name()) != ".cypher" {
			continue
		}
		m := migrationName.FindStringSubmatch(e.Name())
		if m == nil {
			return nil, fmt.Errorf("migration file %s: name must look like 0001_snake_case.cypher", e.Name())
		}
		version, _ := strconv.Atoi(m[1]) // four digits always parse
		if version == 0 {
			return nil, fmt.Errorf("migration file %s: versions start at 0001", e.Name())
		}
		data, err := fs.ReadFile(fsys, e.Name())
		if err != nil {
			return nil, fmt.Errorf("read migration %s: %w", e.Name(), err)
		}
		stmts := splitStatements(data)
		if len(stmts) == 0 {
			return nil, fmt.Errorf("migration file %s has no statements", e.Name())
		}
		sum := sha256.Sum256(data)
		migs = append(migs, Migration{
			Version:    version,
			Name:       strings.TrimSuffix(e.Name(), ".cypher"),
			Statements: stmts,
			Checksum:   hex.EncodeToString(sum[:]),
		})
	}
	sort.Slice(migs, func(i, j int) bool { return migs[i].Version < migs[j].Version })
	for i := 1; i < len(migs); i++ {
		if migs[i].Version == migs[i-1].Version {
			return nil, fmt.Errorf("migrations %s and %s share version %d", migs[i-1].Name, migs[i].Name, migs[i].Version)
		}
	}
	return migs, nil
}

// splitStatements splits a Cypher file into statements. A statement ends at
// a semicolon that ends a line (trailing blanks aside); lines whose first
// non-blank characters are // are comments and dropped. Text after the last
// semicolon, if any, is a final statement.
func splitStatements(data []byte) []string {
	var (
		stmts []string
		cur   strings.Builder
	)
	flush := func() {
		if s := strings.TrimSpace(cur.String()); s != "" {
			stmts = append(stmts, s)
		}
		cur.Reset()
	}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimRight(line, " \t\r")
		if strings.HasPrefix(strings.TrimSpace(line), "//") {
			continue
		}
		if strings.HasSuffix(line, ";") {
			cur.WriteString(strings.TrimSuffix(line, ";"))
			flush()
			continue
		}
		cur.WriteString(line)
		cur.WriteByte('\n')
	}
	flush()
	return stmts
}
