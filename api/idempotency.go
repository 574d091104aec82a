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
	"github.com/persistmemory/persistmemory/schema"
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
// authentication (records are per owner). POST /memories records the key
// in the same transaction as the document and job it writes (see inline);
// every other route reserves the key first and records its response after.
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
	own := owner(c)
	if s.inline(c) {
		s.idempotentInline(c, own, key, hash)
		return
	}
	ir := &idemRequest{key: key, hash: hash}
	if !s.reserve(c, ir) {
		return
	}
	w := &capture{ResponseWriter: c.Writer}
	c.Writer = w
	c.Next()
	if st := w.Status(); st < 500 {
		if _, _, err := s.cfg.Graph.IdempotencyPut(c.Request.Context(), own, key, hash, st, w.buf.Bytes(), IdempotencyTTL); err != nil {
			s.log.Warn("could not store an idempotent response; a retry will run again", "err", err)
		}
	}
	// A 5xx leaves the reservation to expire, so a retry runs the request.
}

// idemRequest is the Idempotency-Key of a request and the hash of the
// request it was sent with.
type idemRequest struct {
	key, hash string
	// answered is set by a handler that recorded its response under the
	// key itself (with what it wrote), or answered from the record that
	// stands.
	answered bool
}

// ctxIdem holds the *idemRequest of a route that records its own
// response (inline).
const ctxIdem = "persistmemory.idempotency"

// inline reports whether the request's route records its Idempotency-Key
// itself, in the same transaction as what it writes: POST /memories, when
// the graph store can (ingest.OnceStore). One write transaction then
// accepts the material instead of three (reservation, document and job,
// response).
func (s *Server) inline(c *gin.Context) bool {
	return c.Request.Method == http.MethodPost && c.FullPath() == "/api/v1/memories" && s.cfg.Pipeline.CanRememberOnce()
}

// reserve takes the key for a request about to run (status 0, for
// IdempotencyReservation). When a record stands instead, it answers from
// it and returns false.
func (s *Server) reserve(c *gin.Context, ir *idemRequest) bool {
	rec, stored, err := s.cfg.Graph.IdempotencyPut(c.Request.Context(), owner(c), ir.key, ir.hash, 0, nil, IdempotencyReservation)
	if err != nil {
		fail(c, err)
		return false
	}
	if !stored {
		ir.answered = true
		s.answerStanding(c, rec, ir.hash)
		return false
	}
	return true
}

// answerStanding answers a request whose key already has a record: 409 for
// a different request, 503 while the first is still running, else the
// first response again.
func (s *Server) answerStanding(c *gin.Context, rec graph.IdemRecord, hash string) {
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
}

// idempotentInline runs a route that records its own response (see
// inline). The response is held back until it is known to be the key's:
// when the handler did not record it (a refusal before anything was
// written), it is stored now, and if another request's record stands
// meanwhile, that record answers instead, exactly as if the key had been
// reserved first.
func (s *Server) idempotentInline(c *gin.Context, own schema.Owner, key, hash string) {
	ir := &idemRequest{key: key, hash: hash}
	c.Set(ctxIdem, ir)
	w := &holdWriter{ResponseWriter: c.Writer}
	c.Writer = w
	defer func() {
		if r := recover(); r != nil {
			// What was held is dropped; the recoverer answers on the
			// real writer.
			c.Writer = w.ResponseWriter
			panic(r)
		}
	}()
	c.Next()
	c.Writer = w.ResponseWriter
	st := w.Status()
	if ir.answered || st >= 500 || !w.Written() {
		w.flush()
		return
	}
	rec, stored, err := s.cfg.Graph.IdempotencyPut(c.Request.Context(), own, key, hash, st, w.buf.Bytes(), IdempotencyTTL)
	switch {
	case err != nil:
		s.log.Warn("could not store an idempotent response; a retry will run again", "err", err)
		w.flush()
	case stored:
		w.flush()
	default:
		c.Writer.Header().Del("Location")
		s.answerStanding(c, rec, hash)
	}
}

// holdWriter holds a response back (status and body) until flush.
type holdWriter struct {
	gin.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (w *holdWriter) WriteHeader(code int) {
	if code > 0 && w.status == 0 {
		w.status = code
	}
}

func (w *holdWriter) WriteHeaderNow() {
	if w.status == 0 {
		w.status = http.StatusOK
	}
}

func (w *holdWriter) Write(b []byte) (int, error) {
	w.WriteHeaderNow()
	return w.buf.Write(b)
}

func (w *holdWriter) WriteString(s string) (int, error) {
	w.WriteHeaderNow()
	return w.buf.WriteString(s)
}

func (w *holdWriter) Status() int {
	if w.status == 0 {
		return http.StatusOK
	}
	return w.status
}

func (w *holdWriter) Size() int {
	if w.status == 0 {
		return -1
	}
	return w.buf.Len()
}

func (w *holdWriter) Written() bool { return w.status != 0 }

// flush sends what was held to the client.
func (w *holdWriter) flush() {
	if w.status == 0 {
		return
	}
	w.ResponseWriter.WriteHeader(w.status)
	w.ResponseWriter.WriteHeaderNow()
	if w.buf.Len() > 0 {
		_, _ = w.ResponseWriter.Write(w.buf.Bytes())
	}
}
