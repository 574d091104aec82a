// Package tabletest writes the input files the table generators' tests
// read.
package tabletest
