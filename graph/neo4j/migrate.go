package neo4j

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/schema"
)

// Migrations.
//
// Each applied migration is recorded as (:Migration {version, name,
// checksum, applied_at}); Migration.version is unique. Migrate takes a lock
// before it reads the records, so concurrent Migrate calls from several
// processes apply each migration once:
//
//  1. create, if missing, the uniqueness constraints on Migration.version
//     and MigrationLock.name (checked first; racing creators may deadlock,
//     and the loser tries again);
//  2. MERGE the single (:MigrationLock {name: 'schema'}) node (safe to race
//     because of its constraint);
//  3. in a transaction kept open until the end, write to that node: this
//     holds its write lock, so a second Migrate waits here, for as long as
//     its ctx allows. If the process dies, the server rolls the transaction
//     back and the lock is free: there is no lease to expire;
//  4. read the records, refuse if an applied file was edited, then apply the
//     missing migrations in order, each statement in its own auto-commit
//     transaction (Neo4j does not mix schema and data writes in one), and
//     record each migration after its statements;
//  5. roll the lock transaction back, releasing the lock.
//
// A crash between a migration's statements and its record runs the
// migration again next time, which is why statements must be re-runnable.

// migrationLabel labels the records of applied migrations.
const migrationLabel = "Migration"

var labelPattern = regexp.MustCompile(`^[A-Z][A-Za-z0-9_]*$`)

// Migrate applies the embedded schema.Migrations not yet recorded, in
// order, and returns their names. It refuses, with an error wrapping
// schema.ErrConflict, when a recorded migration's file has changed since it
// was applied. Recorded migrations this build does not know (applied by a
// newer build) are logged and left alone.
func (s *Store) Migrate(ctx context.Context) ([]string, error) {
	migs, err := schema.Migrations()
	if err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	return s.migrate(ctx, migs, migrationLabel)
}

type appliedMigration struct {
	name, checksum string
}

// migrate applies migs, recording them as nodes labelled label and locking
// on a node labelled label+"Lock". Tests pass their own label.
func (s *Store) migrate(ctx context.Context, migs []schema.Migration, label string) ([]string, error) {
	if !labelPattern.MatchString(label) {
		return nil, fmt.Errorf("migrate: %w: record label %q", schema.ErrInvalid, label)
	}
	for i := 1; i < len(migs); i++ {
		if migs[i].Version <= migs[i-1].Version {
			return nil, fmt.Errorf("migrate: %w: migration %s does not follow %s", schema.ErrInvalid, migs[i].Name, migs[i-1].Name)
		}
	}
	lockLabel := label + "Lock"
	if err := s.ensureConstraints(ctx, map[string]string{
		strings.ToLower(label) + "_version":  fmt.Sprintf("FOR (n:%s) REQUIRE n.version IS UNIQUE", label),
		strings.ToLower(lockLabel) + "_name": fmt.Sprintf("FOR (n:%s) REQUIRE n.name IS UNIQUE", lockLabel),
	}); err != nil {
		return nil, translate("migrate: create migration constraints", err)
	}
	_, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		_, err := collect(ctx, tx, fmt.Sprintf("MERGE (:%s {name: 'schema'})", lockLabel), nil)
		return struct{}{}, err
	})
	if err != nil {
		return nil, translate("migrate: create migration lock", err)
	}

	lockSess := s.driver.NewSession(ctx, neo4j.SessionConfig{DatabaseName: s.database, AccessMode: neo4j.AccessModeWrite})
	defer closeSession(ctx, lockSess)
	holder, _ := os.Hostname()
	holder = fmt.Sprintf("%s/%d", holder, os.Getpid())
	var lock neo4j.ExplicitTransaction
	// Waits until no other Migrate holds the lock. Deadlock victims (lock
	// upgrades racing the constraints' creation) try again.
	err = retryTransient(ctx, func() error {
		tx, err := lockSess.BeginTransaction(ctx)
		if err != nil {
			return err
		}
		res, err := tx.Run(ctx, fmt.Sprintf("MATCH (l:%s {name: 'schema'}) SET l.held_by = $holder, l.held_since = datetime()", lockLabel),
			map[string]any{"holder": holder})
		if err == nil {
			_, err = res.Consume(ctx)
		}
		if err != nil {
			_ = tx.Rollback(context.WithoutCancel(ctx))
			return err
		}
		lock = tx
		return nil
	})
	if err != nil {
		return nil, translate("migrate: take migration lock", err)
	}
	// Rolling back releases the lock; nothing in this transaction is meant
	// to last.
	defer func() { _ = lock.Rollback(context.WithoutCancel(ctx)) }()
	// Read the records only now that the lock is held.
	res, err := lock.Run(ctx, fmt.Sprintf("MATCH (m:%s) RETURN m.version AS version, m.name AS name, m.checksum AS checksum", label), nil)
	if err != nil {
		return nil, translate("migrate: read applied migrations", err)
	}
	recs, err := res.Collect(ctx)
	if err != nil {
		return nil, translate("migrate: read applied migrations", err)
	}
	applied := map[int]appliedMigration{}
	for _, r := range recs {
		m := r.AsMap()
		applied[integer(m, "version")] = appliedMigration{name: str(m, "name"), checksum: str(m, "checksum")}
	}

	known := map[int]bool{}
	for _, m := range migs {
		known[m.Version] = true
		a, ok := applied[m.Version]
		if !ok {
			continue
		}
		if a.name != m.Name {
			return nil, fmt.Errorf("migrate: %w: migration version %d was applied as %s but the file is now %s; never rename applied migrations",
				schema.ErrConflict, m.Version, a.name, m.Name)
		}
		if a.checksum != m.Checksum {
			return nil, fmt.Errorf("migrate: %w: migration %s was edited after it was applied (recorded sha256 %s, file sha256 %s); restore it and add a new migration instead",
				schema.ErrConflict, m.Name, a.checksum, m.Checksum)
		}
	}
	for v, a := range applied {
		if !known[v] {
			s.logger.WarnContext(ctx, "graph has a migration this build does not know; a newer build applied it",
				"migration", a.name, "version", v)
		}
	}

	names := []string{}
	for _, m := range migs {
		if _, ok := applied[m.Version]; ok {
			continue
		}
		for i, stmt := range m.Statements {
			if err := retryTransient(ctx, func() error { return s.autoCommit(ctx, stmt, nil) }); err != nil {
				return names, translate(fmt.Sprintf("migrate: apply migration %s statement %d", m.Name, i+1), err)
			}
		}
		_, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
			_, err := collect(ctx, tx, fmt.Sprintf(
				"CREATE (:%s {version: $version, name: $name, checksum: $checksum, applied_at: $now})", label),
				map[string]any{"version": m.Version, "name": m.Name, "checksum": m.Checksum, "now": now()})
			return struct{}{}, err
		})
		if err != nil {
			return names, translate("migrate: record migration "+m.Name, err)
		}
		s.logger.InfoContext(ctx, "applied migration", "migration", m.Name)
		names = append(names, m.Name)
	}
	if len(names) > 0 {
		// Indexes populate in the background; a full-text query on one
		// that is not online yet fails. Wait, still holding the lock, so a
		// Migrate that finds nothing to do also finds the indexes ready.
		if err := s.autoCommit(ctx, "CALL db.awaitIndexes($seconds)", map[string]any{"seconds": int64(awaitIndexes / time.Second)}); err != nil {
			return names, translate("migrate: wait for indexes to come online", err)
		}
	}
	return names, nil
}

