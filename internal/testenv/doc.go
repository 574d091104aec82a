// Package testenv tells tests where the real servers are. Locally a test
// whose server is not configured skips; under CI=true it fails instead,
// because a suite that skips its real backends proves nothing.
package testenv
