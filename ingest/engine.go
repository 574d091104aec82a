package ingest

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/persistmemory/persistmemory/conflicts"
	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/ingest/resolve"
	"github.com/persistmemory/persistmemory/internal/safe"
	"github.com/persistmemory/persistmemory/schema"
)

// Engine bounds: how much existing memory one new claim is compared with.
const (
	// SubjectLookup is how many memories on the same subject and attribute
	// a claim is compared with.
	SubjectLookup = 20
	// SimilarLookup is how many full-text look-alikes a claim is compared
	// with (for duplicates worded without a subject/attribute).
	SimilarLookup = 5
	// EntityLookup is how many candidate entities a mention is scored
	// against.
	EntityLookup = 20
	// SmallOwnerEntities: an owner with at most this many entities has a
	// mention neither the key nor the spelling search found a match for
	// scored against all of them (graph.BatchStore.AllEntitiesUpTo), so
	// that a name the resolution rules read but no key holds ("Gosia" for
	// Małgorzata, "k8s" for Kubernetes, "Telmex") is found.
	SmallOwnerEntities = 500
	// EntityNeighbours is how many stored entities nearest to a mention's
	// name vector it is compared with by meaning (resolve.MatchEmbedding):
	// the best, and enough rivals to see a close one.
	EntityNeighbours = 5
	// MeaningMaxPairs is how many stored memories the rules leave
	// unrelated to a new claim, with nothing in the words to set them
	// apart (conflicts.Apart), are compared with it by meaning
	// (conflicts.ByMeaning).
	MeaningMaxPairs = 4
	// MeaningNeighbours is how many of the owner's memory vectors nearest
	// to a new claim byMeaning reads the similarity of stored memories
	// from.
	MeaningNeighbours = 10
)

