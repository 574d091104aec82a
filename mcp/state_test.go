package mcp

import (
	"fmt"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

func TestStateForgetsIdleChoices(t *testing.T) {
	st := NewState()
	now := t0
	st.now = func() time.Time { return now }
	c := Caller{Owner: alice, conn: "x"}
	st.setSpace(c, "spc_work")
	now = now.Add(ChoiceTTL / 2)
	if got := st.space(c); got != "spc_work" {
		t.Fatalf("space = %q", got)
	}
	now = now.Add(ChoiceTTL / 2) // within the TTL of the last use
	if got := st.space(c); got != "spc_work" {
		t.Fatalf("space after use = %q", got)
	}
	now = now.Add(ChoiceTTL + time.Second)
	if got := st.space(c); got != "" {
		t.Errorf("an idle choice was kept: %q", got)
	}
	st.setSpace(c, "spc_work")
	st.setSpace(c, "")
	if got := st.space(c); got != "" {
		t.Errorf("clearing kept %q", got)
	}
}

func TestStateIsBounded(t *testing.T) {
	st := NewState()
	now := t0
	st.now = func() time.Time { return now }
	for i := range MaxConnections + 10 {
		now = now.Add(time.Second)
		st.setSpace(Caller{Owner: schema.Owner(fmt.Sprintf("usr_%05d", i))}, "spc_x")
	}
	if n := len(st.choices); n != MaxConnections {
		t.Errorf("%d choices kept; the bound is %d", n, MaxConnections)
	}
	if got := st.space(Caller{Owner: "usr_00000"}); got != "" {
		t.Errorf("the least recently used choice was kept")
	}
	if got := st.space(Caller{Owner: schema.Owner(fmt.Sprintf("usr_%05d", MaxConnections+9))}); got != "spc_x" {
		t.Errorf("the newest choice was evicted")
	}
}
