package index_test

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wikirules/wikirules/bench/gen"
	"github.com/wikirules/wikirules/index"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
)

// BenchmarkBuildFrom: the peak memory of building an on-disk index from a
// knowledge base (index.BuildFrom, as ingest does at its end), against the
// same index built from everything read at once (Build of Load's results,
// what BuildFrom did before it read a chunk of pages at a time). The
// knowledge base is a synthetic export (bench/gen, seed 1) of
// INDEX_BUILD_MB megabytes (default 10) ingested into a temporary kb file,
// or the file INDEX_BUILD_DB names (e.g. made by ingest -no-index).
// Reports the peak Go heap (objects, sampled every 2 ms), the peak live
// heap after a collection, the peak resident set (Linux VmHWM, reset
// before each build) and the documents indexed. The garbage collector runs
// at the GOGC of the environment (ingest sets its own, see its heapLimit).
//
//	go test ./index -run '^$' -bench BenchmarkBuildFrom -benchtime 1x
//	INDEX_BUILD_DB=/tmp/w.db go test ./index -run '^$' -bench BenchmarkBuildFrom -benchtime 1x
func BenchmarkBuildFrom(b *testing.B) {
	ctx := context.Background()
	db := benchKB(b)
	for _, bc := range []struct {
		name  string
		build func(path string) (*index.Index, error)
	}{
		{"Stream", func(path string) (*index.Index, error) { return index.BuildFrom(ctx, path, db) }},
		{"Load", func(path string) (*index.Index, error) {
			recs, faqs, info, err := index.Load(ctx, db)
			if err != nil {
				return nil, err
			}
			return index.Build(ctx, path, recs, faqs, index.WithPages(info))
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var heap, live, anon, file, peak float64
			var docs uint64
			for i := 0; b.Loop(); i++ {
				path := filepath.Join(b.TempDir(), "idx"+strconv.Itoa(i))
				runtime.GC()
				resetPeakRSS()
				stop := samplePeak()
				idx, err := bc.build(path)
				h, l, a, f := stop()
				if err != nil {
					b.Fatal(err)
				}
				docs, _ = idx.Count()
				idx.Close()
				heap, live, anon, file = max(heap, h), max(live, l), max(anon, a), max(file, f)
				peak = max(peak, peakRSS())
			}
			b.ReportMetric(heap/(1<<20), "peak-heap-MB")
			b.ReportMetric(live/(1<<20), "peak-live-MB")
			b.ReportMetric(peak/(1<<20), "peak-rss-MB")
			b.ReportMetric(anon/(1<<20), "peak-anon-MB")
			b.ReportMetric(file/(1<<20), "peak-file-MB")
			b.ReportMetric(float64(docs), "docs")
		})
	}
}

// benchKB opens INDEX_BUILD_DB, or ingests a synthetic export of
// INDEX_BUILD_MB megabytes into a temporary knowledge base.
func benchKB(b *testing.B) *kb.DB {
	ctx := context.Background()
	if p := os.Getenv("INDEX_BUILD_DB"); p != "" {
		db, err := kb.Open(ctx, p)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { db.Close() })
		return db
	}
	mb := int64(10)
	if s := os.Getenv("INDEX_BUILD_MB"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			b.Fatalf("INDEX_BUILD_MB=%q: %v", s, err)
		}
		mb = n
	}
	dir := b.TempDir()
	xml := filepath.Join(dir, "wiki.xml")
	f, err := os.Create(xml)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	if _, err := gen.Write(w, gen.Options{Size: mb << 20, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	db, err := kb.Open(ctx, filepath.Join(dir, "kb.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	if _, err := pipeline.IngestFiles(ctx, db, []string{xml}, pipeline.Options{}); err != nil {
		b.Fatal(err)
	}
	return db
}

// samplePeak samples the Go heap every 2 ms, and the process's anonymous
// and file-backed resident memory (Linux RssAnon, RssFile) every 20 ms,
// until the returned function is called; that returns the largest heap of
// objects, the largest live heap (as of the last collection) and the
// largest resident sizes seen, in bytes.
func samplePeak() func() (heap, live, anon, file float64) {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/live:bytes"}}
	var (
		mu                        sync.Mutex
		peak, peakL, peakA, peakF uint64
		done                      = make(chan struct{})
		wg                        sync.WaitGroup
	)
	read := func() {
		metrics.Read(s)
		mu.Lock()
		peak = max(peak, s[0].Value.Uint64())
		peakL = max(peakL, s[1].Value.Uint64())
		mu.Unlock()
	}
	every := func(d time.Duration, fn func()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.NewTicker(d)
			defer t.Stop()
			for {
				select {
				case <-done:
					return
				case <-t.C:
					fn()
				}
			}
		}()
	}
	every(20*time.Millisecond, func() {
		a, f := rss()
		mu.Lock()
		peakA, peakF = max(peakA, a), max(peakF, f)
		mu.Unlock()
	})
	every(2*time.Millisecond, read)
	return func() (float64, float64, float64, float64) {
		close(done)
		wg.Wait()
		read()
		return float64(peak), float64(peakL), float64(peakA), float64(peakF)
	}
}

// resetPeakRSS resets the process's peak resident set (Linux: "5" to
// /proc/self/clear_refs); elsewhere it does nothing.
func resetPeakRSS() { os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// peakRSS returns the process's peak resident set in bytes (Linux VmHWM),
// or 0 when unknown.
func peakRSS() float64 { return float64(procStatus("VmHWM:")) }

// rss returns the process's anonymous and file-backed resident memory in
// bytes (Linux RssAnon, RssFile: the Go heap and C allocations; mapped
// files such as the index segments), or zeros when unknown.
func rss() (anon, file uint64) { return procStatus("RssAnon:"), procStatus("RssFile:") }

// procStatus returns the size on the line of /proc/self/status starting
// with key, in bytes (0 when unknown).
func procStatus(key string) uint64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, key); ok {
			kbs, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kbs << 10
		}
	}
	return 0
}