// plan decides what one job writes: for each extracted claim, its ids, its
// resolved entities, and how it relates to what the owner already has —
// a duplicate reinforces the existing memory, a correction or clearly later
// value supersedes it, an unsettled contradiction opens a conflict. Every
// id is derived from the owner and the job, so planning the same job again
// plans the same write.
//
// st carries what earlier jobs of the same batch planned: their memories
// count as stored (a later job may reinforce, supersede or dispute them)
// and the memories they retired are no longer current.
func (p *Pipeline) plan(ctx context.Context, owner schema.Owner, job schema.Job, doc schema.Document, cands []schema.Memory, turns []schema.Turn, st *planState) (graph.JobWrite, error) {
	now := st.ents.now
	w := graph.JobWrite{MemoryTurns: map[string][]string{}}
	ents := st.ents
	var planned []schema.Memory
	// twins indexes planned, so a long document's claims are compared
	// only with the earlier ones they may repeat
	var twins conflicts.RepeatIndex
	for i, c := range cands {
		c.ID = schema.DerivedID(schema.PrefixMemory, string(owner), job.ID, strconv.Itoa(i))
		c.State = schema.StateActive
		c.RecordedAt = now
		c.SpaceID = doc.SpaceID
		c.DocumentID = doc.ID
		if c.SaidAt == nil {
			said := doc.SaidAt
			if said.IsZero() {
				said = doc.CreatedAt
			}
			c.SaidAt = &said
		}
		c.EntityIDs = c.EntityIDs[:0:0]
		for _, m := range c.Entities {
			id, err := ents.resolve(ctx, m)
			if err != nil {
				return graph.JobWrite{}, err
			}
			c.EntityIDs = append(c.EntityIDs, id)
		}
		existing, err := p.existing(ctx, owner, c, st)
		if err != nil {
			return graph.JobWrite{}, err
		}
		if doc.ContributedBy != "" {
			// Material a collaborator sent into a shared Space may only
			// reinforce, supersede or dispute memories of that Space: the
			// owner's other Spaces are not theirs to change.
			existing = slices.DeleteFunc(existing, func(m schema.Memory) bool { return m.SpaceID != doc.SpaceID })
		}
		// A twin within this very document is dropped: it is not stored yet,
		// so there is nothing to reinforce.
		twin := false
		for _, k := range twins.Candidates(c) {
			if conflicts.Compare(planned[k], c).Relation == conflicts.Duplicate {
				twin = true
				break
			}
		}
		if twin {
			continue
		}
		// apply plans one decision about ex and c; it reports a duplicate.
		apply := func(ex schema.Memory, d conflicts.Decision) bool {
			switch d.Relation {
			case conflicts.Duplicate:
				w.Reinforce = append(w.Reinforce, graph.Reinforcement{MemoryID: ex.ID, Excerpt: c.Excerpt, Confidence: c.Confidence, TurnIDs: turnsFor(c.Excerpt, turns)})
				return true
			case conflicts.Supersedes:
				w.Supersede = append(w.Supersede, graph.Supersession{NewID: c.ID, OldID: ex.ID, Reason: d.Reason, At: occasionMoved(ex, c)})
			case conflicts.SupersededBy:
				w.Supersede = append(w.Supersede, graph.Supersession{NewID: ex.ID, OldID: c.ID, Reason: d.Reason})
			case conflicts.Contradicts:
				ids := [2]string{ex.ID, c.ID}
				w.Conflicts = append(w.Conflicts, schema.Conflict{ID: schema.DerivedID(schema.PrefixConflict, string(owner), ids[0], ids[1]), MemoryIDs: ids, Reason: d.Reason, CreatedAt: now})
			}
			return false
		}
		dup := false
		// unsettled are the memories the rules left Unrelated to c that
		// share an entity or the subject with it: the Judge's to relate.
		// alike are those nothing in the words sets apart from c: read by
		// meaning first.
		var unsettled, alike, unrelated []schema.Memory
		for _, ex := range existing {
			d := conflicts.Compare(ex, c)
			if d.Relation == conflicts.Unrelated {
				unrelated = append(unrelated, ex)
				if p.meaning && len(alike) < MeaningMaxPairs && conflicts.MayBeSame(ex, c) {
					alike = append(alike, ex)
				}
				if p.cfg.Judge != nil && len(unsettled) < JudgeMaxPairs && plausible(ex, c) {
					unsettled = append(unsettled, ex)
				}
				continue
			}
			if dup = apply(ex, d); dup {
				break
			}
		}
		if !dup && len(alike) > 0 {
			ex, d, ok, err := st.byMeaning(ctx, p, owner, c, alike)
			if err != nil {
				return graph.JobWrite{}, err
			}
			if ok {
				dup = apply(ex, d)
			}
		}
		if !dup && p.meaning {
			ex, d, ok, err := st.valueByMeaning(ctx, p, owner, c, existing, unrelated, doc)
			if err != nil {
				return graph.JobWrite{}, err
			}
			if ok {
				apply(ex, d)
				unsettled = slices.DeleteFunc(unsettled, func(m schema.Memory) bool { return m.ID == ex.ID })
			}
		}
		if !dup && len(unsettled) > 0 {
			ds, err := p.judge(ctx, owner, job, c, unsettled)
			if err != nil {
				return graph.JobWrite{}, err
			}
			for i, d := range ds {
				if dup = apply(unsettled[i], d); dup {
					break
				}
			}
		}
		if dup {
			// Drop any supersession or conflict planned for the twin.
			w.Supersede = without(w.Supersede, func(s graph.Supersession) bool { return s.NewID == c.ID || s.OldID == c.ID })
			w.Conflicts = withoutConflicts(w.Conflicts, c.ID)
			continue
		}
		planned = append(planned, c)
		twins.Add(c)
		w.Memories = append(w.Memories, c)
		if t := turnsFor(c.Excerpt, turns); len(t) > 0 {
			w.MemoryTurns[c.ID] = t
		}
	}
	// Only the entities the batch created or named anew are written: the
	// others are stored as they are (the write checks they still exist).
	w.Entities = []schema.Entity{}
	for _, en := range ents.list {
		if ents.changed[en.ID] {
			w.Entities = append(w.Entities, en)
		}
	}
	st.absorb(w)
	return w, nil
}

// planState is what the jobs of one batch planned so far, and what the
// graph held for their claims when the batch began.
type planState struct {
	ents    *entityPlan
	planned []schema.Memory // new memories of earlier jobs, not yet stored
	retired map[string]bool // memories earlier jobs superseded
	// found holds the stored memories each claim of the batch is compared
	// with, looked up for every claim at once (see prefetch); a claim
	// missing from it is looked up on its own.
	found map[graph.ClaimLookup]graph.ClaimMatches
	// claimVecs holds the claims embedded while planning (byMeaning), by
	// text: writeVectors takes a new memory's vector from here.
	claimVecs map[string][]float32
	// near holds, by claim text, the similarity of the owner's stored
	// memories nearest to it (nearest), so a claim is searched once.
	near map[string]map[string]float64
	// marked holds, by memory id, whether a compared memory is worded as
	// a change (conflicts.WordedAsChange) or says its value is the only
	// one (conflicts.SaysOnly): each is read once a batch, however many
	// new claims it is compared with. (A stored claim of what held before
	// is no candidate for a new plain one: PastByMeaning reads only a new
	// claim so.)
	marked map[string]bool
}

