package engine

import (
	"context"
	"sort"
	"testing"
	"time"
)

// tailCalls is how many times the tail benchmarks ask each question.
const tailCalls = 3

// benchTail measures the warm tail of Ask in CPU time, reproducibly on a
// machine that runs other work: after one warm-up pass, it asks every
// question of the set tailCalls times, in tailCalls passes over the set,
// and keeps for each question the least process CPU time (user and
// system, garbage collection included) of its calls. The time a call
// loses to other processes is not its CPU time, and what is left of the
// load (cache misses, a collection a call pays for another's garbage)
// only adds, so the least of a few calls is the question's own cost. One
// op is the whole measure; it reports, over the questions, the p50, p99
// and max of that least CPU (tail-p50-ms, tail-p99-ms, tail-max-ms), its
// mean (tail-cpu-ms/q) and sum (tail-sum-s), and the number of questions.
func benchTail(b *testing.B, e *Engine, set benchSet) {
	ctx := context.Background()
	for _, q := range set.questions {
		if _, err := e.Ask(ctx, q.q, q.opt); err != nil {
			b.Fatalf("ask %q: %v", q.q, err)
		}
	}
	least := make([]time.Duration, len(set.questions))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := range least {
			least[k] = -1
		}
		for pass := 0; pass < tailCalls; pass++ {
			for k, q := range set.questions {
				c0 := processCPU()
				if _, err := e.Ask(ctx, q.q, q.opt); err != nil {
					b.Fatalf("ask %q: %v", q.q, err)
				}
				if c := processCPU() - c0; least[k] < 0 || c < least[k] {
					least[k] = c
				}
			}
		}
	}
	b.StopTimer()
	if testing.Verbose() {
		logSlowest(b, set, least, tailSlowest)
	}
	var sum time.Duration
	for _, c := range least {
		sum += c
	}
	if sum <= 0 {
		return // no process CPU time on this system
	}
	b.ReportMetric(float64(sum.Microseconds())/1000/float64(len(least)), "tail-cpu-ms/q")
	b.ReportMetric(sum.Seconds(), "tail-sum-s")
	b.ReportMetric(percentileMS(least, 0.50), "tail-p50-ms")
	b.ReportMetric(percentileMS(least, 0.99), "tail-p99-ms")
	b.ReportMetric(percentileMS(least, 1), "tail-max-ms")
	b.ReportMetric(float64(len(least)), "questions")
}

// tailSlowest is how many of the costliest questions benchTail logs with
// -test.v: the p99 of about 500 questions is the fifth or sixth of them.
const tailSlowest = 12

// logSlowest logs the n questions of set with the most least CPU, costliest
// first, with their least CPU (ms) and edition options.
func logSlowest(b *testing.B, set benchSet, least []time.Duration, n int) {
	order := make([]int, len(least))
	for k := range order {
		order[k] = k
	}
	sort.SliceStable(order, func(i, j int) bool { return least[order[i]] > least[order[j]] })
	for _, k := range order[:min(n, len(order))] {
		q := set.questions[k]
		b.Logf("%6.1f ms  %q %+v", float64(least[k].Microseconds())/1000, q.q, q.opt)
	}
}

// BenchmarkAskTail is benchTail on the seed corpus (its in-memory index).
func BenchmarkAskTail(b *testing.B) {
	benchTail(b, sampleEngine(b), loadBenchSet(b))
}

// BenchmarkAsk100kTail is benchTail at more than 100,000 current records
// (searching the bleve index, as query ask does): the warm tail measure
// of BENCHMARKS.md, Ask. Run it as one op: -benchtime 1x.
func BenchmarkAsk100kTail(b *testing.B) {
	benchTail(b, bigEngine(b, false), loadBenchSet(b))
	b.ReportMetric(float64(bigCurrent), "current-records")
}
