package pipeline

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/sample"
	"github.com/wikirules/wikirules/source"
)

// seedBytes returns the embedded seed contributions dump.
func seedBytes(t testing.TB) []byte {
	t.Helper()
	b, err := fs.ReadFile(sample.FS(), sample.DumpName)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// seedRevisions reads the 50 revisions of the seed dump.
func seedRevisions(t testing.TB) []*wikirules.Revision {
	t.Helper()
	revs, err := source.ReadAll(source.NewContribs(strings.NewReader(string(seedBytes(t))), sample.DumpName))
	if err != nil {
		t.Fatal(err)
	}
	return revs
}

// writeFile writes data to name in dir and returns its path.
func writeFile(t testing.TB, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// openDB opens (creating) a database file in a fresh temporary directory.
func openDB(t testing.TB) (*kb.DB, string) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "kb.db")
	db, err := kb.Open(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, p
}

// contentHash returns db.ContentHash or fails the test.
func contentHash(t testing.TB, db *kb.DB) string {
	t.Helper()
	h, err := db.ContentHash(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// canonicalQueries select what an ingest derives from a revision, whatever
// format it came in: revisions without format and origin (where it was
// read from), records, FAQs with their related pages and occurrences,
// categories and unknown templates; natural keys only, in a fixed order.
var canonicalQueries = []string{
	`SELECT rv.id, p.title, p.namespace, rv.parent, rv.timestamp, rv.inferred, rv.user, rv.comment, rv.minor,
		rv.sha1, rv.text, rv.extracted, rv.page_editions, rv.links, rv.layout, rv.diagnostics
		FROM revisions rv JOIN pages p ON p.pk = rv.page ORDER BY rv.id`,
	`SELECT revision, seq, id, section, kind, ordinal, depth, editions, version, superseded, superseded_by,
		alternative, title, text, plain, span_start, span_end, links, notes, skill, fields, template
		FROM records ORDER BY revision, seq`,
	`SELECT id, type, title, version, question, answer, editions, digest, source FROM faqs ORDER BY id`,
	`SELECT fq.id, fr.seq, fr.title FROM faq_related fr JOIN faqs fq ON fq.pk = fr.faq ORDER BY fq.id, fr.seq`,
	`SELECT o.revision, o.seq, fq.id FROM faq_occurrences o JOIN faqs fq ON fq.pk = o.faq ORDER BY o.revision, o.seq`,
	`SELECT revision, seq, name FROM categories ORDER BY revision, seq`,
	`SELECT revision, name, count FROM unknown_templates ORDER BY revision, name`,
}

// canonicalHash hashes the rows of canonicalQueries in the database file
// at path, and returns the hash and the row count of each query.
func canonicalHash(t testing.TB, path string) (string, []int) {
	t.Helper()
	return queriesHash(t, path, canonicalQueries)
}

// queriesHash hashes the rows of queries in the database file at path,
// and returns the hash and the row count of each query.
func queriesHash(t testing.TB, path string, queries []string) (string, []int) {
	t.Helper()
	sdb, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer sdb.Close()
	h := sha256.New()
	var counts []int
	for _, q := range queries {
		rows, err := sdb.Query(q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		cols, _ := rows.Columns()
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		n := 0
		for rows.Next() {
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for _, v := range vals {
				if b, ok := v.([]byte); ok {
					v = string(b)
				}
				fmt.Fprintf(h, "%T:%d:%v\x00", v, len(fmt.Sprint(v)), v)
			}
			h.Write([]byte{'\n'})
			n++
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		rows.Close()
		counts = append(counts, n)
	}
	return hex.EncodeToString(h.Sum(nil)), counts
}

// queryStrings returns the one-column rows of query in the database file
// at path, read-only.
func queryStrings(t testing.TB, path, query string) []string {
	t.Helper()
	sdb, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer sdb.Close()
	rows, err := sdb.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
