package onnx

import (
	"errors"
	"math"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

func TestMeanPool(t *testing.T) {
	// 2 rows x 3 positions x 2 dims; row 0 has 2 real tokens, row 1 has 3.
	hidden := []float32{
		3, 0, 1, 4, 100, 100, // row 0: the padding (100, 100) must not count
		1, 1, 1, 1, 1, 1,
	}
	mask := []int64{1, 1, 0, 1, 1, 1}
	got, err := meanPool(hidden, mask, 2, 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	// row 0: mean (2, 2) -> (1/√2, 1/√2); row 1: mean (1, 1) -> same.
	want := float32(1 / math.Sqrt2)
	for r, v := range got {
		for d, x := range v {
			if math.Abs(float64(x-want)) > 1e-7 {
				t.Errorf("row %d dim %d = %v, want %v", r, d, x, want)
			}
		}
	}
	if _, err := meanPool(make([]float32, 4), []int64{1, 1}, 1, 2, 2); !errors.Is(err, schema.ErrUnavailable) {
		t.Errorf("zero vector: err = %v, want ErrUnavailable", err)
	}
	if _, err := meanPool(make([]float32, 3), []int64{1, 1}, 1, 2, 2); !errors.Is(err, schema.ErrUnavailable) {
		t.Errorf("short output: err = %v, want ErrUnavailable", err)
	}
}
