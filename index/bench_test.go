package index_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/wikirules/wikirules/bench/searchbench"
	"github.com/wikirules/wikirules/index"
)

// BenchmarkSearch: Search (limit 10, facets, snippets) on an on-disk index
// of 100,000 synthetic records made from the seed dump
// (searchbench.Synthesize); reports p50/p99 latency, CPU per search and the
// build time. The FTS5 comparison is in ../bench/searchbench.
//
//	go test ./index -run '^$' -bench BenchmarkSearch -benchtime 200x
func BenchmarkSearch(b *testing.B) {
	seed, err := searchbench.Seed()
	if err != nil {
		b.Fatal(err)
	}
	recs, faqs, info := searchbench.Flatten(searchbench.Synthesize(seed, 100_000))
	t0 := time.Now()
	idx, err := index.Build(context.Background(), filepath.Join(b.TempDir(), "idx"), recs, faqs, index.WithPages(info))
	if err != nil {
		b.Fatal(err)
	}
	build := time.Since(t0)
	defer idx.Close()
	ctx := context.Background()
	searchbench.Measure(b, func(q string) (int, error) {
		res, err := idx.Search(ctx, index.Query{Text: q, Limit: 10})
		if err != nil {
			return 0, err
		}
		return len(res.Hits), nil
	})
	b.ReportMetric(float64(len(recs)), "records")
	b.ReportMetric(build.Seconds(), "build-s")
}
