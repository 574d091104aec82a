package weaviate

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/weaviate/weaviate-go-client/v4/weaviate/fault"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/persistmemory/persistmemory/schema"
)

// maxErrBody bounds how much of a Weaviate error body is kept in an error.
const maxErrBody = 512

// translateCtx is translate for a call made under ctx: when ctx has ended
// the error says so (a missed deadline also wraps schema.ErrUnavailable).
func translateCtx(ctx context.Context, op string, err error) error {
	if err == nil {
		return nil
	}
	switch ctxErr := ctx.Err(); {
	case errors.Is(ctxErr, context.DeadlineExceeded):
		return fmt.Errorf("weaviate %s: %w: %w", op, schema.ErrUnavailable, ctxErr)
	case ctxErr != nil:
		return fmt.Errorf("weaviate %s: %w", op, ctxErr)
	}
	return translate(op, err)
}

// translate maps an error of the Weaviate client to one wrapping a schema
// sentinel, naming the operation. Transport errors stay reachable through
// errors.Is / errors.As (context.DeadlineExceeded, *net.OpError, ...).
func translate(op string, err error) error {
	if err == nil {
		return nil
	}
	var werr *fault.WeaviateClientError
	if errors.As(err, &werr) {
		if werr.DerivedFromError != nil {
			return fmt.Errorf("weaviate %s: %w: %w", op, schema.ErrUnavailable, werr.DerivedFromError)
		}
		msg := werr.Msg
		if len(msg) > maxErrBody {
			msg = msg[:maxErrBody] + "..."
		}
		if s := statusSentinel(werr.StatusCode); s != nil {
			return fmt.Errorf("weaviate %s: %w: status %d: %s", op, s, werr.StatusCode, msg)
		}
		return fmt.Errorf("weaviate %s: status %d: %s", op, werr.StatusCode, msg)
	}
	if st, ok := status.FromError(err); ok && st.Code() != codes.Unknown {
		if s := codeSentinel(st.Code()); s != nil {
			return fmt.Errorf("weaviate %s: %w: %w", op, s, err)
		}
	}
	return fmt.Errorf("weaviate %s: %w", op, err)
}

func statusSentinel(code int) error {
	switch {
	case code >= 500 || code == http.StatusTooManyRequests:
		return schema.ErrUnavailable
	case code == http.StatusBadRequest || code == http.StatusUnprocessableEntity:
		return schema.ErrInvalid
	case code == http.StatusNotFound:
		return schema.ErrNotFound
	case code == http.StatusConflict:
		return schema.ErrConflict
	case code == http.StatusUnauthorized:
		return schema.ErrUnauthenticated
	case code == http.StatusForbidden:
		return schema.ErrForbidden
	}
	return nil
}

func codeSentinel(c codes.Code) error {
	switch c {
	case codes.Unavailable, codes.DeadlineExceeded, codes.ResourceExhausted, codes.Aborted, codes.Internal:
		return schema.ErrUnavailable
	case codes.InvalidArgument, codes.OutOfRange:
		return schema.ErrInvalid
	case codes.NotFound:
		return schema.ErrNotFound
	case codes.AlreadyExists, codes.FailedPrecondition:
		return schema.ErrConflict
	case codes.Unauthenticated:
		return schema.ErrUnauthenticated
	case codes.PermissionDenied:
		return schema.ErrForbidden
	}
	return nil
}
