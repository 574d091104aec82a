package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// Bounds of review_conflicts. Each conflict listed costs a read of both
// its memories.
const (
	DefaultConflicts = 10
	MaxConflicts     = 50
)

const hintConflict = "use an id review_conflicts returned"

type reviewIn struct {
	State string `json:"state,omitempty" jsonschema:"which conflicts: open (the default), resolved, dismissed or all"`
	Limit int    `json:"limit,omitempty" jsonschema:"how many at most, newest first (default 10, at most 50)"`
}

// conflictOut is a conflict with both of its sides, older first.
type conflictOut struct {
	schema.Conflict
	Sides [2]schema.Memory `json:"sides"`
}

type reviewOut struct {
	Conflicts []conflictOut `json:"conflicts"`
	Note      string        `json:"note"`
}

func reviewConflicts(ctx context.Context, svc Services, c Caller, in reviewIn) (reviewOut, error) {
	var state schema.ConflictState
	switch in.State {
	case "", string(schema.ConflictOpen):
		state = schema.ConflictOpen
	case string(schema.ConflictResolved), string(schema.ConflictDismissed):
		state = schema.ConflictState(in.State)
	case "all":
	default:
		return reviewOut{}, fmt.Errorf("%w: the state %q is not one of the choices; it must be open, resolved, dismissed or all", schema.ErrInvalid, in.State)
	}
	limit, err := checkLimit(in.Limit, DefaultConflicts, MaxConflicts)
	if err != nil {
		return reviewOut{}, err
	}
	if svc.Graph == nil {
		return reviewOut{}, notServing("the memory graph")
	}
	cs, err := svc.Graph.Conflicts(ctx, c.Owner, state, limit, "")
	if err != nil {
		return reviewOut{}, err
	}
	out := reviewOut{Conflicts: []conflictOut{}}
	for _, cf := range cs {
		d, err := svc.Graph.Conflict(ctx, c.Owner, cf.ID)
		if errors.Is(err, schema.ErrNotFound) {
			continue
		}
		if err != nil {
			return reviewOut{}, err
		}
		out.Conflicts = append(out.Conflicts, conflictOut{Conflict: d.Conflict, Sides: d.Memories})
	}
	switch {
	case len(out.Conflicts) == 0 && state == schema.ConflictOpen:
		out.Note = "No open conflicts: nothing is in dispute."
	case len(out.Conflicts) == 0:
		out.Note = "No conflicts in that state."
	default:
		out.Note = "Listing conflicts changes nothing. Which side is right is the person's own decision: they settle a conflict signed in, at their dashboard or with POST /api/v1/conflicts/{id}/resolve (resolve_conflict gives the exact instruction for one)."
	}
	return out, nil
}

// checkLimit applies a default and names a limit out of range.
func checkLimit(limit, def, max int) (int, error) {
	switch {
	case limit == 0:
		return def, nil
	case limit < 0 || limit > max:
		return 0, fmt.Errorf("%w: the limit %d is out of range; it must be between 1 and %d", schema.ErrInvalid, limit, max)
	}
	return limit, nil
}

type resolveIn struct {
	ID     string `json:"id" jsonschema:"the conflict's id, as review_conflicts returned it"`
	Action string `json:"action,omitempty" jsonschema:"what the person said they want: keep one side, or dismiss (the two do not conflict)"`
	KeepID string `json:"keep_id,omitempty" jsonschema:"with keep: the memory the person wants to keep"`
}

type resolveOut struct {
	// Recorded is always false: nothing was settled.
	Recorded    bool        `json:"recorded"`
	Conflict    conflictOut `json:"conflict"`
	Instruction string      `json:"instruction"`
}

// resolveConflict records nothing: it checks the conflict and the
// arguments, and answers with the instruction for settling it signed in.
func resolveConflict(ctx context.Context, svc Services, c Caller, in resolveIn) (resolveOut, error) {
	if err := checkID("id", in.ID); err != nil {
		return resolveOut{}, err
	}
	act := graph.ResolveAction(in.Action)
	switch act {
	case "", graph.ResolveKeep, graph.ResolveDismiss:
	default:
		return resolveOut{}, fmt.Errorf("%w: the action %q is not one of the choices; it must be keep or dismiss", schema.ErrInvalid, in.Action)
	}
	if in.KeepID != "" {
		if err := checkID("keep_id", in.KeepID); err != nil {
			return resolveOut{}, err
		}
		if act == graph.ResolveDismiss {
			return resolveOut{}, fmt.Errorf("%w: the action dismiss takes no keep_id", schema.ErrInvalid)
		}
		act = graph.ResolveKeep
	}
	if svc.Graph == nil {
		return resolveOut{}, notServing("the memory graph")
	}
	d, err := svc.Graph.Conflict(ctx, c.Owner, in.ID)
	if err != nil {
		return resolveOut{}, lookup(err, "conflict", in.ID, hintConflict)
	}
	if in.KeepID != "" && in.KeepID != d.Memories[0].ID && in.KeepID != d.Memories[1].ID {
		return resolveOut{}, fmt.Errorf("%w: the keep_id %q is not one of the two sides of conflict %s (%s, %s)", schema.ErrInvalid, in.KeepID, d.Conflict.ID, d.Memories[0].ID, d.Memories[1].ID)
	}
	out := resolveOut{Recorded: false, Conflict: conflictOut{Conflict: d.Conflict, Sides: d.Memories}}
	if d.Conflict.State != schema.ConflictOpen {
		out.Instruction = fmt.Sprintf("Nothing was recorded: conflict %s is already %s, so there is nothing left to settle.", d.Conflict.ID, d.Conflict.State)
		return out, nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Nothing was recorded: which side is right is the person's own decision, and a connected app cannot record one for them. Settle it at your PersistMemory dashboard, or with your own credential: POST /api/v1/conflicts/%s/resolve taking { action: \"keep\" | \"dismiss\", keepId?, reason? }.", d.Conflict.ID)
	switch {
	case act == graph.ResolveKeep && in.KeepID == "":
		fmt.Fprintf(&b, " To keep one side, keepId names it: %s or %s.", d.Memories[0].ID, d.Memories[1].ID)
	case act != "":
		body := map[string]string{"action": string(act)}
		if in.KeepID != "" {
			body["keepId"] = in.KeepID
		}
		j, _ := json.Marshal(body) // a map of strings always marshals
		fmt.Fprintf(&b, " For what was asked, the body is %s.", j)
	}
	b.WriteString(" Keeping one supersedes the other; it does not delete it.")
	out.Instruction = b.String()
	return out, nil
}

// enumSchema returns In's inferred input schema with the choices of the
// named properties fixed, so a model sees them and the SDK refuses others.
func enumSchema[In any](choices map[string][]any) *jsonschema.Schema {
	s, err := jsonschema.For[In](nil)
	if err != nil {
		panic(fmt.Sprintf("input schema of %T: %v", *new(In), err)) // a programming error, caught by every test
	}
	for prop, vals := range choices {
		p, ok := s.Properties[prop]
		if !ok {
			panic(fmt.Sprintf("input schema of %T has no property %q", *new(In), prop))
		}
		p.Enum = vals
	}
	return s
}
