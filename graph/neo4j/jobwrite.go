package neo4j

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// CompleteJob: everything one job writes, in one transaction.
//
// The transaction first takes the job's lock (see jobs.go) and stops,
// writing nothing, if the job is already completed. It then checks every
// id the write refers to before changing anything it would have to undo:
// spaces, entities and turns must exist for the owner; then writes
// entities, memories and their edges; then checks the existing memories the
// write refers to, and applies reinforcements, supersessions, conflicts and
// relations; and last marks the job completed. Memory nodes whose
// confidence, state or validity it changes are locked (SET m._lock) before
// they are read, so two jobs reinforcing the same memory do not lose an
// update.

const completeJobsCypher = `
UNWIND $jobs AS c
MATCH (j:Job {id: c.id, owner: $owner})
SET j.state = 'completed', j.memory_ids = c.memory_ids, j.reinforced_ids = c.reinforced_ids,
  j.superseded_ids = c.superseded_ids, j.conflict_ids = c.conflict_ids, j.error = null, j.updated_at = $now
REMOVE j._lock`

// missingCypher lists which of $ids name no node labelled label of the
// owner. label is always a constant of this package.
func missingCypher(label string) string {
	return fmt.Sprintf(`
UNWIND $ids AS id
OPTIONAL MATCH (n:%s {id: id, owner: $owner})
WITH id, n WHERE n IS NULL
RETURN collect(id) AS missing`, label)
}

// requireExisting fails with schema.ErrNotFound naming the first of ids
// that is not a node labelled label of the owner.
func requireExisting(ctx context.Context, tx neo4j.ManagedTransaction, owner schema.Owner, label, kind string, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	recs, err := collect(ctx, tx, missingCypher(label), map[string]any{"ids": ids, "owner": string(owner)})
	if err != nil {
		return err
	}
	if len(recs) > 0 {
		if missing := sortedStrings(recs[0].AsMap(), "missing"); len(missing) > 0 {
			return fmt.Errorf("%w: %s %s", schema.ErrNotFound, kind, missing[0])
		}
	}
	return nil
}

const linkSpacesCypher = `
UNWIND $links AS l
MATCH (m:Memory {id: l.id, owner: $owner})
MATCH (s:Space {id: l.space_id, owner: $owner})
MERGE (m)-[:IN]->(s)
WITH m, s
OPTIONAL MATCH (m)-[old:IN]->(o:Space {owner: $owner})
WHERE o <> s
DELETE old`

const linkEntitiesCypher = `
UNWIND $links AS l
MATCH (m:Memory {id: l.id, owner: $owner})
MATCH (e:Entity {id: l.entity_id, owner: $owner})
MERGE (m)-[a:ABOUT]->(e)
ON CREATE SET a.created_at = $now`

// writeMemoriesLinkedCypher is writeMemoriesCypher, linkSpacesCypher
// ($space_links) and linkEntitiesCypher ($entity_links), in that order, as
// one statement: one round trip instead of three.
var writeMemoriesLinkedCypher = "CALL () {" + writeMemoriesCypher + "\n}\nCALL () {" +
	strings.ReplaceAll(linkSpacesCypher, "$links", "$space_links") + "\n}\nCALL () {" +
	strings.ReplaceAll(linkEntitiesCypher, "$links", "$entity_links") + "\n}"

const linkTurnsCypher = `
UNWIND $links AS l
MATCH (m:Memory {id: l.id, owner: $owner})
MATCH (t:Turn {id: l.turn_id, owner: $owner})
MERGE (m)-[e:EVIDENCED_BY]->(t)
ON CREATE SET e.created_at = $now, e.excerpt = l.excerpt`

// lockReinforcedCypher locks the memories and returns, for each, which of
// the documents paired with it in $pairs already support it.
const lockReinforcedCypher = `
UNWIND $ids AS id
MATCH (m:Memory {id: id, owner: $owner})
SET m._lock = true
RETURN m.id AS id, m.confidence AS confidence,
  coalesce(m.evidence_count, size([(m)-[:EVIDENCED_BY]->(:Document {owner: $owner}) | 1])) AS evidence_count,
  [p IN $pairs WHERE p.id = id AND EXISTS { (m)-[:EVIDENCED_BY]->(:Document {id: p.document_id, owner: $owner}) } | p.document_id] AS had`

