-- 0001_init.sql: the first schema of the knowledge base.
-- The tables and their invariants are documented in schema.go.

CREATE TABLE pages (
	pk        INTEGER PRIMARY KEY,
	title     TEXT NOT NULL UNIQUE,
	fold      TEXT NOT NULL,
	namespace INTEGER NOT NULL,
	language  TEXT NOT NULL,
	wiki      TEXT NOT NULL
);
CREATE INDEX pages_fold ON pages (fold);

CREATE TABLE revisions (
	id            TEXT PRIMARY KEY,
	page          INTEGER NOT NULL REFERENCES pages (pk),
	parent        TEXT NOT NULL,
	timestamp     TEXT NOT NULL,
	inferred      INTEGER NOT NULL,
	user          TEXT NOT NULL,
	comment       TEXT NOT NULL,
	minor         INTEGER NOT NULL,
	sha1          TEXT NOT NULL,
	format        TEXT NOT NULL,
	origin        TEXT NOT NULL,
	extracted     INTEGER NOT NULL,
	page_editions INTEGER NOT NULL,
	links         TEXT NOT NULL,
	layout        TEXT NOT NULL,
	diagnostics   TEXT NOT NULL,
	text          TEXT NOT NULL -- last: reading the columns before it never walks its overflow pages
);
CREATE INDEX revisions_page_time ON revisions (page, timestamp, id);

CREATE TABLE records (
	pk            INTEGER PRIMARY KEY,
	revision      TEXT NOT NULL REFERENCES revisions (id),
	seq           INTEGER NOT NULL,
	id            TEXT NOT NULL,
	section       TEXT NOT NULL,
	kind          TEXT NOT NULL,
	ordinal       INTEGER NOT NULL,
	depth         INTEGER NOT NULL,
	editions      INTEGER NOT NULL,
	version       TEXT NOT NULL,
	superseded    INTEGER NOT NULL,
	superseded_by TEXT NOT NULL,
	alternative   TEXT NOT NULL,
	span_start    INTEGER NOT NULL,
	span_end      INTEGER NOT NULL,
	template      TEXT NOT NULL,
	title         TEXT NOT NULL,
	links         TEXT NOT NULL,
	notes         TEXT NOT NULL,
	skill         TEXT NOT NULL,
	fields        TEXT NOT NULL,
	text          TEXT NOT NULL,
	plain         TEXT NOT NULL,
	UNIQUE (revision, seq),
	UNIQUE (revision, id)
);

CREATE TABLE faqs (
	pk       INTEGER PRIMARY KEY,
	id       TEXT NOT NULL UNIQUE,
	type     TEXT NOT NULL,
	title    TEXT NOT NULL,
	version  TEXT NOT NULL,
	question TEXT NOT NULL,
	answer   TEXT NOT NULL,
	editions INTEGER NOT NULL,
	digest   TEXT NOT NULL,
	source   TEXT NOT NULL REFERENCES revisions (id)
);

CREATE TABLE faq_related (
	faq   INTEGER NOT NULL REFERENCES faqs (pk),
	seq   INTEGER NOT NULL,
	title TEXT NOT NULL,
	fold  TEXT NOT NULL,
	PRIMARY KEY (faq, seq)
) WITHOUT ROWID;
CREATE INDEX faq_related_fold ON faq_related (fold);

CREATE TABLE faq_occurrences (
	revision TEXT NOT NULL REFERENCES revisions (id),
	seq      INTEGER NOT NULL,
	faq      INTEGER NOT NULL REFERENCES faqs (pk),
	PRIMARY KEY (revision, seq)
) WITHOUT ROWID;
CREATE INDEX faq_occurrences_faq ON faq_occurrences (faq);

CREATE TABLE categories (
	revision TEXT NOT NULL REFERENCES revisions (id),
	seq      INTEGER NOT NULL,
	name     TEXT NOT NULL,
	PRIMARY KEY (revision, seq)
) WITHOUT ROWID;

CREATE TABLE unknown_templates (
	revision TEXT NOT NULL REFERENCES revisions (id),
	name     TEXT NOT NULL,
	count    INTEGER NOT NULL,
	PRIMARY KEY (revision, name)
) WITHOUT ROWID;

CREATE VIRTUAL TABLE search USING fts5 (
	page, title, body,
	tokenize = 'unicode61 remove_diacritics 2'
);
