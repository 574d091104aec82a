package table

import (
	"bufio"
	"fmt"
	"io"
	"slices"
)

// Write sorts lines and writes them to w, one a line.
func Write(w io.Writer, lines []string) error {
	slices.Sort(lines)
	b := bufio.NewWriter(w)
	for _, l := range lines {
		if _, err := fmt.Fprintln(b, l); err != nil {
			return err
		}
	}
	return b.Flush()
}
