// Package kb is the knowledge base: a SQLite database (modernc.org/sqlite,
// driver "sqlite") holding wiki pages, their revisions verbatim, the rule
// records and FAQs extracted from them, and an FTS5 full-text index over
// records and FAQs. *DB implements wikirules.Store (the read side) and adds
// the write side, Put.
//
// The layout follows Ben Johnson's WTF Dial sqlite package: the schema is
// created by embedded migrations (migrations/*.sql, documented in
// schema.go) applied in order when the database is opened; every exported
// method opens its own transaction and the unexported helpers take the
// *sql.Tx. Put stores a whole batch in one transaction, so a failed batch
// leaves the database as it was; revisions are keyed by id (or, under
// another id, by page, timestamp and text), so putting the same revisions
// again changes nothing.
//
// A page's current revision is its newest by (timestamp, id); with
// Filter.AsOf, its newest with timestamp <= AsOf. Search text is never
// passed raw to FTS5 MATCH: it is reduced to quoted word tokens first.
//
//	db, err := kb.Open(ctx, "rules.db")
//	res, err := db.Put(ctx, []kb.Item{{Rev: rev, X: extraction}})
//	hits, err := db.SearchText(ctx, "esquivar plantilla", wikirules.Filter{Edition: wikirules.N4})
package kb
