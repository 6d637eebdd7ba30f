package wikitext

import (
	"io/fs"
	"testing"

	"github.com/wikirules/wikirules/sample"
)

// BenchmarkParse parses the whole seed dump (50 revisions, 222 KB) as one
// document; the MB/s column is the parse throughput with spans.
//
//	go test ./wikitext -run XXX -bench BenchmarkParse -benchmem
func BenchmarkParse(b *testing.B) {
	src, err := fs.ReadFile(sample.FS(), sample.DumpName)
	if err != nil {
		b.Fatal(err)
	}
	s := string(src)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(s)
	}
}

// BenchmarkParseRevisions parses the 50 revisions of the seed dump one by
// one, as ingestion does.
func BenchmarkParseRevisions(b *testing.B) {
	src, err := fs.ReadFile(sample.FS(), sample.DumpName)
	if err != nil {
		b.Fatal(err)
	}
	revs := seedRevisions(string(src))
	n := 0
	for _, r := range revs {
		n += len(r)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		for _, r := range revs {
			Parse(r)
		}
	}
}
