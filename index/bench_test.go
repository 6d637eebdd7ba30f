package index_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/wikirules/wikirules/bench/searchbench"
	"github.com/wikirules/wikirules/index"
)

// BenchmarkSearch: Search (limit 10, snippets; facets in the Facets
// sub-benchmark, as query search asks for them) on an on-disk index of
// 100,000 synthetic records made from the seed dump
// (searchbench.Synthesize), built, compacted, closed and reopened
// read-only as query search opens it; reports p50/p99 latency, CPU per
// search and the build time. INDEX_BENCH_DIR=DIR keeps the index in DIR
// and reuses it on later runs (build-s is then 0). The FTS5 comparison is
// in ../bench/searchbench.
//
//	go test ./index -run '^$' -bench BenchmarkSearch -benchtime 200x
func BenchmarkSearch(b *testing.B) {
	path := filepath.Join(b.TempDir(), "idx")
	if dir := os.Getenv("INDEX_BENCH_DIR"); dir != "" {
		path = filepath.Join(dir, "idx100k")
	}
	var build time.Duration
	if _, err := os.Stat(path); err != nil {
		seed, err := searchbench.Seed()
		if err != nil {
			b.Fatal(err)
		}
		recs, faqs, info := searchbench.Flatten(searchbench.Synthesize(seed, 100_000))
		t0 := time.Now()
		idx, err := index.Build(context.Background(), path, recs, faqs, index.WithPages(info))
		if err != nil {
			b.Fatal(err)
		}
		build = time.Since(t0)
		idx.Close()
	}
	idx, err := index.OpenReadOnly(path)
	if err != nil {
		b.Fatal(err)
	}
	defer idx.Close()
	n, _ := idx.Count()
	ctx := context.Background()
	for _, bc := range []struct {
		name   string
		facets bool
	}{{"Hits", false}, {"Facets", true}} {
		b.Run(bc.name, func(b *testing.B) {
			searchbench.Measure(b, func(q string) (int, error) {
				res, err := idx.Search(ctx, index.Query{Text: q, Limit: 10, Facets: bc.facets})
				if err != nil {
					return 0, err
				}
				return len(res.Hits), nil
			})
			b.ReportMetric(float64(n), "docs")
			b.ReportMetric(build.Seconds(), "build-s")
		})
	}
}
