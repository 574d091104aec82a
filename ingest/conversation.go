package ingest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// Conversation limits, reported by the API.
const (
	// MaxMessagesPerAppend bounds the messages of one append.
	MaxMessagesPerAppend = 200
	// MaxAuthorBytes bounds a message's author.
	MaxAuthorBytes = 200
	// MaxSourceIDBytes bounds a message's source id.
	MaxSourceIDBytes = 200
)

// Message is one turn handed to a conversation.
type Message struct {
	// Role is user, assistant, system or tool.
	Role    string `json:"role"`
	Content string `json:"content"`
	// Author names who said it; empty means the role.
	Author string `json:"author,omitempty"`
	// Timestamp is when it was said; nil means now.
	Timestamp *time.Time `json:"timestamp,omitempty"`
	// SourceID is the caller's own id for the message.
	SourceID string `json:"sourceId,omitempty"`
}

// AppendResult says what became of an append.
type AppendResult struct {
	Job        schema.Job    `json:"job"`
	Turns      []schema.Turn `json:"turns"`
	Extracting bool          `json:"extracting"`
	Note       string        `json:"note,omitempty"`
}

func validConversationID(id string) error {
	if id == "" || len(id) > graph.MaxConversationIDBytes {
		return fmt.Errorf("%w: conversation id must be 1..%d characters", schema.ErrInvalid, graph.MaxConversationIDBytes)
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_.:-", r)) {
			return fmt.Errorf("%w: conversation id contains %q; only letters, digits and _ . : - are allowed", schema.ErrInvalid, r)
		}
	}
	return nil
}

// Append stores messages as turns of a conversation (searchable at once)
// and queues the exchange for extraction as ONE document, so a claim split
// across a question and its answer is read whole. With no queue configured
// the turns are still stored, and the result says they will not become
// memories.
func (p *Pipeline) Append(ctx context.Context, owner schema.Owner, conversationID, spaceID string, msgs []Message) (AppendResult, error) {
	if err := owner.Validate(); err != nil {
		return AppendResult{}, err
	}
	if err := validConversationID(conversationID); err != nil {
		return AppendResult{}, err
	}
	if len(msgs) == 0 {
		return AppendResult{}, fmt.Errorf("%w: messages is empty", schema.ErrInvalid)
	}
	if len(msgs) > MaxMessagesPerAppend {
		return AppendResult{}, fmt.Errorf("%w: %d messages; the limit is %d per append (MaxMessagesPerAppend)", schema.ErrTooLarge, len(msgs), MaxMessagesPerAppend)
	}
	if err := p.checkSpace(ctx, owner, spaceID); err != nil {
		return AppendResult{}, err
	}
	now := p.cfg.Now().UTC()
	var lines []string
	var redacted []string
	turns := make([]schema.Turn, 0, len(msgs))
	total := 0
	for i, m := range msgs {
		switch m.Role {
		case "user", "assistant", "system", "tool":
		default:
			return AppendResult{}, fmt.Errorf("%w: messages[%d].role is %q; it must be user, assistant, system or tool", schema.ErrInvalid, i, m.Role)
		}
		if err := (RememberInput{Text: m.Content}).Validate(); err != nil {
			return AppendResult{}, fmt.Errorf("messages[%d].content: %w", i, err)
		}
		if !utf8.ValidString(m.Author) || len(m.Author) > MaxAuthorBytes || strings.ContainsAny(m.Author, "\n\r") {
			return AppendResult{}, fmt.Errorf("%w: messages[%d].author must be one line of at most %d bytes", schema.ErrInvalid, i, MaxAuthorBytes)
		}
		if !utf8.ValidString(m.SourceID) || len(m.SourceID) > MaxSourceIDBytes {
			return AppendResult{}, fmt.Errorf("%w: messages[%d].sourceId must be at most %d bytes", schema.ErrInvalid, i, MaxSourceIDBytes)
		}
		total += len(m.Content)
		if total > schema.MaxRememberBytes {
			return AppendResult{}, fmt.Errorf("%w: the messages hold more than %d bytes (MaxRememberBytes)", schema.ErrTooLarge, schema.MaxRememberBytes)
		}
		text, kinds := Redact(m.Content)
		redacted = append(redacted, kinds...)
		author := m.Author
		if author == "" {
			author = m.Role
		}
		said := now
		if m.Timestamp != nil {
			said = m.Timestamp.UTC()
		}
		turns = append(turns, schema.Turn{ConversationID: conversationID, Author: author, Text: text, SaidAt: said, SourceID: m.SourceID})
		lines = append(lines, author+": "+text)
	}
	body := strings.Join(lines, "\n")
	sum := sha256.Sum256([]byte(body))
	doc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: body, SpaceID: spaceID, Source: "conversation " + conversationID,
		ContentHash: hex.EncodeToString(sum[:]), CreatedAt: now, SaidAt: turns[0].SaidAt, ConversationID: conversationID}
	job := schema.Job{ID: schema.NewID(schema.PrefixJob), DocumentID: doc.ID, State: schema.JobQueued, CreatedAt: now, UpdatedAt: now, MemoryIDs: []string{}, Redacted: dedupe(redacted)}
	stored, err := p.cfg.Graph.AppendTurns(ctx, owner, conversationID, turns, doc, job)
	if err != nil {
		return AppendResult{}, fmt.Errorf("store turns: %w", err)
	}
	res := AppendResult{Job: job, Turns: stored, Extracting: p.cfg.Queue != nil}
	if p.cfg.Queue == nil {
		const note = "no queue is configured (KAFKA_BROKERS is empty): the turns are stored and searchable, but they will not become memories"
		if err := p.cfg.Graph.FailJob(ctx, owner, job.ID, note); err != nil {
			return AppendResult{}, err
		}
		res.Job.State, res.Job.Error, res.Note = schema.JobFailed, note, note
		return res, nil
	}
	p.publish(ctx, schema.JobRef{Owner: owner, JobID: job.ID})
	return res, nil
}