const reinforceCypher = `
UNWIND $rows AS r
MATCH (d:Document {id: r.document_id, owner: $owner})
MATCH (m:Memory {id: r.id, owner: $owner})
MERGE (m)-[e:EVIDENCED_BY]->(d)
ON CREATE SET e.created_at = $now, e.excerpt = r.excerpt
SET m.confidence = r.confidence, m.evidence_count = r.evidence_count
REMOVE m._lock`

const supersedeCheckCypher = `
MATCH (n:Memory {id: $new_id, owner: $owner}), (o:Memory {id: $old_id, owner: $owner})
RETURN EXISTS { (o)-[:SUPERSEDES*1..` + maxChainLiteral + `]->(n) } AS cycle`

// maxChainLiteral is graph.MaxTimeline as Cypher text: variable-length
// bounds cannot be parameters. A unit test checks the two agree.
const maxChainLiteral = "200"

const supersedeCypher = `
MATCH (n:Memory {id: $new_id, owner: $owner}), (o:Memory {id: $old_id, owner: $owner})
SET o._lock = true
WITH n, o, coalesce($at, n.valid_from, n.said_at, n.recorded_at) AS t0
WITH n, o, CASE WHEN o.valid_from IS NOT NULL AND t0 < o.valid_from THEN o.valid_from ELSE t0 END AS t
MERGE (n)-[s:SUPERSEDES]->(o)
ON CREATE SET s.at = t, s.reason = $reason, s.created_at = $now
SET o.state = CASE WHEN o.state = 'retracted' THEN o.state ELSE 'superseded' END,
  o.valid_to = CASE WHEN o.valid_to IS NULL OR o.valid_to > t THEN t ELSE o.valid_to END
REMOVE o._lock`

const conflictClashCypher = `
UNWIND $conflicts AS c
MATCH (x:Conflict {id: c.id, owner: $owner})
WHERE x.memory_ids <> [c.a, c.b]
RETURN collect(c.id) AS clash`

const writeConflictsCypher = `
UNWIND $conflicts AS c
MATCH (a:Memory {id: c.a, owner: $owner}), (b:Memory {id: c.b, owner: $owner})
MERGE (x:Conflict {id: c.id, owner: $owner})
ON CREATE SET x.state = 'open', x.reason = c.reason, x.created_at = c.created_at, x.memory_ids = [c.a, c.b]
MERGE (x)-[ea:BETWEEN]->(a)
ON CREATE SET ea.position = 0
MERGE (x)-[eb:BETWEEN]->(b)
ON CREATE SET eb.position = 1
WITH x, a, b
FOREACH (m IN CASE WHEN x.state = 'open' THEN [a, b] ELSE [] END |
  SET m.state = CASE WHEN m.state = 'active' THEN 'disputed' ELSE m.state END)`

const writeRelationsCypher = `
UNWIND $rels AS r
MATCH (a:Entity {id: r.from, owner: $owner}), (b:Entity {id: r.to, owner: $owner})
MERGE (a)-[e:RELATED {type: r.type}]->(b)
ON CREATE SET e.created_at = $now`

// jobWrite is a validated graph.JobWrite with its parameters prepared.
type jobWrite struct {
	mems        []map[string]any
	memIDs      []string
	spaceLinks  []map[string]any // {id, space_id}
	spaceIDs    []string         // distinct, other than the personal space
	personal    bool             // some memory goes to the personal space
	entityRefs  map[string]bool  // entity ids memories and relations name
	memEntities [][2]string      // {memory id, entity id as given}
	turnLinks   []map[string]any // {id, turn_id, excerpt}
	turnIDs     []string
	entities    []entityRow
	reinforce   []graph.Reinforcement
	reinforced  []string
	supersede   []graph.Supersession
	superseded  []string
	conflicts   []map[string]any
	conflictIDs []string
	relations   []graph.Relation
	memoryRefs  []string // existing memories the write refers to
}

