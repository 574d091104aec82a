package mcp

import (
	"crypto/sha256"
	"encoding/hex"
	"sync"
	"time"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/persistmemory/persistmemory/schema"
)

// Bounds on the per-connection state State keeps.
const (
	// MaxConnections bounds how many connections' choices of Space are
	// kept; past it the least recently used choice is forgotten.
	MaxConnections = 10000
	// ChoiceTTL is how long a choice of Space is kept after it was last
	// used.
	ChoiceTTL = 7 * 24 * time.Hour
)

// State is what outlives one MCP server: which Space each connection works
// in (use_space, work_in_space), so that one choice steers both where
// remember files material and where search_memory answers from. Safe for
// concurrent use.
//
// A connection is keyed by its owner and:
//   - over stdio, nothing more: the process lives with its one connection
//     (and State with the server, see Services.State);
//   - over HTTP, the Mcp-Session-Id header when the client sends one, else
//     the OAuth client (Caller.ClientID), else nothing. The HTTP transport
//     is stateless (a server is built per request and the SDK issues no
//     session ids), so most clients send none: then the choice is shared
//     by every connection of the same person and client (or, with no
//     client id, of the same person). That is the limitation of stateless
//     mode; it never crosses owners.
//
// Choices live in memory: a restart, or another replica, forgets them, and
// the connection is back to working across every Space.
type State struct {
	mu      sync.Mutex
	choices map[connKey]choice
	now     func() time.Time
	// views are the pages tool results link (views.go).
	views views
}

type connKey struct {
	owner schema.Owner
	conn  string
}

type choice struct {
	spaceID string
	used    time.Time
}

// NewState returns an empty State.
func NewState() *State {
	return &State{choices: map[connKey]choice{}, now: time.Now}
}

// space returns the Space the caller's connection works in; "" means every
// Space.
func (st *State) space(c Caller) string {
	st.mu.Lock()
	defer st.mu.Unlock()
	k := connKey{c.Owner, c.conn}
	ch, ok := st.choices[k]
	if !ok {
		return ""
	}
	now := st.now()
	if now.Sub(ch.used) > ChoiceTTL {
		delete(st.choices, k)
		return ""
	}
	ch.used = now
	st.choices[k] = ch
	return ch.spaceID
}

// setSpace records the caller's connection's choice; "" means every Space.
func (st *State) setSpace(c Caller, spaceID string) {
	st.mu.Lock()
	defer st.mu.Unlock()
	k := connKey{c.Owner, c.conn}
	if spaceID == "" {
		delete(st.choices, k)
		return
	}
	now := st.now()
	if _, ok := st.choices[k]; !ok && len(st.choices) >= MaxConnections {
		st.evict(now)
	}
	st.choices[k] = choice{spaceID: spaceID, used: now}
}

// evict forgets expired choices and, if none was, the least recently used
// one (ties by owner and connection, so eviction is deterministic).
func (st *State) evict(now time.Time) {
	var (
		oldest connKey
		at     time.Time
		found  bool
	)
	for k, ch := range st.choices {
		if now.Sub(ch.used) > ChoiceTTL {
			delete(st.choices, k)
			continue
		}
		if !found || ch.used.Before(at) || ch.used.Equal(at) && (k.owner < oldest.owner || k.owner == oldest.owner && k.conn < oldest.conn) {
			oldest, at, found = k, ch.used, true
		}
	}
	if len(st.choices) >= MaxConnections && found {
		delete(st.choices, oldest)
	}
}

// connOf names the connection req came on (see State). Client-chosen
// values are hashed, so a long header costs no more than a short one.
func connOf(req *gomcp.CallToolRequest, c Caller) string {
	hash := func(kind, v string) string {
		sum := sha256.Sum256([]byte(v))
		return kind + ":" + hex.EncodeToString(sum[:16])
	}
	if req != nil {
		if req.Extra != nil && req.Extra.Header != nil {
			if id := req.Extra.Header.Get("Mcp-Session-Id"); id != "" {
				return hash("session", id)
			}
		}
		if req.Session != nil {
			if id := req.Session.ID(); id != "" {
				return hash("session", id)
			}
		}
	}
	if c.ClientID != "" {
		return hash("client", c.ClientID)
	}
	return ""
}
