package retrieval

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/internal/safe"
	"github.com/persistmemory/persistmemory/schema"
	"github.com/persistmemory/persistmemory/temporal"
)

// Fusion: weighted reciprocal-rank fusion over items, plus priors.
//
// An item is what a context shows as one line: a conversation turn
// together with the best of the memories extracted from it, a memory that
// rests on no turn, or a turn no memory candidate rests on. A memory's
// turn is its primary evidence turn (graph.EvidenceTurns: the one whose
// text contains the memory's excerpt, else the first).
//
// Each signal is a ranked list of memories or turns; collapsed to items
// (an item keeps its best place; later repeats are dropped) it gives each
// item a 1-based rank r_s. The score of item x is
//
//	lexical  = WeightLexical/(RRFK + r_claims(x)) + WeightTurns/(RRFK + r_turns(x))
//	vector   = WeightVector/(RRFK + r_vector(x)) + WeightTurnVector/(RRFK + r_turnvec(x))
//	           + WeightTurnContext/(RRFK + r_turnctx(x))
//	graph    = WeightGraph · HopWeight[h(x)]/(RRFK + r_graph(x))
//	temporal = WeightTemporal/(RRFK + r_time(x))
//	prior    = PriorScale · (PriorRecency·recency(x) + PriorConfidence·confidence(x) + PriorConfirmed·confirmed(x))
//	score    = lexical + vector + graph + temporal + prior
//
// a missing rank contributing 0. The lists:
//
//   - claims: Neo4j full-text over memory claims (CandidatePool);
//   - turns: Neo4j full-text over the owner's raw turns (CandidatePool);
//   - vector: Weaviate nearVector with the query's embedding over memory
//     embeddings (CandidatePool);
//   - turnvec: the same over the embeddings of raw turns (CandidatePool;
//     Searcher.TurnVectors, when set);
//   - turnctx: the same over the embeddings of raw turns each read after
//     the turn before it in its conversation (CandidatePool;
//     Searcher.TurnContextVectors, when set): a reply is found by what it
//     answers;
//   - graph: the memories about the entities the query names (h = 0) and
//     about their one- and two-hop neighbours (h = 1, 2;
//     graph.MemoriesNearEntities, GraphPool; hubs, entities about more
//     than graph.MaxNearDegree memories, are skipped), ordered by h, then
//     by the item's lexical+vector score, then as the graph lists them;
//   - time: the items whose dates match the query's time (below), ordered
//     by their lexical+vector+graph score, ties by id.
//
// An item matches the query's time when the query holds time expressions
// (temporal.Find, resolved against Query.Now, the time of the call when
// zero) and one of its memories' valid time ([valid_from, valid_to), a
// day when only one end is known) overlaps an expression's interval, or
// its turn or memory was said within one; and, for questions asking when
// ("when did…", "what date", "how long ago"), when its memory is a dated
// event (valid time set).
//
// recency = 0.5^(age/RecencyHalfLife), age = now − (valid_from, else
// said_at, else the turn's said_at, else recorded_at) in whole UTC days,
// 1 for a date not before now's day; confidence is the
// memory's (a turn alone: TurnConfidence); confirmed is 1 when the person
// confirmed the memory.
//
// Ties are broken by item id ascending (the memory's id, or a turn
// alone's). Current truth by default: superseded memories are candidates
// only with IncludeHistory, retracted ones never.
const (
	// RRFK is the rank constant of every list: a smaller one lets the top
	// of each list count more against the many lists that agree lower
	// down. It was 60 (the constant of Cormack et al.) until there were
	// five ranked lists; with the turns-in-context list, measured on
	// LoCoMo's 7 conversations (categories 1–4, same ingested data), 30
	// gave recall@1500 .854 against .849, @4000 .929 against .928 and R@10
	// .761 against .751. Chosen on three conversations (26, 30, 41:
	// recall@1500 +.005 on average), it held on the other four (+.008).
	RRFK          = 30
	WeightLexical = 1.0
	// WeightTurns weighs the rank of a raw turn in the full-text search
	// over turns; it adds to the lexical part of the breakdown.
	WeightTurns = 1.0
	// WeightVector weighs the rank of a memory in the nearVector search
	// over memory embeddings: the sum of the two lexical weights, as
	// lexical evidence comes in two lists (claims and turns, the same
	// words) and semantic evidence chiefly in this one.
	WeightVector = WeightLexical + WeightTurns
	// WeightTurnVector weighs a turn's rank in the nearVector search over
	// the embeddings of raw turns, as much as a memory's: measured on
	// LoCoMo (7 conversations, categories 1–4, e5-small-v2), weights 1, 2
	// and 3 gave R@10 .696, .724, .729, recall@1500 .796, .814, .815 and
	// @4000 .897, .898, .897 — a plateau from 2.
	WeightTurnVector = WeightVector
	// WeightTurnContext weighs a turn's rank in the nearVector search over
	// the embeddings of turns read in context (each after the turn before
	// it), as much as the turn's own: measured on LoCoMo (7 conversations,
	// categories 1–4, e5-small-v2, same ingested data), adding this list
	// took R@10 from .721 to .751, recall@1500 from .832 to .849 and @4000
	// from .911 to .928. In-process, vector search alone over the turns
	// found 56.5% of the gold turns in its first 10; fused with the list
	// in context (equal weights), 60.7%; the list in context alone, 55.4%.
	WeightTurnContext = WeightTurnVector
	// WeightGraph is low: measured on LoCoMo conv-26, 0.5 cost R@10 and
	// recall@1500 what it gained at 4000 tokens (docs/bench-locomo.md).
	// Entities about most of the owner's memories (the speakers of a
	// conversation) carry no signal at all: graph.MaxNearDegree.
	WeightGraph    = 0.25
	WeightTemporal = 0.5
	// CandidatePool is how many candidates each of the full-text and
	// vector signals contributes.
	CandidatePool = 100
	// GraphPool bounds the memories the graph signal contributes.
	GraphPool = 100
	// GraphHops is how far the graph signal expands from named entities.
	GraphHops = 2
	// MaxQueryEntities bounds the entities a query resolves to.
	MaxQueryEntities = 8
	// PriorScale bounds the prior: at most a quarter of one signal's top
	// rank.
	PriorScale      = 0.25 / (RRFK + 1)
	PriorRecency    = 0.4
	PriorConfidence = 0.4
	PriorConfirmed  = 0.2
	// TurnConfidence is the confidence prior of a turn no memory rests on.
	TurnConfidence = 0.5
	// RecencyHalfLife is the age at which the recency prior halves.
	RecencyHalfLife = 365 * 24 * time.Hour
	// MinMergeExcerptRunes is the shortest memory excerpt that identifies
	// the turn it was taken from, where a memory names several turns.
	MinMergeExcerptRunes = 12
)