// prepareJobWrite validates w and prepares its parameters.
func prepareJobWrite(owner schema.Owner, w graph.JobWrite, t time.Time) (*jobWrite, error) {
	p := &jobWrite{entityRefs: map[string]bool{}}
	personalID := graph.PersonalSpaceID(owner)
	seen := map[string]bool{}
	spaces := map[string]bool{}
	excerpts := map[string]string{}
	supersessions := slices.Clone(w.Supersede)
	for i, m := range w.Memories {
		if m.ID == "" {
			return nil, fmt.Errorf("%w: memory %d has no id", schema.ErrInvalid, i)
		}
		if m.SpaceID == "" {
			m.SpaceID = personalID
		}
		if m.SpaceID == personalID {
			p.personal = true
		} else if !spaces[m.SpaceID] {
			spaces[m.SpaceID] = true
			p.spaceIDs = append(p.spaceIDs, m.SpaceID)
		}
		if !seen[m.ID] {
			seen[m.ID] = true
			p.memIDs = append(p.memIDs, m.ID)
		}
		excerpts[m.ID] = m.Excerpt
		p.mems = append(p.mems, memoryParams(m, t))
		p.spaceLinks = append(p.spaceLinks, map[string]any{"id": m.ID, "space_id": m.SpaceID})
		for _, e := range trimmedNonEmpty(m.EntityIDs) {
			p.entityRefs[e] = true
			p.memEntities = append(p.memEntities, [2]string{m.ID, e})
		}
		if m.SupersedesID != "" {
			supersessions = append(supersessions, graph.Supersession{NewID: m.ID, OldID: m.SupersedesID})
		}
	}
	turnIDs := map[string]bool{}
	addTurns := func(memID, excerpt string, ids []string) {
		for _, tid := range trimmedNonEmpty(ids) {
			p.turnLinks = append(p.turnLinks, map[string]any{"id": memID, "turn_id": tid, "excerpt": nullable(excerpt)})
			if !turnIDs[tid] {
				turnIDs[tid] = true
				p.turnIDs = append(p.turnIDs, tid)
			}
		}
	}
	memTurnKeys := make([]string, 0, len(w.MemoryTurns))
	for id := range w.MemoryTurns {
		memTurnKeys = append(memTurnKeys, id)
	}
	slices.Sort(memTurnKeys)
	for _, id := range memTurnKeys {
		if !seen[id] {
			return nil, fmt.Errorf("%w: turn evidence names memory %s, which the write does not create", schema.ErrInvalid, id)
		}
		addTurns(id, excerpts[id], w.MemoryTurns[id])
	}

	var err error
	if p.entities, err = entityRows(w.Entities, t); err != nil {
		return nil, err
	}

	refs := map[string]bool{}
	addRef := func(id string) {
		if !seen[id] && !refs[id] {
			refs[id] = true
			p.memoryRefs = append(p.memoryRefs, id)
		}
	}
	// Reinforcements of one memory are folded into one: the highest
	// confidence, the first excerpt, every turn.
	byMem := map[string]int{}
	for i, r := range w.Reinforce {
		if r.MemoryID == "" {
			return nil, fmt.Errorf("%w: reinforcement %d names no memory", schema.ErrInvalid, i)
		}
		addRef(r.MemoryID)
		addTurns(r.MemoryID, r.Excerpt, r.TurnIDs)
		if j, ok := byMem[r.MemoryID]; ok {
			p.reinforce[j].Confidence = max(p.reinforce[j].Confidence, r.Confidence)
			if p.reinforce[j].Excerpt == "" {
				p.reinforce[j].Excerpt = r.Excerpt
			}
			continue
		}
		byMem[r.MemoryID] = len(p.reinforce)
		p.reinforce = append(p.reinforce, r)
		p.reinforced = append(p.reinforced, r.MemoryID)
	}
	pairs := map[[2]string]bool{}
	for i, s := range supersessions {
		if s.NewID == "" || s.OldID == "" {
			return nil, fmt.Errorf("%w: supersession %d lacks a memory id", schema.ErrInvalid, i)
		}
		if s.NewID == s.OldID {
			return nil, fmt.Errorf("%w: memory %s cannot supersede itself", schema.ErrInvalid, s.NewID)
		}
		if pairs[[2]string{s.NewID, s.OldID}] {
			continue
		}
		pairs[[2]string{s.NewID, s.OldID}] = true
		addRef(s.NewID)
		addRef(s.OldID)
		p.supersede = append(p.supersede, s)
		if !slices.Contains(p.superseded, s.OldID) {
			p.superseded = append(p.superseded, s.OldID)
		}
	}
	cids := map[string]bool{}
	for i, c := range w.Conflicts {
		a, b := c.MemoryIDs[0], c.MemoryIDs[1]
		switch {
		case c.ID == "":
			return nil, fmt.Errorf("%w: conflict %d has no id", schema.ErrInvalid, i)
		case a == "" || b == "":
			return nil, fmt.Errorf("%w: conflict %s lacks a memory id", schema.ErrInvalid, c.ID)
		case a == b:
			return nil, fmt.Errorf("%w: conflict %s is between memory %s and itself", schema.ErrInvalid, c.ID, a)
		}
		if cids[c.ID] {
			continue
		}
		cids[c.ID] = true
		addRef(a)
		addRef(b)
		created := c.CreatedAt
		if created.IsZero() {
			created = t
		}
		p.conflicts = append(p.conflicts, map[string]any{
			"id": c.ID, "a": a, "b": b, "reason": nullable(c.Reason), "created_at": utc(created),
		})
		p.conflictIDs = append(p.conflictIDs, c.ID)
	}
	for i, r := range w.Relations {
		r.Type = strings.TrimSpace(r.Type)
		switch {
		case r.FromID == "" || r.ToID == "":
			return nil, fmt.Errorf("%w: relation %d lacks an entity id", schema.ErrInvalid, i)
		case r.Type == "":
			return nil, fmt.Errorf("%w: relation %d has no type", schema.ErrInvalid, i)
		case r.FromID == r.ToID:
			return nil, fmt.Errorf("%w: relation %d relates entity %s to itself", schema.ErrInvalid, i, r.FromID)
		}
		p.entityRefs[r.FromID] = true
		p.entityRefs[r.ToID] = true
		p.relations = append(p.relations, r)
	}
	return p, nil
}

