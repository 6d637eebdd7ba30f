package extract

import (
	"testing"

	"github.com/wikirules/wikirules"
)

// TestSeedLossless checks the lossless rule on every seed revision:
// record and layout spans cover 100 % of the text, they partition it (in
// order, no gap, no overlap) and rebuild it byte for byte, every span lies
// inside the text, and every record has an ID unique within the revision.
func TestSeedLossless(t *testing.T) {
	revs := seedRevisions(t)
	if len(revs) != 50 {
		t.Fatalf("seed dump: %d revisions, want 50", len(revs))
	}
	for _, rev := range revs {
		x := ExtractText(rev)
		name := rev.Page.Title + " " + rev.Timestamp.Format("15:04:05")
		if c := x.Coverage(len(rev.Text)); c != 1 {
			t.Errorf("%s: coverage %.4f, want 1; diagnostics %q", name, c, x.Diagnostics)
		}
		at := 0
		for _, p := range Partition(x) {
			if p.Span.Start != at {
				t.Errorf("%s: piece %+v starts at %d, previous ended at %d", name, p, p.Span.Start, at)
			}
			if p.Span.Start < 0 || p.Span.End > len(rev.Text) || p.Span.Start >= p.Span.End {
				t.Errorf("%s: piece %+v out of bounds or empty (len %d)", name, p, len(rev.Text))
			}
			at = p.Span.End
		}
		if at != len(rev.Text) {
			t.Errorf("%s: partition ends at %d, text has %d bytes", name, at, len(rev.Text))
		}
		if got := Rebuild(rev.Text, x); got != rev.Text {
			t.Errorf("%s: rebuild differs from the text (%d vs %d bytes)", name, len(got), len(rev.Text))
		}
		ids := map[string]bool{}
		for _, r := range x.Records {
			if ids[r.ID] {
				t.Errorf("%s: duplicate record id %s", name, r.ID)
			}
			ids[r.ID] = true
			if r.Page != rev.Page.Title || r.RevisionID != rev.ID || !r.Timestamp.Equal(rev.Timestamp) {
				t.Errorf("%s: record %s names page %q rev %q", name, r.ID, r.Page, r.RevisionID)
			}
		}
	}
}

// TestSeedFAQs: the seed dump holds 33 distinct FAQ/errata
// entries occurring 66 times, each with a record pointing at it.
func TestSeedFAQs(t *testing.T) {
	occ, distinct := 0, map[string]wikirules.FAQ{}
	for _, rev := range seedRevisions(t) {
		x := ExtractText(rev)
		faqRecords := map[string]bool{}
		for _, r := range x.Records {
			if r.Kind == wikirules.KindFAQ || r.Kind == wikirules.KindErrata {
				faqRecords[r.Fields["faq_id"]] = true
			}
		}
		for _, f := range x.FAQs {
			occ++
			if f.ID != wikirules.FAQID(f.Type, f.Title, f.Version, f.Question) {
				t.Errorf("%s: FAQ id %s does not match FAQID", rev.Page.Title, f.ID)
			}
			if !faqRecords[f.ID] {
				t.Errorf("%s: FAQ %s has no record", rev.Page.Title, f.ID)
			}
			if f.Question == "" || f.Answer == "" || len(f.Related) == 0 || f.Version == "" {
				t.Errorf("%s: incomplete FAQ %+v", rev.Page.Title, f)
			}
			if prev, ok := distinct[f.ID]; ok && (prev.Answer != f.Answer || prev.Type != f.Type) {
				t.Errorf("FAQ %s differs between %s and %s", f.ID, prev.Pages, f.Pages)
			}
			distinct[f.ID] = f
		}
	}
	if occ != 66 || len(distinct) != 33 {
		t.Errorf("FAQs: %d occurrences of %d distinct entries, want 66 of 33", occ, len(distinct))
	}
}

// TestSeedDeterministic checks that re-extracting the same revision gives
// the same record ids (anchors must survive re-ingestion).
func TestSeedDeterministic(t *testing.T) {
	for _, rev := range seedRevisions(t)[:10] {
		a, b := ExtractText(rev), ExtractText(rev)
		if len(a.Records) != len(b.Records) {
			t.Fatalf("%s: %d then %d records", rev.Page.Title, len(a.Records), len(b.Records))
		}
		for i := range a.Records {
			if a.Records[i].ID != b.Records[i].ID {
				t.Errorf("%s: record %d id %s then %s", rev.Page.Title, i, a.Records[i].ID, b.Records[i].ID)
			}
		}
	}
}
