package engine

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/wikirules/wikirules/bench/gen"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
)

// The 100k benchmark corpus: the synthetic export of bench/gen (cmd/genxml)
// at bigExportSize bytes, seed 1, 20 revisions per page (322 pages, 6,440
// revisions, 123,285 records of which about 6,200 current, 366 FAQs),
// ingested into a knowledge base file. It is the knowledge base
//
//	genxml -size 30MB -seed 1 -o /tmp/x.xml && ingest -db /tmp/big.db /tmp/x.xml
//
// builds. The benchmarks use WIKIRULES_BENCH_DB when it names such a file,
// else they build it once (about 20 s) under the system temp directory
// (wikirules-bench/engine-30MB-seed1.db) and reuse it on later runs.
const (
	bigExportSize = 30 << 20
	bigMinRecords = 100_000
	bigDBEnv      = "WIKIRULES_BENCH_DB"
)

var (
	bigOnce sync.Once
	bigDB   *kb.DB
	bigErr  error
)

// bigEngine returns an engine over the 100k corpus (see above), opened
// once per test binary with kb.Open (so pending migrations apply).
func bigEngine(b *testing.B) *Engine {
	b.Helper()
	bigOnce.Do(func() {
		ctx := context.Background()
		path := os.Getenv(bigDBEnv)
		if path == "" {
			path, bigErr = buildBigDB(ctx)
			if bigErr != nil {
				bigErr = fmt.Errorf("%w (or set %s to a knowledge base built by: go run ./cmd/genxml -size 30MB -seed 1 -o /tmp/x.xml && go run ./cmd/ingest -db /tmp/big.db /tmp/x.xml)", bigErr, bigDBEnv)
				return
			}
		}
		if bigDB, bigErr = kb.Open(ctx, path); bigErr != nil {
			return
		}
		st, err := bigDB.Stats(ctx)
		if err != nil {
			bigErr = err
		} else if st.Records < bigMinRecords {
			bigErr = fmt.Errorf("%s holds %d records, want at least %d (genxml -size 30MB or more)", path, st.Records, bigMinRecords)
		}
	})
	if bigErr != nil {
		b.Skipf("100k corpus: %v", bigErr)
	}
	return New(bigDB, nil)
}

// buildBigDB returns the cached corpus file under the temp directory,
// generating and ingesting it first when it is missing. It is written
// under a temporary name and renamed, so an interrupted build leaves no
// half-made file behind.
func buildBigDB(ctx context.Context) (string, error) {
	dir := filepath.Join(os.TempDir(), "wikirules-bench")
	path := filepath.Join(dir, fmt.Sprintf("engine-%dMB-seed1.db", bigExportSize>>20))
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
	_, err = gen.Write(w, gen.Options{Size: bigExportSize, Seed: 1})
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
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", fmt.Errorf("ingest %s: %w", xmlPath, err)
	}
	if err := os.Rename(dbPath, path); err != nil {
		return "", err
	}
	return path, nil
}

// BenchmarkAsk100k measures Ask at more than 100,000 records (FTS5
// searcher), over the questions of the case files.
func BenchmarkAsk100k(b *testing.B) {
	benchAsk(b, bigEngine(b), loadBenchSet(b))
}

// BenchmarkResolve100k measures Resolve at more than 100,000 records.
func BenchmarkResolve100k(b *testing.B) {
	benchResolve(b, bigEngine(b), loadBenchSet(b))
}
