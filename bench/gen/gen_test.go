package gen

import (
	"bytes"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/source"
)

func TestBases(t *testing.T) {
	bases, err := Bases()
	if err != nil {
		t.Fatal(err)
	}
	// 45 distinct pages; Suplantado is its newer revision (11:04:04).
	if len(bases) != 45 || bases[0].Page.Title != "Suplantado" || bases[0].Timestamp.Format("15:04:05") != "11:04:04" {
		t.Fatalf("bases: %d, first %s %s", len(bases), bases[0].Page.Title, bases[0].Timestamp)
	}
}

// TestWriteDeterministicAndReadable generates ~400 KB twice with one seed
// and once with another, and reads the export back with source.NewXML.
func TestWriteDeterministicAndReadable(t *testing.T) {
	opt := Options{Size: 400 << 10, Seed: 7, Revisions: 12}
	var a, b, c bytes.Buffer
	st, err := Write(&a, opt)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Write(&b, opt); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("same options gave different exports")
	}
	opt.Seed = 8
	if _, err := Write(&c, opt); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a.Bytes(), c.Bytes()) {
		t.Error("seeds 7 and 8 gave the same export")
	}
	if st.Bytes != int64(a.Len()) || st.Bytes < opt.Size || st.Revisions != st.Pages*12 {
		t.Errorf("stats %+v for %d bytes", st, a.Len())
	}
	for _, kind := range []string{EditWord, EditAddBullet, EditDelBullet, EditMOD, EditFAQ} {
		if st.Edits[kind] == 0 {
			t.Errorf("no %s edit in %+v", kind, st.Edits)
		}
	}

	revs, err := source.ReadAll(source.NewXML(bytes.NewReader(a.Bytes()), "gen.xml"))
	if err != nil {
		t.Fatal(err)
	}
	titles := map[string]bool{}
	var prevID, prevText, prevTitle string
	n := 0
	for _, rev := range revs {
		n++
		titles[rev.Page.Title] = true
		if rev.Page.Title == prevTitle {
			if rev.ParentID != prevID {
				t.Errorf("%s rev %s: parent %s, want %s", rev.Page.Title, rev.ID, rev.ParentID, prevID)
			}
			if rev.Text == prevText {
				t.Errorf("%s rev %s (%s): text unchanged", rev.Page.Title, rev.ID, rev.Comment)
			}
		} else if rev.ParentID != "" {
			t.Errorf("first revision %s of %s has parent %s", rev.ID, rev.Page.Title, rev.ParentID)
		}
		prevID, prevText, prevTitle = rev.ID, rev.Text, rev.Page.Title
	}
	if n != st.Revisions || len(titles) != st.Pages {
		t.Errorf("read %d revisions of %d pages, stats say %d of %d", n, len(titles), st.Revisions, st.Pages)
	}
	if st.Pages > 45 && !titles["Esquivar (variante 2)"] {
		t.Errorf("no renamed variant among %d pages", len(titles))
	}
	if !strings.Contains(a.String(), "{{faqbox\n| type = faq\n| title = N4 FAQ") {
		t.Error("no faqbox written")
	}
}
