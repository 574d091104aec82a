// Package queuetest is the conformance suite for ingest.Queue
// implementations. A backend's test calls Run with a function that opens a
// queue on a fresh topic and consumer group, configured with MaxAttempts
// attempts and a Backoff of at most 10 ms so the suite stays fast.
package queuetest
