package engine

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/bench/gen"
	"github.com/wikirules/wikirules/index"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
)

// The 100k benchmark corpus: the synthetic export of bench/gen (cmd/genxml)
// at bigExportSize bytes, seed 1, one revision per page (so that every
// record is current: the counts are in BENCHMARKS.md, Ask), ingested into
// a knowledge base file with its search index (PATH.bleve). It is the knowledge base
//
//	genxml -size 32MB -revisions 1 -seed 1 -o /tmp/x.xml && ingest -db /tmp/big.db /tmp/x.xml
//
// builds (ingest syncs the index). The benchmarks use WIKIRULES_BENCH_DB
// when it names such a file, else they build it once (about a minute)
// under the system temp directory (wikirules-bench/engine-32MB-r1-seed1.db)
// and reuse it on later runs.
const (
	bigExportSize = 32 << 20
	bigRevisions  = 1
	bigMinCurrent = 100_000
	bigDBEnv      = "WIKIRULES_BENCH_DB"
)

var (
	bigOnce sync.Once
	bigDB   *kb.DB
	bigIdx  *index.Index
	bigErr  error
	// bigCurrent is the number of records of the current revisions of
	// the corpus's pages (kb.PageSummaries).
	bigCurrent int
)

// bigEngine returns an engine over the 100k corpus (see above) searching
// its index, as query ask does (fts5: the knowledge base's FTS5 search
// instead), opened once per test binary with kb.Open (so pending
// migrations apply). It checks that the knowledge base holds at least
// bigMinCurrent current records.
func bigEngine(b *testing.B, fts5 bool) *Engine {
	b.Helper()
	bigOnce.Do(func() {
		ctx := context.Background()
		path := os.Getenv(bigDBEnv)
		if path == "" {
			path, bigErr = buildBigDB(ctx)
			if bigErr != nil {
				bigErr = fmt.Errorf("%w (or set %s to a knowledge base built by: go run ./cmd/genxml -size 32MB -revisions 1 -seed 1 -o /tmp/x.xml && go run ./cmd/ingest -db /tmp/big.db /tmp/x.xml)", bigErr, bigDBEnv)
				return
			}
		}
		if bigDB, bigErr = kb.Open(ctx, path); bigErr != nil {
			return
		}
		sums, err := bigDB.PageSummaries(ctx, wikirules.Filter{})
		if err != nil {
			bigErr = err
			return
		}
		for _, s := range sums {
			bigCurrent += s.Records
		}
		if bigCurrent < bigMinCurrent {
			bigErr = fmt.Errorf("%s holds %d current records, want at least %d (genxml -size 32MB -revisions 1 or more)", path, bigCurrent, bigMinCurrent)
			return
		}
		if _, err := os.Stat(pipeline.IndexPath(path)); err != nil {
			if _, bigErr = pipeline.SyncIndex(ctx, bigDB, path, nil); bigErr != nil {
				return
			}
		}
		bigIdx, bigErr = pipeline.OpenIndex(ctx, bigDB, path)
	})
	if bigErr != nil {
		b.Skipf("100k corpus: %v", bigErr)
	}
	if fts5 {
		return New(bigDB, bigDB)
	}
	return New(bigDB, bigIdx)
}

// buildBigDB returns the cached corpus file under the temp directory,
// generating and ingesting it first when it is missing. It is written
// under a temporary name and renamed, so an interrupted build leaves no
// half-made file behind.
func buildBigDB(ctx context.Context) (string, error) {
	dir := filepath.Join(os.TempDir(), "wikirules-bench")
	path := filepath.Join(dir, fmt.Sprintf("engine-%dMB-r%d-seed1.db", bigExportSize>>20, bigRevisions))
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	work, err := os.MkdirTemp(dir, "build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(work)
	xmlPath := filepath.Join(work, "export.xml")
	f, err := os.Create(xmlPath)
	if err != nil {
		return "", err
	}
	w := bufio.NewWriter(f)
	_, err = gen.Write(w, gen.Options{Size: bigExportSize, Seed: 1, Revisions: bigRevisions})
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", fmt.Errorf("generate %s: %w", xmlPath, err)
	}
	dbPath := filepath.Join(work, "kb.db")
	db, err := kb.Open(ctx, dbPath)
	if err != nil {
		return "", err
	}
	_, err = pipeline.IngestFiles(ctx, db, []string{xmlPath}, pipeline.Options{})
	if err == nil {
		_, err = pipeline.SyncIndex(ctx, db, dbPath, nil)
	}
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", fmt.Errorf("ingest %s: %w", xmlPath, err)
	}
	if err := os.Rename(pipeline.IndexPath(dbPath), pipeline.IndexPath(path)); err != nil {
		return "", err
	}
	if err := os.Rename(dbPath, path); err != nil {
		return "", err
	}
	return path, nil
}

// BenchmarkAsk100k measures Ask at more than 100,000 current records
// (searching the bleve index, as query ask does), over the questions of
// the case files.
func BenchmarkAsk100k(b *testing.B) {
	benchAsk(b, bigEngine(b, false), loadBenchSet(b))
	b.ReportMetric(float64(bigCurrent), "current-records")
}

// BenchmarkAsk100kFTS5 is BenchmarkAsk100k searching the knowledge base's
// FTS5 table instead of the index (query ask without PATH.bleve): the
// peer it is measured against.
func BenchmarkAsk100kFTS5(b *testing.B) {
	benchAsk(b, bigEngine(b, true), loadBenchSet(b))
	b.ReportMetric(float64(bigCurrent), "current-records")
}

// BenchmarkResolve100k measures Resolve at more than 100,000 current
// records.
func BenchmarkResolve100k(b *testing.B) {
	benchResolve(b, bigEngine(b, false), loadBenchSet(b))
	b.ReportMetric(float64(bigCurrent), "current-records")
}

// BenchmarkInit100k measures what an engine does once per process before
// its first answer, at more than 100,000 current records: reading the
// page titles, languages and aliases, indexing the page names and
// reading the index's counts (the part of a cold query ask that is the
// engine's).
func BenchmarkInit100k(b *testing.B) {
	bigEngine(b, false)
	ctx := context.Background()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if err := New(bigDB, bigIdx).init(ctx); err != nil {
			b.Fatal(err)
		}
	}
}
