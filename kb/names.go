package kb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/wikirules/wikirules"
)

// The stored page-name index (migration 0014_page_names.sql):
//
//	name_state(one = 1, generation, stamp)
//	    The generation (kb_state, twinstore.go) the rows were computed
//	    at and the stamp of what computed them; no row before the first
//	    PutNames.
//	name_rows(kind, key, seq, data) PK (kind, key, seq)
//	    The rows of the index, opaque to this package: looked up by
//	    kind and key, in seq order. Replaced as a whole by PutNames.

// NameRow is a row of the stored page-name index.
type NameRow = wikirules.NameRow

// NamesState returns the write generation of the knowledge base (now),
// and the generation and stamp the stored page-name index was computed at
// (at is 0 and stamp "" when none is stored).
func (db *DB) NamesState(ctx context.Context) (now, at int64, stamp string, err error) {
	err = db.read(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `SELECT k.generation, COALESCE(n.generation, 0), COALESCE(n.stamp, '')
			FROM kb_state k LEFT JOIN name_state n ON n.one = 1 WHERE k.one = 1`).Scan(&now, &at, &stamp)
	})
	if err != nil {
		return 0, 0, "", fmt.Errorf("kb: page names: %w", err)
	}
	return now, at, stamp, nil
}

// PutNames replaces the stored page-name index with rows, computed from
// the knowledge base at generation gen by what stamp names. It stores
// nothing and returns false when the knowledge base was written after
// gen. It does not raise the generation.
func (db *DB) PutNames(ctx context.Context, gen int64, stamp string, rows []NameRow) (bool, error) {
	same := func(tx *sql.Tx) (bool, error) {
		var at int64
		var st string
		err := tx.QueryRowContext(ctx, `SELECT generation, stamp FROM name_state WHERE one = 1`).Scan(&at, &st)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && (at != gen || st != stamp)) {
			return false, nil
		} else if err != nil {
			return false, err
		}
		type key struct {
			kind, key string
			seq       int
		}
		stored := map[key]string{}
		rs, err := tx.QueryContext(ctx, `SELECT kind, key, seq, data FROM name_rows`)
		if err != nil {
			return false, err
		}
		defer rs.Close()
		for rs.Next() {
			var k key
			var d string
			if err := rs.Scan(&k.kind, &k.key, &k.seq, &d); err != nil {
				return false, err
			}
			stored[k] = d
		}
		if err := rs.Err(); err != nil || len(stored) != len(rows) {
			return false, err
		}
		for _, r := range rows {
			if d, ok := stored[key{r.Kind, r.Key, r.Seq}]; !ok || d != r.Data {
				return false, nil
			}
		}
		return true, nil
	}
	return db.putDerived(ctx, "put page names", gen, same, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM name_rows`); err != nil {
			return err
		}
		ins, err := tx.PrepareContext(ctx, `INSERT INTO name_rows (kind, key, seq, data) VALUES (?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer ins.Close()
		for _, r := range rows {
			if _, err := ins.ExecContext(ctx, r.Kind, r.Key, r.Seq, r.Data); err != nil {
				return fmt.Errorf("%s %q: %w", r.Kind, r.Key, err)
			}
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO name_state (one, generation, stamp) VALUES (1, ?, ?)
		ON CONFLICT (one) DO UPDATE SET generation = excluded.generation, stamp = excluded.stamp`, gen, stamp)
		return err
	})
}

// NameRows returns the data of the stored rows of kind whose key is one
// of keys, by key, in seq order. ok is false when the stored index is not
// the one computed at generation gen by stamp (the knowledge base was
// written since, or the index was replaced): nothing is returned then.
func (db *DB) NameRows(ctx context.Context, gen int64, stamp, kind string, keys []string) (rows map[string][]string, ok bool, err error) {
	err = db.read(ctx, func(stx *sql.Tx) error {
		tx := db.cached(stx)
		var now, at int64
		var st string
		if err := tx.QueryRowContext(ctx, `SELECT k.generation, COALESCE(n.generation, 0), COALESCE(n.stamp, '')
			FROM kb_state k LEFT JOIN name_state n ON n.one = 1 WHERE k.one = 1`).Scan(&now, &at, &st); err != nil {
			return err
		}
		if ok = now == gen && at == gen && st == stamp; !ok || len(keys) == 0 {
			return nil
		}
		rows = map[string][]string{}
		for len(keys) > 0 {
			n := min(len(keys), 500) // under SQLite's limit of bound parameters
			in := strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
			args := make([]any, 0, n+1)
			args = append(args, kind)
			for _, k := range keys[:n] {
				args = append(args, k)
			}
			keys = keys[n:]
			rs, err := tx.QueryContext(ctx, `SELECT key, data FROM name_rows WHERE kind = ? AND key IN (`+in+`) ORDER BY key, seq`, args...)
			if err != nil {
				return err
			}
			for rs.Next() {
				var k, d string
				if err := rs.Scan(&k, &d); err != nil {
					rs.Close()
					return err
				}
				rows[k] = append(rows[k], d)
			}
			if err := rs.Close(); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, false, fmt.Errorf("kb: page names: %w", err)
	}
	return rows, ok, nil
}
