// Package temporal finds time expressions in English text and resolves
// them against a reference time: the moment the text was said or written.
//
// Find("I met Anna last summer", now) reports "last summer" with the
// half-open interval [1 June, 1 September) of the right year. Extraction
// uses it to date events and commitments against a message's timestamp;
// retrieval uses it for queries ("what did I do in May 2023?").
//
// Resolution is deterministic and pure: the same text and reference time
// always give the same expressions. Calendar arithmetic happens in the
// reference time's location (callers pass UTC). Weeks start on Monday (ISO
// 8601); seasons are meteorological and northern-hemisphere (spring is
// March-May, summer June-August, autumn September-November, winter December
// to February, so "winter 2023" starts on 1 December 2023).
//
// A range of days written with the month once ("from 10 to 12
// September", "3-5 June") is one expression running from its first day.
//
// Where English is ambiguous the package picks one reading and documents it
// on Find. It imports only the standard library.
package temporal
