package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/index"
	"github.com/wikirules/wikirules/pipeline"
)

type span struct{ Start, End int }

type searchHit struct {
	Text       string   `json:"text"`
	Kind       string   `json:"kind"`
	Page       string   `json:"page"`
	Snippet    string   `json:"snippet"`
	Highlights []span   `json:"highlights"`
	Editions   []string `json:"editions"`
	FAQ        *struct {
		Pages   []string `json:"pages"`
		Related []string `json:"related"`
	} `json:"faq"`
	Citation citation `json:"citation"`
}

type searchDoc struct {
	Engine  string                     `json:"engine"`
	Total   int                        `json:"total"`
	Results []searchHit                `json:"results"`
	Facets  map[string]wikirules.Facet `json:"facets"`
}

// searchJSON runs query search -json -db db with args and checks the
// parts every answer must have: complete citations, highlights inside the
// snippet.
func searchJSON(t *testing.T, db string, args ...string) searchDoc {
	t.Helper()
	var d searchDoc
	decode(t, runQuery(t, append([]string{"search", "-json", "-db", db}, args...)...), &d)
	for _, h := range d.Results {
		checkCitation(t, h.Citation)
		for _, s := range h.Highlights {
			if s.Start < 0 || s.End > len(h.Snippet) || s.Start >= s.End {
				t.Errorf("%q: highlight %v outside snippet %q", args, s, h.Snippet)
			}
		}
	}
	return d
}

// TestSearchDoneWhen runs the cross-language search checks through the
// command on the sample's knowledge base file and its search index.
func TestSearchDoneWhen(t *testing.T) {
	db := sampleIndexed(t)
	for _, q := range []string{"dodge template", "esquiva plantilla"} {
		d := searchJSON(t, db, q)
		if d.Engine != "bleve" {
			t.Fatalf("%q: engine %q, want bleve", q, d.Engine)
		}
		if len(d.Results) == 0 {
			t.Fatalf("%q: no results", q)
		}
		if p := d.Results[0].Citation.Page; p != "Esquivar" && p != "Armas y Equipo de Plantilla" {
			t.Errorf("%q: first result on %q, want Esquivar or Armas y Equipo de Plantilla", q, p)
		}
	}

	d := searchJSON(t, db, "-n", "3", "trabdo berserk")
	found := false
	for _, h := range d.Results {
		if h.Kind == "errata" && h.FAQ != nil && contains(h.FAQ.Pages, "Berserk") && strings.Contains(h.Text, "Trabado") {
			found = true
		}
	}
	if !found {
		t.Errorf("trabdo berserk: the errata on Berserk while Engaged is not in the top 3: %+v", d.Results)
	}

	d = searchJSON(t, db, "LoF")
	ldt := 0
	for _, h := range d.Results {
		if strings.Contains(h.Text, "LDT") {
			ldt++
			if !strings.Contains(h.Snippet, "LDT") {
				t.Errorf("LoF: snippet %q does not show LDT", h.Snippet)
			}
		}
		if strings.Contains(strings.ToLower(h.Text), "lof") {
			t.Errorf("LoF: %q has no synonym to match on, it says LoF", h.Text)
		}
	}
	if ldt < 5 {
		t.Errorf("LoF: %d of %d results say LDT, want at least 5", ldt, len(d.Results))
	}
}

// TestSearchEditionC1: -edition c1 hides records that hold only in N4.
func TestSearchEditionC1(t *testing.T) {
	n4only := func(d searchDoc) int {
		n := 0
		for _, h := range d.Results {
			if strings.Join(h.Citation.Editions, ",") == "n4" {
				n++
			}
		}
		return n
	}
	all := searchJSON(t, sampleIndexed(t), "-n", "30", "berserk")
	if n4only(all) == 0 {
		t.Fatal("berserk without -edition: no N4-only result to hide")
	}
	c1 := searchJSON(t, sampleIndexed(t), "-n", "30", "-edition", "c1", "berserk")
	if n := n4only(c1); n != 0 {
		t.Errorf("-edition c1: %d N4-only results", n)
	}
	if c1.Total >= all.Total {
		t.Errorf("-edition c1 total %d, want fewer than without it (%d)", c1.Total, all.Total)
	}
	for _, c := range c1.Facets["edition"].Counts {
		if c.Value != "all" && !strings.Contains(c.Value, "c1") {
			t.Errorf("-edition c1: edition facet counts %q", c.Value)
		}
	}
}

