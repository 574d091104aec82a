package mcp

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// MaxIDBytes bounds an id argument.
const MaxIDBytes = 128

// checkID names what is wrong with an id argument.
func checkID(field, id string) error {
	switch {
	case strings.TrimSpace(id) == "":
		return fmt.Errorf("%w: the %s is empty; pass an id exactly as another tool returned it", schema.ErrInvalid, field)
	case len(id) > MaxIDBytes:
		return fmt.Errorf("%w: the %s is %d bytes long; ids are at most %d bytes", schema.ErrTooLarge, field, len(id), MaxIDBytes)
	case !utf8.ValidString(id):
		return fmt.Errorf("%w: the %s is not valid UTF-8", schema.ErrInvalid, field)
	}
	for _, r := range id {
		if r < 0x20 || r == 0x7f || r == ' ' {
			return fmt.Errorf("%w: the %s contains a space or control character; ids have neither", schema.ErrInvalid, field)
		}
	}
	return nil
}

// notFound is the answer for an id this owner does not have (another
// owner's looks exactly the same).
func notFound(what, id, hint string) error {
	return fmt.Errorf("%w: no %s %q was found; %s", schema.ErrNotFound, what, id, hint)
}

const hintMemory = "use an id search_memory returned"

// lookup maps a store's not-found to a sentence naming the id.
func lookup(err error, what, id, hint string) error {
	if errors.Is(err, schema.ErrNotFound) {
		return notFound(what, id, hint)
	}
	return err
}

type memoryIn struct {
	ID string `json:"id" jsonschema:"the memory's id, as search_memory returned it"`
}

type memoryDetailOut struct {
	graph.MemoryDetail
	// Summary says the essentials in one sentence.
	Summary string `json:"summary"`
}

func memoryDetail(ctx context.Context, svc Services, c Caller, in memoryIn) (memoryDetailOut, error) {
	if err := checkID("id", in.ID); err != nil {
		return memoryDetailOut{}, err
	}
	if svc.Graph == nil {
		return memoryDetailOut{}, notServing("the memory graph")
	}
	acc, err := svc.sharedSpace(ctx, c)
	if err != nil {
		return memoryDetailOut{}, err
	}
	if acc != nil {
		d, err := svc.sharedDetail(ctx, *acc, in.ID)
		if err != nil {
			return memoryDetailOut{}, err
		}
		return memoryDetailOut{MemoryDetail: d, Summary: summarise(d)}, nil
	}
	d, err := svc.Graph.MemoryDetail(ctx, c.Owner, in.ID)
	if err != nil {
		return memoryDetailOut{}, lookup(err, "memory", in.ID, hintMemory)
	}
	return memoryDetailOut{MemoryDetail: d, Summary: summarise(d)}, nil
}

