-- 0004_record_contents.sql: a record's content is stored once per page,
-- however many revisions show it unchanged; each revision lists its
-- records as rows that point at their content. A revision of a page
-- usually changes a few of its records, so this keeps one copy (and one
-- search row) of each unchanged record instead of one per revision.
-- The tables and their invariants are documented in schema.go.

CREATE TABLE record_contents (
	pk            INTEGER PRIMARY KEY,
	page          INTEGER NOT NULL REFERENCES pages (pk),
	digest        TEXT NOT NULL, -- newContent's digest of the columns below (prepare.go)
	section       TEXT NOT NULL,
	kind          TEXT NOT NULL,
	ordinal       INTEGER NOT NULL,
	depth         INTEGER NOT NULL,
	editions      INTEGER NOT NULL,
	version       TEXT NOT NULL,
	superseded    INTEGER NOT NULL,
	title         TEXT NOT NULL,
	links         TEXT NOT NULL,
	notes         TEXT NOT NULL,
	skill         TEXT NOT NULL,
	fields        TEXT NOT NULL,
	template      TEXT NOT NULL,
	text          TEXT NOT NULL,
	plain         TEXT NOT NULL,
	UNIQUE (page, digest)
);

-- One row per revision with records: the list of its records in source
-- order, a JSON array of [content, id, span_start, span_end,
-- superseded_by, alternative] (one row instead of one per record: most of
-- a revision is the contents it shares with its parent).
CREATE TABLE revision_records (
	revision TEXT PRIMARY KEY REFERENCES revisions (id),
	count    INTEGER NOT NULL, -- the list's length
	records  TEXT NOT NULL
);

-- The records stored so far keep their pk as their content's pk (the
-- rowid of their search rows), one content each: their digest is a
-- placeholder no new record matches, so sharing starts with the records
-- stored from now on.
INSERT INTO record_contents (pk, page, digest, section, kind, ordinal, depth, editions, version, superseded,
		title, links, notes, skill, fields, template, text, plain)
	SELECT rec.pk, rv.page, 'records.pk ' || rec.pk, rec.section, rec.kind, rec.ordinal, rec.depth, rec.editions,
		rec.version, rec.superseded, rec.title, rec.links, rec.notes, rec.skill, rec.fields, rec.template,
		rec.text, rec.plain
	FROM records rec JOIN revisions rv ON rv.id = rec.revision ORDER BY rec.pk;

INSERT INTO revision_records (revision, count, records)
	SELECT revision, COUNT(*), json_group_array(json_array(pk, id, span_start, span_end, superseded_by, alternative) ORDER BY seq)
	FROM records GROUP BY revision;

DROP TABLE records;

-- records is what the table of that name held: one row per record of
-- every revision, pk being its content's pk (shared by the revisions that
-- show the same content).
CREATE VIEW records AS
	SELECT rr.revision, j.key AS seq, j.value ->> 1 AS id, j.value ->> 0 AS pk, c.page, c.section, c.kind,
		c.ordinal, c.depth, c.editions, c.version, c.superseded, j.value ->> 4 AS superseded_by,
		j.value ->> 5 AS alternative, c.title, c.text, c.plain, j.value ->> 2 AS span_start,
		j.value ->> 3 AS span_end, c.links, c.notes, c.skill, c.fields, c.template
	FROM revision_records rr, json_each(rr.records) j JOIN record_contents c ON c.pk = j.value ->> 0;
