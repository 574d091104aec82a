package tokens

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
)

func TestPieceCache(t *testing.T) {
	c := newPieceCache()
	if _, ok := c.get("abc"); ok {
		t.Fatal("empty cache has abc")
	}
	// Far more pieces than slots: every get must miss or give the count
	// put, and the last pieces put must be there.
	for i := range 4 * cacheSlots {
		c.put(fmt.Sprint(i), i)
	}
	hits := 0
	for i := range 4 * cacheSlots {
		if n, ok := c.get(fmt.Sprint(i)); ok {
			if n != i {
				t.Fatalf("get(%d) = %d", i, n)
			}
			hits++
		}
	}
	if hits == 0 || hits > cacheSlots {
		t.Errorf("%d hits for %d slots", hits, cacheSlots)
	}
	last := fmt.Sprint(4*cacheSlots - 1)
	if n, ok := c.get(last); !ok || n != 4*cacheSlots-1 {
		t.Errorf("get(%s) = %d, %v just after put", last, n, ok)
	}
}

// TestCountConcurrentCache counts short random pieces from many
// goroutines through one cache small enough to evict all the time, and
// compares with merging each piece afresh (run it with -race).
func TestCountConcurrentCache(t *testing.T) {
	shared, err := CL100K()
	if err != nil {
		t.Fatal(err)
	}
	c := &bpeCounter{name: CL100KName, ranks: shared.(*bpeCounter).ranks, cache: newPieceCache()}
	alphabet := []rune("abcdefghijklmnopqrstuvwxyzXYZéßüñ日本語ʼ")
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 9))
			for range 3000 {
				r := make([]rune, 1+rng.IntN(12))
				for i := range r {
					r[i] = alphabet[rng.IntN(len(alphabet))]
				}
				s := string(r)
				want := len(s)
				if _, ok := c.ranks[s]; ok {
					want = 1
				} else if len(s) > 1 {
					want = mergeCount(s, c.ranks)
				}
				if got := c.Count(s); got != want {
					t.Errorf("Count(%q) = %d, want %d", s, got, want)
					return
				}
			}
		}()
	}
	wg.Wait()
}
