package extract

import (
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/wikitext"
)

// BenchmarkExtract measures parse + extraction over the 50 revisions of
// the seed dump; SetBytes makes `go test -bench` print MB/s of wikitext.
func BenchmarkExtract(b *testing.B) {
	revs := seedRevisions(b)
	n := 0
	for _, r := range revs {
		n += len(r.Text)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		for _, r := range revs {
			ExtractText(r)
		}
	}
}

// BenchmarkExtractOnly measures the extraction alone, on trees parsed
// beforehand.
func BenchmarkExtractOnly(b *testing.B) {
	revs := seedRevisions(b)
	docs := make([]*wikitext.Document, len(revs))
	n := 0
	for i, r := range revs {
		docs[i] = wikitext.Parse(r.Text)
		n += len(r.Text)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		for i, r := range revs {
			Extract(r, docs[i])
		}
	}
}

// BenchmarkExtractRendered measures the extraction of the 59 rendered
// pages of the corpus (testdata/wiki-pages) as page text.
func BenchmarkExtractRendered(b *testing.B) {
	var revs []wikirules.Revision
	n := 0
	for _, e := range corpusEntries(b) {
		r := corpusRevision(b, e)
		revs = append(revs, r)
		n += len(r.Text)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		for _, r := range revs {
			ExtractRendered(r)
		}
	}
}
