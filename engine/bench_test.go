package engine

import (
	"context"
	"os"
	"sort"
	"testing"
	"time"
)

// Run the engine benchmarks with
//
//	go test ./engine -run '^$' -bench . -benchtime 300x
//
// BenchmarkAsk and BenchmarkResolve use the seed corpus (in memory);
// BenchmarkAsk100k and BenchmarkResolve100k a generated knowledge base of
// more than 100,000 records (see bench100k_test.go). Each reports the
// per-call p50 and p99 in ms besides the mean, and Ask the CPU time per
// call (cpu-ms/op) and its p99 (cpu-p99-ms). BenchmarkAskTail and
// BenchmarkAsk100kTail (benchtail_test.go, run with -benchtime 1x) report
// the p50 and p99 of each question's least CPU time of three calls.

// benchQuestion is one question of the benchmark set with its options.
type benchQuestion struct {
	q   string
	opt Options
}

// benchSet is what the benchmarks cycle through: every question of the
// engine's case files (testdata/cases.json, testdata/judge-examples.json,
// testdata/questions.json: Spanish and English, paraphrased, editions,
// dates, not-found ones) and
// every situation of the judge examples plus a Dodge and a Burst one.
type benchSet struct {
	questions  []benchQuestion
	situations []benchSituation
}

// benchSituation is one situation of the benchmark set with its options.
type benchSituation struct {
	s   Situation
	opt Options
}

// loadBenchSet reads the case files into a benchSet.
func loadBenchSet(b *testing.B) benchSet {
	b.Helper()
	var set benchSet
	for _, file := range []string{"testdata/cases.json", "testdata/judge-examples.json", "testdata/questions.json"} {
		data, err := os.ReadFile(file)
		if err != nil {
			b.Fatal(err)
		}
		cf, err := ParseCases(data, file)
		if err != nil {
			b.Fatal(err)
		}
		for _, c := range cf.Cases {
			opt, err := caseOptions(c.Edition, c.AsOf)
			if err != nil {
				b.Fatalf("%s: case %s: %v", file, c.ID, err)
			}
			set.questions = append(set.questions, benchQuestion{c.Q, opt})
		}
		for _, c := range cf.Situations {
			opt, err := caseOptions(c.Edition, "")
			if err != nil {
				b.Fatalf("%s: situation %s: %v", file, c.ID, err)
			}
			set.situations = append(set.situations, benchSituation{c.Situation, opt})
		}
	}
	f := false
	set.situations = append(set.situations,
		benchSituation{s: Situation{Turn: "reactive", ARO: "Esquivar", Dodge: &DodgeSituation{Template: true, Deployable: true, LoFToAttacker: &f}}},
		benchSituation{s: Situation{Turn: "active", Burst: &BurstSituation{Base: 4, Mods: []int{1, 2}}}})
	if len(set.questions) == 0 || len(set.situations) == 0 {
		b.Fatal("benchmark set: no questions or no situations in the case files")
	}
	return set
}

// reportLatency adds p50 and p99 (ms) of the per-op durations.
func reportLatency(b *testing.B, d []time.Duration) {
	if len(d) == 0 {
		return
	}
	b.ReportMetric(percentileMS(d, 0.50), "p50-ms")
	b.ReportMetric(percentileMS(d, 0.99), "p99-ms")
}

// percentileMS returns the q-quantile of d in ms (sorting d).
func percentileMS(d []time.Duration, q float64) float64 {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return float64(d[int(q*float64(len(d)-1))].Microseconds()) / 1000
}

// benchAsk times e.Ask over the set's questions, one per op, after one
// warm-up pass over all of them (the engine's first call loads its page
// list and word statistics).
func benchAsk(b *testing.B, e *Engine, set benchSet) {
	ctx := context.Background()
	for _, q := range set.questions {
		if _, err := e.Ask(ctx, q.q, q.opt); err != nil {
			b.Fatalf("ask %q: %v", q.q, err)
		}
	}
	d := make([]time.Duration, 0, b.N)
	calls := make([]time.Duration, 0, b.N) // the process CPU time of each call
	cpu := processCPU()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q := set.questions[i%len(set.questions)]
		start, c0 := time.Now(), processCPU()
		if _, err := e.Ask(ctx, q.q, q.opt); err != nil {
			b.Fatalf("ask %q: %v", q.q, err)
		}
		d = append(d, time.Since(start))
		calls = append(calls, processCPU()-c0)
	}
	b.StopTimer()
	reportLatency(b, d)
	if used := processCPU() - cpu; used > 0 {
		// CPU per call, garbage collection included: what the call costs
		// whatever else the machine runs (wall times grow with its load);
		// its p99 is the tail of the calls that a loaded machine's wall
		// p99 hides.
		b.ReportMetric(float64(used.Microseconds())/1000/float64(b.N), "cpu-ms/op")
		b.ReportMetric(percentileMS(calls, 0.99), "cpu-p99-ms")
	}
}

// benchResolve times e.Resolve over the set's situations, one per op,
// after one warm-up pass.
func benchResolve(b *testing.B, e *Engine, set benchSet) {
	ctx := context.Background()
	for _, s := range set.situations {
		if _, err := e.Resolve(ctx, s.s, s.opt); err != nil {
			b.Fatalf("resolve %+v: %v", s.s, err)
		}
	}
	d := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := set.situations[i%len(set.situations)]
		start := time.Now()
		if _, err := e.Resolve(ctx, s.s, s.opt); err != nil {
			b.Fatalf("resolve %+v: %v", s.s, err)
		}
		d = append(d, time.Since(start))
	}
	b.StopTimer()
	reportLatency(b, d)
}

// BenchmarkAsk measures Ask on the seed corpus (its in-memory index).
func BenchmarkAsk(b *testing.B) {
	benchAsk(b, sampleEngine(b), loadBenchSet(b))
}

// BenchmarkResolve measures Resolve on the seed corpus.
func BenchmarkResolve(b *testing.B) {
	benchResolve(b, sampleEngine(b), loadBenchSet(b))
}
