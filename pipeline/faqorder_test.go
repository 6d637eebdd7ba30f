package pipeline

import (
	"context"
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/sample"
)

// faqQueries select what a knowledge base holds of its FAQs: each FAQ with
// its content, source and summary, its related pages and its occurrences,
// by natural keys.
var faqQueries = []string{
	`SELECT f.id, f.type, f.title, f.version, f.question, f.answer, f.editions, f.digest, f.source, c.first, c.last, c.pages
		FROM faqs f LEFT JOIN faq_current c ON c.faq = f.pk ORDER BY f.id`,
	`SELECT fq.id, fr.seq, fr.title FROM faq_related fr JOIN faqs fq ON fq.pk = fr.faq ORDER BY fq.id, fr.seq`,
	`SELECT o.revision, o.seq, fq.id FROM faq_occurrences o JOIN faqs fq ON fq.pk = o.faq ORDER BY o.revision, o.seq`,
}

// TestFAQOneWhateverOrder: seed 001, the rendered page of "Activación de
// una Tropa", shows its FAQ on LDT and ZC requirements without the title
// and version that identify it; the seed dump (000) shows it in a
// {{faqbox}} with both. Ingested dump first, the rendered entry takes the
// dump's identity (extract.FAQCatalog.Lookup); ingested rendered page
// first, it is stored without them and the dump's FAQ must absorb it
// (extract.FAQCatalog.Identify, kb.Writer.MergeFAQs). Every order, in one
// run or two, gives the same FAQs, and every FAQ record names a stored
// FAQ. (The page's records themselves keep the section they were read
// with: only the FAQ tables are compared.)
func TestFAQOneWhateverOrder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	var paths []string
	for _, name := range []string{sample.DumpName, "001_929bef096f6219fe.txt"} {
		b, err := fs.ReadFile(sample.FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, writeFile(t, dir, name, b))
	}
	dump, page := paths[0], paths[1]
	orders := []struct {
		name string
		runs [][]string
	}{
		{"dump, page in one run", [][]string{{dump, page}}},
		{"page, dump in one run", [][]string{{page, dump}}},
		{"page, then dump", [][]string{{page}, {dump}}},
		{"dump, then page", [][]string{{dump}, {page}}},
		{"page, then dump, then both again", [][]string{{page}, {dump}, {page, dump}}},
	}
	var want string
	var wantCounts []int
	for i, o := range orders {
		path := filepath.Join(t.TempDir(), "kb.db")
		for _, run := range o.runs {
			db, err := kb.Open(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := IngestFiles(ctx, db, run, Options{}); err != nil {
				t.Fatalf("%s: %v", o.name, err)
			}
			db.Close()
		}
		got, counts := queriesHash(t, path, faqQueries)
		if i == 0 {
			want, wantCounts = got, counts
		} else if got != want {
			t.Errorf("%s: FAQs differ from %q: rows %v, want %v", o.name, orders[0].name, counts, wantCounts)
		}
		if n := dangling(t, path); n != "0" {
			t.Errorf("%s: %s FAQ records name an FAQ not stored", o.name, n)
		}
	}
}

// dangling counts the record contents whose faq_id names no stored FAQ.
func dangling(t *testing.T, path string) string {
	t.Helper()
	return queryStrings(t, path, `SELECT count(*) FROM record_contents WHERE fields != ''
		AND CASE WHEN fields = '' THEN NULL ELSE fields ->> 'faq_id' END NOT IN (SELECT id FROM faqs)`)[0]
}
