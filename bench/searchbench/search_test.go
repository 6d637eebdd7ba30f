package searchbench

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/index"
	"github.com/wikirules/wikirules/kb"
)

// benchRecords is the corpus size of the benchmarks.
const benchRecords = 100_000

var (
	corpusOnce sync.Once
	corpus     []Page
	corpusErr  error
)

func loadCorpus(b *testing.B) []Page {
	corpusOnce.Do(func() {
		var seed []Page
		seed, corpusErr = Seed()
		corpus = Synthesize(seed, benchRecords)
	})
	if corpusErr != nil {
		b.Fatal(corpusErr)
	}
	return corpus
}

// BenchmarkSearchBleve: index.Search (limit 10, snippets, no facets) on an
// on-disk index of the synthetic corpus; reports the build time too.
func BenchmarkSearchBleve(b *testing.B) {
	pages := loadCorpus(b)
	recs, faqs, info := Flatten(pages)
	path := filepath.Join(b.TempDir(), "idx")
	if os.Getenv("SEARCHBENCH_MEMORY") != "" {
		path = "" // in memory: no disk writes during the build
	}
	t0 := time.Now()
	idx, err := index.Build(context.Background(), path, recs, faqs, index.WithPages(info))
	if err != nil {
		b.Fatal(err)
	}
	build := time.Since(t0)
	defer idx.Close()
	n, _ := idx.Count()
	ctx := context.Background()
	Measure(b, func(q string) (int, error) {
		res, err := idx.Search(ctx, index.Query{Text: q, Limit: 10})
		if err != nil {
			return 0, err
		}
		return len(res.Hits), nil
	})
	b.ReportMetric(float64(n), "docs")
	b.ReportMetric(build.Seconds(), "build-s")
}

// BenchmarkSearchFTS5: kb.SearchText (limit 10) on a SQLite database of the
// same corpus.
func BenchmarkSearchFTS5(b *testing.B) {
	pages := loadCorpus(b)
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "rules.db")
	db, err := kb.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	t0 := time.Now()
	const batch = 200
	for i := 0; i < len(pages); i += batch {
		var items []kb.Item
		for _, p := range pages[i:min(i+batch, len(pages))] {
			items = append(items, kb.Item{Rev: p.Rev, X: p.X})
		}
		if _, err := db.Put(ctx, items); err != nil {
			b.Fatal(err)
		}
	}
	build := time.Since(t0)
	Measure(b, func(q string) (int, error) {
		hits, err := db.SearchText(ctx, q, wikirules.Filter{Limit: 10})
		return len(hits), err
	})
	b.ReportMetric(build.Seconds(), "build-s")
	if st, err := os.Stat(path); err == nil {
		b.ReportMetric(float64(st.Size())/1e6, "db-MB")
	}
}
