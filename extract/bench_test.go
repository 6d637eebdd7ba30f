package extract

import (
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/wikitext"
)

// benchRevisions calls fn on each of revs (with its index) once per
// iteration; SetBytes makes `go test -bench` print MB/s of their texts.
func benchRevisions(b *testing.B, revs []wikirules.Revision, fn func(int, wikirules.Revision)) {
	n := 0
	for _, r := range revs {
		n += len(r.Text)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		for i, r := range revs {
			fn(i, r)
		}
	}
}

// BenchmarkExtract measures parse + extraction over the 50 revisions of
// the seed dump.
func BenchmarkExtract(b *testing.B) {
	benchRevisions(b, seedRevisions(b), func(_ int, r wikirules.Revision) { ExtractText(r) })
}

// BenchmarkExtractOnly measures the extraction alone, on trees parsed
// beforehand.
func BenchmarkExtractOnly(b *testing.B) {
	revs := seedRevisions(b)
	docs := make([]*wikitext.Document, len(revs))
	for i, r := range revs {
		docs[i] = wikitext.Parse(r.Text)
	}
	benchRevisions(b, revs, func(i int, r wikirules.Revision) { Extract(r, docs[i]) })
}

// BenchmarkExtractRendered measures the extraction of the 59 rendered
// pages of the corpus (testdata/wiki-pages) as page text.
func BenchmarkExtractRendered(b *testing.B) {
	var revs []wikirules.Revision
	for _, e := range corpusEntries(b) {
		revs = append(revs, corpusRevision(b, e))
	}
	benchRevisions(b, revs, func(_ int, r wikirules.Revision) { ExtractRendered(r) })
}
