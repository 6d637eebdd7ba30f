-- 0007_title_fold.sql: the fold column of pages and faq_related holds
-- foldTitle(title) (fold.go): lang.Fold removes the diacritics of every
-- Latin letter, as the FTS5 tokenizer of the search tables does, where the
-- fold of migrations 0001-0006 removed only those of a fixed list (ā, ő,
-- ș… were kept). Keys stored that way are recomputed, so that the case-
-- and accent-insensitive lookups find their rows.

UPDATE pages SET fold = fold_title(title) WHERE fold <> fold_title(title);
UPDATE faq_related SET fold = fold_title(title) WHERE fold <> fold_title(title);
