-- 0014_page_names.sql: the page-name index of the engine (package
-- engine, titles.go) computed at a write generation, so that a reader
-- looks up the names a question holds instead of deriving every page's
-- names at start. The tables and their invariants are documented in
-- names.go.

CREATE TABLE name_state (
	one        INTEGER PRIMARY KEY CHECK (one = 1),
	generation INTEGER NOT NULL, -- kb_state.generation the rows were computed at
	stamp      TEXT NOT NULL     -- what computed them (the engine's format and vocabulary)
);

CREATE TABLE name_rows (
	kind TEXT NOT NULL,    -- which lookup the row serves
	key  TEXT NOT NULL,    -- what it is looked up by
	seq  INTEGER NOT NULL, -- its position among the rows of (kind, key)
	data TEXT NOT NULL,    -- the row as the engine writes it
	PRIMARY KEY (kind, key, seq)
) WITHOUT ROWID;