// HopWeight weighs the graph signal by path length: a memory about a
// named entity counts fully, one about a neighbour half, two hops a
// quarter.
var HopWeight = [GraphHops + 1]float64{1, 0.5, 0.25}

// cand is one item being fused.
type cand struct {
	item Item
	// mems are the item's memories, the representative first once chosen.
	mems []schema.Memory
	// hops is the fewest graph hops of its memories (-1: not in the graph
	// list).
	hops int
	// base is the item's score so far, which orders the graph and time
	// lists.
	base float64
}

// fuser collapses signal lists into items.
type fuser struct {
	byKey map[string]*cand
	order []string
	// keyOf maps a memory id to its item key.
	keyOf map[string]string
}

func (f *fuser) get(key string) *cand {
	c, ok := f.byKey[key]
	if !ok {
		c = &cand{hops: -1}
		f.byKey[key] = c
		f.order = append(f.order, key)
	}
	return c
}

// ranks collapses a list of item keys to 1-based ranks, best place kept.
func ranks(keys []string) map[string]int {
	out := map[string]int{}
	for _, k := range keys {
		if k == "" {
			continue
		}
		if _, ok := out[k]; !ok {
			out[k] = len(out) + 1
		}
	}
	return out
}

func rrf(w float64, r int) float64 {
	if r <= 0 {
		return 0
	}
	return w / float64(RRFK+r)
}

