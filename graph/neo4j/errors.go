package neo4j

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/schema"
)

// translate wraps a driver error with op and the schema sentinel it means,
// keeping the driver error reachable through errors.As:
//
//   - lost or refused connections, exhausted retries of transient failures,
//     missing databases and refused credentials -> schema.ErrUnavailable
//   - constraint violations -> schema.ErrConflict
//   - errors that already wrap a schema sentinel, and context errors, keep
//     their identity.
//
// Anything else (Cypher the server rejects, a procedure failing) is wrapped
// with op only: it is a bug here, not a condition a caller can handle.
func translate(op string, err error) error {
	if err == nil {
		return nil
	}
	if isSentinel(err) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%s: %w", op, err)
	}
	if sentinel := classify(err); sentinel != nil {
		return fmt.Errorf("%s: %w: %w", op, sentinel, err)
	}
	return fmt.Errorf("%s: %w", op, err)
}

func isSentinel(err error) bool {
	for _, s := range []error{schema.ErrNotFound, schema.ErrInvalid, schema.ErrConflict, schema.ErrForbidden,
		schema.ErrUnauthenticated, schema.ErrTooLarge, schema.ErrUnavailable} {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

// classify returns the sentinel a driver error stands for, or nil.
func classify(err error) error {
	var (
		limit *neo4j.TransactionExecutionLimit
		conn  *neo4j.ConnectivityError
		dbErr *neo4j.Neo4jError
		auth  *neo4j.InvalidAuthenticationError
		token *neo4j.TokenExpiredError
		nerr  net.Error
	)
	switch {
	case errors.As(err, &limit):
		// Retries ran out; what matters is why the last attempt failed.
		if n := len(limit.Errors); n > 0 && limit.Errors[n-1] != nil {
			if s := classify(limit.Errors[n-1]); s != nil {
				return s
			}
		}
		return schema.ErrUnavailable
	case errors.As(err, &conn), errors.As(err, &auth), errors.As(err, &token), errors.As(err, &nerr):
		return schema.ErrUnavailable
	case errors.As(err, &dbErr):
		switch {
		case dbErr.Code == "Neo.ClientError.Schema.ConstraintValidationFailed":
			return schema.ErrConflict
		case strings.HasPrefix(dbErr.Code, "Neo.ClientError.Security."),
			strings.HasPrefix(dbErr.Code, "Neo.TransientError."),
			dbErr.Code == "Neo.ClientError.Database.DatabaseNotFound",
			dbErr.Code == "Neo.DatabaseError.General.DatabaseUnavailable":
			return schema.ErrUnavailable
		}
	}
	return nil
}
