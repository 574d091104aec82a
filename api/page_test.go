package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"
)

// TestWritePage walks a bounded list a page at a time: every item once, in
// order, no nextCursor on the last page, bad limits and cursors refused.
func TestWritePage(t *testing.T) {
	gin.SetMode(gin.TestMode)
	items := []int{1, 2, 3, 4, 5}
	get := func(query string) (int, list[int]) {
		w := httptest.NewRecorder()
		c, _ := gin.CreateTestContext(w)
		c.Request = httptest.NewRequest("GET", "/x?"+query, nil)
		writePage(c, items)
		var out list[int]
		_ = json.Unmarshal(w.Body.Bytes(), &out)
		return w.Code, out
	}
	var got []int
	cursor := ""
	for pages := 0; ; pages++ {
		q := "limit=2"
		if cursor != "" {
			q += "&cursor=" + cursor
		}
		code, page := get(q)
		if code != http.StatusOK || pages > 3 {
			t.Fatalf("page %d: %d %+v", pages, code, page)
		}
		got = append(got, page.Items...)
		if page.NextCursor == "" {
			break
		}
		cursor = page.NextCursor
	}
	if len(got) != 5 || got[0] != 1 || got[4] != 5 {
		t.Errorf("walked %v, want every item once in order", got)
	}
	if code, page := get(""); code != 200 || len(page.Items) != 5 || page.NextCursor != "" {
		t.Errorf("default page = %d %+v, want all five and no cursor", code, page)
	}
	for _, q := range []string{"limit=0", "limit=201", "cursor=%21%21", "cursor=LTE", "cursor=MDAx"} {
		if code, _ := get(q); code != http.StatusBadRequest {
			t.Errorf("?%s: %d, want 400", q, code)
		}
	}
	if code, page := get("cursor=OTk"); code != 200 || len(page.Items) != 0 || page.NextCursor != "" {
		t.Errorf("a cursor past the end: %d %+v, want an empty last page", code, page)
	}
}