// rank runs every signal, fuses them and returns the whole candidate
// ranking, filtered to the states the caller asked for, best first. now
// is the query's Now (zero: the time of the call).
func (s *Searcher) rank(ctx context.Context, owner schema.Owner, text string, history bool, now time.Time) ([]Item, Diagnostics, error) {
	if now.IsZero() {
		now = time.Now()
	}
	now = now.UTC()
	var diag Diagnostics
	// The signals are independent: ask for them side by side.
	var (
		wg                    sync.WaitGroup
		lex                   []graph.Hit
		turnHits              []graph.TurnHit
		vec                   vectorHits
		reason                string
		near                  []graph.NearMemory
		lexErr, turnErr, gErr error
	)
	wg.Add(3)
	go func() {
		defer wg.Done()
		defer safe.Recover(&turnErr)
		if !s.ablated("lexical") {
			turnHits, turnErr = s.Graph.SearchTurns(ctx, owner, text, CandidatePool)
		}
	}()
	var vecErr error
	go func() {
		defer wg.Done()
		defer safe.Recover(&vecErr)
		if !s.ablated("vector") {
			vec, reason = s.vectorCandidates(ctx, owner, text)
		}
	}()
	go func() {
		defer wg.Done()
		defer safe.Recover(&gErr)
		if !s.ablated("graph") {
			near, gErr = s.graphCandidates(ctx, owner, text)
		}
	}()
	if !s.ablated("lexical") {
		lex, lexErr = s.Graph.SearchMemories(ctx, owner, text, CandidatePool)
	}
	wg.Wait()
	switch {
	case lexErr != nil:
		return nil, diag, fmt.Errorf("full-text search: %w", lexErr)
	case turnErr != nil:
		return nil, diag, fmt.Errorf("full-text search over turns: %w", turnErr)
	case gErr != nil:
		return nil, diag, gErr
	case vecErr != nil:
		return nil, diag, fmt.Errorf("vector search: %w", vecErr)
	}
	if reason != "" {
		diag.degrade(reason)
	}

	// Every memory candidate, read once.
	var ids []string
	seen := map[string]bool{}
	add := func(id string) {
		if id != "" && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	for _, h := range lex {
		add(h.ID)
	}
	for _, id := range vec.memories {
		add(id)
	}
	for _, n := range near {
		add(n.ID)
	}
	// The memories, their evidence turns and the turns only the turn
	// vectors found are three independent reads: side by side.
	hitTurn := make(map[string]bool, len(turnHits))
	for _, h := range turnHits {
		hitTurn[h.Turn.ID] = true
	}
	var unknown []string
	for _, id := range slices.Concat(vec.turns, vec.turnsInContext) {
		if !hitTurn[id] {
			hitTurn[id] = true
			unknown = append(unknown, id)
		}
	}
	var (
		mems                 []schema.Memory
		evidence             = map[string][]schema.Turn{}
		vecTurns             []schema.Turn
		memErr, evErr, tvErr error
	)
	if len(ids) > 0 {
		sorted := append([]string(nil), ids...)
		sort.Strings(sorted)
		wg.Add(2)
		go func() {
			defer wg.Done()
			defer safe.Recover(&memErr)
			mems, memErr = s.Graph.Memories(ctx, owner, sorted)
		}()
		go func() {
			defer wg.Done()
			defer safe.Recover(&evErr)
			var ev map[string][]schema.Turn
			if ev, evErr = s.Graph.EvidenceTurns(ctx, owner, sorted); evErr == nil {
				evidence = ev
			}
		}()
	}
	if len(unknown) > 0 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer safe.Recover(&tvErr)
			vecTurns, tvErr = s.Graph.TurnsByID(ctx, owner, unknown)
		}()
	}
	wg.Wait()
	switch {
	case memErr != nil:
		return nil, diag, fmt.Errorf("read memories: %w", memErr)
	case evErr != nil:
		return nil, diag, fmt.Errorf("read evidence turns: %w", evErr)
	case tvErr != nil:
		return nil, diag, fmt.Errorf("read the turns vector search found: %w", tvErr)
	}
	byID := map[string]schema.Memory{}
	for _, m := range mems {
		if wanted(m.State, history) {
			byID[m.ID] = m
		}
	}
	var live []string
	for _, id := range ids {
		if _, ok := byID[id]; ok {
			live = append(live, id)
		}
	}

	f := &fuser{byKey: map[string]*cand{}, keyOf: map[string]string{}}
	for _, id := range live {
		m := byID[id]
		key := m.ID
		if t, ok := primaryTurn(m, evidence[id]); ok {
			key = t.ID
			c := f.get(key)
			if c.item.Turn == nil {
				tt := t
				c.item.Turn = &tt
			}
			c.mems = append(c.mems, m)
		} else {
			c := f.get(key)
			c.mems = append(c.mems, m)
		}
		f.keyOf[id] = key
	}
	var turnKeys []string
	for _, h := range turnHits {
		if h.Turn.ID == "" {
			continue
		}
		c := f.get(h.Turn.ID)
		if c.item.Turn == nil {
			t := h.Turn
			c.item.Turn = &t
		}
		turnKeys = append(turnKeys, h.Turn.ID)
	}
	// Turns only the vector search found (read above through the graph,
	// which leaves out what the caller does not see).
	for _, t := range vecTurns {
		if c := f.get(t.ID); c.item.Turn == nil {
			tt := t
			c.item.Turn = &tt
		}
	}
	turnKeysOf := func(ids []string) []string {
		var keys []string
		for _, id := range ids {
			if c, ok := f.byKey[id]; ok && c.item.Turn != nil {
				keys = append(keys, id)
			}
		}
		return keys
	}
	memKeys := func(list []string) []string {
		out := make([]string, 0, len(list))
		for _, id := range list {
			out = append(out, f.keyOf[id]) // "" for a memory filtered out
		}
		return out
	}
	lexIDs := make([]string, len(lex))
	for i, h := range lex {
		lexIDs[i] = h.ID
	}
	rLex, rTurn, rVec := ranks(memKeys(lexIDs)), ranks(turnKeys), ranks(memKeys(vec.memories))
	rTVec, rTCtx := ranks(turnKeysOf(vec.turns)), ranks(turnKeysOf(vec.turnsInContext))

	// Memory-level scores choose each item's representative memory.
	memRank := func(list []string) map[string]int {
		out := map[string]int{}
		for i, id := range list {
			if _, ok := out[id]; !ok {
				out[id] = i + 1
			}
		}
		return out
	}
	mLex, mVec := memRank(lexIDs), memRank(vec.memories)
	hopsOf := map[string]int{}
	for _, n := range near {
		if _, ok := hopsOf[n.ID]; !ok && n.Hops >= 0 && n.Hops <= GraphHops {
			hopsOf[n.ID] = n.Hops
		}
	}
	memScore := func(id string) float64 {
		sc := rrf(WeightLexical, mLex[id]) + rrf(WeightVector, mVec[id])
		if h, ok := hopsOf[id]; ok {
			sc += HopWeight[h] * 1e-6 // graph only breaks ties here
		}
		return sc
	}

	for _, key := range f.order {
		c := f.byKey[key]
		if len(c.mems) > 0 {
			sort.SliceStable(c.mems, func(i, j int) bool {
				a, b := memScore(c.mems[i].ID), memScore(c.mems[j].ID)
				if a != b {
					return a > b
				}
				return c.mems[i].ID < c.mems[j].ID
			})
			c.item.Memory = c.mems[0]
		}
		for _, m := range c.mems {
			if h, ok := hopsOf[m.ID]; ok && (c.hops < 0 || h < c.hops) {
				c.hops = h
			}
		}
		c.item.Breakdown.Lexical = rrf(WeightLexical, rLex[key]) + rrf(WeightTurns, rTurn[key])
		c.item.Breakdown.Vector = rrf(WeightVector, rVec[key]) + rrf(WeightTurnVector, rTVec[key]) + rrf(WeightTurnContext, rTCtx[key])
		c.base = c.item.Breakdown.Lexical + c.item.Breakdown.Vector
	}

	// Graph: by hops, then lexical+vector, then the graph's own order.
	var gKeys []string
	gPos := map[string]int{}
	for _, n := range near {
		if _, ok := hopsOf[n.ID]; !ok {
			continue
		}
		if k := f.keyOf[n.ID]; k != "" {
			if _, ok := gPos[k]; !ok {
				gPos[k] = len(gKeys)
				gKeys = append(gKeys, k)
			}
		}
	}
	sort.SliceStable(gKeys, func(i, j int) bool {
		a, b := f.byKey[gKeys[i]], f.byKey[gKeys[j]]
		if a.hops != b.hops {
			return a.hops < b.hops
		}
		if a.base != b.base {
			return a.base > b.base
		}
		return gPos[gKeys[i]] < gPos[gKeys[j]]
	})
	for i, k := range gKeys {
		c := f.byKey[k]
		c.item.Breakdown.Graph = rrf(WeightGraph*HopWeight[c.hops], i+1)
		c.base += c.item.Breakdown.Graph
	}

	// Temporal: the items whose dates match the query's time.
	qt := parseQueryTime(text, now)
	if qt.active() && !s.ablated("temporal") {
		var tKeys []string
		for _, k := range f.order {
			if qt.matches(f.byKey[k]) {
				tKeys = append(tKeys, k)
			}
		}
		sort.SliceStable(tKeys, func(i, j int) bool {
			a, b := f.byKey[tKeys[i]], f.byKey[tKeys[j]]
			if a.base != b.base {
				return a.base > b.base
			}
			return a.item.ID() < b.item.ID()
		})
		for i, k := range tKeys {
			f.byKey[k].item.Breakdown.Temporal = rrf(WeightTemporal, i+1)
		}
	}

	out := make([]Item, 0, len(f.order))
	for _, k := range f.order {
		c := f.byKey[k]
		if !s.ablated("prior") {
			c.item.Breakdown.Prior = prior(c, now)
		}
		b := c.item.Breakdown
		c.item.Score = b.Lexical + b.Vector + b.Graph + b.Temporal + b.Prior
		out = append(out, c.item)
	}
	sortItems(out)
	return out, diag, nil
}