// awaitIndexes bounds how long Migrate waits for new indexes to populate.
const awaitIndexes = 5 * time.Minute

// autoCommit runs one statement in its own auto-commit transaction, as
// schema statements and CALL { } IN TRANSACTIONS need.
func (s *Store) autoCommit(ctx context.Context, cypher string, params map[string]any) error {
	sess := s.session(ctx, neo4j.AccessModeWrite)
	defer closeSession(ctx, sess)
	res, err := sess.Run(ctx, cypher, params)
	if err != nil {
		return err
	}
	_, err = res.Consume(ctx)
	return err
}

// ensureConstraints creates the named constraints that do not exist yet.
// Checking first keeps the usual start-up free of schema locks; processes
// racing to create one may deadlock, and the loser tries again.
func (s *Store) ensureConstraints(ctx context.Context, constraints map[string]string) error {
	names := make([]string, 0, len(constraints))
	for name := range constraints {
		names = append(names, name)
	}
	slices.Sort(names)
	existing, err := read(ctx, s, func(tx neo4j.ManagedTransaction) (map[string]bool, error) {
		recs, err := collect(ctx, tx, "SHOW CONSTRAINTS YIELD name WHERE name IN $names RETURN name", map[string]any{"names": names})
		if err != nil {
			return nil, err
		}
		have := map[string]bool{}
		for _, r := range recs {
			have[str(r.AsMap(), "name")] = true
		}
		return have, nil
	})
	if err != nil {
		return err
	}
	for _, name := range names {
		if existing[name] {
			continue
		}
		stmt := fmt.Sprintf("CREATE CONSTRAINT %s IF NOT EXISTS %s", name, constraints[name])
		if err := retryTransient(ctx, func() error { return s.autoCommit(ctx, stmt, nil) }); err != nil {
			return err
		}
	}
	return nil
}

// retryTransient calls f until it succeeds, fails for good, or ten attempts
// have failed transiently (deadlocks, lock timeouts, lost connections), with
// jittered exponential backoff. Managed transactions have this from the
// driver; auto-commit statements and explicit transactions do not.
func retryTransient(ctx context.Context, f func() error) error {
	delay := 20 * time.Millisecond
	for attempt := 1; ; attempt++ {
		err := f()
		if err == nil || attempt == 10 || !neo4j.IsRetryable(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(delay/2 + rand.N(delay)):
		}
		delay = min(2*delay, time.Second)
	}
}
