package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/source"
)

// TestOversizedRevision: a revision over MaxRevisionBytes is a bad
// revision, named in the error; with KeepGoing the others are stored.
func TestOversizedRevision(t *testing.T) {
	ctx := context.Background()
	ts := time.Date(2021, 2, 11, 10, 0, 0, 0, time.UTC)
	page := wikirules.Page{Title: "Esquivar", Language: "es", Wiki: "infinity-es"}
	small := "* La Tropa es la Tropa Activa.\n"
	huge := strings.Repeat("* Una Tirada exitosa de Esquivar permite mover.\n", MaxRevisionBytes/40)
	revs := []*wikirules.Revision{
		{Page: page, ID: "101", Timestamp: ts, User: "HellLois2", Text: small, Format: wikirules.FormatXML},
		{Page: page, ID: "102", ParentID: "101", Timestamp: ts.Add(time.Hour), User: "HellLois2", Text: huge, Format: wikirules.FormatXML},
	}
	path := filepath.Join(t.TempDir(), "big.xml")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := source.WriteXML(f, revs); err != nil {
		t.Fatal(err)
	}
	f.Close()
	db, err := kb.Open(ctx, filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := IngestFiles(ctx, db, []string{path}, Options{}); err == nil || !strings.Contains(err.Error(), "over the limit") {
		t.Fatalf("err = %v, want the oversized revision named", err)
	}
	sum, err := IngestFiles(ctx, db, []string{path}, Options{KeepGoing: true})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Added != 1 || len(sum.Bad) != 1 {
		t.Errorf("keep-going: added %d, bad %v; want the small revision stored and the huge one listed", sum.Added, sum.Bad)
	}
}