// primaryTurn is the turn a memory rests on: of its evidence turns, the
// first whose text contains its excerpt (at least MinMergeExcerptRunes
// long), else the first.
func primaryTurn(m schema.Memory, turns []schema.Turn) (schema.Turn, bool) {
	if len(turns) == 0 {
		return schema.Turn{}, false
	}
	if ex := fold(m.Excerpt); utf8.RuneCountInString(ex) >= MinMergeExcerptRunes {
		for _, t := range turns {
			if strings.Contains(fold(t.Text), ex) {
				return t, true
			}
		}
	}
	return turns[0], true
}

// prior is the item's prior (see the fusion constants).
func prior(c *cand, now time.Time) float64 {
	var (
		when       time.Time
		confidence = TurnConfidence
		confirmed  float64
	)
	if m := c.item.Memory; m.ID != "" {
		switch {
		case m.ValidFrom != nil:
			when = *m.ValidFrom
		case m.SaidAt != nil:
			when = *m.SaidAt
		case c.item.Turn != nil && !c.item.Turn.SaidAt.IsZero():
			when = c.item.Turn.SaidAt
		default:
			when = m.RecordedAt
		}
		confidence = math.Max(0, math.Min(1, m.Confidence))
		if m.Confirmed {
			confirmed = 1
		}
	} else if c.item.Turn != nil {
		when = c.item.Turn.SaidAt
	}
	recency := 0.0
	if !when.IsZero() {
		// Whole UTC days, so the prior of a given query is the same all day.
		age := now.Truncate(24 * time.Hour).Sub(when.UTC().Truncate(24 * time.Hour))
		if age <= 0 {
			recency = 1
		} else {
			recency = math.Pow(0.5, float64(age)/float64(RecencyHalfLife))
		}
	}
	return PriorScale * (PriorRecency*recency + PriorConfidence*confidence + PriorConfirmed*confirmed)
}

