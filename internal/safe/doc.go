// Package safe turns a panic in a goroutine into an error.
//
// A recover in an HTTP middleware or around a worker's batch does not
// reach the goroutines a request or a batch starts for work side by side:
// a panic there ends the process. Deferred first in such a goroutine,
// Recover makes the panic that goroutine's error, so the request fails
// with a 500 or the batch fails and is retried, and the process lives on.
package safe
