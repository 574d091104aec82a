package stack

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Logs copies the last lines lines of service's log file to w (the whole file
// when lines <= 0). An unknown service yields an error wrapping
// ErrUnknownService; a service never started has no log, which is an error
// naming the path.
func Logs(ctx context.Context, cfg Config, service string, w io.Writer, lines int) error {
	if err := cfg.Validate(); err != nil {
		return err
	}
	if _, err := lookupService(service); err != nil {
		return err
	}
	path := cfg.logPath(service)
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("stack: no log for %s yet at %s (start it with up)", service, path)
	}
	if err != nil {
		return fmt.Errorf("stack: %w", err)
	}
	defer f.Close()
	if lines > 0 {
		off, err := tailOffset(f, lines)
		if err != nil {
			return fmt.Errorf("stack: read %s: %w", path, err)
		}
		if _, err := f.Seek(off, io.SeekStart); err != nil {
			return fmt.Errorf("stack: read %s: %w", path, err)
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	_, err = io.Copy(w, f)
	return err
}

// tailOffset returns the offset where the last n lines of f begin, reading
// backwards in blocks so a large log is not read whole.
func tailOffset(f *os.File, n int) (int64, error) {
	fi, err := f.Stat()
	if err != nil {
		return 0, err
	}
	end := fi.Size()
	const block = 64 << 10
	buf := make([]byte, block)
	pos := end
	seen := 0
	for pos > 0 {
		size := int64(block)
		if pos < size {
			size = pos
		}
		pos -= size
		if _, err := f.ReadAt(buf[:size], pos); err != nil && !errors.Is(err, io.EOF) {
			return 0, err
		}
		chunk := buf[:size]
		for i := len(chunk) - 1; i >= 0; i-- {
			if chunk[i] != '\n' {
				continue
			}
			if pos+int64(i) == end-1 {
				continue // the file's final newline ends the last line
			}
			seen++
			if seen == n {
				return pos + int64(i) + 1, nil
			}
		}
	}
	return 0, nil
}
