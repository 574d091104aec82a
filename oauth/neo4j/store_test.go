package neo4j_test

import (
	"testing"

	"github.com/persistmemory/persistmemory/oauth"
	"github.com/persistmemory/persistmemory/oauth/internal/neo4jtest"
	"github.com/persistmemory/persistmemory/oauth/oauthtest"
)

func TestConformance(t *testing.T) {
	s := neo4jtest.Open(t)
	oauthtest.Run(t, func(*testing.T) oauth.Store { return s })
}
