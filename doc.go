// Package wikirules holds the types shared by every stage of the pipeline:
// pages and revisions read from a MediaWiki rules wiki, the rule records and
// FAQs extracted from them, and the citations that point back at them.
//
// The pipeline (see README.md):
//
//	readers (ingest/)  ─► wikitext (parser) ─► extract (template semantics)
//	  ─► kb (SQLite store, FTS5) ─► index (bleve) / engine ─► cmd, web
//
// Imports only go down that list; this package imports the standard library
// only, so every stage may depend on it.
package wikirules
