// Package mcp is PersistMemory's Model Context Protocol server: one
// registration list of tools (tools.go), served over stdio for one person and
// over Streamable HTTP with a server built per request for the caller the
// credential proved. Each tool declares the one scope it needs, checked in
// front of its handler; a missing scope is a tool error naming the
// permission, never a protocol error.
//
// The SDK is imported as gomcp.
package mcp
