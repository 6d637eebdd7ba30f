package pipeline

import (
	"bytes"
	"context"
	"testing"

	"github.com/wikirules/wikirules/source"
)

// TestConflictsReported ingests the seed dump as an XML export, then an
// export holding two of its revision ids with other texts: those are
// skipped (the stored texts are kept, the content hash does not change)
// and listed in the summary as conflicts, not silently counted as
// already stored.
func TestConflictsReported(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, _ := openDB(t)
	if _, err := IngestFiles(ctx, db, []string{writeFile(t, dir, "seed.xml", seedXML(t))}, Options{}); err != nil {
		t.Fatal(err)
	}
	before := contentHash(t, db)

	revs := seedRevisions(t)
	changed := []string{revs[3].ID, revs[17].ID}
	revs[3].Text += "\n* Una línea añadida."
	revs[17].Text = "{{n4only}}\n" + revs[17].Text
	var buf bytes.Buffer
	if err := source.WriteXML(&buf, revs); err != nil {
		t.Fatal(err)
	}
	sum, err := IngestFiles(ctx, db, []string{writeFile(t, dir, "edited.xml", buf.Bytes())}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Added != 0 || sum.Skipped != len(revs) || sum.Conflicting != 2 || len(sum.Conflicts) != 2 {
		t.Fatalf("added %d, skipped %d, conflicting %d %v; want 0, %d, 2", sum.Added, sum.Skipped, sum.Conflicting, sum.Conflicts, len(revs))
	}
	for i, id := range changed {
		if got := sum.Conflicts[i]; got != "infinity-es:"+id && got != id {
			t.Errorf("conflict %d is %s, want %s", i, got, id)
		}
	}
	if after := contentHash(t, db); after != before {
		t.Error("the conflicting revisions changed the database")
	}
}
