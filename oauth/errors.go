package oauth

import (
	"errors"

	"github.com/persistmemory/persistmemory/schema"
)

func errorsIsNotFound(err error) bool { return errors.Is(err, schema.ErrNotFound) }

func errorsIs(err, target error) bool { return errors.Is(err, target) }
