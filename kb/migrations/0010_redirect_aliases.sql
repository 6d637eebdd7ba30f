-- 0010_redirect_aliases.sql: redirects known only because a rendered page
-- was shown through them ("(Redirected from Isolated)" above the text of
-- Isolated State). The redirect page itself was not read, so it is not a
-- page of the knowledge base; its title still names the target page, as
-- it does on the wiki. (wiki, title) is the redirect; target the page it
-- leads to. The tables and their invariants are documented in schema.go.

CREATE TABLE redirect_aliases (
	wiki   TEXT NOT NULL,
	title  TEXT NOT NULL,
	fold   TEXT NOT NULL,
	target INTEGER NOT NULL REFERENCES pages (pk),
	PRIMARY KEY (wiki, title)
);
CREATE INDEX redirect_aliases_fold ON redirect_aliases (fold);
