package engine

import (
	"context"
	"sort"
	"testing"
	"time"
)

// benchQuestions are questions of the case files, Spanish and English.
var benchQuestions = []string{
	"¿Se puede declarar Berserk estando trabado?",
	"¿Qué MOD aplico al esquivar una mina sin LDT?",
	"My trooper has Sixth Sense and a Multispectral Visor L1 and is shot through a Zero Visibility Zone. Does the -6 apply?",
	"¿Puedo reducir mi peana para pasar por una esquina al trepar?",
	"Which AROs are allowed against an Impersonation marker?",
	"¿Cuántos puntos cuesta un Tohaa Makaul?",
}

// reportLatency adds p50 and p99 (ms) of the per-op durations.
func reportLatency(b *testing.B, d []time.Duration) {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	p := func(q float64) float64 { return float64(d[int(q*float64(len(d)-1))].Microseconds()) / 1000 }
	b.ReportMetric(p(0.50), "p50-ms")
	b.ReportMetric(p(0.99), "p99-ms")
}

// BenchmarkAsk measures Ask on the seed corpus (FTS5 searcher).
func BenchmarkAsk(b *testing.B) {
	e := sampleEngine(b)
	ctx := context.Background()
	if _, err := e.Ask(ctx, benchQuestions[0], Options{}); err != nil {
		b.Fatal(err)
	}
	var d []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if _, err := e.Ask(ctx, benchQuestions[i%len(benchQuestions)], Options{}); err != nil {
			b.Fatal(err)
		}
		d = append(d, time.Since(start))
	}
	reportLatency(b, d)
}

// BenchmarkResolve measures Resolve on the seed corpus.
func BenchmarkResolve(b *testing.B) {
	e := sampleEngine(b)
	ctx := context.Background()
	f := false
	sits := []Situation{
		{Turn: "active", Order: []string{"Trepar", "Mover"}},
		{Turn: "reactive", ARO: "Reset", ActiveIsMarker: "IMP-2"},
		{Turn: "active", States: []string{"Trabado"}, Order: []string{"Berserk"}},
		{Turn: "reactive", ARO: "Esquivar", Dodge: &DodgeSituation{Template: true, Deployable: true, LoFToAttacker: &f}},
		{Turn: "active", Burst: &BurstSituation{Base: 4, Mods: []int{1, 2}}},
	}
	var d []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if _, err := e.Resolve(ctx, sits[i%len(sits)], Options{}); err != nil {
			b.Fatal(err)
		}
		d = append(d, time.Since(start))
	}
	reportLatency(b, d)
}