// isMarked says whether a memory is worded as a change or says its value
// is the only one, remembered by memory id.
func (st *planState) isMarked(m schema.Memory) bool {
	w, ok := st.marked[m.ID]
	if !ok {
		if st.marked == nil {
			st.marked = map[string]bool{}
		}
		w = conflicts.WordedAsChange(m) || conflicts.SaysOnly(m)
		st.marked[m.ID] = w
	}
	return w
}

// byMeaning compares c with memories the rules left unrelated to it and
// nothing in the words sets apart (alike) by what they mean: the first
// that conflicts.ByMeaning reads as a duplicate, with its decision. c is
// embedded as it will be stored (its vector is kept for writeVectors); a
// stored memory's similarity is read from the owner's memory vectors (the
// MeaningNeighbours nearest to c: one not among them is no closer than
// they are, and is left unread), a memory an earlier job of the batch
// planned is embedded too.
func (st *planState) byMeaning(ctx context.Context, p *Pipeline, owner schema.Owner, c schema.Memory, alike []schema.Memory) (schema.Memory, conflicts.Decision, bool, error) {
	texts := []string{c.Claim}
	stored := false
	for _, m := range alike {
		if st.isPlanned(m.ID) {
			texts = append(texts, m.Claim)
		} else {
			stored = true
		}
	}
	if err := st.embedClaims(ctx, p, texts); err != nil {
		return schema.Memory{}, conflicts.Decision{}, false, err
	}
	v := st.claimVecs[c.Claim]
	near := map[string]float64{}
	if stored {
		var err error
		if near, err = st.nearest(ctx, p, owner, c.Claim); err != nil {
			return schema.Memory{}, conflicts.Decision{}, false, err
		}
	}
	for _, ex := range alike {
		sim, ok := near[ex.ID]
		if st.isPlanned(ex.ID) {
			sim, ok = resolve.Cosine(st.claimVecs[ex.Claim], v), true
		}
		if !ok {
			continue
		}
		if d, ok := conflicts.ByMeaning(ex, c, sim); ok {
			return ex, d, true, nil
		}
	}
	return schema.Memory{}, conflicts.Decision{}, false, nil
}

// isPlanned: the memory id is one an earlier job of the batch planned, not
// yet stored.
func (st *planState) isPlanned(id string) bool {
	return slices.ContainsFunc(st.planned, func(m schema.Memory) bool { return m.ID == id })
}

// embedClaims embeds the texts not embedded yet, as stored, into
// claimVecs.
func (st *planState) embedClaims(ctx context.Context, p *Pipeline, texts []string) error {
	if st.claimVecs == nil {
		st.claimVecs = map[string][]float32{}
	}
	var need []string
	for _, t := range texts {
		if _, ok := st.claimVecs[t]; !ok && !slices.Contains(need, t) {
			need = append(need, t)
		}
	}
	if len(need) == 0 {
		return nil
	}
	vs, err := p.embed(ctx, need)
	if err != nil {
		return fmt.Errorf("embed a claim to compare by meaning: %w", err)
	}
	for i, t := range need {
		st.claimVecs[t] = vs[i]
	}
	return nil
}

// nearest returns the similarity of the owner's MeaningNeighbours stored
// memories nearest to claim, by memory id; claim must be embedded
// (embedClaims). It searches once per claim.
func (st *planState) nearest(ctx context.Context, p *Pipeline, owner schema.Owner, claim string) (map[string]float64, error) {
	if near, ok := st.near[claim]; ok {
		return near, nil
	}
	hits, err := p.cfg.Vectors.Search(ctx, owner, st.claimVecs[claim], MeaningNeighbours)
	if err != nil {
		return nil, fmt.Errorf("search memory vectors to compare by meaning: %w", err)
	}
	near := make(map[string]float64, len(hits))
	for _, h := range hits {
		near[h.ID] = h.Score
	}
	if st.near == nil {
		st.near = map[string]map[string]float64{}
	}
	st.near[claim] = near
	return near, nil
}

