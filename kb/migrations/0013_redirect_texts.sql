-- 0013_redirect_texts.sql: the revisions whose text is a redirect
-- ("#REDIRECT [[…]]", "#REDIRECCIÓN …": TEXT, as encodeText stores a
-- short text, opening with "#"), so that reading the wiki's redirect
-- pages (redirectPageAliases, at every reader's start) visits those rows
-- only instead of every revision. The expression is the one that query
-- writes: SQLite uses a partial index only for a WHERE that repeats it.

CREATE INDEX revisions_redirect ON revisions (page)
	WHERE typeof(text) = 'text' AND substr(ltrim(text, char(32, 9, 10, 13)), 1, 1) = '#';
