-- 0012_twins.sql: the write generation of the knowledge base, and the
-- twin pairs (package pairs) computed at it, so that a reader looks up
-- the pair of one page instead of pairing every page at start.
-- The tables and their invariants are documented in twins.go.

CREATE TABLE kb_state (
	one        INTEGER PRIMARY KEY CHECK (one = 1),
	generation INTEGER NOT NULL
);
INSERT INTO kb_state (one, generation) VALUES (1, 1);

CREATE TABLE twin_state (
	one        INTEGER PRIMARY KEY CHECK (one = 1),
	generation INTEGER NOT NULL -- kb_state.generation the pairs were computed at
);

CREATE TABLE twin_pairs (
	seq      INTEGER PRIMARY KEY, -- the pair's position in the set
	es_wiki  TEXT NOT NULL,
	es_title TEXT NOT NULL,
	es_key   TEXT NOT NULL,
	en_wiki  TEXT NOT NULL,
	en_title TEXT NOT NULL,
	en_key   TEXT NOT NULL,
	data     TEXT NOT NULL -- the pair as its package writes it (JSON)
);
CREATE INDEX twin_pairs_es ON twin_pairs (es_wiki, es_title);
CREATE INDEX twin_pairs_en ON twin_pairs (en_wiki, en_title);
CREATE INDEX twin_pairs_es_key ON twin_pairs (es_key);
CREATE INDEX twin_pairs_en_key ON twin_pairs (en_key);