// TestSearchFacetsAddUp: the kind, edition and page facet counts add up
// to the total, with either engine.
func TestSearchFacetsAddUp(t *testing.T) {
	for _, args := range [][]string{
		{"esquivar"},
		{"-edition", "n4", "trabado"},
		{"-kind", "faq,errata", "berserk"},
		{"-fts5", "esquivar"},
	} {
		d := searchJSON(t, sampleIndexed(t), args...)
		if d.Total == 0 {
			t.Fatalf("%q: no matches", args)
		}
		for _, name := range []string{"kind", "edition", "page"} {
			f, ok := d.Facets[name]
			if !ok {
				t.Fatalf("%q: no %s facet", args, name)
			}
			if f.Sum() != d.Total {
				t.Errorf("%q: %s facet adds up to %d, total %d", args, name, f.Sum(), d.Total)
			}
		}
	}
}

// TestSearchHumanOutput: snippets with « » highlights (not a terminal),
// citation lines and the facet counts, on the embedded sample corpus
// (indexed in memory).
func TestSearchHumanOutput(t *testing.T) {
	out := runQuery(t, "search", "-n", "2", "esquiva plantilla")
	for _, want := range []string{"«Esquivar»", "— Esquivar", "matches (bleve)", "\n  kind: ", "\n  page: "} {
		if !strings.Contains(out, want) {
			t.Errorf("human output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b[") {
		t.Error("escape codes written to a non-terminal")
	}
}

// TestSearchIndexFile: for a knowledge base file, search falls back to
// FTS5 (and says how to fix it) until "query index" builds PATH.bleve;
// "query index -check" passes on a fresh index and fails when a document
// is missing; -as-of always searches FTS5.
func TestSearchIndexFile(t *testing.T) {
	ctx := context.Background()
	path := sampleDBCopy(t)

	var out, errb bytes.Buffer
	if err := Run(ctx, []string{"search", "-json", "-db", path, "esquivar"}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	var d searchDoc
	decode(t, out.String(), &d)
	if d.Engine != "fts5" || !strings.Contains(errb.String(), "query index -db "+path) {
		t.Errorf("no index: engine %q, stderr %q; want fts5 and the command that builds it", d.Engine, errb.String())
	}
	if err := Run(ctx, []string{"index", "-db", path, "-check"}, &out, &errb); err == nil {
		t.Error("index -check without an index must fail")
	}

	runQuery(t, "index", "-db", path)
	runQuery(t, "index", "-db", path, "-check")
	if d := searchJSON(t, path, "dodge template"); d.Engine != "bleve" || len(d.Results) == 0 || d.Results[0].Citation.Page != "Esquivar" && d.Results[0].Citation.Page != "Armas y Equipo de Plantilla" {
		t.Errorf("with the index: engine %q, results %+v", d.Engine, d.Results)
	}
	if d := searchJSON(t, path, "-as-of", "2021-03-01", "esquivar"); d.Engine != "fts5" {
		t.Errorf("-as-of: engine %q, want fts5", d.Engine)
	}

	// Take one document out of the index: -check reports it missing, and
	// a sync (query index) puts it back.
	x, err := index.Open(pipeline.IndexPath(path))
	if err != nil {
		t.Fatal(err)
	}
	res, err := x.Search(ctx, index.Query{Text: "esquivar", Limit: 1})
	if err != nil || len(res.Hits) == 0 {
		t.Fatalf("search the index: %v", err)
	}
	id := res.Hits[0].Citation.Anchor
	if r := res.Hits[0].Record; r != nil {
		id = r.ID
	} else if f := res.Hits[0].FAQ; f != nil {
		id = f.ID
	}
	if err := x.Delete(ctx, id); err != nil {
		t.Fatal(err)
	}
	x.Close()
	out.Reset()
	err = Run(ctx, []string{"index", "-db", path, "-check"}, &out, &errb)
	if err == nil || !strings.Contains(out.String(), "missing "+id) {
		t.Errorf("index -check after deleting %s: err %v, output %q", id, err, out.String())
	}
	runQuery(t, "index", "-db", path)
	runQuery(t, "index", "-db", path, "-check")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestSearchTotalDoesNotDependOnN: the total and the facets of a search are
// the same whatever number of hits -n asks for (the web asks for 20, the
// CLI for 10 by default).
func TestSearchTotalDoesNotDependOnN(t *testing.T) {
	total := func(n string) string {
		var v struct {
			Total  uint64          `json:"total"`
			Facets json.RawMessage `json:"facets"`
		}
		decode(t, runIndexed(t, "search", "-json", "-n", n, "dodge template"), &v)
		return fmt.Sprint(v.Total, string(v.Facets))
	}
	if a, b := total("5"), total("20"); a != b {
		t.Errorf("-n 5 and -n 20 give different totals/facets:\n%s\n%s", a, b)
	}
}