// nearestHeld returns the stored memories among the MeaningNeighbours
// nearest to c in meaning that are still held and not in seen (which it
// adds them to), for the rules to read as they read c's look-alikes.
func (st *planState) nearestHeld(ctx context.Context, p *Pipeline, owner schema.Owner, c schema.Memory, seen map[string]bool) ([]schema.Memory, error) {
	if err := st.embedClaims(ctx, p, []string{c.Claim}); err != nil {
		return nil, err
	}
	near, err := st.nearest(ctx, p, owner, c.Claim)
	if err != nil {
		return nil, err
	}
	var ids []string
	for id := range near {
		if !seen[id] {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	slices.Sort(ids)
	ms, err := p.cfg.Graph.Memories(ctx, owner, ids)
	if err != nil {
		return nil, fmt.Errorf("read memories close in meaning: %w", err)
	}
	var out []schema.Memory
	for _, m := range ms {
		if seen[m.ID] || m.State != "" && m.State != schema.StateActive && m.State != schema.StateDisputed {
			continue
		}
		seen[m.ID] = true
		out = append(out, m)
	}
	return out, nil
}

// valueByMeaning finds a memory that gives what c says another value the
// rules could not line up with it: one c is worded as a change of, or one
// worded as a change of c (conflicts.ChangeByMeaning: "Upped my ISA
// contributions to £500 a month" for "I put £300 a month into my ISA"), or
// one said together with c of which one says its value is the only one
// (conflicts.ContradictionByMeaning: "My one piano is a Kawai K-300" and
// "The only piano I own is a Yamaha U1 upright"), or one c tells what held
// before of (conflicts.PastByMeaning: "Before Hillside, Eve went to St
// Anne's" for "Eve's at Hillside Primary now"). When c is so marked, the
// candidates are the owner's stored memories among the MeaningNeighbours
// nearest to c at least meaningValueSimilarity close, and the memories of
// existing (which holds what earlier jobs of the batch planned) the rules
// left unrelated to c (unrelated); otherwise only those of unrelated that
// are so marked. The closest is read first (ties by id), as a change, then
// as a contradiction. Memories of existing the rules related to c, those
// an earlier job retired, and, for material a collaborator sent, those of
// another Space are not candidates.
//
// Only the candidates said in the material nearest to c are read: that of
// the closest memory still held among the candidates and the others near
// c (stored, or of existing). A memory nearer to c than a candidate is the
// likelier one c is about; reading past it retired true facts on new
// people's messages (docs/bench-engine.md, thirty-ninth round).
func (st *planState) valueByMeaning(ctx context.Context, p *Pipeline, owner schema.Owner, c schema.Memory, existing, unrelated []schema.Memory, doc schema.Document) (schema.Memory, conflicts.Decision, bool, error) {
	marked := conflicts.WordedAsChange(c) || conflicts.SaysOnly(c) || conflicts.WordedAsPast(c)
	known := map[string]schema.Memory{}
	for _, m := range unrelated {
		if marked || st.isMarked(m) {
			known[m.ID] = m
		}
	}
	if !marked && len(known) == 0 {
		return schema.Memory{}, conflicts.Decision{}, false, nil
	}
	texts := []string{c.Claim}
	for _, m := range known {
		if st.isPlanned(m.ID) {
			texts = append(texts, m.Claim)
		}
	}
	slices.Sort(texts[1:])
	if err := st.embedClaims(ctx, p, texts); err != nil {
		return schema.Memory{}, conflicts.Decision{}, false, err
	}
	type cand struct {
		m   schema.Memory
		sim float64
	}
	// rivals are the other memories still held at least
	// meaningValueSimilarity close to c: only the candidates of the
	// document nearest to c, among candidates and rivals, are read.
	var cands, rivals []cand
	held := func(m schema.Memory) bool {
		return (m.State == "" || m.State == schema.StateActive || m.State == schema.StateDisputed) && !st.retired[m.ID] &&
			(doc.ContributedBy == "" || m.SpaceID == doc.SpaceID)
	}
	near, err := st.nearest(ctx, p, owner, c.Claim)
	if err != nil {
		return schema.Memory{}, conflicts.Decision{}, false, err
	}
	var fetch []string
	for id, sim := range near {
		if sim < meaningValueSimilarity || st.retired[id] {
			continue
		}
		if m, ok := known[id]; ok {
			cands = append(cands, cand{m, sim})
			delete(known, id)
			continue
		}
		if i := slices.IndexFunc(existing, func(e schema.Memory) bool { return e.ID == id }); i >= 0 {
			if held(existing[i]) {
				rivals = append(rivals, cand{existing[i], sim})
			}
			continue
		}
		fetch = append(fetch, id)
	}
	if len(fetch) > 0 {
		slices.Sort(fetch)
		ms, err := p.cfg.Graph.Memories(ctx, owner, fetch)
		if err != nil {
			return schema.Memory{}, conflicts.Decision{}, false, fmt.Errorf("read memories close in meaning: %w", err)
		}
		for _, m := range ms {
			if !held(m) {
				continue
			}
			if marked {
				cands = append(cands, cand{m, near[m.ID]})
			} else {
				rivals = append(rivals, cand{m, near[m.ID]})
			}
		}
	}
	// the batch's other planned memories the rules compared with c are
	// rivals too (not stored yet, so no search finds them)
	var planned []schema.Memory
	var plannedClaims []string
	for _, m := range existing {
		if st.isPlanned(m.ID) && m.DocumentID != c.DocumentID && known[m.ID].ID == "" {
			planned = append(planned, m)
			plannedClaims = append(plannedClaims, m.Claim)
		}
	}
	if err := st.embedClaims(ctx, p, plannedClaims); err != nil {
		return schema.Memory{}, conflicts.Decision{}, false, err
	}
	for _, m := range planned {
		if sim := resolve.Cosine(st.claimVecs[m.Claim], st.claimVecs[c.Claim]); sim >= meaningValueSimilarity {
			rivals = append(rivals, cand{m, sim})
		}
	}
	for _, m := range known {
		if st.isPlanned(m.ID) {
			cands = append(cands, cand{m, resolve.Cosine(st.claimVecs[m.Claim], st.claimVecs[c.Claim])})
		}
	}
	byNearness := func(a, b cand) int {
		if a.sim != b.sim {
			return cmp.Compare(b.sim, a.sim)
		}
		return strings.Compare(a.m.ID, b.m.ID)
	}
	slices.SortFunc(cands, byNearness)
	// the nearest material other than c's own (a claim said with c is
	// read as before: it is no other message)
	own, nearestDoc := said(c), ""
	for _, k := range slices.SortedFunc(slices.Values(append(rivals, cands...)), byNearness) {
		if said(k.m) != own {
			nearestDoc = said(k.m)
			break
		}
	}
	for _, k := range cands {
		if d := said(k.m); d != nearestDoc && d != own {
			continue
		}
		if d, ok := conflicts.ChangeByMeaning(k.m, c, k.sim); ok {
			return k.m, d, true, nil
		}
		if d, ok := conflicts.ContradictionByMeaning(k.m, c, k.sim); ok {
			return k.m, d, true, nil
		}
		if d, ok := conflicts.PastByMeaning(k.m, c, k.sim); ok {
			return k.m, d, true, nil
		}
	}
	return schema.Memory{}, conflicts.Decision{}, false, nil
}

// said names the material a memory was said in: its document, or, for
// one stored without (none is), the memory itself.
func said(m schema.Memory) string {
	if m.DocumentID != "" {
		return m.DocumentID
	}
	return "memory " + m.ID
}

// meaningValueSimilarity is the least similarity any reading of
// valueByMeaning decides at: a stored memory less close is not read.
var meaningValueSimilarity = min(conflicts.ChangeMeaningSimilarityShared, conflicts.ContradictionMeaningSimilarity, conflicts.PastMeaningSimilarity)

// claimLookup is what existing looks up for c.
func claimLookup(c schema.Memory) graph.ClaimLookup {
	l := graph.ClaimLookup{Claim: c.Claim}
	if s := graph.NormalizeKey(c.Subject); s != "" && c.Attribute != "" {
		l.SubjectKey, l.AttributeKey = s, graph.NormalizeKey(c.Attribute)
	}
	return l
}

// prefetch looks up what every claim of a batch must be compared with in
// the stored graph (one read transaction) and, beside it, which stored
// entities each mention may be (see entityPlan.prefetch). The graph does
// not change while the batch is planned (its writes come at the end), so
// this is what looking each up in turn would find; what the batch itself
// plans is overlaid by planState.
func (st *planState) prefetch(ctx context.Context, p *Pipeline, owner schema.Owner, cands [][]schema.Memory) error {
	var ls []graph.ClaimLookup
	var names []string
	var mentions []schema.Mention // each distinct mention once
	seenL, seenN, seenM := map[graph.ClaimLookup]bool{}, map[string]bool{}, map[schema.Mention]bool{}
	for _, cs := range cands {
		for _, c := range cs {
			if l := claimLookup(c); !seenL[l] {
				seenL[l] = true
				ls = append(ls, l)
			}
			for _, m := range c.Entities {
				if !seenN[m.Name] {
					seenN[m.Name] = true
					names = append(names, m.Name)
				}
				if !seenM[m] {
					seenM[m] = true
					mentions = append(mentions, m)
				}
			}
		}
	}
	// The claims' look-up and the entities' (candidates, then names by
	// meaning) are independent: run them side by side.
	var (
		wg     sync.WaitGroup
		errEnt error
	)
	if len(names) > 0 {
		wg.Go(func() {
			defer safe.Recover(&errEnt)
			errEnt = st.ents.prefetch(ctx, names, mentions)
		})
	}
	var errClaims error
	if len(ls) > 0 {
		res, err := p.cfg.Graph.LookupClaims(ctx, owner, ls, SubjectLookup, SimilarLookup)
		if err != nil {
			errClaims = fmt.Errorf("look up claims: %w", err)
		} else {
			st.found = make(map[graph.ClaimLookup]graph.ClaimMatches, len(ls))
			for i, l := range ls {
				st.found[l] = res[i]
			}
		}
	}
	wg.Wait()
	return errors.Join(errClaims, errEnt)
}

// prefetch looks up the stored candidates of each name and prepares
// resolution by meaning (prefetchNear).
func (e *entityPlan) prefetch(ctx context.Context, names []string, mentions []schema.Mention) error {
	// each name, then the other names it is looked up by ("Mike" also as
	// "Michael"), while the store takes more
	query, of := slices.Clone(names), make([]int, len(names))
	for i := range of {
		of[i] = i
	}
	for i, n := range names {
		for _, x := range resolve.SearchNames(n)[1:] {
			if len(query) < graph.MaxJobBatch*graph.MaxLookup {
				query, of = append(query, x), append(of, i)
			}
		}
	}
	res, err := e.p.cfg.Graph.EntityCandidatesEach(ctx, e.owner, query, EntityLookup)
	if err != nil {
		return fmt.Errorf("entity candidates: %w", err)
	}
	e.found = make(map[string][]schema.Entity, len(names))
	for j, i := range of {
		e.found[names[i]] = withEntities(e.found[names[i]], res[j])
	}
	if err := e.prefetchSpellings(ctx, mentions); err != nil {
		return err
	}
	if err := e.prefetchAll(ctx, mentions); err != nil {
		return err
	}
	return e.prefetchNear(ctx, names, mentions)
}

// prefetchAll adds, for the mentions the candidates found so far do not
// match exactly, all of a small owner's entities (SmallOwnerEntities) to
// their candidates, in one query: the last lexical search, asked only when
// a mention needs it. A match short of exact needs it too: a rival the
// searches did not find makes it undecided ("Tom" beside Thomas Reilly and
// Tomasz Nowak), as the rules read it with every candidate.
func (e *entityPlan) prefetchAll(ctx context.Context, mentions []schema.Mention) error {
	loose := e.unmatched(mentions, func(_ schema.Mention, score float64, ok bool) bool { return !ok || score < 1 })
	if len(loose) == 0 {
		return nil
	}
	all, err := e.p.cfg.Graph.AllEntitiesUpTo(ctx, e.owner, SmallOwnerEntities)
	if err != nil {
		return fmt.Errorf("all entities: %w", err)
	}
	for _, n := range loose {
		e.found[n] = withEntities(e.found[n], all)
	}
	return nil
}

// prefetchSpellings looks up, for the mentions the candidates found so
// far do not match, the entities they may be another spelling of
// ("Kubernets", "Syd Uni", "Postgres" for "PostgreSQL"), in one query,
// and adds them to the mention's candidates: the slower search, asked
// only for names that need it.
func (e *entityPlan) prefetchSpellings(ctx context.Context, mentions []schema.Mention) error {
	loose := e.unmatched(mentions, func(m schema.Mention, _ float64, ok bool) bool { return resolve.Respelt(m) && !ok })
	if len(loose) == 0 {
		return nil
	}
	res, err := e.p.cfg.Graph.EntitySpellingsEach(ctx, e.owner, loose, EntityLookup)
	if err != nil {
		return fmt.Errorf("entity spellings: %w", err)
	}
	for i, n := range loose {
		e.found[n] = withEntities(e.found[n], res[i])
	}
	return nil
}

// unmatched returns the names of mentions, each once, for which need says
// the candidates found so far do not do, given how resolve.Match scores
// the mention against them. Each mention is scored (one name may be
// mentioned as two kinds, "Jordan" the person and the country, and one
// kind matched does not make the other).
func (e *entityPlan) unmatched(mentions []schema.Mention, need func(m schema.Mention, score float64, ok bool) bool) []string {
	var out []string
	added := map[string]bool{}
	for _, m := range mentions {
		if added[m.Name] {
			continue
		}
		if _, score, ok := resolve.Match(m, e.found[m.Name]); need(m, score, ok) {
			added[m.Name] = true
			out = append(out, m.Name)
		}
	}
	return out
}

// withEntities appends to list the entities of more it does not hold.
func withEntities(list, more []schema.Entity) []schema.Entity {
	for _, x := range more {
		if !slices.ContainsFunc(list, func(y schema.Entity) bool { return y.ID == x.ID }) {
			list = append(list, x)
		}
	}
	return list
}

// lookup returns the stored memories on c's subject and attribute and its
// full-text look-alikes.
func (st *planState) lookup(ctx context.Context, p *Pipeline, owner schema.Owner, c schema.Memory) ([]schema.Memory, []graph.MemoryHit, error) {
	l := claimLookup(c)
	if m, ok := st.found[l]; ok {
		return m.BySubject, m.Similar, nil
	}
	var bySubject []schema.Memory
	if l.SubjectKey != "" {
		ms, err := p.cfg.Graph.MemoriesBySubject(ctx, owner, l.SubjectKey, l.AttributeKey, SubjectLookup)
		if err != nil {
			return nil, nil, fmt.Errorf("memories on %q: %w", c.Subject, err)
		}
		bySubject = ms
	}
	similar, err := p.cfg.Graph.SimilarClaims(ctx, owner, c.Claim, SimilarLookup)
	if err != nil {
		return nil, nil, fmt.Errorf("similar claims: %w", err)
	}
	return bySubject, similar, nil
}

func (p *Pipeline) newPlanState(owner schema.Owner) *planState {
	return &planState{
		ents:    &entityPlan{p: p, owner: owner, now: p.cfg.Now().UTC(), byKey: map[string]int{}, created: map[string]bool{}, changed: map[string]bool{}},
		retired: map[string]bool{},
	}
}

// absorb records one job's plan for the jobs after it.
func (st *planState) absorb(w graph.JobWrite) {
	for _, s := range w.Supersede {
		st.retired[s.OldID] = true
	}
	st.planned = append(st.planned, w.Memories...)
}

// existing returns the memories a claim must be compared with: what
// earlier jobs of the batch planned, the same subject and attribute,
// full-text look-alikes, then, with an embedder, the MeaningNeighbours
// nearest in meaning still held; each once, none an earlier job retired,
// in a fixed order.
func (p *Pipeline) existing(ctx context.Context, owner schema.Owner, c schema.Memory, st *planState) ([]schema.Memory, error) {
	seen := map[string]bool{}
	for id := range st.retired {
		seen[id] = true
	}
	var out []schema.Memory
	bySubject, similar, err := st.lookup(ctx, p, owner, c)
	if err != nil {
		return nil, err
	}
	// What earlier jobs of the batch planned is compared like stored
	// memory: conflicts.Compare relates only claims on the same subject
	// and attribute, or near-identical ones.
	for _, m := range st.planned {
		if !seen[m.ID] {
			seen[m.ID] = true
			out = append(out, m)
		}
	}
	for _, m := range bySubject {
		if !seen[m.ID] {
			seen[m.ID] = true
			out = append(out, m)
		}
	}
	for _, h := range similar {
		if !seen[h.Memory.ID] {
			seen[h.Memory.ID] = true
			out = append(out, h.Memory)
		}
	}
	if p.meaning {
		// the memories nearest in meaning too: "First day at Northbridge
		// Digital today!" shares no word with "I work as a QA tester at
		// Kudipay", nor "landlord raised us to 84k" with "our rent is
		// 78,000 AED a year", and the rules read both as changes
		near, err := st.nearestHeld(ctx, p, owner, c, seen)
		if err != nil {
			return nil, err
		}
		out = append(out, near...)
	}
	// A confirmed memory is compared first, so it wins; then the oldest.
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Confirmed != out[j].Confirmed {
			return out[i].Confirmed
		}
		if !out[i].RecordedAt.Equal(out[j].RecordedAt) {
			return out[i].RecordedAt.Before(out[j].RecordedAt)
		}
		return out[i].ID < out[j].ID
	})
	return out, nil
}

