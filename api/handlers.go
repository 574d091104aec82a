package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/internal/safe"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

func (s *Server) healthz(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"status": "alive"}) }

// CheckResult is one dependency's readiness.
type CheckResult struct {
	Name  string `json:"name"`
	State string `json:"state"` // ready | unavailable | not_configured
	Error string `json:"error,omitempty"`
}

func (s *Server) readyz(c *gin.Context) {
	results := make([]CheckResult, len(s.cfg.Checks))
	done := make(chan struct{}, len(s.cfg.Checks))
	for i, ch := range s.cfg.Checks {
		go func() {
			defer func() { done <- struct{}{} }()
			ctx, cancel := context.WithTimeout(c.Request.Context(), ReadyTimeout)
			defer cancel()
			var err error
			func() {
				defer safe.Recover(&err) // a probe that panics is unavailable, not the end of the server
				err = ch.Probe(ctx)
			}()
			r := CheckResult{Name: ch.Name, State: "ready"}
			switch {
			case errors.Is(err, ErrNotConfigured):
				r.State = "not_configured"
			case err != nil:
				r.State, r.Error = "unavailable", publicMessage(err)
			}
			results[i] = r
		}()
	}
	for range s.cfg.Checks {
		<-done
	}
	status, overall := http.StatusOK, "ready"
	for _, r := range results {
		if r.State == "unavailable" {
			status, overall = http.StatusServiceUnavailable, "unavailable"
		}
	}
	c.JSON(status, gin.H{"status": overall, "checks": results})
}

func (s *Server) limits(c *gin.Context) {
	c.JSON(http.StatusOK, gin.H{
		"maxRequestBytes":      schema.MaxRequestBytes,
		"maxRememberBytes":     schema.MaxRememberBytes,
		"maxSourceBytes":       ingest.MaxSourceLen,
		"maxQueryBytes":        retrieval.MaxQueryBytes,
		"searchMaxLimit":       retrieval.MaxLimit,
		"rateLimitPerSecond":   RateLimitPerSecond,
		"rateLimitBurst":       RateLimitBurst,
		"contextDefaultBudget": retrieval.DefaultBudget,
		"contextMinBudget":     retrieval.MinBudget,
		"contextMaxBudget":     retrieval.MaxBudget,
		"searchDefaultLimit":   retrieval.DefaultLimit,
		"searchMaxSpaces":      MaxSearchSpaces,
	})
}

type rememberRequest struct {
	Text   *string `json:"text"`
	Space  string  `json:"spaceId,omitempty"`
	Source string  `json:"source,omitempty"`
}

type jobResponse struct {
	JobID  string     `json:"jobId"`
	Status string     `json:"status"`
	Job    schema.Job `json:"job"`
}

func (s *Server) remember(c *gin.Context) {
	var req rememberRequest
	if !decode(c, &req) {
		return
	}
	if req.Text == nil {
		abort(c, http.StatusBadRequest, CodeInvalid, `field "text" is required`, false)
		return
	}
	in := ingest.RememberInput{Text: *req.Text, SpaceID: req.Space, Source: req.Source}
	if v, ok := c.Get(ctxIdem); ok {
		s.rememberOnce(c, v.(*idemRequest), in)
		return
	}
	job, err := s.rememberInto(c, in)
	if err != nil {
		fail(c, err)
		return
	}
	c.Header("Location", "/api/v1/jobs/"+job.ID)
	c.JSON(http.StatusAccepted, jobResponse{JobID: job.ID, Status: string(job.State), Job: job})
}

func (s *Server) job(c *gin.Context) {
	job, err := s.cfg.Graph.Job(c.Request.Context(), owner(c), c.Param("id"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, jobResponse{JobID: job.ID, Status: string(job.State), Job: job})
}

// rememberOnce is remember under an Idempotency-Key (see inline): the
// response is recorded with the document and the job in one transaction.
// Material for a Space shared with the caller goes into the Space owner's
// graph while the key is the caller's: that request reserves the key first,
// as every other POST does.
func (s *Server) rememberOnce(c *gin.Context, ir *idemRequest, in ingest.RememberInput) {
	ctx := c.Request.Context()
	if in.SpaceID != "" {
		if acc, err := s.cfg.Graph.SpaceAccess(ctx, owner(c), in.SpaceID); err == nil && acc.Shared(owner(c)) {
			if !s.reserve(c, ir) {
				return
			}
			job, err := s.rememberInto(c, in)
			if err != nil {
				fail(c, err)
				return
			}
			c.Header("Location", "/api/v1/jobs/"+job.ID)
			c.JSON(http.StatusAccepted, jobResponse{JobID: job.ID, Status: string(job.State), Job: job})
			return
		}
	}
	var body []byte
	job, standing, taken, err := s.cfg.Pipeline.RememberOnce(ctx, owner(c), in, ingest.Once{
		Key: ir.key, RequestHash: ir.hash, TTL: IdempotencyTTL,
		Respond: func(job schema.Job) (int, []byte, error) {
			var err error
			body, err = json.Marshal(jobResponse{JobID: job.ID, Status: string(job.State), Job: job})
			return http.StatusAccepted, body, err
		},
	})
	if err != nil {
		fail(c, err)
		return
	}
	ir.answered = true
	if !taken {
		s.answerStanding(c, standing, ir.hash)
		return
	}
	c.Header("Location", "/api/v1/jobs/"+job.ID)
	c.Data(http.StatusAccepted, "application/json; charset=utf-8", body)
}
