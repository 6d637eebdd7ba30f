package kb

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// Search limits: user text beyond them is ignored.
const (
	maxSearchTokens   = 16 // tokens kept from the user's text
	maxTokenRunes     = 40 // runes kept of each token
	defaultSearchHits = 20 // hits returned when Filter.Limit is 0
)

// searchTable is the full-text table a search reads: search_current
// (current records and every FAQ, see current.go) for the current wiki,
// search (every stored record content) when f.AsOf pins an older state.
func searchTable(f wikirules.Filter) string {
	if f.AsOf.IsZero() {
		return "search_current"
	}
	return "search"
}

// bm25Rank is the FTS5 rank expression over table (search or
// search_current): columns page, title, body weighted 3, 2, 1 (a match in
// the page title or a record's title and section counts more than one in
// the text). Lower is better.
func bm25Rank(table string) string { return `bm25(` + table + `, 3.0, 2.0, 1.0)` }

// searchQuery is a user's search text reduced to plain word tokens: its
// words as lang.Split finds them (runs of Unicode letters and numbers,
// with the combining marks that follow them; FTS5's unicode61 tokenizer
// splits the same way). Everything else, including FTS5 syntax (quotes,
// "*", "-", ":", parentheses, "^", "+"), separates tokens, and AND, OR,
// NOT, NEAR are plain words: the user's text never reaches MATCH as
// syntax.
type searchQuery struct {
	tokens []string
}

// newSearchQuery tokenises text (see searchQuery); at most maxSearchTokens
// tokens of at most maxTokenRunes runes each are kept.
func newSearchQuery(text string) searchQuery {
	var q searchQuery
	for _, w := range lang.Split(text) {
		if len(q.tokens) == maxSearchTokens {
			break
		}
		tok := w.Text
		if r := []rune(tok); len(r) > maxTokenRunes {
			tok = string(r[:maxTokenRunes])
		}
		q.tokens = append(q.tokens, tok)
	}
	return q
}

// empty reports whether the query has no token.
func (q searchQuery) empty() bool { return len(q.tokens) == 0 }

// match returns the FTS5 MATCH expression: every token quoted as a string
// ("tok", prefix-matched as "tok"* when it has two runes or more), joined
// by AND (implicit) or, with or, by OR.
func (q searchQuery) match(or bool) string {
	if or {
		return matchExpr(q.tokens, " OR ")
	}
	return matchExpr(q.tokens, " ")
}

// matches returns the MATCH expressions a search tries in turn until one
// finds something: all tokens (match(false)); any token but the function
// words of fallbackStopwords; any token (match(true), only when function
// words were left out before). In a question the function words match
// nearly every row while adding next to nothing to its BM25 score, and
// scoring every row is what makes the any-token fallback slow.
func (q searchQuery) matches() []string {
	var out []string
	for _, m := range q.searches() {
		out = append(out, m.expr)
	}
	return out
}

// searchMatch is one MATCH expression of a search and the tokens it is
// made of, in their order in it (FTS5's phrases).
type searchMatch struct {
	expr   string
	tokens []string
}

// searches returns the MATCH expressions of matches with their tokens.
func (q searchQuery) searches() []searchMatch {
	out := []searchMatch{{q.match(false), q.tokens}}
	if len(q.tokens) < 2 {
		return out
	}
	var content []string
	for _, t := range q.tokens {
		if !fallbackStopwords[lang.Fold(t)] {
			content = append(content, t)
		}
	}
	if len(content) > 0 && len(content) < len(q.tokens) {
		out = append(out, searchMatch{matchExpr(content, " OR "), content})
	}
	return append(out, searchMatch{q.match(true), q.tokens})
}

// matchExpr quotes tokens (see match) and joins them with sep.
func matchExpr(tokens []string, sep string) string {
	parts := make([]string, len(tokens))
	for i, t := range tokens {
		parts[i] = `"` + t + `"`
		if len([]rune(t)) > 1 {
			parts[i] += "*"
		}
	}
	return strings.Join(parts, sep)
}

