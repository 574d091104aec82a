package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/persistmemory/persistmemory/graph"
)

// Idempotency keys on POST: the same key with the same request answers the
// first response again; with a different request, 409.
const (
	// IdempotencyHeader carries the key.
	IdempotencyHeader = "Idempotency-Key"
	// IdempotencyTTL is how long a completed response is kept for replay.
	IdempotencyTTL = 24 * time.Hour
	// IdempotencyReservation is how long a key stays reserved by a request
	// that is still running (or died without answering): a retry inside it
	// is told to come back; after it, the retry runs.
	IdempotencyReservation = 10 * time.Second
)

// capture buffers the response body so it can be stored for replay.
type capture struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (c *capture) Write(b []byte) (int, error) {
	c.buf.Write(b)
	return c.ResponseWriter.Write(b)
}

func (c *capture) WriteString(s string) (int, error) {
	c.buf.WriteString(s)
	return c.ResponseWriter.WriteString(s)
}

// idempotent implements Idempotency-Key for a POST route. It runs after
// authentication (records are per owner).
func (s *Server) idempotent(c *gin.Context) {
	key := c.GetHeader(IdempotencyHeader)
	if key == "" {
		c.Next()
		return
	}
	if len(key) > graph.MaxIdempotencyKeyBytes {
		abort(c, http.StatusBadRequest, CodeInvalid, fmt.Sprintf("%s is longer than %d bytes", IdempotencyHeader, graph.MaxIdempotencyKeyBytes), false)
		return
	}
	for _, r := range key {
		if r < 0x21 || r > 0x7e {
			abort(c, http.StatusBadRequest, CodeInvalid, IdempotencyHeader+" must be printable ASCII without spaces", false)
			return
		}
	}
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, schemaMaxRequestBytes))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			abort(c, http.StatusRequestEntityTooLarge, CodeTooLarge, fmt.Sprintf("request body is larger than the limit of %d bytes (MaxRequestBytes)", schemaMaxRequestBytes), false)
			return
		}
		abort(c, http.StatusBadRequest, CodeInvalid, "could not read the request body", false)
		return
	}
	c.Request.Body = io.NopCloser(bytes.NewReader(body))
	sum := sha256.New()
	fmt.Fprintf(sum, "%s %s %s\n", c.Request.Method, c.Request.URL.Path, c.GetHeader("Content-Type"))
	sum.Write(body)
	hash := hex.EncodeToString(sum.Sum(nil))
	ctx := c.Request.Context()
	own := owner(c)

	rec, stored, err := s.cfg.Graph.IdempotencyPut(ctx, own, key, hash, 0, nil, IdempotencyReservation)
	if err != nil {
		fail(c, err)
		return
	}
	if !stored {
		switch {
		case rec.RequestHash != hash:
			abort(c, http.StatusConflict, CodeConflict, "this "+IdempotencyHeader+" was already used with a different request; use a new key for a new request", false)
		case rec.Status == 0:
			c.Header("Retry-After", strconv.Itoa(int(IdempotencyReservation/time.Second)))
			abort(c, http.StatusServiceUnavailable, CodeUnavailable, "a request with this "+IdempotencyHeader+" is still being processed; retry shortly", true)
		default:
			c.Header("Idempotent-Replayed", "true")
			c.Data(rec.Status, "application/json; charset=utf-8", rec.Body)
			c.Abort()
		}
		return
	}
	w := &capture{ResponseWriter: c.Writer}
	c.Writer = w
	c.Next()
	if st := w.Status(); st < 500 {
		if _, _, err := s.cfg.Graph.IdempotencyPut(ctx, own, key, hash, st, w.buf.Bytes(), IdempotencyTTL); err != nil {
			s.log.Warn("could not store an idempotent response; a retry will run again", "err", err)
		}
	}
	// A 5xx leaves the reservation to expire, so a retry runs the request.
}
