package weaviate

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/go-openapi/strfmt"
	"github.com/google/uuid"

	"github.com/persistmemory/persistmemory/schema"
)

// objectNamespace is the name-based UUID namespace of PersistMemory's
// Weaviate objects. Changing it changes every object id.
var objectNamespace = uuid.MustParse("eae792bb-3318-4a75-921c-8ebff65d4fea")

// objectID is the Weaviate UUID of owner's memory id: a version 5 (SHA-1)
// UUID of the owner and id, so rewriting a memory replaces its object.
func objectID(owner schema.Owner, id string) strfmt.UUID {
	name := make([]byte, 0, len(owner)+1+len(id))
	name = append(name, owner...)
	name = append(name, 0)
	name = append(name, id...)
	return strfmt.UUID(uuid.NewSHA1(objectNamespace, name).String())
}

// tenantName is owner's Weaviate tenant: "owner-" and the first 160 bits of
// SHA-256(owner) in hex (46 characters). Weaviate tenant names allow only
// [A-Za-z0-9_-]{1,64}, which owner ids do not fit.
func tenantName(owner schema.Owner) string {
	sum := sha256.Sum256([]byte(owner))
	return "owner-" + hex.EncodeToString(sum[:20])
}