// fallbackStopwords are folded Spanish and English function words, left
// out of the any-token fallback of a search (see searchQuery.match).
var fallbackStopwords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a al ante con contra de del desde e el en entre es esta este hay la las le les
		lo los o para pero por que se si sin su sus u un una uno unos unas y ya como cual cuando donde
		an and any are as at be been but by can could do does for from had has have how i if in into is it
		its my no not of on or our so than that the their then there these this those to was we were what
		when where which while who why will with would you your`) {
		m[w] = true
	}
	return m
}()

// SearchText searches current records and FAQs (FTS5, accents and case
// ignored) for the words of text. Any text is accepted: it is reduced to
// word tokens (see searchQuery); records matching all tokens (prefixes)
// come first, and only when nothing matches all of them is any token
// enough (any token but the function words "de", "la", "the"…, then
// any token at all). Hits are ranked by BM25 (page and title weigh more than text),
// best first, with a snippet marking matches with « » (makeSnippet; none
// with f.NoSnippets) and their citation.
//
// Records come from the revision of each page current as of f.AsOf and
// are filtered as Records filters them; FAQs as FAQs filters them (f.Kinds
// "faq"/"errata" keep FAQs, other kinds records). f.Limit caps the hits
// (default 20). Text with no word gives no hits.
func (db *DB) SearchText(ctx context.Context, text string, f wikirules.Filter) ([]wikirules.Hit, error) {
	q := newSearchQuery(text)
	if q.empty() {
		return []wikirules.Hit{}, nil
	}
	limit := f.Limit
	if limit <= 0 {
		limit = defaultSearchHits
	}
	var hits []wikirules.Hit
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		for _, m := range q.searches() {
			if hits, err = searchAll(ctx, tx, m, f, limit); err != nil || len(hits) > 0 {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("kb: search %q: %w", text, err)
	}
	return hits, nil
}

// searchAll runs one MATCH expression over records and FAQs and keeps the
// best limit by score (records first among equals); only the records and
// FAQs kept are read, and their snippets made.
func searchAll(ctx context.Context, tx *sql.Tx, m searchMatch, f wikirules.Filter, limit int) ([]wikirules.Hit, error) {
	ranked, err := rankHits(ctx, tx, m.expr, f, limit)
	if err != nil {
		return nil, err
	}
	var snippets map[int64]string
	if !f.NoSnippets {
		if snippets, err = snippetsOf(ctx, tx, searchTable(f), ranked, phrasesOf(m.tokens)); err != nil {
			return nil, err
		}
	}
	var recKeys []recordKey
	var faqPKs []int64
	for _, r := range ranked {
		if r.rowid > 0 {
			recKeys = append(recKeys, recordKey{r.revision, r.rowid})
		} else {
			faqPKs = append(faqPKs, -r.rowid)
		}
	}
	byKey, err := recordsByKey(ctx, tx, recKeys)
	if err != nil {
		return nil, fmt.Errorf("records: %w", err)
	}
	faqs, err := loadFAQs(ctx, tx, faqPKs, asOfBound(f))
	if err != nil {
		return nil, err
	}
	faqByPK := make(map[int64]*wikirules.FAQ, len(faqs))
	for i, pk := range faqPKs { // loadFAQs keeps the order; FAQ rows are distinct
		faqByPK[pk] = &faqs[i].FAQ
	}
	hits := make([]wikirules.Hit, 0, len(ranked))
	for _, r := range ranked {
		h := wikirules.Hit{Score: r.score, Snippet: oneLine(snippets[r.rowid])}
		if r.rowid > 0 {
			if h.Record = byKey[recordKey{r.revision, r.rowid}]; h.Record == nil {
				return nil, fmt.Errorf("records: search row %d matched in revision %s, then not found", r.rowid, r.revision)
			}
			h.Citation = wikirules.CitationOf(*h.Record)
		} else {
			h.FAQ = faqByPK[-r.rowid]
			h.Citation = wikirules.CitationOfFAQ(*h.FAQ, "")
		}
		hits = append(hits, h)
	}
	return hits, nil
}

// snippetsOf returns the snippets (makeSnippet) of the body column of the
// ranked rows of table, by rowid.
func snippetsOf(ctx context.Context, tx *sql.Tx, table string, ranked []rankedRow, phrases []phrase) (map[int64]string, error) {
	if len(ranked) == 0 {
		return nil, nil
	}
	ids := make([]any, len(ranked))
	for i, r := range ranked {
		ids[i] = r.rowid
	}
	rows, err := tx.QueryContext(ctx, `SELECT rowid, body FROM `+table+` WHERE rowid IN (`+placeholders(len(ids))+`)`, ids...)
	if err != nil {
		return nil, fmt.Errorf("snippets: %w", err)
	}
	defer rows.Close()
	out := make(map[int64]string, len(ranked))
	for rows.Next() {
		var id int64
		var body string
		if err := rows.Scan(&id, &body); err != nil {
			return nil, fmt.Errorf("snippets: %w", err)
		}
		out[id] = makeSnippet(body, phrases)
	}
	return out, rows.Err()
}

// rankHits returns the rowids, scores and revisions of the best limit rows
// matching match, best first: records (rowid > 0) filtered as SearchText
// says, FAQs (rowid < 0) as FAQs filters. Without f.AsOf it reads
// search_current, whose records are all current; with it, search,
// keeping the records of the revision current at f.AsOf.
//
// One query ranks both kinds of rows, so FTS5 evaluates the expression
// once, and it joins only the small columns the filters need: selecting
// the records' columns in the ranking query would read and sort the text
// of every match, which with the any-token fallback is most of the table
// (hundreds of ms at 100,000 records); searchAll reads the rows kept.
// The snippets are made apart (snippetsOf): FTS5's snippet() is
// quadratic in the matches of a row.
func rankHits(ctx context.Context, tx *sql.Tx, match string, f wikirules.Filter, limit int) ([]rankedRow, error) {
	t := searchTable(f)
	var rw, fw where
	// rv is the revision whose records the search reads on the page of the
	// matched content rec: the current one, kept by search_current, or the
	// one current at f.AsOf, which must show rec (search holds every
	// content ever stored).
	revOfPage := `(SELECT cr.revision FROM current_revisions cr WHERE cr.page = rec.page)`
	var revArgs []any
	if !f.AsOf.IsZero() {
		revOfPage = `(` + fmt.Sprintf(currentRevision, "rec.page") + `)`
		revArgs = []any{asOfLower(f), asOfBound(f)}
		rw.add(`EXISTS (SELECT 1 FROM revision_records rr, json_each(rr.records) j
			WHERE rr.revision = rv.id AND j.value ->> 0 = rec.pk)`)
	}
	recordFilter(&rw, f)
	if len(f.Pages) > 0 {
		pks, err := resolvePages(ctx, tx, f.Pages, f)
		if err != nil {
			return nil, err
		}
		rw.add(`rec.page IN (`+placeholders(len(pks))+`)`, pks...)
	}
	if err := faqFilter(ctx, tx, &fw, f); err != nil {
		return nil, err
	}
	args := append(append(append(append(revArgs, match), rw.args...), fw.args...), limit)
	rows, err := tx.QueryContext(ctx, `SELECT `+t+`.rowid, -`+bm25Rank(t)+` AS score,
		COALESCE(rv.id, '') FROM `+t+`
		LEFT JOIN record_contents rec ON `+t+`.rowid > 0 AND rec.pk = `+t+`.rowid
		LEFT JOIN revisions rv ON `+t+`.rowid > 0 AND rv.id = `+revOfPage+`
		LEFT JOIN faqs fq ON `+t+`.rowid < 0 AND fq.pk = -`+t+`.rowid
		WHERE `+t+` MATCH ? AND ((`+t+`.rowid > 0 AND rv.id IS NOT NULL AND `+rw.sql()+`) OR (`+t+`.rowid < 0 AND `+fw.sql()+`))
		ORDER BY score DESC, `+t+`.rowid < 0, abs(`+t+`.rowid) LIMIT ?`, args...)
	if err != nil {
		return nil, fmt.Errorf("rank: %w", err)
	}
	return scanRanked(rows)
}

// recordKey names a record by its revision and content (search rowid);
// a revision showing one content twice is read as its first record.
type recordKey struct {
	revision string
	content  int64
}

// recordsByKey reads the records of the given keys.
func recordsByKey(ctx context.Context, tx *sql.Tx, keys []recordKey) (map[recordKey]*wikirules.Record, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	args := make([]any, 0, 2*len(keys))
	values := make([]string, len(keys))
	for i, k := range keys {
		args = append(args, k.revision, k.content)
		values[i] = "(?, ?)"
	}
	rows, err := tx.QueryContext(ctx, `SELECT `+recordCols+`, rec.pk FROM `+recordJoin+`
		WHERE (rec.revision, rec.pk) IN (VALUES `+strings.Join(values, ", ")+`) ORDER BY rec.seq`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make(map[recordKey]*wikirules.Record, len(keys))
	for rows.Next() {
		var pk int64
		r, err := scanRecord(rows, &pk)
		if err != nil {
			return nil, err
		}
		if k := (recordKey{r.RevisionID, pk}); out[k] == nil {
			out[k] = &r
		}
	}
	return out, rows.Err()
}

// rankedRow is a search row's rowid and score (higher is better), and
// for a record the revision it is read from.
type rankedRow struct {
	rowid    int64
	score    float64
	revision string
}

// scanRanked reads rows of rowid, score and revision, and closes them.
func scanRanked(rows *sql.Rows) ([]rankedRow, error) {
	defer rows.Close()
	var out []rankedRow
	for rows.Next() {
		var r rankedRow
		if err := rows.Scan(&r.rowid, &r.score, &r.revision); err != nil {
			return nil, fmt.Errorf("records: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// oneLine collapses the whitespace of a snippet (newlines between
// question and answer, between plain text and notes) to single spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// faqHit is a FAQ matched by the search table.
type faqHit struct {
	pk    int64
	score float64
}

// searchFAQs returns the FAQs matching q, best first (all tokens, else any
// token as SearchText falls back), filtered as FAQs filters; limit 0 means
// no cap.
func searchFAQs(ctx context.Context, tx *sql.Tx, q searchQuery, f wikirules.Filter, limit int) ([]faqHit, error) {
	var hits []faqHit
	var err error
	for _, m := range q.matches() {
		if hits, err = searchFAQsMatch(ctx, tx, m, f, limit); err != nil || len(hits) > 0 {
			break
		}
	}
	return hits, err
}

// searchFAQsMatch runs one MATCH expression over the FAQ rows of the
// search table (search_current without f.AsOf: the same FAQ rows).
func searchFAQsMatch(ctx context.Context, tx *sql.Tx, match string, f wikirules.Filter, limit int) ([]faqHit, error) {
	t := searchTable(f)
	var w where
	w.add(t+` MATCH ?`, match)
	w.add(t + `.rowid < 0`)
	if err := faqFilter(ctx, tx, &w, f); err != nil {
		return nil, err
	}
	q := `SELECT fq.pk, -` + bm25Rank(t) + ` FROM ` + t + ` JOIN faqs fq ON fq.pk = -` + t + `.rowid
		WHERE ` + w.sql() + ` ORDER BY ` + bm25Rank(t)
	if limit > 0 {
		q += fmt.Sprintf(" LIMIT %d", limit)
	}
	rows, err := tx.QueryContext(ctx, q, w.args...)
	if err != nil {
		return nil, fmt.Errorf("faqs: %w", err)
	}
	defer rows.Close()
	var hits []faqHit
	for rows.Next() {
		var h faqHit
		if err := rows.Scan(&h.pk, &h.score); err != nil {
			return nil, fmt.Errorf("faqs: %w", err)
		}
		hits = append(hits, h)
	}
	return hits, rows.Err()
}
