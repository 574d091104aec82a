// Package rules is the extractor that needs no model: it reads English
// material with hand-written rules and returns candidate memories. It is
// the default when no LLM is configured, and the reference the LLM
// extractor is measured against (bench/engine).
//
// What Extractor.Extract does with a document:
//
//   - Turns. Lines shaped "Author: text" (at least two of them, optionally
//     after a "[1:56 pm on 8 May, 2023]" stamp that becomes the turn's
//     reference time) are turns of a conversation. A named author's "I" is
//     that author (subject "caroline", with Caroline among the entities);
//     "User:", "Me:", "Q:" and "A:" speak for the user; an assistant's
//     turns ("Assistant:", "AI:", ...) are never remembered, except as the
//     question half of a question and answer.
//   - Sentences. Split at . ! ? ; and line breaks, but not after
//     abbreviations ("Dr.", "e.g."), initials, inside version numbers,
//     decimals, URLs or e-mail addresses, or before a lower-case word.
//   - Contractions typed without their apostrophe ("im", "dont") are read
//     as contractions. A greeting before an introduction ("Hi, I'm Hannah",
//     "Hello, my name is Hannah") is left out and the introduction kept,
//     with an age said beside the name ("im mia, 27") as a reading of its
//     own; other sentences opening with a greeting are chitchat.
//   - A list of things after a label, each with its own amount
//     ("Alasdair's tablets: clopidogrel 75mg in the morning, ramipril
//     2.5mg, and atorvastatin 40mg at night"), is one memory for each
//     thing, the label before it and the sentence as said its excerpt
//     (lists.go), so that a change of one thing retires that one only.
//   - "They" after a claim about things in the plural is those things
//     ("The carers come twice a day. They're from Highland Home Care").
//   - A statement before a question in one sentence ("VHS German again
//     tonight — does anyone understand Konjunktiv II?", "I'm on 98k, how
//     do I make the case?") is read as a sentence of its own; the question
//     is not remembered.
//   - Questions and answers. A question answered by the next speaker in at
//     most six words becomes one claim with the question's subject and
//     attribute ("Which database does the ledger use?" / "Postgres." ->
//     ledger / uses / Postgres); "yes"/"no" answers confirm or negate a
//     yes/no question. Other questions are not remembered.
//   - Subject / attribute / value from a shallow clause parse: "the ledger
//     runs on Postgres" -> ledger / runs on / Postgres; "my favourite
//     colour is blue" -> user / favourite colour / blue; "the ledger version
//     is 0.9.7" and "the version of the ledger is 0.9.7" -> ledger / version
//     / 0.9.7; "the version is 0.9.7" (no owner) -> version / is / 0.9.7;
//     "Anna lives in Lisbon" -> anna / lives in / Lisbon; "we moved the
//     ledger off MySQL to Postgres" -> ledger / runs on / Postgres, a
//     correction. Subjects are normalised: lower case, articles dropped,
//     I/me/my -> "user" (or the named speaker), we/our -> "we", "my sister
//     Anna" -> "anna", "my sister" -> "user's sister", he/she -> the last
//     person named. Attributes are verbs in the third person present
//     ("lives in", "uses") or past ("lived in", "visited"), "is"/"was" plus
//     a preposition ("is based in"), "will <verb>" for commitments, or the
//     property ("version", "favourite colour"). Preference verbs fold to
//     "likes" (like, love, enjoy, adore), "dislikes" (hate, dislike, can't
//     stand) and "prefers"; decisions to the chosen thing ("we chose
//     Postgres over MySQL for the ledger" -> ledger / uses / Postgres).
//   - The speaker's measures and own things (measures.go, owned.go): a
//     weight ("Down to 80.5kg", "Weighed in at 78.2") is user / weight, a
//     dose ("Dr Evans upped my sertraline to 100mg") user / sertraline
//     dose, whatever the verb; "we're back to four" is we / headcount;
//     "changing my retainer to 40%" is user's retainer / is / 40%; "I told
//     you the offsite was in Leipzig — it's actually in Potsdam" is read
//     as a correction, the offsite being in Potsdam.
//   - Type. decision (decided, chose, going with, settled on, opted for);
//     commitment (a person's future action: "I'll send it by Friday", "I
//     promised to", "remind me to", "due"); preference (the preference
//     attributes, "favourite", "would rather"); event (a dated happening, or
//     a past action); fact otherwise.
//   - Dates, via package temporal against the turn's time (doc.SaidAt, or
//     doc.CreatedAt when zero): a commitment's deadline is ValidTo (the
//     exclusive end of the period: "by Friday" -> the Saturday 00:00); for
//     every other claim the first dated expression's start is ValidFrom
//     ("last summer" -> 1 June), and an "until"/"before" expression sets
//     ValidTo. A dated event always keeps its date.
//   - Negation (not, n't, never, no longer) sets Negated; corrections
//     ("actually", "no, ...", "correction:", "I meant", "not any more", "no
//     longer", "instead", "now", "changed to", "switched", "moved off", "not
//     X but Y") set Correction. "No, it's 0.9.8" takes the subject and
//     attribute of the document's previous claim.
//   - Entities: capitalised names (people, with kinship cues "my sister
//     Anna", titles and a list of common given names; places and
//     organisations from short gazetteers and suffixes such as "City",
//     "Inc", "University"; a name nothing else places is a place when it
//     is a city of at least 15,000 people, a country or a US state
//     (places.txt, from GeoNames, CC BY 4.0, https://www.geonames.org,
//     less the cities whose names are ordinary words; see
//     internal/placesgen); projects after or before "project"); systems
//     (a list of common software, CamelCase and letter-digit words: "iOS",
//     "S3", "Neo4j"); e-mail addresses and @handles (as people). In
//     talk, an interjection before a name is not part of it ("Woah
//     Joanna"); a word that opens a sentence alone is no name when it is
//     an ordinary noun or an -ing word ("Life is good", "Networking has
//     helped") or when the same text writes it in lower case elsewhere;
//     "of the" inside a title keeps it one name ("Lord of the Rings").
//
// Round 3 readings: a base-form verb after a singular noun is part of the
// noun phrase ("my new phone number", "the project lead for Atlas"); "my
// date of birth" is the property "birth date"; a property qualified by the
// speaker's own thing is the speaker's property ("the rent for our flat"
// = "our rent"); a subject may carry "to" ("our flight to Lima leaves at
// 7:40"); timetable verbs (starts, ends, leaves, expires...) take their
// time as value; "pushed back to" is one particle; a season before a noun
// ("the autumn term") is not a date; a second main clause after ", and
// the ..." is read too; "Sorry, <claim>", "My mistake," and a label
// saying something was wrong ("I got the date wrong earlier:") mark
// corrections; "1,150" is one number. Entity lexicons name well-known
// software, airlines, mountains and given names of many languages.
//
// Hold-out 3 readings: an obligation ("has to", "have to", "needs",
// "must", "should") with a deadline is a commitment whatever its subject
// ("the tax return has to be filed by 31 January"); a label ending in a
// colon after "Sorry," that says something was wrong ("Sorry, I got that
// wrong: ...") marks a correction; a name after an animal noun ("our
// puppy Biscuit", "a dog called Pickle") is not a person; names ending in
// a club word ("Rovers", "United", "FC"; "City" or "Town" in a sentence
// about a match) are organisations; a name holding money ("our savings
// to X", "our insurance is with X", "we bank with X") is an
// organisation; a name after a locative "in" that follows an action verb
// ("playing in Brighton") is a place; a lone name before an agent's verb
// ("Farah scored") is a person. Dates come from package temporal
// ("Saturday's match", "before the recital on 8 June").
//
// Confidence is 0.55 for an untyped fact, 0.7 with an attribute and value,
// +0.05 when a cue typed the claim and for corrections, x0.6 for hedges
// ("I think", "maybe", "might"); 0.6 for a joined question and answer.
// Everything is deterministic.
package rules