// entityPlan resolves the mentions of one job, so a name mentioned twice
// resolves once and a new entity is created once.
type entityPlan struct {
	p     *Pipeline
	owner schema.Owner
	now   time.Time
	list  []schema.Entity
	byKey map[string]int // NormalizeKey(name) -> index in list
	// found holds stored candidates per mention name, looked up for a
	// whole batch at once (see planState.prefetch).
	found map[string][]schema.Entity
	// vecs holds the vector of each mention name of the batch (as a
	// query) and near the stored entities nearest to it by meaning; both
	// nil without Config.EntityVectors (see prefetchNear).
	vecs map[string][]float32
	near map[string][]resolve.Neighbour
	// created holds the ids of the entities this batch made; changed
	// those and the stored entities it gave a new alias.
	created, changed map[string]bool
}

func (e *entityPlan) resolve(ctx context.Context, m schema.Mention) (string, error) {
	key := graph.NormalizeKey(m.Name)
	if key == "" {
		key = strings.ToLower(strings.TrimSpace(m.Name))
	}
	if i, ok := e.byKey[key]; ok {
		return e.list[i].ID, nil
	}
	cands, ok := e.found[m.Name]
	if !ok {
		var err error
		cands, err = e.p.cfg.Graph.EntityCandidates(ctx, e.owner, resolve.SearchNames(m.Name), EntityLookup)
		if err != nil {
			return "", fmt.Errorf("entity candidates for %q: %w", m.Name, err)
		}
	}
	cands = append(slices.Clone(cands), e.list...)
	var ent schema.Entity
	best, _, ok := resolve.Match(m, cands)
	if !ok {
		var err error
		if best, ok, err = e.byMeaning(ctx, m); err != nil {
			return "", err
		}
	}
	if ok {
		ent = best
		if !hasName(ent, m.Name) {
			ent.Aliases = append(append([]string(nil), ent.Aliases...), m.Name)
			e.changed[ent.ID] = true
		}
	} else {
		ent = schema.Entity{ID: schema.DerivedID(schema.PrefixEntity, string(e.owner), key), Name: m.Name, Kind: m.Kind, Aliases: []string{}, CreatedAt: e.now}
		e.created[ent.ID] = true
		e.changed[ent.ID] = true
	}
	for i := range e.list {
		if e.list[i].ID == ent.ID {
			e.list[i] = ent
			e.byKey[key] = i
			return ent.ID, nil
		}
	}
	e.list = append(e.list, ent)
	e.byKey[key] = len(e.list) - 1
	return ent.ID, nil
}

