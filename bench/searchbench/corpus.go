// Package searchbench measures search latency on a synthetic corpus of
// 100,000 records made from the seed dump: the bleve index (package index)
// side by side with the knowledge base's SQLite FTS5 search (kb.SearchText),
// on the same queries. Run:
//
//	go test ./bench/searchbench -run '^$' -bench . -benchtime 400x
//
// Figures go to BENCHMARKS.md, section "Search".
package searchbench

import (
	"fmt"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/bench/gen"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/index"
)

// Page is one page revision of the corpus and its extraction.
type Page struct {
	Rev wikirules.Revision
	X   *wikirules.Extraction
}

// Seed returns the newest revision of every page of the seed dump
// (sample.DumpName, as gen.Bases reads it), extracted with
// extract.ExtractText, sorted by title.
func Seed() ([]Page, error) {
	bases, err := gen.Bases()
	if err != nil {
		return nil, err
	}
	var out []Page
	for _, rev := range bases {
		out = append(out, Page{Rev: *rev, X: extract.ExtractText(*rev)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Rev.Page.Title < out[j].Rev.Page.Title })
	return out, nil
}

// Synthesize returns copies of seed until they hold at least n records.
// Copy 0 is the seed itself; copy k (k ≥ 1) renames every page "TITLE k",
// gives records and FAQs new ids and rotates the words of every text by k
// positions, so the vocabulary and document lengths stay those of the real
// wiki while documents differ. The result is the same for the same input.
func Synthesize(seed []Page, n int) []Page {
	per := 0
	for _, p := range seed {
		per += len(p.X.Records)
	}
	var out []Page
	for k, total := 0, 0; total < n && per > 0; k++ {
		for _, p := range seed {
			c := variant(p, k)
			out = append(out, c)
			total += len(c.X.Records)
		}
	}
	return out
}

func variant(p Page, k int) Page {
	if k == 0 {
		return p
	}
	suffix := fmt.Sprintf(" %d", k)
	rename := func(t string) string { return t + suffix }
	rev := p.Rev
	rev.Page.Title = rename(rev.Page.Title)
	rev.Text = rotate(rev.Text, k)
	rev.ID = wikirules.DeriveRevisionID(rev.Page.Title, rev.Timestamp, rev.Text)
	x := *p.X
	x.Records = make([]wikirules.Record, len(p.X.Records))
	for i, r := range p.X.Records {
		r.ID = fmt.Sprintf("%s-%d", r.ID, k)
		r.Page = rev.Page.Title
		r.RevisionID = rev.ID
		r.Plain = rotate(r.Plain, k)
		r.Text = rotate(r.Text, k)
		if r.SupersededBy != "" {
			r.SupersededBy = fmt.Sprintf("%s-%d", r.SupersededBy, k)
		}
		if r.Fields["faq_id"] != "" {
			f := map[string]string{}
			for key, v := range r.Fields {
				f[key] = v
			}
			f["faq_id"] = fmt.Sprintf("%s-%d", f["faq_id"], k)
			r.Fields = f
		}
		x.Records[i] = r
	}
	x.FAQs = make([]wikirules.FAQ, len(p.X.FAQs))
	for i, f := range p.X.FAQs {
		f.ID = fmt.Sprintf("%s-%d", f.ID, k)
		f.Question = rotate(f.Question, k)
		f.Answer = rotate(f.Answer, k)
		f.Pages = mapStrings(f.Pages, rename)
		f.Related = mapStrings(f.Related, rename)
		f.FirstRevision, f.LastRevision = rev.ID, rev.ID
		x.FAQs[i] = f
	}
	return Page{Rev: rev, X: &x}
}

func mapStrings(in []string, f func(string) string) []string {
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = f(s)
	}
	return out
}

// rotate moves the first k mod n words of s to its end.
func rotate(s string, k int) string {
	w := strings.Fields(s)
	if len(w) < 2 {
		return s
	}
	k %= len(w)
	return strings.Join(append(w[k:], w[:k]...), " ")
}

// Flatten returns what the index is built from: every record, the FAQs
// merged by id (pages united) and the page info, as the knowledge base
// would give them.
func Flatten(pages []Page) ([]wikirules.Record, []wikirules.FAQ, map[string]index.PageInfo) {
	var recs []wikirules.Record
	var faqs []wikirules.FAQ
	at := map[string]int{}
	info := map[string]index.PageInfo{}
	for _, p := range pages {
		info[p.Rev.Page.Title] = index.PageInfo{Language: p.Rev.Page.Language, Categories: p.X.Categories, Editions: p.X.PageEditions}
		recs = append(recs, p.X.Records...)
		for _, f := range p.X.FAQs {
			if i, ok := at[f.ID]; ok {
				for _, pg := range f.Pages {
					if !contains(faqs[i].Pages, pg) {
						faqs[i].Pages = append(faqs[i].Pages, pg)
					}
				}
				continue
			}
			at[f.ID] = len(faqs)
			faqs = append(faqs, f)
		}
	}
	return recs, faqs, info
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Queries are the benchmark queries: judges' queries of the relevance set
// (index/testdata/relevance.json), Spanish, English, abbreviations, typos
// and questions.
var Queries = []string{
	"dodge template",
	"esquiva plantilla",
	"trabdo berserk",
	"LoF",
	"ARO dodge template",
	"dano",
	"¿Se puede esquivar un ataque Berserk?",
	"berserk engaged",
	"esquivar zona de control fuera de LDT MOD -3",
	"impersonation IMP-2 discover",
	"¿Puedo mover a través de una esquina al trepar?",
	"smoke grenades guts roll",
	"immunity plasma",
	"sixth sense multispectral visor zero visibility zone",
	"command token irregular order",
	"salto de combate azotea",
	"especulatvo",
	"can I dodge an ARO of a hacking area?",
	"trepar plus",
	"cancelar trabado esquivar",
}

// Percentile returns the p-th percentile (0–100) of sorted durations in
// milliseconds, nearest rank.
func Percentile(sortedMS []float64, p float64) float64 {
	if len(sortedMS) == 0 {
		return 0
	}
	i := int(p/100*float64(len(sortedMS))+0.5) - 1
	return sortedMS[min(max(i, 0), len(sortedMS)-1)]
}

// Measure times b.N searches cycling through Queries and reports p50 and
// p99 wall-clock latency (ms), the process CPU time per search (ms, user +
// system, background goroutines included: the steadier figure on a loaded
// machine) and the hits per search.
func Measure(b *testing.B, search func(q string) (int, error)) {
	lat := make([]float64, 0, b.N)
	hits := 0
	cpu0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q := Queries[i%len(Queries)]
		t0 := time.Now()
		n, err := search(q)
		lat = append(lat, float64(time.Since(t0).Microseconds())/1000)
		if err != nil {
			b.Fatalf("%q: %v", q, err)
		}
		hits += n
	}
	b.StopTimer()
	cpu := cpuTime() - cpu0
	sort.Float64s(lat)
	b.ReportMetric(Percentile(lat, 50), "p50-ms")
	b.ReportMetric(Percentile(lat, 99), "p99-ms")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(hits)/float64(b.N), "hits/op")
}

// cpuTime returns the user + system CPU time of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
