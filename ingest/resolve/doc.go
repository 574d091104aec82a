// Package resolve decides whether an entity mention ("NYC", "Anna",
// "PostgreSQL") names an entity the owner already has ("New York City",
// "Anna Silva", "Postgres") or a new one. It is pure: it reads the mention
// and the candidate entities it is handed and nothing else.
//
// A wrong merge (two people made one) and a duplicate (one city stored
// twice) both hurt; Match is tuned so that duplicates stay rare without
// merging on weak evidence. In particular people are never matched by
// spelling similarity ("Anna" is not "Anne"), a first name alone matches a
// full name only when exactly one candidate has it, and two full names
// with different surnames never match. Places and organisations match
// their spelling variants (accents, "Tokio"/"Tokyo", one letter apart in a
// long name), a qualifier after a comma, abbreviated place words ("St."),
// and a place its distinctive first word ("Rio" for "Rio de Janeiro",
// never "Santa" or "Mexico" for "Mexico City"); Jaro-Winkler similarity is
// not used for places, whose longer namesakes are other places ("Niger",
// "Nigeria"). A short general table (variants.go) lists names no rule
// derives: a place in its own language or an older spelling ("Lisboa",
// "Kiev") and an organisation's everyday short form ("VW"), and a table
// from GeoNames (placenames.go) lists the other names of the world's
// cities of 50,000 people or more, in other languages, older, or
// nicknames ("Bombay", "Londres", "Philly", "the Big Apple"), and
// organisations.go the everyday names of well-known organisations ("Big
// Blue", "HMRC", "Spurs"). Names in other scripts are compared in Latin
// letters ("Дмитрий Петров" is "dmitrii petrov"; Normalize). An
// organisation also matches its distinctive first word ("Goldman" for
// "Goldman Sachs", never "British" for "British Council"). An institution
// is one whichever way round its place is said ("Leeds Uni", "University
// of Leeds"), an abbreviated organisation may drop a "Service" ("the Met
// Police"), and a descriptive name of work or a document matches one with
// the same distinguishing words and a head of the same kind ("the kitchen
// renovation" / "Kitchen remodel"; descriptive.go).
//
// A person's everyday given name stands for the name it shortens
// ("Mike" for "Michael Brennan", "Kuba" for "Jakub Nowak", "Sepp" for
// "Josef Huber"; nicknames.go, nicknames_world.go); the other way round
// only with the surname ("Jakub Nowak" is the one stored as "Kuba Nowak",
// but "Katherine" alone is not taken for someone known as Kate), and a relation
// word before a name is kept ("Uncle Dave" is the one stored as "Uncle
// David", not Dave Hinds). A company's full name may end in words its
// everyday name leaves out ("& Partners", "Holdings", "Group"), a product
// may be named without its vendor ("Jira", "Atlassian Jira"), and an
// acronym leaves out small words ("RSPCA"). A short form that begins two
// or more known names ("Microsoft" beside "Microsoft Teams" and
// "Microsoft 365") names none of them for sure. A person's first of two
// surnames, or of a double-barrelled one, is her surname ("Sophie Lloyd"
// for "Sophie Lloyd-Jones"), and a name she was known by before, stored
// as an alias, is hers. A street's kind may be abbreviated ("Station
// Rd"), a name's first words may be initials ("VS Code", "GH Actions"),
// and an organisation that is a facility may be named without the word
// that says what it is ("St Thomas'" for St Thomas' Hospital; never a
// place for a facility: the city "Cambridge" is not Cambridge University). Initials
// other than the ones the owner already uses for a name ("BA" where Bank
// of America is known as "BofA") name something else, and a short form
// that two known names hold ("O2" beside "Virgin Media O2" and "The O2
// Arena") names neither for sure. A title says a man or a woman, and so
// do common given names (gender.go): "Mrs Henderson" is not Gordon
// Henderson. A role or a relation word may come before a name ("Coach
// Dan", "Nanna Rose"), an honorific after it ("Ravi bhaiya"), a word for a
// relation may name the one stored by it ("Mam" for the one known as "my
// mother" or "Mum"), a title stands before a surname ("Prof Lin" is Wei
// Lin, not Lin Zhou), and two or three capitals may be a person's
// initials ("JB" for James Bradshaw); these readings are in people.go.
// Those of organisations, facilities and products are in things.go: a
// council without its kind ("Leeds council"), a vehicle without its maker
// ("Hilux"). A firm's name may end in what it
// does ("Solicitors", "Accountancy"), a doctors' practice's in any of its
// usual words ("surgery", "Medical Practice", "Health Centre").
//
// Three more generated tables hold knowledge no rule derives:
// countries.txt, countries by their own languages' names ("Hrvatska";
// variants.go, internal/countriesgen), airports.txt, the IATA codes of
// 7,884 airports ("JFK" for John F. Kennedy International Airport;
// airports.go, internal/airportsgen), and givennames.txt, about 10,000
// given names that are a man's or a woman's in every language that lists
// them (gender.go, internal/givennamesgen). A firm named after someone
// may be said with the possessive ("Sam's" for Sam's Club, never Sam Ash
// Music), a release by its code name ("Sonoma" for macOS 14 Sonoma), a US
// state by its postal code in capitals ("MN"), and a person by a birth
// name stored as "née Whitfield", with "Mc" for "Mac", with an Irish
// surname in Irish ("Ó Briain"), or with the family name first ("Park
// Ji-hoon", "Jihoon Park"). The organisations' table also parts what it
// knows as two: "Penn" is not Penn State, "Ford" not the Ford Foundation.
package resolve
