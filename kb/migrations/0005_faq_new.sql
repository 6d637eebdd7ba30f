-- 0005_faq_new.sql: the FAQ summaries of faq_current are brought up to
-- date from the occurrences stored since the last search flush alone
-- (faq_new), instead of being recomputed from every occurrence of each
-- FAQ shown again: on a long history (a 1 GB export has 410,000
-- occurrences) each flush re-read all of them.
-- The tables and their invariants are documented in current.go.

DROP TRIGGER faq_occurrences_stale;
DROP TABLE faq_stale;

CREATE TABLE faq_new (
	faq      INTEGER NOT NULL REFERENCES faqs (pk),
	revision TEXT NOT NULL REFERENCES revisions (id)
);

-- A new occurrence waits in faq_new until the writer's next search flush
-- (syncCurrent in current.go) merges it into faq_current.
CREATE TRIGGER faq_occurrences_new AFTER INSERT ON faq_occurrences BEGIN
	INSERT INTO faq_new (faq, revision) VALUES (NEW.faq, NEW.revision);
END;
