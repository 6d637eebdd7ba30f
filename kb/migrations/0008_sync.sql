-- 0100_sync.sql: what a sync with a live wiki (ingest -wiki-api) keeps:
-- the state of each synced wiki, the wiki's page ids, what the wiki hides
-- of the revisions stored, the moves and deletions applied, and the
-- pages' interlanguage links.
-- The tables and their invariants are documented in sync.go.

CREATE TABLE wiki_syncs (
	wiki         TEXT PRIMARY KEY,
	api          TEXT NOT NULL,
	sitename     TEXT NOT NULL,
	language     TEXT NOT NULL,
	generator    TEXT NOT NULL,
	namespace    INTEGER NOT NULL,
	current_only INTEGER NOT NULL,
	listing      TEXT NOT NULL, -- continuation of the first listing (JSON), '' when done or not begun
	listed       INTEGER NOT NULL,
	mark         TEXT NOT NULL, -- high-water mark: stored timestamp of the last change applied
	mark_rcid    INTEGER NOT NULL,
	last_sync    TEXT NOT NULL, -- stored time the last sync ended, '' before the first ends
	requests     INTEGER NOT NULL DEFAULT 0 -- API requests made by every sync so far
);

CREATE TABLE wiki_pages (
	wiki   TEXT NOT NULL,
	pageid INTEGER NOT NULL,
	page   INTEGER NOT NULL REFERENCES pages (pk),
	PRIMARY KEY (wiki, pageid)
) WITHOUT ROWID;
CREATE INDEX wiki_pages_page ON wiki_pages (page);

CREATE TABLE hidden_revisions (
	revision      TEXT PRIMARY KEY REFERENCES revisions (id),
	deleted       INTEGER NOT NULL, -- its page is deleted on the wiki
	texthidden    INTEGER NOT NULL, -- revision deletion hides its text
	sha1hidden    INTEGER NOT NULL,
	userhidden    INTEGER NOT NULL,
	commenthidden INTEGER NOT NULL,
	suppressed    INTEGER NOT NULL,
	logid         INTEGER NOT NULL  -- the log entry that set it last, 0 when read off the revision
) WITHOUT ROWID;

CREATE TABLE page_moves (
	wiki       TEXT NOT NULL,
	logid      INTEGER NOT NULL,
	timestamp  TEXT NOT NULL,
	page       INTEGER NOT NULL REFERENCES pages (pk),
	from_title TEXT NOT NULL,
	to_title   TEXT NOT NULL,
	redirect   INTEGER NOT NULL, -- the move left a redirect at from_title
	PRIMARY KEY (wiki, logid)
) WITHOUT ROWID;

CREATE TABLE page_deletions (
	wiki      TEXT NOT NULL,
	logid     INTEGER NOT NULL,
	timestamp TEXT NOT NULL,
	page      INTEGER NOT NULL REFERENCES pages (pk),
	action    TEXT NOT NULL, -- 'delete' or 'restore'
	PRIMARY KEY (wiki, logid)
) WITHOUT ROWID;

CREATE TABLE langlinks (
	page  INTEGER NOT NULL REFERENCES pages (pk),
	lang  TEXT NOT NULL,
	title TEXT NOT NULL,
	PRIMARY KEY (page, lang)
) WITHOUT ROWID;