func hasName(e schema.Entity, name string) bool {
	if strings.EqualFold(e.Name, name) {
		return true
	}
	for _, a := range e.Aliases {
		if strings.EqualFold(a, name) {
			return true
		}
	}
	return false
}

// turnsFor returns the ids of the turns an excerpt was taken from.
func turnsFor(excerpt string, turns []schema.Turn) []string {
	if excerpt == "" {
		return nil
	}
	var ids []string
	for _, t := range turns {
		if strings.Contains(t.Text, excerpt) || strings.Contains(excerpt, t.Text) && len(t.Text) > 0 {
			ids = append(ids, t.ID)
		}
	}
	return ids
}

func without(ss []graph.Supersession, drop func(graph.Supersession) bool) []graph.Supersession {
	out := ss[:0]
	for _, s := range ss {
		if !drop(s) {
			out = append(out, s)
		}
	}
	return out
}

func withoutConflicts(cs []schema.Conflict, id string) []schema.Conflict {
	out := cs[:0]
	for _, c := range cs {
		if c.MemoryIDs[0] != id && c.MemoryIDs[1] != id {
			out = append(out, c)
		}
	}
	return out
}

// occasionMoved is when an occasion moved to another day stopped being
// the plan: when the move was said, not the new day ("surgery is March
// 14" / "surgery postponed AGAIN!! April 18 now", said on 2 March, ends
// the March plan on 2 March). Zero (the new memory's start) unless both
// are events and the new one is dated after it was said.
func occasionMoved(old, moved schema.Memory) time.Time {
	if old.Type != schema.TypeEvent || moved.Type != schema.TypeEvent || moved.SaidAt == nil || moved.ValidFrom == nil || !moved.ValidFrom.After(*moved.SaidAt) {
		return time.Time{}
	}
	return *moved.SaidAt
}
