package ingest

import (
	"context"
	"fmt"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// TurnInContextText is what a turn's in-context vector is made of: the
// turn before it in its conversation, then the turn, each as
// TurnEmbeddingText, one per line ("Melanie: Look what the grant paid
// for!\nCaroline: It enabled needed repairs."), so a reply is found by
// what it answers. A conversation's first turn (before nil) is the turn
// alone.
func TurnInContextText(before *schema.Turn, t schema.Turn) string {
	if before == nil {
		return TurnEmbeddingText(t)
	}
	return TurnEmbeddingText(*before) + "\n" + TurnEmbeddingText(t)
}

// turnsInContext returns TurnInContextText of each turn, in order. The
// turn before one is taken from turns when it is there (same
// conversation, Seq one less), else read from the graph
// (graph.Store.TurnsBefore), graph.MaxPage at a time.
func (p *Pipeline) turnsInContext(ctx context.Context, owner schema.Owner, turns []schema.Turn) ([]string, error) {
	type pos struct {
		conv string
		seq  int
	}
	have := make(map[pos]int, len(turns))
	for i, t := range turns {
		have[pos{t.ConversationID, t.Seq}] = i
	}
	var missing []string
	for _, t := range turns {
		if _, ok := have[pos{t.ConversationID, t.Seq - 1}]; !ok && t.Seq > 1 {
			missing = append(missing, t.ID)
		}
	}
	before := map[string]schema.Turn{}
	for len(missing) > 0 {
		n := min(len(missing), graph.MaxPage)
		got, err := p.cfg.Graph.TurnsBefore(ctx, owner, missing[:n])
		if err != nil {
			return nil, fmt.Errorf("read the turns before the batch's turns: %w", err)
		}
		for id, t := range got {
			before[id] = t
		}
		missing = missing[n:]
	}
	texts := make([]string, len(turns))
	for i, t := range turns {
		var b *schema.Turn
		if j, ok := have[pos{t.ConversationID, t.Seq - 1}]; ok {
			b = &turns[j]
		} else if bt, ok := before[t.ID]; ok {
			b = &bt
		}
		texts[i] = TurnInContextText(b, t)
	}
	return texts, nil
}
