// Package mcp is PersistMemory's Model Context Protocol server: one
// registration list of tools (tools.go), served over stdio for one person and
// over Streamable HTTP with a server built per request for the caller the
// credential proved. Each tool declares the one scope it needs, checked in
// front of its handler; a missing scope is a tool error naming the
// permission, never a protocol error.
//
// The list, by file: tools.go (the list, search_memory, remember),
// memory.go (memory_detail, memory_timeline, correct_memory,
// confirm_memory), spaces.go (list_spaces, use_space, current_space,
// work_in_space), conflicts.go (review_conflicts, resolve_conflict),
// status.go (ingestion_status, search_conversations, usage_report),
// upload.go (request_upload_url, attach_upload, and UploadHandler, which
// receives the files), reminders.go (list_reminders, cancel_reminder),
// sharing.go (list_space_collaborators, share_space, unshare_space,
// change_space_role, and the resolver every tool goes through for a Space
// shared with the person), pending.go (the helper for tools not built
// yet) and external.go (Google, web actors, the person's computer, tasks).
//
// Five tools (search_memory, memory_detail, memory_timeline,
// review_conflicts, resolve_conflict) link an HTML view of what they gave
// the model from their result's _meta (views.go), and initialize returns
// Instructions on using memory well (server.go).
// resolve_conflict and confirm_memory record nothing: a connected app
// cannot make a person's decision, so they answer with the instruction.
//
// Which Space a connection works in outlives the per-request servers in a
// State (state.go), which documents how a connection is keyed.
//
// The SDK is imported as gomcp.
package mcp
