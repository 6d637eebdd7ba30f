// Package web is the web page for judges at the table and its JSON API:
// `query serve` wires it to a knowledge base and serves it.
//
// The server receives its dependencies (a wikirules.Store, a Judge such as
// *engine.Engine, and a wikirules.Searcher such as kb.DB's FTS5 search or
// the bleve index); it never opens a database or builds an index itself,
// and it holds no SQL. Diffs and histories come from package
// diff, computed over the store's revision records.
//
// A page is known by its wiki and title: ?wiki= names the wiki, else the
// label language (?lang=, the lang cookie, Accept-Language) chooses among
// the wikis holding a title, and every link to a title several wikis hold
// carries wiki= (the wiki of the page it is on, where that holds the
// title). Without ?edition= a view speaks for the knowledge base's newest
// edition (edition=all: every edition; a page without it shows its own
// newest and says so), and every page says which edition it speaks for.
// With Deps.Twins (package web/twins), a page or an answer's deciding
// source whose twin in the other language is newer shows a warning with
// the twin's record and a link to the twin, and search shows each pair of
// twins once, the newer side first.
//
// HTML pages (html/template, assets embedded with go:embed, no external
// fonts, scripts or CDNs; readable on a 360-px-wide phone):
//
//	GET  /                      home: search and ask boxes, the page list
//	GET  /search?q=&edition=&kind=&history=1   ranked results, highlighted snippets, facets
//	GET  /page/{title}?wiki=&edition=&history=1&rev=&as_of=   the page as a rule card
//	GET  /faq?q=&type=faq|errata&edition=       FAQ and errata with versions
//	GET  /history/{title}       every revision and what it changed
//	GET  /diff/{title}?from=&to=   two revisions, words inserted / deleted marked
//	GET  /ask?q=&edition=&as_of=   a question answered with linked citations
//	GET|POST /resolve           a situation (JSON) resolved with linked citations
//
// Every record on a page carries its stable id (Record.ID, FAQ.ID) as its
// HTML id, so a citation links to /page/{title}#{anchor}; record citations
// add ?rev= so that text no longer current still resolves.
//
// JSON API, the same shapes as `query … -json` (cmd/query):
//
//	GET  /api/search?q=&edition=&kind=&n=&history=1&as_of=
//	GET  /api/page/{title}?edition=&history=1&as_of=
//	GET  /api/faq?q=&edition=
//	GET  /api/history/{title}
//	GET  /api/diff/{title}?from=&to=
//	POST /api/ask      {"question": "…", "edition": "n4", "as_of": "2021-03-01"}
//	POST /api/resolve  a Situation as `query resolve` reads it; ?edition=&as_of=
//
// Errors are JSON {"error": "…", "status": 400} on /api/ and an HTML page
// elsewhere, with a 4xx status for anything a user can type (bad edition,
// date or JSON, unknown page or revision, a query or body too large).
//
// Record text is Markdown rendered with goldmark with raw HTML disabled
// (goldmark's default), links restricted to http, https, mailto and local
// paths, and images replaced by their alt text; everything else from the
// wiki goes through html/template escaping, and every response carries a
// Content-Security-Policy that allows only the server's own script and
// style.
package web