// CompleteJob applies w and marks the job completed, in one transaction;
// see graph.Store. It is CompleteJobs with one job.
func (s *Store) CompleteJob(ctx context.Context, owner schema.Owner, jobID string, w graph.JobWrite) error {
	op := "complete job " + jobID
	if err := validOwnerID(owner, "job", jobID); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	return s.completeJobs(ctx, op, owner, []graph.JobCompletion{{JobID: jobID, Write: w}}, nil)
}

// CompleteJobs applies the writes of many jobs in one transaction; see
// graph.BatchStore.
func (s *Store) CompleteJobs(ctx context.Context, owner schema.Owner, cs []graph.JobCompletion) error {
	const op = "complete jobs"
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.JobID
	}
	if err := checkBatch(owner, "job", ids); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	return s.completeJobs(ctx, op, owner, cs, nil)
}

// CompleteJobsWhen is CompleteJobs committing only once ready returns nil;
// see graph.BatchStore.
func (s *Store) CompleteJobsWhen(ctx context.Context, owner schema.Owner, cs []graph.JobCompletion, ready func() error) error {
	const op = "complete jobs"
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.JobID
	}
	if err := checkBatch(owner, "job", ids); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if len(cs) == 0 && ready != nil {
		return ready()
	}
	return s.completeJobs(ctx, op, owner, cs, ready)
}

// jobApply is one job of a completion batch: its document and its write.
type jobApply struct {
	jobID, docID string
	p            *jobWrite
}

