package kb

import (
	"context"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// esquivarEdit is a later revision of the Esquivar fixture as an edit
// makes it: every record moved 40 bytes down (new ids, new spans), the
// first record's text changed by a word and the last one deleted.
func esquivarEdit(t testing.TB) (older, newer Item) {
	older = esquivar(t)
	rev := older.Rev
	rev.ID, rev.ParentID = "infinity-es:9001", older.Rev.ID
	rev.Timestamp = older.Rev.Timestamp.Add(24 * time.Hour)
	rev.Text = strings.Repeat(" ", 40) + older.Rev.Text
	x := *older.X
	x.Records = slices.Clone(x.Records[:len(x.Records)-1])
	for i := range x.Records {
		r := &x.Records[i]
		r.ID, r.RevisionID, r.Timestamp = r.ID+"-e", rev.ID, rev.Timestamp
		r.Span.Start += 40
		r.Span.End += 40
	}
	x.Records[0].Text += " zzyzxq"
	x.Records[0].Plain += " zzyzxq"
	x.FAQs = withFAQs(rev, older.X.FAQs...)
	return older, Item{Rev: rev, X: &x}
}

// TestContentsShared stores two revisions of a page that share all but
// one record and checks that the shared records are stored once, that
// each revision still reads back its own records (ids, spans, revision),
// and that a search of the current wiki, or pinned to the older
// revision's day, reads a shared record from the right revision.
func TestContentsShared(t *testing.T) {
	ctx := context.Background()
	older, newer := esquivarEdit(t)
	db := openTest(t)
	res, err := db.Put(ctx, []Item{older, newer})
	if err != nil {
		t.Fatal(err)
	}

	var contents, lists int
	if err := db.db.QueryRow(`SELECT (SELECT COUNT(*) FROM record_contents), (SELECT COUNT(*) FROM revision_records)`).
		Scan(&contents, &lists); err != nil {
		t.Fatal(err)
	}
	want := len(older.X.Records) + 1
	if contents != want || lists != 2 {
		t.Errorf("%d contents in %d lists, want %d (the older revision's and the one changed record) in 2", contents, lists, want)
	}
	if res.Contents != want || res.Records != len(older.X.Records)+len(newer.X.Records) {
		t.Errorf("Put reports %d contents of %d records, want %d of %d", res.Contents, res.Records, want, len(older.X.Records)+len(newer.X.Records))
	}
	if st, err := db.Stats(ctx); err != nil || st.Contents != want || st.Records != res.Records {
		t.Errorf("Stats = %+v (%v), want %d contents, %d records", st, err, want, res.Records)
	}
	for _, it := range []Item{older, newer} {
		got, err := db.RevisionRecords(ctx, it.Rev.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(it.X.Records) {
			t.Fatalf("revision %s: %d records, want %d", it.Rev.ID, len(got), len(it.X.Records))
		}
		for i := range got {
			want := it.X.Records[i]
			want.Timestamp = want.Timestamp.UTC()
			if !reflect.DeepEqual(got[i], want) {
				t.Errorf("revision %s, record %d:\n got %#v\nwant %#v", it.Rev.ID, i, got[i], want)
			}
		}
	}

	between := older.Rev.Timestamp.Add(time.Hour)
	for _, tc := range []struct {
		name string
		f    wikirules.Filter
		rev  Item
	}{
		{"current", wikirules.Filter{}, newer},
		{"as of the older revision", wikirules.Filter{AsOf: between}, older},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hits, err := db.SearchText(ctx, "esquivar", tc.f)
			if err != nil {
				t.Fatal(err)
			}
			var records int
			for _, h := range hits {
				if h.Record == nil {
					continue
				}
				records++
				r := h.Record
				i := slices.IndexFunc(tc.rev.X.Records, func(w wikirules.Record) bool { return w.ID == r.ID })
				if r.RevisionID != tc.rev.Rev.ID || i < 0 || tc.rev.X.Records[i].Span != r.Span {
					t.Errorf("hit %s (revision %s, span %v): want a record of revision %s with its span", r.ID, r.RevisionID, r.Span, tc.rev.Rev.ID)
				}
			}
			if records == 0 {
				t.Error("no record hits")
			}
		})
	}
	// The changed word is in the newer revision only; the deleted record
	// is in the older one only.
	last := older.X.Records[len(older.X.Records)-1]
	for _, tc := range []struct {
		text string
		f    wikirules.Filter
		want string // revision of the one record hit, "" for none
	}{
		{"zzyzxq", wikirules.Filter{}, newer.Rev.ID},
		{"zzyzxq", wikirules.Filter{AsOf: between}, ""},
		{last.Plain, wikirules.Filter{AsOf: between}, older.Rev.ID},
	} {
		hits, err := db.SearchText(ctx, tc.text, tc.f)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, h := range hits {
			if h.Record != nil && (tc.want == "" || h.Record.ID == last.ID || strings.Contains(h.Record.Plain, "zzyzxq")) {
				got = append(got, h.Record.RevisionID)
			}
		}
		if want := []string{tc.want}; (tc.want == "" && len(got) != 0) || (tc.want != "" && !reflect.DeepEqual(got, want)) {
			t.Errorf("search %.30q %+v: record hits in %v, want %v", tc.text, tc.f, got, tc.want)
		}
	}
}

