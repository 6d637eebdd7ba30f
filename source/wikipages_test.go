package source

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// wikiPagesDir holds the excerpts of real pages of today's wiki; each file
// starts with the page's URL and a blank line (its README.md).
const wikiPagesDir = "../testdata/wiki-pages"

// wikiPage is one entry of wikiPagesDir/index.json.
type wikiPage struct {
	File, URL, Title, Lang, Kind, Site string
	BetweenPages                       bool `json:"between_pages"`
}

func wikiPages(t *testing.T) []wikiPage {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(wikiPagesDir, "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	var out []wikiPage
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(wikiPagesDir, "*.txt"))
	if len(out) != 125 || len(files) != len(out) {
		t.Fatalf("index.json lists %d files, the directory holds %d: want the 125 excerpts", len(out), len(files))
	}
	return out
}

// redirectTargets are the index's entries whose URL is a redirect the wiki
// followed: the page shown, checked by hand in each file ("(Redirected
// from Isolated)" under the heading "Isolated State"), is the target.
var redirectTargets = map[string]string{
	"en_Isolated-redirect_article.txt":               "Isolated State",
	"en_Prone-redirect_article.txt":                  "Prone State",
	"en_State-redirect_article.txt":                  "States",
	"es_General_Movement_Rules-redirect_article.txt": "Condiciones Generales de Movimiento",
}

// wantWiki is the wiki of an entry: the old official wiki (and its pages
// under infinitythewiki.com/en/ of N3 times, "From Infinity Wiki") is a
// wiki of its own.
func wantWiki(e wikiPage) string {
	if strings.Contains(e.Site, "N3") {
		return "infinity-n3-" + e.Lang
	}
	return "infinity-" + e.Lang
}

// wantKind is the PageKind a diff or feed entry is refused as.
func wantKind(e wikiPage) PageKind {
	switch {
	case e.Kind == "feed":
		return KindFeed
	case e.BetweenPages:
		return KindPagesDiff
	}
	return KindDiff
}

// TestWikiPagesIdentity walks every file of testdata/wiki-pages through
// Open with format detection: an article or old revision is exactly one
// revision of the index's page (title, wiki, language; the revision id
// oldid=N when the URL shows revision N), a diff screen or history feed is
// refused with its kind, naming the file and the page.
func TestWikiPagesIdentity(t *testing.T) {
	reads, refused := 0, 0
	for _, e := range wikiPages(t) {
		path := filepath.Join(wikiPagesDir, e.File)
		r, f, err := Open(path, "")
		if err != nil {
			t.Fatalf("%s: %v", e.File, err)
		}
		revs, err := ReadAll(r)
		f.Close()
		if e.Kind == "article" || e.Kind == "oldid" {
			reads++
			if err != nil || len(revs) != 1 {
				t.Errorf("%s: %d revisions, error %v; want one", e.File, len(revs), err)
				continue
			}
			p := revs[0].Page
			title := NormalizeTitle(e.Title, false)
			from := ""
			if target, ok := redirectTargets[e.File]; ok {
				title, from = target, NormalizeTitle(e.Title, false)
			}
			if revs[0].RedirectedFrom != from {
				t.Errorf("%s: redirected from %q; want %q", e.File, revs[0].RedirectedFrom, from)
			}
			if p.Title != title || p.Wiki != wantWiki(e) || p.Language != e.Lang {
				t.Errorf("%s: page %+v; want %q of %s (%s)", e.File, p, title, wantWiki(e), e.Lang)
			}
			u, _ := ParsePageURL(e.URL)
			switch {
			case u.OldID != "" && revs[0].ID != wantWiki(e)+":"+u.OldID:
				t.Errorf("%s: revision id %s; want %s:%s", e.File, revs[0].ID, wantWiki(e), u.OldID)
			case u.OldID == "" && !wikirules.IsDerivedRevisionID(revs[0].ID):
				t.Errorf("%s: revision id %s; the URL shows no revision id, want a derived one", e.File, revs[0].ID)
			}
			if (e.Kind == "oldid") != (u.Kind == KindOldRevision) {
				t.Errorf("%s: URL kind %s", e.File, u.Kind)
			}
			continue
		}
		refused++
		var nr *NotRevisionError
		if len(revs) != 0 || !errors.As(err, &nr) || nr.Kind != wantKind(e) {
			t.Errorf("%s: %d revisions, error %v; want it refused as a %s", e.File, len(revs), err, wantKind(e))
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, e.File) || !strings.Contains(msg, string(nr.Kind)) || nr.Title == "" {
			t.Errorf("%s: message %q does not name the file, the kind and the page", e.File, msg)
		}
	}
	if reads != 59 || refused != 66 {
		t.Errorf("%d pages read, %d refused; want 59 and 66", reads, refused)
	}
}

// TestWikiPagesScreensWithoutURL refuses every diff screen and feed of
// testdata/wiki-pages from its content alone (saved without its URL
// line), as the same kind.
func TestWikiPagesScreensWithoutURL(t *testing.T) {
	for _, e := range wikiPages(t) {
		if e.Kind == "article" || e.Kind == "oldid" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(wikiPagesDir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		_, body, _ := strings.Cut(string(b), "\n")
		// Without URL the diffs may be taken for a page text, the feeds
		// (starting with "<?xml") for HTML: detection decides.
		format, err := Detect([]byte(body), e.File)
		if err != nil {
			t.Fatalf("%s: %v", e.File, err)
		}
		revs, err := ReadAll(For(format)(strings.NewReader(body), e.File))
		var nr *NotRevisionError
		if len(revs) != 0 || !errors.As(err, &nr) || nr.Kind != wantKind(e) {
			t.Errorf("%s (%s, no URL): %d revisions, error %v; want it refused as a %s", e.File, format, len(revs), err, wantKind(e))
		}
	}
}
