package source

import (
	"bytes"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/sample"
)

// sameRevisions compares what a conversion must keep: page, id, parent,
// timestamp, user, comment, minor flag, text and SHA-1.
func sameRevisions(t *testing.T, label string, got, want []*wikirules.Revision) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d revisions, want %d", label, len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Page != w.Page || g.ID != w.ID || g.ParentID != w.ParentID || !g.Timestamp.Equal(w.Timestamp) ||
			g.User != w.User || g.Comment != w.Comment || g.Minor != w.Minor || g.SHA1 != w.SHA1 {
			t.Errorf("%s: revision %d = %+v\nwant %+v", label, i, *g, *w)
		}
		if g.Text != w.Text {
			t.Errorf("%s: revision %d (%s %s): text differs", label, i, w.Page.Title, w.Timestamp.Format(time.RFC3339))
		}
	}
}

// TestSeedDumpAsXML converts the seed dump to XML exports (0.10, 0.11) and
// reads them back: the same 50 revisions, grouped by page, oldest first.
func TestSeedDumpAsXML(t *testing.T) {
	revs := seedRevisions(t)
	want := groupByPage(revs)
	for _, version := range []string{"0.10", "0.11"} {
		var buf bytes.Buffer
		if err := WriteXMLVersion(&buf, version, revs); err != nil {
			t.Fatal(err)
		}
		got := readAll(t, NewXML(bytes.NewReader(buf.Bytes()), "seed.xml"))
		for _, r := range got {
			if r.Format != wikirules.FormatXML {
				t.Errorf("format %q", r.Format)
			}
		}
		sameRevisions(t, "xml "+version, got, want)
	}
	// Grouping: Suplantado's two revisions come first, oldest first.
	if want[0].Page.Title != "Suplantado" || want[0].Timestamp.Format(time.RFC3339) != "2021-02-11T11:03:18Z" ||
		want[1].Timestamp.Format(time.RFC3339) != "2021-02-11T11:04:04Z" {
		t.Errorf("grouped order starts %s %s, %s", want[0].Page.Title, want[0].Timestamp, want[1].Timestamp)
	}
	_ = sample.DumpName
}
