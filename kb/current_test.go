package kb

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// searchRow is one row of a full-text table.
type searchRow struct {
	rowid             int64
	page, title, body string
}

// searchRows runs a query selecting rowid, page, title, body.
func searchRows(t testing.TB, db *DB, query string) []searchRow {
	t.Helper()
	rows, err := db.db.QueryContext(context.Background(), query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []searchRow
	for rows.Next() {
		var r searchRow
		if err := rows.Scan(&r.rowid, &r.page, &r.title, &r.body); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// checkSearchCurrent checks that search_current holds exactly the search
// rows of every FAQ and of the records of each page's newest revision by
// (timestamp, id), worked out here from the revisions table alone, that
// faq_current summarises every FAQ's occurrences (first timestamp, last
// revision, number of pages), that current_revisions names the newest
// revision of every page and nothing is left unsynced, and that
// FTS5 finds search_current sound. It returns the number of rows of
// search_current and of search.
func checkSearchCurrent(t testing.TB, db *DB) (current, all int) {
	t.Helper()
	want := searchRows(t, db, `SELECT rowid, page, title, body FROM search WHERE rowid < 0 OR rowid IN
		(SELECT rec.pk FROM records rec JOIN revisions rv ON rv.id = rec.revision
		WHERE rv.id = (SELECT cr.id FROM revisions cr WHERE cr.page = rv.page ORDER BY cr.timestamp DESC, cr.id DESC LIMIT 1))
		ORDER BY rowid`)
	got := searchRows(t, db, `SELECT rowid, page, title, body FROM search_current ORDER BY rowid`)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("search_current holds %d rows, want %d (the current records' and FAQs' search rows)", len(got), len(want))
		for i := 0; i < len(got) && i < len(want); i++ {
			if got[i] != want[i] {
				t.Errorf("first difference at %d: got rowid %d %q, want rowid %d %q", i, got[i].rowid, got[i].title, want[i].rowid, want[i].title)
				break
			}
		}
	}
	var stale, wrong, pages int
	if err := db.db.QueryRow(`SELECT (SELECT COUNT(*) FROM current_revisions WHERE indexed != revision),
		(SELECT COUNT(*) FROM current_revisions c WHERE c.revision IS NOT (SELECT cr.id FROM revisions cr
			WHERE cr.page = c.page ORDER BY cr.timestamp DESC, cr.id DESC LIMIT 1)
			OR c.timestamp IS NOT (SELECT timestamp FROM revisions WHERE id = c.revision)),
		(SELECT COUNT(DISTINCT page) - (SELECT COUNT(*) FROM current_revisions) FROM revisions)`).Scan(&stale, &wrong, &pages); err != nil {
		t.Fatal(err)
	} else if stale != 0 || wrong != 0 || pages != 0 {
		t.Errorf("current_revisions: %d pages not synced, %d not naming the newest revision, %d pages missing", stale, wrong, pages)
	}
	wantFAQs := faqSummaries(t, db, `SELECT fq.id, MIN(r.timestamp), MAX(r.timestamp || r.id), COUNT(DISTINCT r.page)
		FROM faq_occurrences o JOIN faqs fq ON fq.pk = o.faq JOIN revisions r ON r.id = o.revision
		GROUP BY fq.id ORDER BY fq.id`)
	gotFAQs := faqSummaries(t, db, `SELECT fq.id, substr(c.first, 1, instr(c.first, ' ') - 1), replace(c.last, ' ', ''),
		json_array_length(c.pages) FROM faq_current c JOIN faqs fq ON fq.pk = c.faq ORDER BY fq.id`)
	if len(wantFAQs) == 0 || !reflect.DeepEqual(gotFAQs, wantFAQs) {
		t.Errorf("faq_current: %d FAQs %q\nwant %d: %q", len(gotFAQs), gotFAQs, len(wantFAQs), wantFAQs)
	}
	if _, err := db.db.Exec(`INSERT INTO search_current (search_current) VALUES ('integrity-check')`); err != nil {
		t.Errorf("search_current integrity: %v", err)
	}
	if err := db.db.QueryRow(`SELECT COUNT(*) FROM search`).Scan(&all); err != nil {
		t.Fatal(err)
	}
	return len(got), all
}

// faqSummaries runs a query selecting four columns and returns each row
// joined by "|".
func faqSummaries(t testing.TB, db *DB, query string) []string {
	t.Helper()
	rows, err := db.db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var a, b, c, d string
		if err := rows.Scan(&a, &b, &c, &d); err != nil {
			t.Fatal(err)
		}
		out = append(out, a+"|"+b+"|"+c+"|"+d)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSearchCurrent stores synthetic page histories (50 revisions a page,
// records differing from one revision to the next, FAQs repeated and
// rewritten) by several write paths and orders, and checks
// search_current after each.
func TestSearchCurrent(t *testing.T) {
	ctx := context.Background()
	items := synthetic(t, 230) // five pages, the last one with 30 revisions
	reversed := slices.Clone(items)
	slices.Reverse(reversed)
	older, newer := activacion(t)
	for _, tc := range []struct {
		name  string
		store func(t *testing.T, db *DB)
	}{
		{"one put", func(t *testing.T, db *DB) {
			if _, err := db.Put(ctx, items); err != nil {
				t.Fatal(err)
			}
		}},
		{"newest first, batches of 37", func(t *testing.T, db *DB) {
			for i := 0; i < len(reversed); i += 37 {
				if _, err := db.Put(ctx, reversed[i:min(i+37, len(reversed))]); err != nil {
					t.Fatal(err)
				}
				checkSearchCurrent(t, db)
			}
		}},
		{"writer flushing every 100 rows", func(t *testing.T, db *DB) { stream(t, db, items, 100) }},
		{"writer, then put again and older revisions", func(t *testing.T, db *DB) {
			stream(t, db, items[:120], 0)
			if _, err := db.Put(ctx, append(items[100:], newer, older)); err != nil {
				t.Fatal(err)
			}
		}},
		{"same timestamp, greater id wins", func(t *testing.T, db *DB) {
			twin := items[1]
			twin.Rev.ID, twin.Rev.Timestamp = "a-twin", items[0].Rev.Timestamp
			x := *twin.X
			x.Records = slices.Clone(x.Records)
			for i := range x.Records {
				x.Records[i].RevisionID, x.Records[i].Timestamp, x.Records[i].Page = "", time.Time{}, ""
			}
			twin.X = &x
			if _, err := db.Put(ctx, []Item{items[0], twin}); err != nil { // "a-twin" < "b00000000"
				t.Fatal(err)
			}
			var cur string
			if err := db.db.QueryRow(`SELECT revision FROM current_revisions`).Scan(&cur); err != nil || cur != items[0].Rev.ID {
				t.Errorf("current revision %q (%v), want %s", cur, err, items[0].Rev.ID)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := openTest(t)
			tc.store(t, db)
			current, all := checkSearchCurrent(t, db)
			// Revisions of a page share the search rows of the records they
			// do not change, so the older revisions add few rows.
			if current == 0 || (tc.name != "same timestamp, greater id wins" && current >= all) {
				t.Errorf("search_current holds %d of %d search rows: want the current ones only", current, all)
			}
		})
	}
}

// TestSearchCurrentMigration reruns migrations 0002, 0003, 0005 and 0006
// on a database that has history but none of their tables (as a database
// made before them has) and checks what they fill in, and that the writer
// keeps it up to date afterwards.
func TestSearchCurrentMigration(t *testing.T) {
	ctx := context.Background()
	db := openPut(t, filepath.Join(t.TempDir(), "kb.db"), synthetic(t, 160))
	db = rewind(t, db, `DROP TABLE search_current`, `DROP TABLE current_revisions`, `DROP TABLE faq_current`,
		`DELETE FROM migrations WHERE name IN ('migrations/0002_current.sql', 'migrations/0003_faq_current.sql',
			'migrations/0005_faq_new.sql', 'migrations/0006_writer_summaries.sql')`)
	if current, all := checkSearchCurrent(t, db); current == 0 || current >= all {
		t.Errorf("search_current holds %d of %d search rows after the migration", current, all)
	}
	if _, err := db.Put(ctx, synthetic(t, 200)[160:]); err != nil {
		t.Fatal(err)
	}
	checkSearchCurrent(t, db)
}

// hitKeys returns the sorted "page/record id" or "faq id" of hits.
func hitKeys(hits []wikirules.Hit) []string {
	var out []string
	for _, h := range hits {
		if h.Record != nil {
			out = append(out, h.Record.Page+"/"+h.Record.RevisionID+"/"+h.Record.ID)
		} else {
			out = append(out, "faq/"+h.FAQ.ID)
		}
	}
	sort.Strings(out)
	return out
}

// TestSearchCurrentSameHits checks that a search of the current wiki
// (search_current) finds the same records and FAQs as the same search
// pinned to a date after every revision (the search table filtered to the
// revisions current then), for words of the fixtures, filters and a
// fallback to any word.
func TestSearchCurrentSameHits(t *testing.T) {
	ctx := context.Background()
	items := synthetic(t, 230)
	db := openTest(t, items...)
	later := items[len(items)-1].Rev.Timestamp.Add(time.Hour)
	for _, tc := range []struct {
		text string
		f    wikirules.Filter
	}{
		{"Berserk", wikirules.Filter{}},
		{"esquivar plantilla", wikirules.Filter{}},
		{"resolución", wikirules.Filter{Kinds: []wikirules.Kind{wikirules.KindRule}}},
		{"¿Se puede declarar Berserk estando trabado?", wikirules.Filter{}},
		{"trabado", wikirules.Filter{Edition: wikirules.C1}},
		{"trabado", wikirules.Filter{Pages: []string{"Trabado 0", "Berserk 4"}}},
		{"errata berserk", wikirules.Filter{Kinds: []wikirules.Kind{wikirules.KindErrata}}},
		{"LDT", wikirules.Filter{History: true}},
	} {
		t.Run(fmt.Sprintf("%s %+v", tc.text, tc.f), func(t *testing.T) {
			f := tc.f
			f.Limit = 10000
			now, err := db.SearchText(ctx, tc.text, f)
			if err != nil {
				t.Fatal(err)
			}
			f.AsOf = later
			pinned, err := db.SearchText(ctx, tc.text, f)
			if err != nil {
				t.Fatal(err)
			}
			if len(now) == 0 {
				t.Fatalf("no hits for %q", tc.text)
			}
			if a, b := hitKeys(now), hitKeys(pinned); !reflect.DeepEqual(a, b) {
				t.Errorf("current search: %d hits %v\npinned search: %d hits %v", len(a), a, len(b), b)
			}
		})
	}
}
