// Command countriesgen writes ingest/resolve/countries.txt, each country's
// English name beside its name in its own language ("croatia|hrvatska",
// "germany|deutschland", "greece|ellada"), which resolve.Match reads as
// one place: the names and native names of the npm package countries-list
// 3.4.1 (MIT, Annexare Studio), normalised as resolve compares names. Left
// out: a country whose two names are the same; a native name written in
// another script, whose Latin letters are seldom a name anyone writes
// ("msr" for مصر) and may be another's ("mn" for عمان, Oman); and a native
// name that is an English word of Webster's Second (english-words 2.0.2,
// public domain): "island", Iceland's. (resolve leaves out a native name
// that is a given name it knows, "Maurice", Mauritius's.) To regenerate:
//
//	(cd /tmp && npm pack countries-list@3.4.1 && tar xzf countries-list-3.4.1.tgz)
//	pip download english-words==2.0.2 --no-deps -d /tmp/gnc
//	unzip -q /tmp/gnc/english_words-2.0.2-py3-none-any.whl -d /tmp/gnc/ew
//	python3 -c "import pickle; w = pickle.load(open('/tmp/gnc/ew/english_words/data/web2.pickle', 'rb')); print('\n'.join(sorted(x for x in w if x.islower())))" > /tmp/gnc/web2.txt
//	go run ./ingest/resolve/internal/countriesgen -json /tmp/package/countries.min.json -words /tmp/gnc/web2.txt > ingest/resolve/countries.txt
package main
