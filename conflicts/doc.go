// Package conflicts is pure logic: does claim B contradict, supersede,
// duplicate or confirm claim A. Compare reads two memories and nothing
// else; the ingest worker decides what to write from its Decision (a
// SUPERSEDES edge, a Conflict node, a new evidence edge on a duplicate).
//
// It is built for precision over recall: retiring a true fact is the worst
// outcome, so a claim only supersedes another when both are about the same
// subject and the same single-valued attribute, and the newer one is an
// explicit correction or is clearly later: said at least LaterMargin (three
// days) after it. Two values said closer together, neither worded as a
// change, are one of them wrong ("our flat is 68 square metres" / "... 85
// square metres" the next day). An age rises by one a year (age.go): a
// lower age said later, or more years than have passed, is a
// contradiction however far apart. A claim that says what used to hold
// ("I used to drive a Corsa", "Before Octopus we were with EDF"; past.go) is
// superseded by the present claim it meets; one that says what would be,
// what was considered and not done, or what someone proposes (unreal.go)
// relates to no claim of what is. Anything less certain is a
// contradiction for the person to settle, or unrelated. Single-valued
// slots (slots.go) are a property named by the attribute ("my car",
// "the door code"), a role ("Bruno is our tech lead" = "our tech lead is
// Bruno"), where a subject is now ("is in" a named place), the one thing
// a possession is ("my laptop is a ThinkPad"), a state of one kind
// ("broken"/"working", "open"/"closed"), and a preference stated against
// the other value ("tea to coffee"); two preferences for named things are
// disputed only when said together and never retired by time alone.
//
// Some attributes never change (immutable.go): a birthday, a date or place
// of birth, a blood type, a native language. A different value of one is
// a contradiction however much later it is said, and is retired only by
// an explicit correction. A birthday said in other shapes ("It's Ada's
// birthday today", "Jonas turns 16 today"; birthday.go) and an event that
// happens once to someone named (a birth, a death, a couple's wedding or
// divorce, dated by a year; once.go) are read the same way, and so are
// two start years that do not add up ("24 years offshore now" / "been
// offshore since 1996"; since.go) and which of two siblings is older
// ("my older sister Ana" / "my little sister Ana"; sibling.go). One thing
// that falls due, ends or is set for a time, dated twice with no change
// said ("My passport expires in March 2026" / "Passport's good until
// August 2026"; due.go), or whose whole amount is given twice ("we farm
// 320 acres" / "We farm 280 acres all in"; total.go), is a contradiction
// too, as is a named pet's breed or coat given twice ("a dog, Praline, a
// beagle" / "Praline our cocker spaniel"; pet.go) and a person's age
// given where time cannot explain it ("Tom (41)" / "Can't believe he's
// 44"; age.go). A weekly thing moved to another day in other words
// ("English lessons on Thursday evenings" / "english class moved to
// wednesday evenings"; weekday.go) is a change, and an allergy or a
// lasting condition said again in another shape ("I'm allergic to
// penicillin" / "I can't take penicillin, I'm allergic"; allergy.go) is a
// duplicate. A trip dated twice ("I was in Georgia in 2022" / "Georgia
// was 2019"; tripyear.go) and a finished career's length given twice
// (career.go) are contradictions; a correction that names only the value
// it takes back ("sorry I said the 14th, its the 18th"; saidwrong.go)
// supersedes; the older state told with the year the present began
// ("Niamh was still nursing in Tralee, she only moved to CUH in 2010";
// onlymoved.go) is superseded by the claim of now, as is the holder before
// the one who "took over" ("Dr. Mori took over"; roles.go, tookover.go).
// A name changed for another ("changed the Loxonin to Celecox";
// changedthing.go), a learner's level risen ("2-dan" / "Promoted to
// 3-dan"; level.go), a thing postponed to another date ("quali got
// postponed … new date is 10 September"; postponed.go) and a new supplier
// one went with for the thing ("gone with Green Glen Produce … for all the
// veg and fruit"; wentwith.go) are changes. Where one was born and the
// year one retired happen once (once.go). An amount said without its
// unit takes the other claim's ("12,000 pesos the bottle" / "14,000
// now"; nearvalue.go), a supplier changed for the thing ("changed cork
// supplier"; wentwith.go) is a change, and a place's distance given twice
// ("40 km from Valparaíso" / "just 15 km from Valpo"; distance.go) and a
// thing's opening year given twice (when.go) are contradictions; an
// older amount told with a past year ("it was only 2 hectares then";
// thensize.go) and the speaker's job title said anew ("guess who's charge
// nurse now"; ownrole.go) are read too. One item of a list changed
// ("ramipril 2.5mg" / "Ramipril's 10mg now"; nearvalue.go), a new place
// the speaker, or a person they name, began at ("First day at Northbridge
// Digital", "Isla started at Millburn Academy"; newjob.go), a thing pending decided ("visa application submitted" /
// "VISA APPROVED"; status.go) and a provider that "took over from"
// another (tookfrom.go) and being moved off one thing onto another
// ("moved me off payments onto the mobile app squad"; movedoff.go) are
// changes; a wedding dated twice (wedding.go)
// how many children the speaker is one of (sibling.go) and one event
// that befell a person dated twice ("his stroke"; eventdate.go) are
// contradictions.
// Paraphrases read as one slot: "has a penicillin
// allergy" = "is allergic to penicillin", "works as" = "is", "is named" =
// "is called", a thing that "lives in" a place "is in" it, "the team" =
// "we"; "non-refundable" denies "refundable", a diet ("vegetarian") is
// one slot with "eats meat", counts compare as numbers ("two bedrooms" =
// "2 bedrooms"), a numbered thing ("platform 4") holds one number, and
// "was never delivered" denies "was delivered to the front desk".
//
// Subjects compare in one canonical form (subject.go): "the rabbit's new
// vet" is the rabbit's vet (and "new" says it changed), "my brother
// Farid" is Farid, "the interest rate on the account" is the account's
// interest rate. Paraphrases of one slot (paraphrase.go) read alike:
// agent nouns ("teaches maths" = "is a maths teacher", "plays bass" =
// "is the bassist"), posture verbs, fears, a thing an agent "moved to" a
// place, "has a new R, N", a price and what a thing costs, a percentage
// and a rate; singular and plural are one noun. A small lexicon of
// mutually exclusive adjectives (exclusive.go: male/female, fixed/
// variable, full-time/part-time) makes one slot of "is" values. Claims
// the extractor found no slot in compare by their words when they differ
// only in a time, and two dates said apart for one upcoming occasion are
// disputed (when.go); amounts paid "for" different things are two slots.
//
// Claims whose extracted slots do not line up are read a second way
// (bytopic.go): by their topics, the content words outside the value in
// one normal form (topic.go), and their typed values: a day, a clock
// time, a date, money with its period, a percentage, a quantity with its
// unit, a version of a named product, a name (typed.go). One topic with
// one value of one type that differs is one slot; equal values are a
// duplicate. Names and times need a change cue ("switched to", "moved
// to", "now", "instead") to be one slot; a qualifier that differs
// ("guitar"/"swimming" lesson, "staging"/"production") keeps two topics
// apart.
//
// Topics and values are read loosely where wording varies but the slot
// does not: a validity phrase ("from April", "as of this month", "since
// the start of the tax year") is a scheduled change (schedule.go); the
// agent of a change ("the landlord has put our rent up to") is not the
// topic; "at 5" is five of either half of the day, and a new day and
// time changed together are one change of when (hours.go); a period
// adjective gives an amount its period ("the hourly rate is £75"); a
// name is one type whatever kind the extractor gave it; the object of an
// ending verb ("sold the Civic", "cancelled Riverford") and a name a
// leaving verb follows ("Dr Shaw retired") are old values; "prod" is
// "production", a flight that arrives lands. Slots: "X's name is N" = "X
// is called N"; a group or event "held in", "meets at" or "moved to" a
// place is located there; a role has one name ("family doctor" = "GP").
//
// A change is often told with more words than the fact it changes ("Dad's
// doctor increased his amlodipine dose to 10 mg" / "Dad takes 5 mg of
// amlodipine"): when one claim is worded as a change and the other
// plainly, a shared anchor and a few words on the plain side only are
// enough (anchored.go), unless the change names a narrower, differently
// qualified, other person's or other direction's thing. The same content
// words in another order, with names, the speaker and the roles around
// each word where they were, are a duplicate (samecontent.go), and so are
// two plain claims giving the same measure, amount, date or time around
// other words (restated.go).
//
// Readings of their own, tried before the topics when the slots do not
// line up: a role one person holds at a time, read as role, scope and
// holder in any shape ("X is treasurer of Y", "X took over as treasurer",
// "Sam reports to X"; roles.go); a switch to another kind of the same
// thing ("switched to almond milk in my coffee"; switched.go); a rename
// ("billing-core has been renamed to ledger-service"; rename.go); a denial
// with a word of ending that names the stored value ("we're not with
// Skyline any more"; denial.go); a diet said in passing and eating again
// what it leaves out (diet.go); a move into another place (movedhome.go);
// a thing the speaker ended ("finally got rid of the Skoda", "Linda's
// retired"; ended.go); what held before a thing the stored claim gives as
// the speaker's own ("Used to bank with TD before Tangerine"; past.go).
// After the topics, a value changed among other words is read by the
// words near each value only (nearvalue.go), and the speaker's job title
// said again as changed retires the old one (ownrole.go). Whatever rule
// decides, amounts that are not one thing's two values (another item at
// the same place, a limit against a use, an offer, per item against per
// time, two speakers' claims, a date of one occasion against a routine's
// days) are never a change or a contradiction, and a sentence read as the
// speaker's name keeps that reading (items.go). A street address with its town and
// postcode is one typed value, and a place has one address of a kind
// (address.go). Email addresses, phone numbers and cloud regions are
// typed values too, one word each however they are written (typed.go).
//
// One value written two ways is one value (normalize.go, typed.go,
// compare.go): scale words and suffixes ("£1.2 million" = "£1.2m" =
// "£1,200,000", "six grand"), number words and decimals in words,
// ordinals ("3rd" = "third"), abbreviated days and months, holidays
// ("Christmas Eve" = 24 December), rates in words ("beats per minute" =
// bpm), phone numbers with their country code, acronyms ("NYC"), codes
// spaced otherwise ("BA 117"), longer spellings ("Postgres 14" =
// "PostgreSQL 14"), clipped words ("prod DB"), and names with initials or
// a title ("J. Okafor" = "John Okafor", "Dr Mills" = "Dr Sarah Mills").
// Look-alikes stay apart: two claims that each say more of one value,
// claims scoped to other periods ("this month" / "next month"), a claim
// about similar things or the average, and which way a thing goes
// (generate/use, earn/spend). A date a thing falls due by holds once; a
// claim that opens with "it" is read with the subject carried from the
// clause before.
//
// A document's claims are checked for twins of each other; RepeatIndex
// (repeat.go) hands the worker only the earlier claims one may repeat
// (those sharing a content word or a typed value, at most
// RepeatCandidates of them, the most alike), so a long document is not
// compared pair by pair.
package conflicts
