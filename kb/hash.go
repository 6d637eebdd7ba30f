package kb

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"math"
)

// hashQueries select every table's rows by natural keys (never by the
// surrogate pk, which depends on insertion order) in a canonical order.
var hashQueries = []struct{ table, query string }{
	{"pages", `SELECT title, fold, namespace, language, wiki FROM pages ORDER BY title`},
	{"revisions", `SELECT rv.id, p.title, rv.parent, rv.timestamp, rv.inferred, rv.user, rv.comment, rv.minor,
		rv.sha1, rv.format, rv.origin, rv.text, rv.extracted, rv.page_editions, rv.links, rv.layout, rv.diagnostics
		FROM revisions rv JOIN pages p ON p.pk = rv.page ORDER BY rv.id`},
	{"records", `SELECT revision, seq, id, section, kind, ordinal, depth, editions, version, superseded,
		superseded_by, alternative, title, text, plain, span_start, span_end, links, notes, skill, fields, template
		FROM records ORDER BY revision, seq`},
	{"faqs", `SELECT id, type, title, version, question, answer, editions, digest, source, removed FROM faqs ORDER BY id`},
	{"faq_related", `SELECT fq.id, fr.seq, fr.title, fr.fold FROM faq_related fr JOIN faqs fq ON fq.pk = fr.faq
		ORDER BY fq.id, fr.seq`},
	{"faq_occurrences", `SELECT o.revision, o.seq, fq.id FROM faq_occurrences o JOIN faqs fq ON fq.pk = o.faq
		ORDER BY o.revision, o.seq`},
	{"categories", `SELECT revision, seq, name FROM categories ORDER BY revision, seq`},
	{"unknown_templates", `SELECT revision, name, count FROM unknown_templates ORDER BY revision, name`},
	{"search/records", `SELECT rec.revision, rec.id, s.page, s.title, s.body FROM search s
		JOIN records rec ON rec.pk = s.rowid ORDER BY rec.revision, rec.seq`},
	{"search/faqs", `SELECT fq.id, s.page, s.title, s.body FROM search s JOIN faqs fq ON fq.pk = -s.rowid
		ORDER BY fq.id`},
	{"search/count", `SELECT COUNT(*) FROM search`},
}

// ContentHash returns the hex SHA-256 of the database content: every row
// of every table (and of the search table), read by natural keys in a
// canonical order, each value tagged with its type and length. Two
// databases holding the same content hash alike whatever order it was put
// in (surrogate keys are left out); any change to a stored value changes
// the hash.
func (db *DB) ContentHash(ctx context.Context) (string, error) {
	h := sha256.New()
	err := db.read(ctx, func(tx *sql.Tx) error {
		for _, q := range hashQueries {
			if err := hashRows(ctx, tx, h, q.table, q.query); err != nil {
				return fmt.Errorf("%s: %w", q.table, err)
			}
		}
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("kb: content hash: %w", err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// hashRows writes the table name and every row of query into h.
func hashRows(ctx context.Context, tx *sql.Tx, h hash.Hash, table, query string) error {
	writeField(h, 't', []byte(table))
	rows, err := tx.QueryContext(ctx, query)
	if err != nil {
		return err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	var num [8]byte
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		writeField(h, 'r', nil)
		for _, v := range vals {
			switch v := v.(type) {
			case nil:
				writeField(h, 'n', nil)
			case int64:
				binary.BigEndian.PutUint64(num[:], uint64(v))
				writeField(h, 'i', num[:])
			case float64:
				binary.BigEndian.PutUint64(num[:], math.Float64bits(v))
				writeField(h, 'f', num[:])
			case string:
				writeField(h, 's', []byte(v))
			case []byte:
				// The only BLOBs are compressed revision texts
				// (textcodec.go): hashed as their text, so that a
				// compressed and a plain copy of a text hash alike.
				text, err := decodeText(v)
				if err != nil {
					return err
				}
				writeField(h, 's', []byte(text))
			default:
				return fmt.Errorf("unexpected value type %T", v)
			}
		}
	}
	return rows.Err()
}

// writeField writes a type tag, the length and the bytes of one value.
func writeField(h hash.Hash, tag byte, b []byte) {
	var head [9]byte
	head[0] = tag
	binary.BigEndian.PutUint64(head[1:], uint64(len(b)))
	h.Write(head[:])
	h.Write(b)
}
