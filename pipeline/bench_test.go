package pipeline

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/bench/gen"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/source"
)

// benchExport generates a 2 MB synthetic export (bench/gen, seed 1) and
// returns its bytes and its revisions.
func benchExport(b *testing.B) ([]byte, []*wikirules.Revision) {
	b.Helper()
	var buf bytes.Buffer
	if _, err := gen.Write(&buf, gen.Options{Size: 2 << 20, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	revs, err := source.ReadAll(source.NewXML(bytes.NewReader(buf.Bytes()), "bench.xml"))
	if err != nil {
		b.Fatal(err)
	}
	return buf.Bytes(), revs
}

// onFreshDB runs fn, timed, on a new database file opened and closed with
// the timer stopped.
func onFreshDB(b *testing.B, fn func(*kb.DB)) {
	b.StopTimer()
	db, err := kb.Open(context.Background(), filepath.Join(b.TempDir(), "kb.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.StartTimer()
	fn(db)
	b.StopTimer()
	db.Close()
	b.StartTimer()
}

// BenchmarkIngestStages splits the cost of an ingest of a 2 MB synthetic
// export into its stages, each reported in revisions/s: read (XML
// decoding), extract (parse + extract on one goroutine), store (kb.Writer
// over pre-extracted items into a fresh database file, commit included)
// and all (IngestFiles end to end, workers = NumCPU).
func BenchmarkIngestStages(b *testing.B) {
	data, revs := benchExport(b)
	ctx := context.Background()
	report := func(b *testing.B) {
		b.ReportMetric(float64(len(revs)*b.N)/b.Elapsed().Seconds(), "revisions/s")
	}
	b.Run("read", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if _, err := source.ReadAll(source.NewXML(bytes.NewReader(data), "bench.xml")); err != nil {
				b.Fatal(err)
			}
		}
		report(b)
	})
	items := make([]kb.Item, len(revs))
	for i, rev := range revs { // for "store" when run alone
		items[i] = kb.Item{Rev: *rev, X: extract.ExtractText(*rev)}
	}
	b.Run("extract", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			for i, rev := range revs {
				items[i] = kb.Item{Rev: *rev, X: extract.ExtractText(*rev)}
			}
		}
		report(b)
	})
	b.Run("store", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			onFreshDB(b, func(db *kb.DB) {
				w, err := db.Begin(ctx)
				if err != nil {
					b.Fatal(err)
				}
				for _, it := range items {
					if err := w.Put(ctx, it); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := w.Commit(); err != nil {
					b.Fatal(err)
				}
			})
		}
		report(b)
	})
	b.Run("all", func(b *testing.B) {
		path := writeFile(b, b.TempDir(), "bench.xml", data)
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			onFreshDB(b, func(db *kb.DB) {
				if _, err := IngestFiles(ctx, db, []string{path}, Options{}); err != nil {
					b.Fatal(err)
				}
			})
		}
		report(b)
	})
}
