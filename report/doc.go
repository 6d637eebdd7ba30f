// Package report holds the JSON documents the tools print, one definition
// for the CLI and the web API: `query … -json` (cmd/query) and the JSON
// routes of the web server (package web, /api/…) encode the same Go
// values, so that a script over the command line and a client of the API
// read the very same documents (cmd/query's TestServeAPIMirrorsCLI checks
// it route by route).
//
// The documents and their builders:
//
//	Result, RecordResult, FAQResult, HitResult   one quoted source with its citation
//	Search, SearchResult, Facet, CountFacets     query search, GET /api/search
//	Page, PageRecord, PageOf                     query show, GET /api/page/TITLE
//	FAQList, FAQListOf                           query faq, GET /api/faq
//	History, HistoryOf                           query history, GET /api/history/TITLE
//	Diff, DiffOf, Change, ChangeList, Rev        query diff, GET /api/diff/TITLE
//	Changes, PageChanges                         query changes
//	Blame, BlameOf                               query blame
//
// The judge's answers (query ask, query resolve, POST /api/ask and
// /api/resolve) are engine.Answer and engine.Resolution with their data
// version's inferred times marked (Answer, AnswerOf, Resolution,
// ResolutionOf, DataVersion, DataOf);
// LocateJSONError places an error in a situation document by line and
// column for both readers.
//
// Byte identity: every document encodes as it did when each side built
// it, map-shaped documents included (their fields are declared in the
// order encoding/json sorts map keys). Encode documents with an indented
// encoder that does not escape HTML (two spaces, SetEscapeHTML(false)), as
// both sides do.
//
// Dependencies: the root package, diff and engine, and the standard
// library; report sits beside web in the dependency order (web imports
// report; report imports neither kb, index, web nor cmd).
package report
