package retrieval

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPack(t *testing.T) {
	tests := []struct {
		name                string
		costs               []int
		header, budget, max int
		take                []bool
		used                int
	}{
		{"all fit", []int{10, 20, 30}, 5, 100, 0, []bool{true, true, true}, 65},
		{"exactly full", []int{10, 20, 30}, 5, 65, 0, []bool{true, true, true}, 65},
		{"skip and continue", []int{10, 50, 20, 5}, 5, 40, 0, []bool{true, false, true, true}, 40},
		{"first too big, later ones fit", []int{90, 10, 10}, 5, 30, 0, []bool{false, true, true}, 25},
		{"header counts once", []int{10, 10}, 10, 29, 0, []bool{true, false}, 20},
		{"below the smallest item", []int{30, 40, 35}, 5, 34, 0, []bool{false, false, false}, 0},
		{"header alone would fit", []int{30}, 5, 10, 0, []bool{false}, 0},
		{"cap", []int{1, 1, 1, 1}, 1, 100, 2, []bool{true, true, false, false}, 3},
		{"cap counts taken, not tried", []int{100, 1, 1, 1}, 1, 10, 2, []bool{false, true, true, false}, 3},
		{"nothing", nil, 5, 100, 0, []bool{}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			take, used := pack(tt.costs, tt.header, tt.budget, tt.max)
			if diff := cmp.Diff(tt.take, take); diff != "" || used != tt.used {
				t.Errorf("pack = %v, %d; want %v, %d", take, used, tt.take, tt.used)
			}
		})
	}
}