func dedupe(ss []string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// Turn search bounds.
const (
	DefaultTurnResults = 10
	MaxTurnResults     = 100
)

// SearchTurns searches what was said in the owner's conversations, each hit
// with when it was said and its conversation.
func (p *Pipeline) SearchTurns(ctx context.Context, owner schema.Owner, query string, limit int) ([]graph.TurnHit, error) {
	if err := owner.Validate(); err != nil {
		return nil, err
	}
	if !utf8.ValidString(query) || strings.TrimSpace(query) == "" {
		return nil, fmt.Errorf("%w: query is empty or not valid UTF-8", schema.ErrInvalid)
	}
	if len(query) > 4096 {
		return nil, fmt.Errorf("%w: query is longer than 4096 bytes", schema.ErrTooLarge)
	}
	if limit == 0 {
		limit = DefaultTurnResults
	}
	if limit < 0 || limit > MaxTurnResults {
		return nil, fmt.Errorf("%w: limit must be between 1 and %d", schema.ErrInvalid, MaxTurnResults)
	}
	return p.cfg.Graph.SearchTurns(ctx, owner, query, limit)
}

// Correct hands a correction of memory id, in the person's words, to the
// pipeline, framed so extraction reads it as a correction of that claim:
// it supersedes the old value rather than erasing it.
func (p *Pipeline) Correct(ctx context.Context, owner schema.Owner, id, correction string) (schema.Job, error) {
	if _, err := CorrectionInput(schema.Memory{ID: id}, correction); err != nil {
		return schema.Job{}, err
	}
	mems, err := p.cfg.Graph.Memories(ctx, owner, []string{id})
	if err != nil {
		return schema.Job{}, err
	}
	if len(mems) == 0 {
		return schema.Job{}, fmt.Errorf("memory %s: %w", id, schema.ErrNotFound)
	}
	in, err := CorrectionInput(mems[0], correction)
	if err != nil {
		return schema.Job{}, err
	}
	return p.Remember(ctx, owner, in)
}

// CorrectionInput frames a correction of m, in the person's words, as the
// material Correct hands to Remember: read by extraction as a correction,
// filed in m's Space, its source naming m. Callers that file it themselves
// (a collaborator correcting a memory of a shared Space) set ContributedBy.
func CorrectionInput(m schema.Memory, correction string) (RememberInput, error) {
	if strings.TrimSpace(correction) == "" {
		return RememberInput{}, fmt.Errorf("%w: correction is empty", schema.ErrInvalid)
	}
	return RememberInput{Text: "Correction: " + correction, SpaceID: m.SpaceID, Source: "correction of " + m.ID}, nil
}
