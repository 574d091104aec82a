// Package machine describes the machine a benchmark runs on, for the line
// every benchmark prints beside its results.
package machine
