// Package latin writes names of other scripts in Latin letters, so that
// entity resolution (ingest/resolve) and the store's name keys (graph)
// read "Дмитрий Петров" and "Dmitrii Petrov" as one name the same way.
package latin
