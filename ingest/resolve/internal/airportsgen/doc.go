// Command airportsgen writes ingest/resolve/airports.txt, the IATA codes
// of the world's airports with their names, which resolve.Match reads as
// one airport ("JFK" for John F. Kennedy International Airport, "CDG" for
// Paris Charles de Gaulle Airport): every airport with an IATA code in the
// PyPI package airportsdata 20260905 (MIT, Mike Borsetti; from
// OurAirports and other open sources), one a line, "CODE|name|city" with
// the names normalised as resolve compares names. To regenerate:
//
//	pip download airportsdata==20260905 --no-deps -d /tmp/ap
//	unzip -q /tmp/ap/airportsdata-20260905-py3-none-any.whl -d /tmp/ap/w
//	go run ./ingest/resolve/internal/airportsgen -csv /tmp/ap/w/airportsdata/airports.csv > ingest/resolve/airports.txt
package main
