package wikitext

import (
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/sample"
)

// treeDepth returns the depth of the deepest node under n.
func treeDepth(n Node) int {
	d := 0
	for _, c := range n.Children() {
		d = max(d, treeDepth(c))
	}
	return d + 1
}

// parseWithin parses src, failing the test if it takes longer than limit
// (a generous bound: the point is to catch quadratic or exponential
// behaviour, which on these inputs takes minutes, not to measure speed).
func parseWithin(t *testing.T, src string, limit time.Duration) *Document {
	t.Helper()
	done := make(chan *Document, 1)
	go func() { done <- Parse(src) }()
	select {
	case doc := <-done:
		return doc
	case <-time.After(limit):
		t.Fatalf("Parse of %d bytes did not finish within %v", len(src), limit)
		return nil
	}
}

func TestPathological(t *testing.T) {
	seed := testInputs(t)[sample.DumpName]
	deep := strings.Repeat("{{a|", 10000) + "x" + strings.Repeat("}}", 10000)
	tests := []struct {
		name     string
		src      string
		maxDepth int  // bound on the tree depth
		diag     bool // a diagnostic is expected
	}{
		{"50000 open braces", strings.Repeat("{{", 50000), 2, true},
		{"100k {{ then 100k }}", strings.Repeat("{{", 100000) + strings.Repeat("}}", 100000), 2*MaxDepth + 4, true},
		{"100k [[ then 100k ]]", strings.Repeat("[[", 100000) + strings.Repeat("]]", 100000), 2*MaxDepth + 4, true},
		{"nested language conversion", strings.Repeat("-{a|", 10000) + strings.Repeat("}-", 10000), 4, true},
		{"language conversion around braces", strings.Repeat("-{{{", 10000) + strings.Repeat("}}}-", 10000), 2*MaxDepth + 4, true},
		{"10000 nested templates", deep, 4*MaxDepth + 4, true},
		{"10000 nested links", strings.Repeat("[[a|", 10000) + strings.Repeat("]]", 10000), 2*MaxDepth + 4, true},
		{"10000 nested arguments", strings.Repeat("{{{a|", 10000) + strings.Repeat("}}}", 10000), 2*MaxDepth + 4, true},
		{"unclosed templates", strings.Repeat("{{a|b\n", 50000), 4, true},
		{"unclosed links", strings.Repeat("[[a ", 50000), 2, true},
		{"unclosed nowiki", strings.Repeat("<nowiki>{{a}}", 20000), 2, true},
		{"tags without >", strings.Repeat("<ref ", 50000), 2, false},
		{"unclosed comments", strings.Repeat("<!-- ", 50000), 2, true},
		{"nested wikitables", strings.Repeat("{|\n", 20000), MaxDepth + 4, true},
		{"bare table closes", strings.Repeat("{{weapon}}\n|}\n", 20000), 4, false},
		{"template lines then closes", strings.Repeat("{{weapon}}\n", 20000) + strings.Repeat("|}\n", 20000), 4, true},
		{"apostrophes", strings.Repeat("'''''a''", 50000), 3, false},
		{"heading lines in a template", "{{a|" + strings.Repeat("\n== b ==", 50000), 4, true},
		{"10 MB page", strings.Repeat(seed, 10<<20/len(seed)+1), 40, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := parseWithin(t, tt.src, 10*time.Second)
			if err := checkSpans(doc); err != nil {
				t.Fatal(err)
			}
			if d := treeDepth(doc) - 1; d > tt.maxDepth {
				t.Errorf("tree depth %d, want at most %d", d, tt.maxDepth)
			}
			if tt.diag != (len(doc.Diagnostics) > 0) {
				t.Errorf("%d diagnostics, want some: %v", len(doc.Diagnostics), tt.diag)
			}
			if len(doc.Diagnostics) > len(tt.src) {
				t.Errorf("%d diagnostics for %d bytes", len(doc.Diagnostics), len(tt.src))
			}
		})
	}
}

// TestDepthLimit checks that nesting deeper than MaxDepth is text: the
// innermost templates of a 150-deep nest are not built.
func TestDepthLimit(t *testing.T) {
	n := MaxDepth + 50
	doc := Parse(strings.Repeat("{{a|", n) + "x" + strings.Repeat("}}", n))
	templates := 0
	Inspect(doc, func(n Node) bool {
		if _, ok := n.(*Template); ok {
			templates++
		}
		return true
	})
	if templates != MaxDepth {
		t.Errorf("%d templates built, want MaxDepth = %d", templates, MaxDepth)
	}
	if len(doc.Diagnostics) != 1 || !strings.Contains(doc.Diagnostics[0].Msg, "MaxDepth") {
		t.Errorf("diagnostics %v, want one about MaxDepth", doc.Diagnostics)
	}
}
