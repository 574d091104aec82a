// Command givennamesgen writes ingest/resolve/givennames.txt, the given
// names resolve.Match reads as a man's or a woman's when a title says the
// other ("Mrs Lindqvist" is not Erik Lindqvist): the names of the npm
// package gender-detection-from-name 1.11.5 (MIT, Davide Violante), one
// table a language (English, Italian, Spanish, French, German, Turkish),
// each name with one sex.
//
// A name is kept only when at least two of the tables list it and all
// that list it agree; the tables give one sex even to names given to both
// ("Kim", "Dominique", "Riley"), so the names in unisex below, given to
// both often enough that a title must not part them, are left out too.
// To regenerate:
//
//	(cd /tmp && npm pack gender-detection-from-name@1.11.5 && tar xzf gender-detection-from-name-1.11.5.tgz)
//	go run ./ingest/resolve/internal/givennamesgen -dir /tmp/package/names > ingest/resolve/givennames.txt
package main