// completeJobs applies cs in one transaction, which it commits once ready
// (when not nil) returns nil.
func (s *Store) completeJobs(ctx context.Context, op string, owner schema.Owner, cs []graph.JobCompletion, ready func() error) error {
	if len(cs) == 0 {
		return nil
	}
	t := now()
	plans := make([]*jobWrite, len(cs))
	for i, c := range cs {
		p, err := prepareJobWrite(owner, c.Write, t)
		if err != nil {
			if len(cs) > 1 {
				err = fmt.Errorf("job %s: %w", c.JobID, err)
			}
			return fmt.Errorf("%s: %w", op, err)
		}
		plans[i] = p
	}
	_, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		jobs, err := lockJobs(ctx, tx, owner, cs, plans)
		if err != nil {
			return struct{}{}, err
		}
		if err := s.applyJobWrites(ctx, tx, owner, jobs, t); err != nil {
			return struct{}{}, err
		}
		if ready != nil {
			return struct{}{}, ready()
		}
		return struct{}{}, nil
	})
	return translate(op, err)
}

const lockJobsCypher = `
UNWIND range(0, size($ids) - 1) AS i
OPTIONAL MATCH (j:Job {id: $ids[i], owner: $owner})
FOREACH (_ IN CASE WHEN j IS NULL THEN [] ELSE [1] END | SET j._lock = true REMOVE j._lock)
WITH i, j
OPTIONAL MATCH (d:Document {id: j.document_id, owner: $owner})
RETURN i, j IS NOT NULL AS found, j.state AS state, j.document_id AS document_id, d IS NOT NULL AS has_document
ORDER BY i`

// lockJobs write-locks the batch's jobs (setting and removing a property
// holds the node's lock to the end of the transaction), in the order given,
// and returns those not and returns those not
// completed yet (the first completion wins over a redelivered message).
// An unknown job, or one whose document is gone, fails the batch.
func lockJobs(ctx context.Context, tx neo4j.ManagedTransaction, owner schema.Owner, cs []graph.JobCompletion, plans []*jobWrite) ([]jobApply, error) {
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.JobID
	}
	recs, err := collect(ctx, tx, lockJobsCypher, map[string]any{"ids": ids, "owner": string(owner)})
	if err != nil {
		return nil, err
	}
	var out []jobApply
	done := map[string]bool{}
	for i, r := range recs {
		m := r.AsMap()
		switch {
		case !boolean(m, "found"):
			return nil, fmt.Errorf("%w: job %s", schema.ErrNotFound, ids[i])
		case schema.JobState(str(m, "state")) == schema.JobCompleted || done[ids[i]]:
			continue
		case !boolean(m, "has_document"):
			return nil, fmt.Errorf("%w: the job's document %s is missing", schema.ErrNotFound, str(m, "document_id"))
		}
		done[ids[i]] = true
		out = append(out, jobApply{jobID: ids[i], docID: str(m, "document_id"), p: plans[i]})
	}
	return out, nil
}

// applyJobWrite applies one job's write in tx (the job already locked).
func (s *Store) applyJobWrite(ctx context.Context, tx neo4j.ManagedTransaction, owner schema.Owner, jobID, docID string, p *jobWrite, t time.Time) error {
	return s.applyJobWrites(ctx, tx, owner, []jobApply{{jobID: jobID, docID: docID, p: p}}, t)
}

