-- 0009_page_identity.sql: a page is known by its wiki and title, so that
-- the Spanish and the English wiki can both hold a page of one title
-- ("Berserk"). pages is rebuilt with UNIQUE (wiki, title) instead of
-- UNIQUE (title), keeping every pk (the tables that reference pages keep
-- their rows). migrate runs the migrations with foreign key enforcement
-- off, as SQLite's procedure for changing a table's constraints asks
-- (https://www.sqlite.org/lang_altertable.html#otheralter), and checks
-- the foreign keys before it commits.
-- The tables and their invariants are documented in schema.go.

CREATE TABLE pages_identity (
	pk        INTEGER PRIMARY KEY,
	title     TEXT NOT NULL,
	fold      TEXT NOT NULL,
	namespace INTEGER NOT NULL,
	language  TEXT NOT NULL,
	wiki      TEXT NOT NULL,
	UNIQUE (wiki, title)
);
INSERT INTO pages_identity (pk, title, fold, namespace, language, wiki)
	SELECT pk, title, fold, namespace, language, wiki FROM pages ORDER BY pk;
DROP TABLE pages;
ALTER TABLE pages_identity RENAME TO pages;
CREATE INDEX pages_fold ON pages (fold);
CREATE INDEX pages_title ON pages (title);
