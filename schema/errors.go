package schema

import "errors"

// Sentinel errors. Typed errors and wrapped errors unwrap to one of these, and
// each transport maps them to its own status once (HTTP status, MCP tool
// error). Never compare error text.
var (
	// ErrNotFound: the thing does not exist for this owner. An id belonging
	// to another owner is reported exactly like a missing one.
	ErrNotFound = errors.New("not found")
	// ErrInvalid: the input is malformed; the wrapping message names what.
	ErrInvalid = errors.New("invalid input")
	// ErrConflict: the request contradicts stored state (e.g. an idempotency
	// key reused with a different body, or a model mismatch).
	ErrConflict = errors.New("conflict")
	// ErrForbidden: the caller is known but lacks the permission.
	ErrForbidden = errors.New("forbidden")
	// ErrUnauthenticated: no valid credential.
	ErrUnauthenticated = errors.New("unauthenticated")
	// ErrTooLarge: the input exceeds a named limit.
	ErrTooLarge = errors.New("too large")
	// ErrUnavailable: a backend the operation needs is down or not
	// configured. The wrapping message names it.
	ErrUnavailable = errors.New("unavailable")
)