// applyJobWrites applies the writes of jobs, in order, with one statement
// per kind of change for the whole batch: every reference is checked
// before anything is written that would have to be undone; then entities,
// every job's new memories and their edges; then the existing memories the
// writes refer to are checked (a memory an earlier job of the batch
// created counts), and reinforcements, supersessions, conflicts and
// relations are applied; last the jobs are marked completed. The result is
// what applying the jobs one after the other leaves: reinforcements are
// folded in order (once per document), and the state changes commute
// (a conflict disputes only active memories; a supersession retires
// whatever is not retracted).
func (s *Store) applyJobWrites(ctx context.Context, tx neo4j.ManagedTransaction, owner schema.Owner, jobs []jobApply, t time.Time) error {
	if len(jobs) == 0 {
		return nil
	}
	params := func(extra map[string]any) map[string]any {
		out := map[string]any{"owner": string(owner), "owner_key": ownerKey(owner), "now": t, "document_id": nil}
		for k, v := range extra {
			out[k] = v
		}
		return out
	}
	run := func(cypher string, extra map[string]any) error {
		_, err := collect(ctx, tx, cypher, params(extra))
		return err
	}

	// Everything the batch names, once.
	var (
		personal                                            bool
		spaceIDs, turnIDs, memoryRefs                       []string
		entityRefs                                          = map[string]bool{}
		mems, spaceLinks, turnLinks, conflicts, completions []map[string]any
		memEntities                                         [][2]string
		relations                                           []graph.Relation
	)
	var entities []entityRow
	entityAt := map[string]int{}
	for _, j := range jobs {
		p := j.p
		personal = personal || p.personal
		spaceIDs = append(spaceIDs, p.spaceIDs...)
		turnIDs = append(turnIDs, p.turnIDs...)
		memoryRefs = append(memoryRefs, p.memoryRefs...)
		for k := range p.entityRefs {
			entityRefs[k] = true
		}
		// A later job's version of an entity has everything an earlier
		// one's has (the worker plans a batch's entities together).
		for _, e := range p.entities {
			if i, ok := entityAt[e.id]; ok {
				entities[i] = e
				continue
			}
			entityAt[e.id] = len(entities)
			entities = append(entities, e)
		}
		for _, m := range p.mems {
			row := maps.Clone(m)
			row["document_id"] = j.docID
			mems = append(mems, row)
		}
		spaceLinks = append(spaceLinks, p.spaceLinks...)
		turnLinks = append(turnLinks, p.turnLinks...)
		memEntities = append(memEntities, p.memEntities...)
		conflicts = append(conflicts, p.conflicts...)
		relations = append(relations, p.relations...)
		completions = append(completions, map[string]any{
			"id": j.jobID, "memory_ids": nonNil(p.memIDs), "reinforced_ids": nonNil(p.reinforced),
			"superseded_ids": nonNil(p.superseded), "conflict_ids": nonNil(p.conflictIDs),
		})
	}
	spaceIDs, turnIDs, memoryRefs = distinct(spaceIDs), distinct(turnIDs), distinct(memoryRefs)

	// References that must exist before anything is written.
	if personal {
		if _, err := ensurePersonalSpace(ctx, tx, owner, t); err != nil {
			return err
		}
	}
	if err := requireExisting(ctx, tx, owner, "Space", "space", spaceIDs); err != nil {
		return err
	}
	if err := requireExisting(ctx, tx, owner, "Turn", "turn", turnIDs); err != nil {
		return err
	}
	if err := upsertEntities(ctx, tx, owner, entities, t); err != nil {
		return err
	}
	survivors, err := resolveEntities(ctx, tx, owner, setKeys(entityRefs))
	if err != nil {
		return err
	}

	// New memories and their edges, in one statement.
	if len(mems) > 0 || len(memEntities) > 0 {
		links := make([]map[string]any, 0, len(memEntities))
		for _, me := range memEntities {
			links = append(links, map[string]any{"id": me[0], "entity_id": survivors[me[1]]})
		}
		if spaceLinks == nil {
			spaceLinks = []map[string]any{}
		}
		if mems == nil {
			mems = []map[string]any{}
		}
		if err := run(writeMemoriesLinkedCypher, map[string]any{"mems": mems, "space_links": spaceLinks, "entity_links": links}); err != nil {
			return err
		}
	}

	// Existing memories the writes refer to.
	if err := requireExisting(ctx, tx, owner, "Memory", "memory", memoryRefs); err != nil {
		return err
	}
	if len(turnLinks) > 0 {
		if err := run(linkTurnsCypher, map[string]any{"links": turnLinks}); err != nil {
			return err
		}
	}
	if err := reinforce(ctx, tx, params, jobs); err != nil {
		return err
	}
	for _, j := range jobs {
		for _, sup := range j.p.supersede {
			if err := supersede(ctx, tx, params, sup); err != nil {
				return err
			}
		}
	}
	if len(conflicts) > 0 {
		recs, err := collect(ctx, tx, conflictClashCypher, params(map[string]any{"conflicts": conflicts}))
		if err != nil {
			return err
		}
		if len(recs) > 0 {
			if clash := sortedStrings(recs[0].AsMap(), "clash"); len(clash) > 0 {
				return fmt.Errorf("%w: conflict %s already exists between other memories", schema.ErrConflict, clash[0])
			}
		}
		if err := run(writeConflictsCypher, map[string]any{"conflicts": conflicts}); err != nil {
			return err
		}
	}
	if len(relations) > 0 {
		rels := make([]map[string]any, 0, len(relations))
		for _, r := range relations {
			from, to := survivors[r.FromID], survivors[r.ToID]
			if from == to {
				continue // the two were merged
			}
			rels = append(rels, map[string]any{"from": from, "to": to, "type": r.Type})
		}
		if err := run(writeRelationsCypher, map[string]any{"rels": rels}); err != nil {
			return err
		}
	}
	return run(completeJobsCypher, map[string]any{"jobs": completions})
}

