package onnx

import (
	"fmt"
	"math"

	"github.com/persistmemory/persistmemory/schema"
)

// meanPool averages hidden ([rows, cols, dims], row-major) over the
// positions whose mask ([rows, cols]) is 1 and L2-normalises each result:
// sentence-transformers' Pooling(mean) followed by Normalize. Sums are kept
// in float64.
func meanPool(hidden []float32, mask []int64, rows, cols, dims int) ([][]float32, error) {
	if len(hidden) != rows*cols*dims || len(mask) != rows*cols {
		return nil, fmt.Errorf("onnx: output has %d values for %dx%dx%d: %w", len(hidden), rows, cols, dims, schema.ErrUnavailable)
	}
	out := make([][]float32, rows)
	sum := make([]float64, dims)
	for r := range rows {
		clear(sum)
		n := 0
		for c := range cols {
			if mask[r*cols+c] == 0 {
				continue
			}
			n++
			h := hidden[(r*cols+c)*dims : (r*cols+c+1)*dims]
			for d, v := range h {
				sum[d] += float64(v)
			}
		}
		var norm float64
		for d := range sum {
			sum[d] /= float64(max(n, 1))
			norm += sum[d] * sum[d]
		}
		norm = math.Sqrt(norm)
		if n == 0 || norm == 0 || math.IsNaN(norm) || math.IsInf(norm, 0) {
			return nil, fmt.Errorf("onnx: row %d pools to a vector of norm %v over %d tokens: %w", r, norm, n, schema.ErrUnavailable)
		}
		v := make([]float32, dims)
		for d, s := range sum {
			v[d] = float32(s / norm)
		}
		out[r] = v
	}
	return out, nil
}
