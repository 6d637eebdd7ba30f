-- 0003_faq_current.sql: what the occurrences of each FAQ say of it in the
-- current wiki (pages showing it, oldest and newest revision), kept
-- instead of aggregated from every occurrence at each read.
-- The tables and their invariants are documented in current.go.

CREATE TABLE faq_current (
	faq   INTEGER PRIMARY KEY REFERENCES faqs (pk),
	first TEXT NOT NULL, -- "timestamp id" of the oldest revision showing it
	last  TEXT NOT NULL, -- "timestamp id" of the newest
	pages TEXT NOT NULL  -- JSON array of the titles of the pages showing it
);

CREATE TABLE faq_stale (
	faq INTEGER PRIMARY KEY REFERENCES faqs (pk)
);

-- A new occurrence makes its FAQ's summary stale until the writer's next
-- search flush (syncCurrent in current.go) recomputes it.
CREATE TRIGGER faq_occurrences_stale AFTER INSERT ON faq_occurrences BEGIN
	INSERT OR IGNORE INTO faq_stale (faq) VALUES (NEW.faq);
END;

INSERT INTO faq_current (faq, first, last, pages)
	SELECT o.faq, MIN(r.timestamp || ' ' || r.id), MAX(r.timestamp || ' ' || r.id), json_group_array(DISTINCT p.title)
	FROM faq_occurrences o JOIN revisions r ON r.id = o.revision JOIN pages p ON p.pk = r.page
	GROUP BY o.faq;