// TestRecordContentsMigration turns a database back into the layout before
// migration 0004 (one records row per record, the search rows keyed by
// it), reopens it so that the migration runs, and checks that every table
// reads as before and that new revisions then share contents.
func TestRecordContentsMigration(t *testing.T) {
	ctx := context.Background()
	older, newer := esquivarEdit(t)
	db := openPut(t, filepath.Join(t.TempDir(), "kb.db"), []Item{older, trabado(t), berserk(t)})
	before := hashOf(t, db)
	db = rewind(t, db, []string{
		`CREATE TABLE records_0001 (pk INTEGER PRIMARY KEY, revision TEXT NOT NULL REFERENCES revisions (id),
			seq INTEGER NOT NULL, id TEXT NOT NULL, section TEXT NOT NULL, kind TEXT NOT NULL, ordinal INTEGER NOT NULL,
			depth INTEGER NOT NULL, editions INTEGER NOT NULL, version TEXT NOT NULL, superseded INTEGER NOT NULL,
			superseded_by TEXT NOT NULL, alternative TEXT NOT NULL, span_start INTEGER NOT NULL, span_end INTEGER NOT NULL,
			template TEXT NOT NULL, title TEXT NOT NULL, links TEXT NOT NULL, notes TEXT NOT NULL, skill TEXT NOT NULL,
			fields TEXT NOT NULL, text TEXT NOT NULL, plain TEXT NOT NULL, UNIQUE (revision, seq), UNIQUE (revision, id))`,
		`INSERT INTO records_0001 (pk, revision, seq, id, section, kind, ordinal, depth, editions, version, superseded,
			superseded_by, alternative, span_start, span_end, template, title, links, notes, skill, fields, text, plain)
			SELECT pk, revision, seq, id, section, kind, ordinal, depth, editions, version, superseded, superseded_by,
			alternative, span_start, span_end, template, title, links, notes, skill, fields, text, plain FROM records`,
		`DROP VIEW records`, `DROP TABLE revision_records`, `DROP TABLE record_contents`,
		`ALTER TABLE records_0001 RENAME TO records`,
		`DELETE FROM migrations WHERE name = 'migrations/0004_record_contents.sql'`,
	}...)
	if after, err := db.ContentHash(ctx); err != nil || after != before {
		t.Errorf("content hash after the migration %s (%v), want %s", after, err, before)
	}
	if err := db.Integrity(ctx); err != nil {
		t.Error(err)
	}
	if _, err := db.Put(ctx, []Item{newer}); err != nil {
		t.Fatal(err)
	}
	checkSearchCurrent(t, db)
	var contents int
	if err := db.db.QueryRow(`SELECT COUNT(*) FROM record_contents WHERE page =
		(SELECT pk FROM pages WHERE title = ?)`, older.Rev.Page.Title).Scan(&contents); err != nil {
		t.Fatal(err)
	}
	// The migrated records have placeholder digests, so the newer revision
	// stores its contents once more (sharing none with the older one).
	if want := len(older.X.Records) + len(newer.X.Records); contents != want {
		t.Errorf("%d contents for the page, want %d", contents, want)
	}
	got, err := db.RevisionRecords(ctx, older.Rev.ID)
	if err != nil || len(got) != len(older.X.Records) || got[0].ID != older.X.Records[0].ID {
		t.Errorf("older revision after the migration: %d records (%v)", len(got), err)
	}
}