func day(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// summarise says what a memory claims, where it stands and what it rests
// on.
func summarise(d graph.MemoryDetail) string {
	m := d.Memory
	var b strings.Builder
	fmt.Fprintf(&b, "%q is %s, confidence %.2f, ", m.Claim, m.State, m.Confidence)
	if m.Confirmed {
		b.WriteString("confirmed by the person")
	} else {
		b.WriteString("not confirmed by the person")
	}
	switch {
	case m.ValidFrom != nil && m.ValidTo != nil:
		fmt.Fprintf(&b, "; valid from %s until %s", day(*m.ValidFrom), day(*m.ValidTo))
	case m.ValidFrom != nil:
		fmt.Fprintf(&b, "; valid from %s", day(*m.ValidFrom))
	case m.ValidTo != nil:
		fmt.Fprintf(&b, "; valid until %s", day(*m.ValidTo))
	}
	fmt.Fprintf(&b, "; it rests on %d excerpt(s) from %d document(s)", len(d.Evidence), d.EvidenceCount)
	if len(d.SupersededBy) > 0 {
		fmt.Fprintf(&b, "; replaced by %s", strings.Join(d.SupersededBy, ", "))
	}
	if len(d.Conflicts) > 0 {
		fmt.Fprintf(&b, "; in %d open conflict(s) (review_conflicts)", len(d.Conflicts))
	}
	if d.Space != nil {
		fmt.Fprintf(&b, "; filed in %q", d.Space.Name)
	}
	b.WriteString(".")
	return b.String()
}

type timelineOut struct {
	ID       string                `json:"id"`
	Versions []graph.TimelineEntry `json:"versions"`
	Summary  string                `json:"summary"`
}

func memoryTimeline(ctx context.Context, svc Services, c Caller, in memoryIn) (timelineOut, error) {
	if err := checkID("id", in.ID); err != nil {
		return timelineOut{}, err
	}
	if svc.Graph == nil {
		return timelineOut{}, notServing("the memory graph")
	}
	acc, err := svc.sharedSpace(ctx, c)
	if err != nil {
		return timelineOut{}, err
	}
	var vs []graph.TimelineEntry
	if acc != nil {
		vs, err = svc.sharedTimeline(ctx, *acc, in.ID)
	} else {
		vs, err = svc.Graph.Timeline(ctx, c.Owner, in.ID)
	}
	if err != nil {
		return timelineOut{}, lookup(err, "memory", in.ID, hintMemory)
	}
	if len(vs) == 0 {
		return timelineOut{}, notFound("memory", in.ID, hintMemory)
	}
	out := timelineOut{ID: in.ID, Versions: vs}
	last := vs[len(vs)-1].Memory
	if len(vs) == 1 {
		out.Summary = fmt.Sprintf("One version: nothing has replaced %q.", last.Claim)
	} else {
		out.Summary = fmt.Sprintf("%d versions, oldest first; the latest is %q (%s).", len(vs), last.Claim, last.State)
	}
	return out, nil
}

type correctIn struct {
	ID         string `json:"id" jsonschema:"the memory being corrected, as search_memory returned it"`
	Correction string `json:"correction" jsonschema:"the correction in the person's own words"`
}

type correctOut struct {
	JobID   string `json:"jobId"`
	Status  string `json:"status"`
	Message string `json:"message"`
}

func correctMemory(ctx context.Context, svc Services, c Caller, in correctIn) (correctOut, error) {
	if err := checkID("id", in.ID); err != nil {
		return correctOut{}, err
	}
	if svc.Pipeline == nil {
		return correctOut{}, notServing("correct_memory")
	}
	acc, err := svc.sharedSpace(ctx, c)
	if err != nil {
		return correctOut{}, err
	}
	var job schema.Job
	if acc != nil {
		job, err = svc.correctShared(ctx, c, *acc, in.ID, in.Correction)
	} else {
		job, err = svc.Pipeline.Correct(ctx, c.Owner, in.ID, in.Correction)
	}
	if err != nil {
		return correctOut{}, lookup(err, "memory", in.ID, hintMemory)
	}
	return correctOut{JobID: job.ID, Status: string(job.State), Message: fmt.Sprintf(
		"Accepted as a correction of %s. It supersedes rather than erases: the previous value stays as history (memory_timeline). It goes through the same pipeline as everything else, so it is not searchable the instant this call returns; ingestion_status shows when it is.", in.ID)}, nil
}

type confirmOut struct {
	// Recorded is always false: nothing was confirmed.
	Recorded    bool          `json:"recorded"`
	Memory      schema.Memory `json:"memory"`
	Instruction string        `json:"instruction"`
}

// confirmMemory records nothing: it checks that the memory exists for this
// person and answers with the instruction for confirming it signed in.
func confirmMemory(ctx context.Context, svc Services, c Caller, in memoryIn) (confirmOut, error) {
	if err := checkID("id", in.ID); err != nil {
		return confirmOut{}, err
	}
	if svc.Graph == nil {
		return confirmOut{}, notServing("the memory graph")
	}
	acc, err := svc.sharedSpace(ctx, c)
	if err != nil {
		return confirmOut{}, err
	}
	if acc != nil {
		m, err := svc.inShared(ctx, *acc, in.ID)
		if err != nil {
			return confirmOut{}, err
		}
		msg := fmt.Sprintf("Nothing was confirmed: a confirmation has to come from a person signed in, not from a connected app. %s shares this Space with the person as %s", acc.Owner, acc.Role)
		if acc.Role.CanWrite() {
			msg += fmt.Sprintf(", so they can confirm it with their own credential: POST /api/v1/memories/%s/confirm with the body {\"spaceId\": %q}.", m.ID, acc.Space.ID)
		} else {
			msg += "; a viewer cannot confirm memories in it. Its owner or an editor can."
		}
		return confirmOut{Recorded: false, Memory: m, Instruction: msg}, nil
	}
	ms, err := svc.Graph.Memories(ctx, c.Owner, []string{in.ID})
	if err != nil {
		return confirmOut{}, err
	}
	if len(ms) == 0 {
		return confirmOut{}, notFound("memory", in.ID, hintMemory)
	}
	m := ms[0]
	msg := fmt.Sprintf("Nothing was confirmed: a confirmed memory outranks every inferred signal and wins future conflicts, so the confirmation has to come from the person signed in, not from a connected app. Confirm it at your PersistMemory dashboard, or with your own credential: POST /api/v1/memories/%s/confirm.", m.ID)
	if m.Confirmed {
		msg = fmt.Sprintf("Nothing was recorded: %s is already confirmed by the person. A confirmation only ever comes from the person signed in (the dashboard, or POST /api/v1/memories/%s/confirm with their own credential).", m.ID, m.ID)
	}
	return confirmOut{Recorded: false, Memory: m, Instruction: msg}, nil
}
