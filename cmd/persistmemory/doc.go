// Command persistmemory is PersistMemory's one binary: the service (serve),
// the worker, the stdio MCP server, the local stack, migrations and API keys.
//
// Logs go to stderr only: stdout belongs to the stdio MCP transport.
package main