// TestPrepared checks that items prepared beforehand (Item.Prepare, as
// the ingest's workers do) are stored exactly as unprepared ones, also
// when an item's extraction was replaced or shortened after Prepare.
func TestPrepared(t *testing.T) {
	ctx := context.Background()
	plain := corpus(t)
	prepared := corpus(t)
	for i := range prepared {
		if err := prepared[i].Prepare(); err != nil {
			t.Fatal(err)
		}
	}
	// Replaced after Prepare: another extraction of the same revision,
	// with another record title (in the search rows) and links.
	for _, it := range []*Item{&prepared[0], &plain[0]} {
		x := *it.X
		x.Records = slices.Clone(x.Records)
		x.Records[0].Title = "Título cambiado"
		x.Links = append(slices.Clone(x.Links), "Enlace nuevo")
		it.X = &x
	}
	// Shortened after Prepare: the item stores one record fewer.
	prepared[1].X.Records = prepared[1].X.Records[:len(prepared[1].X.Records)-1]
	plain[1].X.Records = plain[1].X.Records[:len(plain[1].X.Records)-1]

	var hashes []string
	for _, items := range [][]Item{plain, prepared} {
		db := openTest(t, items...)
		h, err := db.ContentHash(ctx)
		if err != nil {
			t.Fatal(err)
		}
		hashes = append(hashes, h)
	}
	if hashes[0] != hashes[1] {
		t.Errorf("prepared items stored otherwise: content hash %s, want %s", hashes[1], hashes[0])
	}
}

// TestFullerCopyDropsUnusedContents: when a fuller rendered copy of a
// revision replaces the stored one (merge.go), the record contents only
// the replaced copy showed are removed with their search rows, whether
// the copies come in one transaction or two; the contents both show are
// kept.
func TestFullerCopyDropsUnusedContents(t *testing.T) {
	ctx := context.Background()
	full := esquivar(t)
	full.Rev.Format = wikirules.FormatPageText
	short := full
	short.Rev.Text = full.Rev.Text[:len(full.Rev.Text)/2]
	x := *full.X
	x.Records = slices.Clone(x.Records[:len(x.Records)-1])
	x.Records[0].Text += " zzyzxq"
	x.Records[0].Plain += " zzyzxq"
	short.X = &x
	for _, batches := range [][][]Item{{{short, full}}, {{short}, {full}}} {
		db := openTest(t)
		for _, b := range batches {
			if _, err := db.Put(ctx, b); err != nil {
				t.Fatal(err)
			}
		}
		var contents, unused, rows int
		if err := db.db.QueryRow(`SELECT (SELECT COUNT(*) FROM record_contents),
			(SELECT COUNT(*) FROM record_contents c WHERE NOT EXISTS (SELECT 1 FROM revision_records rr,
				json_each(rr.records) j WHERE j.value ->> 0 = c.pk)),
			(SELECT COUNT(*) FROM search WHERE rowid > 0)`).Scan(&contents, &unused, &rows); err != nil {
			t.Fatal(err)
		}
		if want := len(full.X.Records); contents != want || unused != 0 || rows != want {
			t.Errorf("%d batches: %d contents (%d unused), %d search rows; want the fuller copy's %d, none unused",
				len(batches), contents, unused, rows, want)
		}
		hits, err := db.db.Query(`SELECT rowid FROM search WHERE search MATCH 'zzyzxq'`)
		if err != nil {
			t.Fatal(err)
		}
		if hits.Next() {
			t.Errorf("%d batches: the replaced copy's record is still searchable", len(batches))
		}
		hits.Close()
	}
}
