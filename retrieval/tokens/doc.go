// Package tokens counts tokens the way the models that read our context do.
//
// CL100K is OpenAI's cl100k_base byte-pair encoding (GPT-4, GPT-3.5). Its
// ranks are embedded in the binary by github.com/pkoukk/tiktoken-go-loader,
// so counting needs no network and no files at run time. Text is split
// into the pieces the encoding's pattern finds, by a hand-written splitter
// (the tests and a fuzz test hold it, piece by piece, to the pattern run
// by github.com/dlclark/regexp2, which supports its look-ahead), and each
// piece merged here, counting only; the counts of short merged pieces are
// cached. The counts agree with OpenAI's tiktoken; the tests hold counts
// computed with it and compare with github.com/pkoukk/tiktoken-go on
// random text.
//
// retrieval uses a Counter to pack memories into a token budget exactly.
package tokens
