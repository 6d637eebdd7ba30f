package source_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/wikirules/wikirules/bench/gen"
	"github.com/wikirules/wikirules/source"
)

// writeExport generates a ~size-byte synthetic export (bench/gen, seed 1)
// and returns it; the XML writer and the readers are benchmarked on it.
func writeExport(b *testing.B, size int64) []byte {
	b.Helper()
	var buf bytes.Buffer
	if _, err := gen.Write(&buf, gen.Options{Size: size, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// drainBench reads r to the end and returns its revision count.
func drainBench(b *testing.B, r source.Reader) int {
	revs, err := source.ReadAll(r)
	if err != nil {
		b.Fatal(err)
	}
	return len(revs)
}

// benchReader reads data named name with the reader newReader makes,
// once per iteration (MB/s via SetBytes; revisions/s reported).
func benchReader(b *testing.B, data []byte, name string, newReader func(io.Reader, string) source.Reader) {
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		n += drainBench(b, newReader(bytes.NewReader(data), name))
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "revisions/s")
}

// BenchmarkReadXML reads a ~20 MB generated export from a file in
// b.TempDir (MB/s via SetBytes; revisions/s reported).
func BenchmarkReadXML(b *testing.B) {
	data := writeExport(b, 20<<20)
	path := filepath.Join(b.TempDir(), "export.xml")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	revs := 0
	for i := 0; i < b.N; i++ {
		r, f, err := source.Open(path, "")
		if err != nil {
			b.Fatal(err)
		}
		revs += drainBench(b, r)
		f.Close()
	}
	b.ReportMetric(float64(revs)/b.Elapsed().Seconds(), "revisions/s")
}

// BenchmarkReadAPI reads the same revisions as API JSON (formatversion 2).
func BenchmarkReadAPI(b *testing.B) {
	xmlData := writeExport(b, 20<<20)
	revs, err := source.ReadAll(source.NewXML(bytes.NewReader(xmlData), "gen.xml"))
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	if err = source.WriteAPI(&buf, revs); err != nil {
		b.Fatal(err)
	}
	benchReader(b, buf.Bytes(), "gen.json", source.NewAPI)
}

// BenchmarkReadContribs reads the seed dump repeated to ~20 MB.
func BenchmarkReadContribs(b *testing.B) {
	seed, err := os.ReadFile("../sample/seeds/000_75a7fc8f63132767.txt")
	if err != nil {
		b.Fatal(err)
	}
	header := bytes.SplitN(seed, []byte("\n"), 2)
	var buf bytes.Buffer
	buf.Write(seed)
	for buf.Len() < 20<<20 {
		buf.WriteString("\n\n")
		buf.Write(header[1])
	}
	benchReader(b, buf.Bytes(), "dump.txt", source.NewContribs)
}

// BenchmarkWriteXML measures the generator (edits + XMLWriter).
func BenchmarkWriteXML(b *testing.B) {
	b.SetBytes(20 << 20)
	for i := 0; i < b.N; i++ {
		if _, err := gen.Write(io.Discard, gen.Options{Size: 20 << 20, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
