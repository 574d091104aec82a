// Package locomodata reads the LoCoMo benchmark's file (a JSON list of
// conversations with their sessions, turns and questions) into
// conversations whose turns carry their session's time. The file is read
// at run time and never copied into the repository: its licence forbids
// redistribution.
//
// bench/locomo asks the service its questions; bench/engine reads the
// conversations' claims to check what the comparison decides in talk.
package locomodata
