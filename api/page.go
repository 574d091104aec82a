package api

import (
	"encoding/base64"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"
)

// writePage answers a list that is bounded and read whole (Spaces,
// collaborators, invitations, sources, integrations) one page at a time,
// like every other list: ?limit= and ?cursor=, the cursor an opaque
// position in the list's fixed order, and no nextCursor on the last page.
// A cursor past the end is an empty last page; a malformed one is 400.
func writePage[T any](c *gin.Context, items []T) {
	limit, ok := pageSize(c)
	if !ok {
		return
	}
	start := 0
	if cur := c.Query("cursor"); cur != "" {
		b, err := base64.RawURLEncoding.DecodeString(cur)
		n, perr := strconv.Atoi(string(b))
		if err != nil || perr != nil || n < 0 || len(b) > 9 || strconv.Itoa(n) != string(b) {
			abort(c, http.StatusBadRequest, CodeInvalid, "cursor is not one this list gave out; start again without it", false)
			return
		}
		start = min(n, len(items))
	}
	end := min(start+limit, len(items))
	out := list[T]{Items: items[start:end]}
	if out.Items == nil {
		out.Items = []T{}
	}
	if end < len(items) {
		out.NextCursor = base64.RawURLEncoding.EncodeToString([]byte(strconv.Itoa(end)))
	}
	c.JSON(http.StatusOK, out)
}