// queryTime is what a query says about time.
type queryTime struct {
	exprs []temporal.Expr
	// when: the query asks when something happened.
	when bool
}

func (q queryTime) active() bool { return len(q.exprs) > 0 || q.when }

// whenCues start or mark questions that ask for a date.
var whenCues = []string{"when ", "what date", "what year", "what month", "what day", "which year", "which month", "how long ago", "how long has", "how long have", "since when"}

func parseQueryTime(text string, now time.Time) queryTime {
	q := queryTime{exprs: temporal.Find(text, now)}
	low := " " + strings.ToLower(clean(text)) + " "
	for _, cue := range whenCues {
		if strings.Contains(low, " "+cue) {
			q.when = true
			break
		}
	}
	return q
}

// matches reports whether an item's dates fit the query's time.
func (q queryTime) matches(c *cand) bool {
	for _, m := range c.mems {
		if q.when && (m.ValidFrom != nil || m.ValidTo != nil) {
			return true
		}
		for _, e := range q.exprs {
			if overlaps(e, m.ValidFrom, m.ValidTo) || (m.SaidAt != nil && e.Contains(*m.SaidAt)) {
				return true
			}
		}
	}
	if t := c.item.Turn; t != nil && !t.SaidAt.IsZero() {
		for _, e := range q.exprs {
			if e.Contains(t.SaidAt) {
				return true
			}
		}
	}
	return false
}

