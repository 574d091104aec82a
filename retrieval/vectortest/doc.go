// Package vectortest is the conformance suite for retrieval.VectorStore
// implementations. A backend's test calls Run with a function that opens a
// store on a fresh collection of the given name; every subtest uses its own
// collection and drops it when it ends, through the optional Dropper
// capability.
package vectortest
