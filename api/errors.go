package api

import (
	"errors"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/persistmemory/persistmemory/schema"
)

// Error codes of the API's error body.
const (
	CodeInvalid         = "INVALID_REQUEST"
	CodeTooLarge        = "REQUEST_TOO_LARGE"
	CodeUnsupportedType = "UNSUPPORTED_MEDIA_TYPE"
	CodeUnauthenticated = "UNAUTHENTICATED"
	CodeForbidden       = "FORBIDDEN"
	CodeNotFound        = "NOT_FOUND"
	CodeConflict        = "CONFLICT"
	CodeRateLimited     = "RATE_LIMITED"
	CodeUnavailable     = "SERVICE_UNAVAILABLE"
	CodeInternal        = "INTERNAL"
)

// ErrorBody is the one error shape of the API.
type ErrorBody struct {
	Error ErrorDetail `json:"error"`
}

// ErrorDetail says what went wrong and whether retrying can help.
type ErrorDetail struct {
	Code      string `json:"code"`
	Message   string `json:"message"`
	Retryable bool   `json:"retryable"`
}

func abort(c *gin.Context, status int, code, msg string, retryable bool) {
	c.AbortWithStatusJSON(status, ErrorBody{Error: ErrorDetail{Code: code, Message: msg, Retryable: retryable}})
}

// fail maps an error from a service to its status, once for the whole API.
// Messages of client errors are the service's own sentence (which names
// what is wrong); a 5xx never echoes internal text.
func fail(c *gin.Context, err error) {
	msg := publicMessage(err)
	switch {
	case errors.Is(err, schema.ErrTooLarge):
		abort(c, http.StatusRequestEntityTooLarge, CodeTooLarge, msg, false)
	case errors.Is(err, schema.ErrInvalid):
		abort(c, http.StatusBadRequest, CodeInvalid, msg, false)
	case errors.Is(err, schema.ErrNotFound):
		abort(c, http.StatusNotFound, CodeNotFound, msg, false)
	case errors.Is(err, schema.ErrConflict):
		abort(c, http.StatusConflict, CodeConflict, msg, false)
	case errors.Is(err, schema.ErrUnauthenticated):
		abort(c, http.StatusUnauthorized, CodeUnauthenticated, msg, false)
	case errors.Is(err, schema.ErrForbidden):
		abort(c, http.StatusForbidden, CodeForbidden, msg, false)
	case errors.Is(err, schema.ErrUnavailable):
		c.Header("Retry-After", "5")
		abort(c, http.StatusServiceUnavailable, CodeUnavailable, msg, true)
	default:
		if l := loggerFrom(c); l != nil {
			l.Error("internal error", "path", c.FullPath(), "err", err)
		}
		abort(c, http.StatusInternalServerError, CodeInternal, "internal error; it has been logged", true)
	}
}

// publicMessage strips the wrapping operation prefixes ("store document: ")
// so the sentence a person reads starts with what is wrong: the sentinel's
// text and the detail after it.
func publicMessage(err error) string {
	msg := err.Error()
	for _, s := range []error{schema.ErrTooLarge, schema.ErrInvalid, schema.ErrNotFound, schema.ErrConflict, schema.ErrUnauthenticated, schema.ErrForbidden, schema.ErrUnavailable} {
		if errors.Is(err, s) {
			if i := strings.Index(msg, s.Error()+": "); i >= 0 {
				return msg[i+len(s.Error())+2:]
			}
			if i := strings.Index(msg, s.Error()); i >= 0 {
				return msg[i:]
			}
		}
	}
	return msg
}
