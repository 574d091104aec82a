package schema

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
)

// Owner identifies the person whose memory a request touches. Every store
// method takes one and scopes every query by it.
type Owner string

// MaxOwnerLen bounds owner ids.
const MaxOwnerLen = 128

// Validate reports whether o is a usable owner id: 1..MaxOwnerLen characters
// of [A-Za-z0-9_.@-].
func (o Owner) Validate() error {
	if o == "" {
		return fmt.Errorf("%w: owner id is empty", ErrInvalid)
	}
	if len(o) > MaxOwnerLen {
		return fmt.Errorf("%w: owner id is longer than %d characters", ErrInvalid, MaxOwnerLen)
	}
	for _, r := range o {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_.@-", r)) {
			return fmt.Errorf("%w: owner id contains %q; only letters, digits and _ . @ - are allowed", ErrInvalid, r)
		}
	}
	return nil
}

// ID prefixes, so an id says what it names.
const (
	PrefixMemory   = "mem_"
	PrefixDocument = "doc_"
	PrefixJob      = "job_"
	PrefixEntity   = "ent_"
	PrefixSpace    = "spc_"
	PrefixConflict = "cfl_"
	PrefixAPIKey   = "key_"
)

// NewID returns prefix followed by 20 random hex characters (80 bits).
func NewID(prefix string) string {
	var b [10]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("crypto/rand failed: %v", err)) // cannot happen on Linux
	}
	return prefix + hex.EncodeToString(b[:])
}

// DerivedID returns a deterministic id for prefix and parts: the same inputs
// always give the same id. Idempotent processing derives the ids of what it
// writes from the job that wrote them, so a redelivered message rewrites the
// same nodes instead of making new ones.
func DerivedID(prefix string, parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return prefix + hex.EncodeToString(h.Sum(nil)[:10])
}
