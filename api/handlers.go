package api

import (
	"context"
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/persistmemory/persistmemory/ingest"
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
			err := ch.Probe(ctx)
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
	job, err := s.rememberInto(c, ingest.RememberInput{Text: *req.Text, SpaceID: req.Space, Source: req.Source})
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