// distinct returns ids without repeats, in first-seen order.
func distinct(ids []string) []string {
	seen := make(map[string]bool, len(ids))
	out := ids[:0:0]
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// reinforce adds each job's document as evidence to the existing memories
// it restated and raises their confidence by graph.ReinforcedConfidence,
// once per document, folding the batch's reinforcements in order.
func reinforce(ctx context.Context, tx neo4j.ManagedTransaction, params func(map[string]any) map[string]any, jobs []jobApply) error {
	var pairs []map[string]any
	var ids []string
	for _, j := range jobs {
		for _, r := range j.p.reinforce {
			pairs = append(pairs, map[string]any{"id": r.MemoryID, "document_id": j.docID})
			ids = append(ids, r.MemoryID)
		}
	}
	if len(pairs) == 0 {
		return nil
	}
	ids = distinct(ids)
	slices.Sort(ids) // lock in a fixed order
	recs, err := collect(ctx, tx, lockReinforcedCypher, params(map[string]any{"ids": ids, "pairs": pairs}))
	if err != nil {
		return err
	}
	type state struct {
		confidence float64
		count      int
	}
	current := map[string]state{}
	had := map[[2]string]bool{}
	for _, r := range recs {
		m := r.AsMap()
		id := str(m, "id")
		current[id] = state{confidence: float(m, "confidence"), count: integer(m, "evidence_count")}
		for _, d := range sortedStrings(m, "had") {
			had[[2]string{id, d}] = true
		}
	}
	var rows []map[string]any
	for _, j := range jobs {
		for _, r := range j.p.reinforce {
			key := [2]string{r.MemoryID, j.docID}
			if !had[key] {
				had[key] = true
				cur := current[r.MemoryID]
				current[r.MemoryID] = state{confidence: graph.ReinforcedConfidence(cur.confidence, r.Confidence), count: cur.count + 1}
			}
			rows = append(rows, map[string]any{"id": r.MemoryID, "document_id": j.docID, "excerpt": nullable(r.Excerpt)})
		}
	}
	for _, row := range rows {
		cur := current[row["id"].(string)]
		row["confidence"], row["evidence_count"] = cur.confidence, cur.count
	}
	_, err = collect(ctx, tx, reinforceCypher, params(map[string]any{"rows": rows}))
	return err
}

// supersede retires sup.OldID in favour of sup.NewID, refusing a cycle.
func supersede(ctx context.Context, tx neo4j.ManagedTransaction, base func(map[string]any) map[string]any, sup graph.Supersession) error {
	params := base(map[string]any{"new_id": sup.NewID, "old_id": sup.OldID, "reason": nullable(sup.Reason), "at": nil})
	if !sup.At.IsZero() {
		params["at"] = utc(sup.At)
	}
	recs, err := collect(ctx, tx, supersedeCheckCypher, params)
	if err != nil {
		return err
	}
	if len(recs) > 0 && boolean(recs[0].AsMap(), "cycle") {
		return fmt.Errorf("%w: memory %s already supersedes %s; superseding it back would make a cycle", schema.ErrInvalid, sup.OldID, sup.NewID)
	}
	_, err = collect(ctx, tx, supersedeCypher, params)
	return err
}

func setKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// nonNil makes a nil list an empty one, which Neo4j stores.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
