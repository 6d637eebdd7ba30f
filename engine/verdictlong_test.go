package engine

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestVerdictLongTextBounded checks that a verdict does not read a source
// text longer than verdictTextMax (a page of one line of megabytes the
// extractor could not split): it says to see the deciding source, and
// what it allocates does not grow with the text. The same sentence alone
// gives its verdict. Each verdict reading every sentence of a 7 MiB
// record cost seconds of CPU and hundreds of MB.
func TestVerdictLongTextBounded(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	const (
		question = "All of my G: Jumper's Proxies are Null. Does he count as a casualty?"
		page     = "G: Jumper"
		sentence = "Si todos los Proxies de un G: Jumper se encuentran en estado Nulo o Aislado, el G: Jumper se considerará una baja hasta que al menos uno de sus Proxies se recupere de dicho estado. "
	)
	ask := func(text string) (string, uint64) {
		q := e.analyze(prose(question))
		d := &candidate{rec: &wikirules.Record{Page: page, Plain: text}, page: page, lang: "es", pageKeys: keySet(page)}
		var a, b runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&a)
		v, _ := e.verdict(q, d)
		runtime.ReadMemStats(&b)
		return v, b.TotalAlloc - a.TotalAlloc
	}
	see := vocabFor("en").Labels.SeeDeciding
	if v, _ := ask(sentence); v == see || v == "" {
		t.Fatalf("verdict of the sentence alone = %q, want its yes or no", v)
	}
	for _, size := range []int{1 << 20, 2 << 20} {
		text := strings.Repeat(sentence, size/len(sentence))
		v, alloc := ask(text)
		if v != see {
			t.Errorf("%d bytes: verdict %q, want %q", len(text), v, see)
		}
		if alloc > 64<<10 {
			t.Errorf("%d bytes: verdict allocated %d bytes, want it not to read the text", len(text), alloc)
		}
	}
}
