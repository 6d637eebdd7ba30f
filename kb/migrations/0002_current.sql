-- 0002_current.sql: the current revision of every page and a full-text
-- table over the current records only, so that searches without AsOf do
-- not match, rank and then discard every historical record.
-- The tables and their invariants are documented in current.go.

CREATE TABLE current_revisions (
	page      INTEGER PRIMARY KEY REFERENCES pages (pk),
	revision  TEXT NOT NULL REFERENCES revisions (id),
	timestamp TEXT NOT NULL,
	indexed   TEXT NOT NULL DEFAULT '' -- the revision whose records search_current holds
);
CREATE INDEX current_revisions_stale ON current_revisions (page) WHERE indexed != revision;

INSERT INTO current_revisions (page, revision, timestamp, indexed)
	SELECT page, id, timestamp, id FROM (
		SELECT page, id, timestamp,
			ROW_NUMBER() OVER (PARTITION BY page ORDER BY timestamp DESC, id DESC) AS n
		FROM revisions)
	WHERE n = 1;

-- A stored revision newer (by timestamp, then id) than its page's current
-- one becomes current; its records reach search_current at the writer's
-- next search flush (syncCurrent in current.go).
CREATE TRIGGER revisions_current AFTER INSERT ON revisions BEGIN
	INSERT INTO current_revisions (page, revision, timestamp) VALUES (NEW.page, NEW.id, NEW.timestamp)
	ON CONFLICT (page) DO UPDATE SET revision = excluded.revision, timestamp = excluded.timestamp
	WHERE excluded.timestamp > current_revisions.timestamp
		OR (excluded.timestamp = current_revisions.timestamp AND excluded.revision > current_revisions.revision);
END;

CREATE VIRTUAL TABLE search_current USING fts5 (
	page, title, body,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3'
);

INSERT INTO search_current (rowid, page, title, body)
	SELECT rowid, page, title, body FROM search
	WHERE rowid < 0 OR rowid IN (SELECT rec.pk FROM current_revisions c JOIN records rec ON rec.revision = c.revision)
	ORDER BY rowid;
