-- 0011_faq_removed.sql: the FAQ version that withdrew an entry
-- (wikirules.FAQ.Removed: "1.3, Nov 2022" for "Version: Removed in 1.3,
-- Nov 2022 1.0, Jan 2021"), "" for an entry in force. Rows stored before
-- this migration hold "" until their revisions are extracted again.
-- The tables and their invariants are documented in schema.go.

ALTER TABLE faqs ADD COLUMN removed TEXT NOT NULL DEFAULT '';
