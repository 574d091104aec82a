package neo4j

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// Conversations: (:Conversation {id, owner, turns, created_at, updated_at,
// last_said_at})-[:HAS_TURN]->(:Turn {id, owner, owner_key,
// conversation_id, seq, author, text, said_at, source_id, created_at}).
// Conversation ids are the caller's, unique per owner (a composite
// constraint), so two owners may both have a conversation "chat-1". Turns
// are numbered 1, 2, ... in the order appended; the conversation node's
// lock serializes appends, so racing appends never share a number.
// Material appended is also a Document (with Document-[:FROM_TURN]->Turn)
// and a Job, like remember's.

func checkConversationID(id string) error {
	switch {
	case id == "":
		return fmt.Errorf("%w: conversation id is empty", schema.ErrInvalid)
	case len(id) > graph.MaxConversationIDBytes:
		return fmt.Errorf("%w: conversation id is longer than %d bytes", schema.ErrInvalid, graph.MaxConversationIDBytes)
	case !utf8.ValidString(id):
		return fmt.Errorf("%w: conversation id is not valid UTF-8", schema.ErrInvalid)
	case strings.ContainsFunc(id, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return fmt.Errorf("%w: conversation id contains a control character", schema.ErrInvalid)
	}
	return nil
}

const lockConversationCypher = `
MERGE (c:Conversation {owner: $owner, id: $id})
ON CREATE SET c.created_at = $now, c.turns = 0
SET c._lock = true
RETURN c.turns AS turns`

const appendTurnsCypher = `
MATCH (c:Conversation {owner: $owner, id: $id})
MATCH (d:Document {id: $document_id, owner: $owner})
UNWIND $turns AS t
CREATE (x:Turn {id: t.id, owner: $owner, owner_key: $owner_key, conversation_id: $id, seq: t.seq,
  author: t.author, text: t.text, said_at: t.said_at, source_id: t.source_id, created_at: $now})
CREATE (c)-[:HAS_TURN]->(x)
CREATE (d)-[:FROM_TURN]->(x)`

const finishAppendCypher = `
MATCH (c:Conversation {owner: $owner, id: $id})
SET c.turns = $turns, c.updated_at = $now,
  c.last_said_at = CASE WHEN c.last_said_at IS NULL OR c.last_said_at < $last_said_at THEN $last_said_at ELSE c.last_said_at END
REMOVE c._lock`

// AppendTurns appends turns to a conversation and writes the document and
// job that carry them to extraction, in one transaction.
func (s *Store) AppendTurns(ctx context.Context, owner schema.Owner, conversationID string, turns []schema.Turn, doc schema.Document, job schema.Job) ([]schema.Turn, error) {
	op := fmt.Sprintf("append %d turns to conversation %q", len(turns), conversationID)
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if err := checkConversationID(conversationID); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	switch {
	case len(turns) == 0:
		return nil, fmt.Errorf("%s: %w: no turns", op, schema.ErrInvalid)
	case len(turns) > graph.MaxTurnsPerAppend:
		return nil, fmt.Errorf("%s: %w: more than %d turns", op, schema.ErrTooLarge, graph.MaxTurnsPerAppend)
	case doc.ConversationID != "" && doc.ConversationID != conversationID:
		return nil, fmt.Errorf("%s: %w: the document names conversation %q", op, schema.ErrInvalid, doc.ConversationID)
	}
	for i, tn := range turns {
		if !utf8.ValidString(tn.Text) || !utf8.ValidString(tn.Author) || !utf8.ValidString(tn.SourceID) {
			return nil, fmt.Errorf("%s: %w: turn %d is not valid UTF-8", op, schema.ErrInvalid, i)
		}
		if tn.ConversationID != "" && tn.ConversationID != conversationID {
			return nil, fmt.Errorf("%s: %w: turn %d names conversation %q", op, schema.ErrInvalid, i, tn.ConversationID)
		}
	}
	t := now()
	stored := make([]schema.Turn, len(turns))
	for i, tn := range turns {
		tn.ConversationID = conversationID
		if tn.SaidAt.IsZero() {
			tn.SaidAt = t
		}
		tn.SaidAt = tn.SaidAt.UTC()
		stored[i] = tn
	}
	doc.ConversationID = conversationID
	if doc.SaidAt.IsZero() {
		doc.SaidAt = stored[len(stored)-1].SaidAt
	}
	docParams, err := documentJobParams(owner, doc, job, t)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	out, err := write(ctx, s, func(tx neo4j.ManagedTransaction) ([]schema.Turn, error) {
		base := map[string]any{"owner": string(owner), "id": conversationID, "now": t}
		recs, err := collect(ctx, tx, lockConversationCypher, base)
		if err != nil {
			return nil, err
		}
		last := integer(recs[0].AsMap(), "turns")
		out := make([]schema.Turn, len(stored))
		params := make([]map[string]any, len(stored))
		lastSaid := time.Time{}
		for i, tn := range stored {
			seq := last + 1 + i
			if tn.Seq != 0 && tn.Seq != seq {
				return nil, fmt.Errorf("%w: turn %d has seq %d but the conversation's next is %d", schema.ErrConflict, i, tn.Seq, seq)
			}
			tn.Seq = seq
			if tn.ID == "" {
				tn.ID = graph.TurnID(owner, conversationID, seq)
			}
			out[i] = tn
			params[i] = map[string]any{
				"id": tn.ID, "seq": seq, "author": tn.Author, "text": tn.Text,
				"said_at": tn.SaidAt, "source_id": nullable(tn.SourceID),
			}
			if tn.SaidAt.After(lastSaid) {
				lastSaid = tn.SaidAt
			}
		}
		if _, err := collect(ctx, tx, createDocumentJobCypher, docParams); err != nil {
			return nil, err
		}
		if _, err := collect(ctx, tx, appendTurnsCypher, map[string]any{
			"owner": string(owner), "owner_key": ownerKey(owner), "id": conversationID, "now": t,
			"document_id": doc.ID, "turns": params,
		}); err != nil {
			return nil, err
		}
		_, err = collect(ctx, tx, finishAppendCypher, map[string]any{
			"owner": string(owner), "id": conversationID, "now": t, "turns": last + len(stored), "last_said_at": lastSaid,
		})
		return out, err
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}

func turnFrom(m map[string]any) schema.Turn {
	return schema.Turn{
		ID:             str(m, "id"),
		ConversationID: str(m, "conversation_id"),
		Seq:            integer(m, "seq"),
		Author:         str(m, "author"),
		Text:           str(m, "text"),
		SaidAt:         timeOf(m, "said_at"),
		SourceID:       str(m, "source_id"),
	}
}

// turnsOf reads the turns of records that hold one as "t".
func turnsOf(recs []*neo4j.Record) ([]schema.Turn, error) {
	out := make([]schema.Turn, 0, len(recs))
	for _, r := range recs {
		v, _ := r.Get("t")
		m, err := asMap(v, "t")
		if err != nil {
			return nil, err
		}
		out = append(out, turnFrom(m))
	}
	return out, nil
}

const conversationExistsCypher = `MATCH (c:Conversation {owner: $owner, id: $id}) RETURN c.id AS id`

const turnsCypher = `
MATCH (t:Turn {owner: $owner, conversation_id: $id})
WHERE t.seq > $after
RETURN t {.*} AS t
ORDER BY t.seq ASC, t.id ASC
LIMIT $limit`

const turnsByIDCypher = `
UNWIND range(0, size($ids) - 1) AS i
MATCH (t:Turn {id: $ids[i]})
WHERE t.owner = $owner
RETURN t {.*} AS t
ORDER BY i`

// checkTurnIDs checks the owner and at most graph.MaxPage turn ids.
func checkTurnIDs(owner schema.Owner, ids []string) error {
	if err := owner.Validate(); err != nil {
		return err
	}
	if len(ids) > graph.MaxPage {
		return fmt.Errorf("%w: %d ids is more than the %d one call takes", schema.ErrInvalid, len(ids), graph.MaxPage)
	}
	for _, id := range ids {
		if err := checkID("turn", id); err != nil {
			return err
		}
	}
	return nil
}

// TurnsByID reads turns by id in one query; see graph.Store.
func (s *Store) TurnsByID(ctx context.Context, owner schema.Owner, ids []string) ([]schema.Turn, error) {
	const op = "read turns by id"
	if err := checkTurnIDs(owner, ids); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if len(ids) == 0 {
		return []schema.Turn{}, nil
	}
	out, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]schema.Turn, error) {
		recs, err := collect(ctx, tx, turnsByIDCypher, map[string]any{"ids": ids, "owner": string(owner)})
		if err != nil {
			return nil, err
		}
		return turnsOf(recs)
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}

const turnsBeforeCypher = `
UNWIND $ids AS id
MATCH (t:Turn {id: id})
WHERE t.owner = $owner
MATCH (p:Turn {owner: $owner, conversation_id: t.conversation_id, seq: t.seq - 1})
RETURN id, p {.*} AS t`

// TurnsBefore reads the turn before each turn in one query; see
// graph.Store.
func (s *Store) TurnsBefore(ctx context.Context, owner schema.Owner, ids []string) (map[string]schema.Turn, error) {
	const op = "read the turns before turns"
	if err := checkTurnIDs(owner, ids); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	out := map[string]schema.Turn{}
	if len(ids) == 0 {
		return out, nil
	}
	_, err := read(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		recs, err := collect(ctx, tx, turnsBeforeCypher, map[string]any{"ids": ids, "owner": string(owner)})
		if err != nil {
			return struct{}{}, err
		}
		prev, err := turnsOf(recs)
		if err != nil {
			return struct{}{}, err
		}
		for i, r := range recs {
			id, _ := r.Get("id")
			if s, ok := id.(string); ok {
				out[s] = prev[i]
			}
		}
		return struct{}{}, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}

// Turns returns a conversation's turns after afterSeq, in order.
func (s *Store) Turns(ctx context.Context, owner schema.Owner, conversationID string, afterSeq, limit int) ([]schema.Turn, error) {
	op := fmt.Sprintf("read turns of conversation %q", conversationID)
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if err := checkConversationID(conversationID); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	limit, err := boundLimit(limit, graph.MaxPage)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	out, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]schema.Turn, error) {
		params := map[string]any{"owner": string(owner), "id": conversationID, "after": afterSeq, "limit": limit}
		recs, err := collect(ctx, tx, conversationExistsCypher, params)
		if err != nil {
			return nil, err
		}
		if len(recs) == 0 {
			return nil, schema.ErrNotFound
		}
		recs, err = collect(ctx, tx, turnsCypher, params)
		if err != nil {
			return nil, err
		}
		return turnsOf(recs)
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}

const conversationsCypher = `
OPTIONAL MATCH (a:Conversation {owner: $owner, id: $after})
WITH a
MATCH (c:Conversation {owner: $owner})
WHERE a IS NULL OR c.created_at < a.created_at OR (c.created_at = a.created_at AND c.id < a.id)
RETURN c {.*} AS c
ORDER BY c.created_at DESC, c.id DESC
LIMIT $limit`

const conversationCursorCypher = `MATCH (a:Conversation {owner: $owner, id: $after}) RETURN a.id AS id`

// Conversations lists conversations, newest first, after the cursor.
func (s *Store) Conversations(ctx context.Context, owner schema.Owner, limit int, after string) ([]graph.ConversationSummary, error) {
	const op = "list conversations"
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	limit, err := boundLimit(limit, graph.MaxPage)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	out, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]graph.ConversationSummary, error) {
		if after != "" {
			if err := requireCursor(ctx, tx, conversationCursorCypher, owner, after); err != nil {
				return nil, err
			}
		}
		recs, err := collect(ctx, tx, conversationsCypher, map[string]any{"owner": string(owner), "after": nullable(after), "limit": limit})
		if err != nil {
			return nil, err
		}
		out := make([]graph.ConversationSummary, 0, len(recs))
		for _, r := range recs {
			v, _ := r.Get("c")
			m, err := asMap(v, "c")
			if err != nil {
				return nil, err
			}
			out = append(out, graph.ConversationSummary{
				ID: str(m, "id"), Turns: integer(m, "turns"), CreatedAt: timeOf(m, "created_at"),
				UpdatedAt: timeOf(m, "updated_at"), LastSaidAt: timeOf(m, "last_said_at"),
			})
		}
		return out, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}

const searchTurnsCypher = `
CALL db.index.fulltext.queryNodes('turn_text', $query, {limit: $pool}) YIELD node, score
WHERE score > 0 AND node.owner = $owner
RETURN node {.*} AS t, score
ORDER BY score DESC, t.id ASC
LIMIT $limit`

// SearchTurns ranks the owner's turns by how well their text matches
// query, with the same query handling as SearchMemories.
func (s *Store) SearchTurns(ctx context.Context, owner schema.Owner, query string, limit int) ([]graph.TurnHit, error) {
	const op = "search turns"
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	limit, err := boundLimit(limit, graph.MaxPage)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	lq := luceneFieldQuery(owner, "text", query)
	if lq == "" {
		return []graph.TurnHit{}, nil
	}
	out, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]graph.TurnHit, error) {
		recs, err := collect(ctx, tx, searchTurnsCypher, map[string]any{"query": lq, "owner": string(owner), "limit": limit, "pool": lucenePool(limit)})
		if err != nil {
			return nil, err
		}
		out := make([]graph.TurnHit, 0, len(recs))
		for _, r := range recs {
			v, _ := r.Get("t")
			m, err := asMap(v, "t")
			if err != nil {
				return nil, err
			}
			out = append(out, graph.TurnHit{Turn: turnFrom(m), Score: float(r.AsMap(), "score")})
		}
		return out, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}