// overlaps reports whether the valid time [from, to) overlaps e's
// interval; with one end known the valid time is that day.
func overlaps(e temporal.Expr, from, to *time.Time) bool {
	var start, end time.Time
	switch {
	case from != nil && to != nil:
		start, end = *from, *to
	case from != nil:
		start, end = *from, from.Add(24*time.Hour)
	case to != nil:
		start, end = to.Add(-24*time.Hour), *to
	default:
		return false
	}
	if !end.After(start) {
		end = start.Add(time.Second)
	}
	if !e.End.IsZero() && !start.Before(e.End) {
		return false
	}
	if !e.Start.IsZero() && !end.After(e.Start) {
		return false
	}
	return true
}

// graphCandidates resolves the entities the query names and returns the
// memories around them (graph.MemoriesNearEntities), nearest first.
func (s *Searcher) graphCandidates(ctx context.Context, owner schema.Owner, text string) ([]graph.NearMemory, error) {
	names := queryNames(text)
	if len(names) == 0 {
		return nil, nil
	}
	cands, err := s.Graph.EntityCandidates(ctx, owner, names, graph.MaxEntityCandidates)
	if err != nil {
		return nil, fmt.Errorf("resolve the query's entities: %w", err)
	}
	keys := map[string]bool{}
	for _, n := range names {
		if k := graph.NormalizeKey(n); k != "" {
			keys[k] = true
		}
	}
	var ids []string
	for _, e := range cands {
		for _, k := range graph.EntityKeys(e.Name, e.Aliases) {
			if keys[k] {
				ids = append(ids, e.ID)
				break
			}
		}
		if len(ids) == MaxQueryEntities {
			break
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	near, err := s.Graph.MemoriesNearEntities(ctx, owner, ids, GraphHops, GraphPool)
	if err != nil {
		return nil, fmt.Errorf("read memories near the query's entities: %w", err)
	}
	return near, nil
}

// questionWords are capitalised words that name nothing.
var questionWords = map[string]bool{
	"what": true, "when": true, "where": true, "who": true, "whom": true, "whose": true, "which": true, "why": true, "how": true,
	"did": true, "does": true, "do": true, "is": true, "are": true, "was": true, "were": true, "has": true, "have": true, "had": true,
	"can": true, "could": true, "would": true, "should": true, "will": true, "i": true, "the": true, "a": true, "an": true,
	"in": true, "on": true, "at": true, "of": true, "and": true, "or": true, "if": true, "my": true, "we": true, "our": true,
	"tell": true, "me": true, "list": true, "name": true,
}

// queryNames are the names a query may mention: each run of capitalised
// words (a possessive "'s" dropped) and each of its words, question words
// aside, in order, without repeats, at most graph.MaxCandidateNames.
func queryNames(text string) []string {
	var (
		out  []string
		seen = map[string]bool{}
		run  []string
	)
	addName := func(n string) {
		if k := strings.ToLower(n); n != "" && !seen[k] && len(out) < graph.MaxCandidateNames {
			seen[k] = true
			out = append(out, n)
		}
	}
	flush := func() {
		if len(run) > 1 {
			addName(strings.Join(run, " "))
		}
		for _, w := range run {
			addName(w)
		}
		run = run[:0]
	}
	for _, w := range strings.FieldsFunc(text, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '’' || r == '-')
	}) {
		w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
		w = strings.Trim(w, "'’-")
		r, _ := utf8.DecodeRuneInString(w)
		if w == "" || !unicode.IsUpper(r) || questionWords[strings.ToLower(w)] {
			flush()
			continue
		}
		run = append(run, w)
	}
	flush()
	return out
}

// Signals that Searcher.Off may turn off, for measurement.
var Signals = []string{"graph", "temporal", "prior", "vector", "lexical"}

// ablated reports whether signal is turned off (Searcher.Off).
func (s *Searcher) ablated(signal string) bool { return slices.Contains(s.Off, signal) }
