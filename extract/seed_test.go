package extract

import (
	"sync"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/sample"
	"github.com/wikirules/wikirules/source"
	"github.com/wikirules/wikirules/wikitext"
)

var (
	seedOnce sync.Once
	seedRevs []wikirules.Revision
	seedErr  error
)

// seedRevisions reads the 50 revisions of the embedded seed dump (file
// order: newest first).
func seedRevisions(t testing.TB) []wikirules.Revision {
	t.Helper()
	seedOnce.Do(func() {
		f, err := sample.FS().Open(sample.DumpName)
		if err != nil {
			seedErr = err
			return
		}
		defer f.Close()
		var revs []*wikirules.Revision
		revs, seedErr = source.ReadAll(source.NewContribs(f, sample.DumpName))
		for _, rev := range revs {
			seedRevs = append(seedRevs, *rev)
		}
	})
	if seedErr != nil {
		t.Fatalf("reading %s: %v", sample.DumpName, seedErr)
	}
	return seedRevs
}

// seedRevision returns the newest seed revision of title.
func seedRevision(t testing.TB, title string) wikirules.Revision {
	t.Helper()
	for _, r := range seedRevisions(t) {
		if r.Page.Title == title {
			return r
		}
	}
	t.Fatalf("no revision of %q in the seed dump", title)
	return wikirules.Revision{}
}

func parse(src string) *wikitext.Document { return wikitext.Parse(src) }
