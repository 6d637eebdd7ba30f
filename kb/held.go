package kb

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/wikirules/wikirules"
)

// Records held for an edition.
//
// A page the wiki rewrote for a new edition often drops the text of the
// older one: the current revision of an N5 page may keep no N4 or CodeOne
// block, while an older revision of the page holds them. For an edition
// the current revision of a page holds no record of (no record whose
// editions include it; a record of unknown edition holds in none), the
// page's newest older revision that does hold one serves that edition:
// its records of the edition, marked Record.HeldFor, cite that revision,
// so a reader sees the text is not the page's current one. Only records
// in force in that revision are held (superseded ones are not).

// heldRevisionSQL selects the newest revision of page {page}, other than
// {cur}, with a timestamp between ?1 and ?2 (asOfLower, asOfBound), not
// hidden, that has a record in force whose editions meet {holds} (a
// condition on r.editions).
var heldRevisionSQL = `SELECT hr.id FROM revisions hr WHERE hr.page = {page} AND hr.id != {cur}
	AND hr.timestamp BETWEEN ? AND ?
	AND NOT EXISTS (SELECT 1 FROM hidden_revisions h WHERE h.revision = hr.id AND (h.deleted OR h.texthidden))
	AND EXISTS (SELECT 1 FROM records r WHERE r.revision = hr.id AND r.superseded = 0 AND {holds})
	ORDER BY ` + revisionOrder("hr") + ` DESC, hr.id DESC LIMIT 1`

// heldRecords returns, for each page of pks (every page when pks is
// nil) and each edition of eds, the records an older revision holds for
// that edition when the page's current revision (as of f.AsOf) holds
// none (see above), with f.Kinds applied, in page and source order. A
// record held for several editions comes once, HeldFor naming them all.
func heldRecords(ctx context.Context, tx querier, pks []any, eds wikirules.Editions, f wikirules.Filter) ([]wikirules.Record, error) {
	// Only a page of several revisions can hold an edition in an older
	// one: the others are spared the current revision's look-up.
	scope := ` WHERE EXISTS (SELECT 1 FROM revisions o WHERE o.page = cp.pk LIMIT 1 OFFSET 1)`
	if pks != nil {
		if len(pks) == 0 {
			return nil, nil
		}
		scope += ` AND cp.pk IN (` + placeholders(len(pks)) + `)`
	}
	heldOf := func(holds string) string {
		return strings.NewReplacer("{page}", "cur.pk", "{cur}", "cur.id", "{holds}", holds).Replace(heldRevisionSQL)
	}
	var kinds where
	if len(f.Kinds) > 0 {
		ks := make([]any, len(f.Kinds))
		for i, k := range f.Kinds {
			ks[i] = string(k)
		}
		kinds.add(`rec.kind IN (`+placeholders(len(ks))+`)`, ks...)
	}
	var out []wikirules.Record
	at := map[[2]string]int{}
	add := func(recs []wikirules.Record, ed wikirules.Edition) {
		for _, r := range recs {
			k := [2]string{r.RevisionID, r.ID}
			if i, ok := at[k]; ok {
				out[i].HeldFor |= wikirules.Editions(ed)
				continue
			}
			r.HeldFor = wikirules.Editions(ed)
			at[k] = len(out)
			out = append(out, r)
		}
	}
	for _, ed := range wikirules.NewestFirst {
		if !eds.Has(ed) {
			continue
		}
		bit := int(ed)
		args := append([]any{asOfLower(f), asOfBound(f)}, pks...)
		args = append(args, asOfLower(f), asOfBound(f))
		args = append(args, kinds.args...)
		w := where{conds: append([]string{`rec.superseded = 0`, fmt.Sprintf(`rec.editions & %d != 0`, bit)}, kinds.conds...)}
		q := `WITH cur (pk, id) AS (SELECT cp.pk, (` + fmt.Sprintf(currentRevision, "cp.pk") + `) FROM pages cp` + scope + `),
			held (id) AS (SELECT (` + heldOf(fmt.Sprintf(`r.editions & %d != 0`, bit)) + `) FROM cur WHERE cur.id IS NOT NULL
				AND NOT EXISTS (SELECT 1 FROM records c WHERE c.revision = cur.id AND c.superseded = 0 AND c.editions & ` + fmt.Sprint(bit) + ` != 0))
			SELECT ` + recordCols + ` FROM held JOIN records rec ON rec.revision = held.id
			JOIN revisions rv ON rv.id = rec.revision JOIN pages p ON p.pk = rv.page
			WHERE ` + w.sql() + ` ORDER BY p.title, rec.seq`
		recs, err := queryRecords(ctx, tx, q, args...)
		if err != nil {
			return nil, fmt.Errorf("held for %s: %w", wikirules.Editions(ed), err)
		}
		add(recs, ed)
	}
	slices.SortStableFunc(out, func(a, b wikirules.Record) int { return strings.Compare(a.Page, b.Page) })
	return out, nil
}

// viewedRevision returns the revision a page view of edition f.Edition
// shows of page pk whose current revision is cur: cur when it holds a
// record in force of the edition, else the newest older revision that
// does, else cur.
func viewedRevision(ctx context.Context, tx querier, pk int64, cur string, f wikirules.Filter) (string, error) {
	bit := int(f.Edition)
	var holds bool
	if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM records c WHERE c.revision = ? AND c.superseded = 0
		AND c.editions & ? != 0)`, cur, bit).Scan(&holds); err != nil || holds {
		return cur, err
	}
	q := strings.NewReplacer("{page}", "?", "{cur}", "?", "{holds}", fmt.Sprintf(`r.editions & %d != 0`, bit)).Replace(heldRevisionSQL)
	var held string
	switch err := tx.QueryRowContext(ctx, q, pk, cur, asOfLower(f), asOfBound(f)).Scan(&held); err {
	case nil:
		return held, nil
	case sql.ErrNoRows:
		return cur, nil
	default:
		return "", err
	}
}

// HeldRecords returns the records held for an edition (see above) of the
// pages f.Pages (every page when empty), for f.Edition (every edition
// when zero), as of f.AsOf, of the kinds f.Kinds: what an index of the
// knowledge base holds besides the current records.
func (db *DB) HeldRecords(ctx context.Context, f wikirules.Filter) ([]wikirules.Record, error) {
	var out []wikirules.Record
	err := db.read(ctx, func(tx *sql.Tx) error {
		var pks []any
		if len(f.Pages) > 0 {
			var err error
			if pks, err = resolvePages(ctx, tx, f.Pages, f); err != nil {
				return err
			}
			if pks == nil {
				pks = []any{}
			}
		}
		eds := wikirules.AllEditions
		if f.Edition != 0 {
			eds = wikirules.Editions(f.Edition)
		}
		var err error
		out, err = heldRecords(ctx, tx, pks, eds, f)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("kb: held records: %w", err)
	}
	return out, nil
}
