// Package llm is the extractor that asks a language model: any
// OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI's v1
// surface, Ollama, vLLM, LiteLLM and others speak it). It satisfies
// ingest.Extractor and is chosen by cmd when EXTRACTION_BASE_URL and
// EXTRACTION_MODEL are set; otherwise the pipeline uses ingest/rules. The
// same settings build the Judge (see below), which relates new claims to
// stored ones where the rules see no relation.
//
// One document is one call: POST {BaseURL}/chat/completions with the
// model, a system message saying what to extract, the document as the user
// message, temperature 0 and response_format
// {"type": "json_schema", "json_schema": {"name", "strict": true,
// "schema"}} (the schema is schema.json in this package). The answer's
// choices[0].message.content must be a JSON object matching that schema;
// it is validated with github.com/google/jsonschema-go before anything is
// taken from it. Each memory becomes a schema.Memory shaped as
// rules.Extractor shapes its own: Type, Claim, Excerpt, Confidence,
// Subject/Attribute/Value (subject lower case without articles, "user" for
// the person writing), Negated, Correction, Entities, SaidAt (doc.SaidAt,
// or doc.CreatedAt when zero), and ValidFrom/ValidTo resolved by package
// temporal against SaidAt from the words the model copied into "when" (or
// from the excerpt when those say no date), with rules.Dates.
//
// Hallucination guard: an excerpt must occur in the document (exactly, or
// once runs of white space are treated as one space, in which case the
// document's own text becomes the excerpt). A memory whose excerpt does not
// is dropped; when every memory is dropped the output is invalid.
//
// Fallback: when the call fails — an HTTP error after the last attempt, a
// timeout, a refusal, output cut at the token limit, content that is not
// JSON or does not match the schema, no excerpt found, a response over
// MaxResponseBytes — or the document is longer than MaxDocumentBytes, the
// document is extracted by the fallback extractor (rules.Extractor by
// default) instead, and a warning is logged. Extract returns an error only
// when ctx ends.
//
// Bounds: every attempt is limited by Config.Timeout; 408, 409, 429, 5xx
// answers and network failures are retried up to Config.MaxAttempts with
// exponential backoff that honours Retry-After (and retry-after-ms), never
// waiting longer than MaxRetryWait.
//
// Usage: every call that reached the network is recorded through
// Config.Usage against the owner the pipeline put in the context
// (ingest.OwnerOf): the configured model, the response's prompt and
// completion tokens, the cost from Config.Prices (Priced false and cost 0
// when the model has no price: unknown, not free), the attempts, and
// whether and why it failed. A document that goes straight to the fallback
// (too long) makes no call and records nothing.
//
// The API key is sent only as "Authorization: Bearer <key>". It is never
// logged and never part of an error or a failure reason: provider messages
// that quote it are redacted.
//
// # Judge
//
// Judge satisfies ingest.Judge with the same endpoint, key, model, prices,
// retries, bounds and usage recording (Purpose schema.UsagePurposeJudge); cmd
// builds it from the EXTRACTION_* settings unless EXTRACTION_JUDGE=off.
// The worker asks it about a new claim once, with the stored memories
// (at most ingest.JudgeMaxPairs) that the rules (conflicts.Compare) left
// Unrelated to it although they share a resolved entity or its subject,
// and only when the rules found no duplicate.
//
// One claim is one call: the system message defines the five relations —
// duplicate (the same fact again), supersedes (the incoming claim replaces
// the existing value of the same single-valued attribute of the same
// subject, being later or saying it changed), superseded_by (the existing
// claim replaces the incoming one), contradicts (both cannot be true and
// nothing says which), unrelated (anything else, including two values that
// can both hold, two different people or things, different occasions) —
// and says to answer unrelated when unsure. The user message gives the
// incoming claim and the numbered existing ones, each with when it was said
// (SaidAt, else RecordedAt), each on one line cut to MaxJudgeClaimBytes;
// the prompt is bounded by MaxJudgePromptBytes. The answer must match
// judge_schema.json ({"relations": [{"index", "reason", "relation"}]},
// strict, at most ingest.JudgeMaxPairs entries), checked with
// jsonschema-go.
//
// Safety checks, per pair, before a decision is returned: "supersedes"
// stands only when the incoming claim was not said conflicts.LaterMargin
// or more before the existing one, and never against a Confirmed memory;
// "superseded_by" only when the existing claim was not said LaterMargin or
// more before the incoming one. Otherwise the decision becomes contradicts:
// a dispute shown to the person, nothing retired. An entry whose index is
// outside the list, or an index answered twice, is ignored, and a pair
// without a usable entry is Unrelated. The model's reason is made one line
// and cut to MaxJudgeReasonBytes; the worker starts it with
// ingest.JudgeReasonPrefix ("model: ").
//
// A failed call (HTTP error after the last attempt, timeout, refusal,
// content that is not JSON or does not match the schema, a response over
// MaxResponseBytes) is recorded and returned as an error; the worker then
// logs a warning (ids only, never the claims) and keeps the rules'
// decisions: the job does not fail for it.
package llm
