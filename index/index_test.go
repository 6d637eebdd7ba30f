package index

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

func TestEditionFilter(t *testing.T) {
	idx := buildFixture(t)
	ctx := context.Background()
	for _, tt := range []struct {
		text     string
		ed       wikirules.Edition
		hidden   []string // ids that must not appear
		required []string // ids that must appear
	}{
		// Berserk and Suplantado are {{n4only}} pages: gone in CodeOne.
		{"berserk", wikirules.C1, []string{"berserk-skill", "berserk-eff-1"}, nil},
		{"berserk", wikirules.N4, nil, []string{"berserk-skill", "berserk-eff-1"}},
		{"marcador suplantado LDT", wikirules.C1, []string{"suplantado-eff-6"}, nil},
		// Trabado: the c1 and n4list alternatives of one activation bullet.
		{"trabado activa contacto silueta", wikirules.C1, []string{"trabado-act-n4"}, []string{"trabado-act-c1"}},
		{"trabado activa contacto silueta", wikirules.N4, []string{"trabado-act-c1"}, []string{"trabado-act-n4"}},
		{"trabado activa contacto silueta", 0, nil, []string{"trabado-act-c1", "trabado-act-n4"}},
	} {
		res, err := idx.Search(ctx, Query{Text: tt.text, Edition: tt.ed, Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, h := range res.Hits {
			got[hitKey(h)] = true
			if h.Record != nil && tt.ed != 0 {
				eds := h.Record.Editions
				if eds == 0 {
					eds = fixturePages()[h.Record.Page].Editions
				}
				if !eds.Holds(tt.ed) {
					t.Errorf("%q edition %v: hit %s holds only in %v", tt.text, tt.ed, h.Record.ID, eds)
				}
			}
			if h.FAQ != nil && tt.ed != 0 && !h.FAQ.Editions.Holds(tt.ed) {
				t.Errorf("%q edition %v: FAQ %s holds only in %v", tt.text, tt.ed, h.FAQ.ID, h.FAQ.Editions)
			}
		}
		for _, id := range tt.hidden {
			if got[id] {
				t.Errorf("%q edition %v: %s should be hidden", tt.text, tt.ed, id)
			}
		}
		for _, id := range tt.required {
			if !got[id] {
				t.Errorf("%q edition %v: %s missing from %d hits", tt.text, tt.ed, id, len(res.Hits))
			}
		}
	}
}

// TestUnscopedFilter checks Query.Unscoped: with an edition, the documents
// of unknown edition (scoped to none, nor is their page: Trabado's effects
// here) are kept too, those of another edition still not.
func TestUnscopedFilter(t *testing.T) {
	idx := buildFixture(t)
	ctx := context.Background()
	for _, tt := range []struct {
		unscoped bool
		hidden   []string
		required []string
	}{
		{false, []string{"trabado-eff-1", "trabado-eff-3", "trabado-act-n4"}, []string{"trabado-act-c1"}},
		{true, []string{"trabado-act-n4"}, []string{"trabado-act-c1", "trabado-eff-1", "trabado-eff-3"}},
	} {
		res, err := idx.Search(ctx, Query{Text: "trabado tropa", Edition: wikirules.C1, Unscoped: tt.unscoped, Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, h := range res.Hits {
			got[hitKey(h)] = true
		}
		for _, id := range tt.hidden {
			if got[id] {
				t.Errorf("c1, unscoped %v: %s should be hidden", tt.unscoped, id)
			}
		}
		for _, id := range tt.required {
			if !got[id] {
				t.Errorf("c1, unscoped %v: %s missing from %d hits", tt.unscoped, id, len(res.Hits))
			}
		}
	}
}

func TestFacetsAddUp(t *testing.T) {
	idx := buildSeed(t)
	for _, q := range []Query{
		{Text: "esquivar"},
		{Text: "LoF", Edition: wikirules.C1},
		{Text: "trabado berserk", Kinds: []wikirules.Kind{wikirules.KindFAQ, wikirules.KindErrata}},
		{Text: "plantilla", Pages: []string{"Esquivar", "Armas y Equipo de Plantilla"}, Limit: 3},
	} {
		q.Facets = true
		res, err := idx.Search(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		if res.Total == 0 {
			t.Fatalf("%+v: no matches", q)
		}
		for _, name := range []string{"edition", "kind", "page"} {
			f, ok := res.Facets[name]
			if !ok {
				t.Fatalf("%+v: no %s facet", q, name)
			}
			if f.Sum() != int(res.Total) {
				t.Errorf("%+v: %s facet sums to %d, total %d: %+v", q, name, f.Sum(), res.Total, f)
			}
		}
		for _, c := range res.Facets["kind"].Counts {
			if len(q.Kinds) > 0 && c.Value != "faq" && c.Value != "errata" {
				t.Errorf("%+v: kind facet has %q", q, c.Value)
			}
		}
		if q.Edition == wikirules.C1 {
			for _, c := range res.Facets["edition"].Counts {
				if c.Value != "all" && !strings.Contains(c.Value, "c1") {
					t.Errorf("edition c1: facet value %q", c.Value)
				}
			}
		}
		if len(res.Hits) > max(q.Limit, 10) {
			t.Errorf("%+v: %d hits over the limit", q, len(res.Hits))
		}
	}
}

func TestHighlights(t *testing.T) {
	idx := buildSeed(t)
	for _, text := range []string{"dano", "esquiva plantilla", "LoF", "trabdo berserk", "línea de tiro"} {
		res, err := idx.Search(context.Background(), Query{Text: text})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) != len(res.Highlights) {
			t.Fatalf("%q: %d hits, %d highlight lists", text, len(res.Hits), len(res.Highlights))
		}
		marked := 0
		for i, h := range res.Hits {
			for _, sp := range res.Highlights[i] {
				if sp.Start < len(markOpen) || sp.End+len(markClose) > len(h.Snippet) || sp.Start >= sp.End {
					t.Fatalf("%q: span %+v outside snippet %q", text, sp, h.Snippet)
				}
				if h.Snippet[sp.Start-len(markOpen):sp.Start] != markOpen || h.Snippet[sp.End:sp.End+len(markClose)] != markClose {
					t.Errorf("%q: span %+v of %q is not between markers", text, sp, h.Snippet)
				}
				marked++
			}
		}
		if marked == 0 {
			t.Errorf("%q: no highlighted word in any hit", text)
		}
	}
	// The first hit of "dano" marks the word "Daño" itself.
	res, _ := idx.Search(context.Background(), Query{Text: "dano"})
	sp := res.Highlights[0][0]
	if w := res.Hits[0].Snippet[sp.Start:sp.End]; w != "Daño" {
		t.Errorf("dano: first highlight %q, want Daño", w)
	}
}

// TestLoFFindsLDT: an English abbreviation finds Spanish text that only
// says LDT; the highlight marks LDT or the phrase
// "Línea de Tiro" (one mark over the whole phrase).
func TestLoFFindsLDT(t *testing.T) {
	idx := buildSeed(t)
	res, err := idx.Search(context.Background(), Query{Text: "LoF", Limit: 20})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, h := range res.Hits {
		if h.Record != nil && strings.Contains(h.Record.Plain, "LDT") {
			n++
		}
		if sp := res.Highlights[i]; len(sp) > 0 && !strings.Contains(h.Snippet, "«LDT»") && !strings.Contains(strings.ToLower(h.Snippet), "«línea") {
			t.Errorf("hit %d: snippet %q marks neither LDT nor Línea", i, h.Snippet)
		}
	}
	if n < 10 {
		t.Errorf("LoF: %d of %d hits are records saying LDT, want ≥ 10", n, len(res.Hits))
	}
}

func TestHistory(t *testing.T) {
	idx := buildFixture(t)
	ctx := context.Background()
	res, _ := idx.Search(ctx, Query{Text: "trabadas combate CC texto original", Limit: 50})
	for _, h := range res.Hits {
		if h.Record != nil && h.Record.Superseded {
			t.Errorf("superseded %s found without History", h.Record.ID)
		}
	}
	res, _ = idx.Search(ctx, Query{Text: "estado trabado combate CC", History: true, Limit: 50})
	pos := map[string]int{}
	for i, h := range res.Hits {
		pos[hitKey(h)] = i + 1
	}
	if pos["trabado-eff-1-old"] == 0 || pos["trabado-eff-1"] == 0 || pos["trabado-eff-1-old"] < pos["trabado-eff-1"] {
		t.Errorf("History: superseded at %d, current at %d; want both, current first", pos["trabado-eff-1-old"], pos["trabado-eff-1"])
	}
}

// memSource is a Source over slices, standing in for the knowledge base.
type memSource struct {
	recs  []wikirules.Record
	faqs  []wikirules.FAQ
	pages map[string]PageInfo
}

func (m *memSource) Records(ctx context.Context, f wikirules.Filter) ([]wikirules.Record, error) {
	return m.recs, nil
}
func (m *memSource) FAQs(ctx context.Context, text string, f wikirules.Filter) ([]wikirules.FAQ, error) {
	return m.faqs, nil
}
func (m *memSource) Pages(ctx context.Context) ([]wikirules.Page, error) {
	var out []wikirules.Page
	for t, p := range m.pages {
		out = append(out, wikirules.Page{Title: t, Language: p.Language})
	}
	return out, nil
}
func (m *memSource) Page(ctx context.Context, title string, f wikirules.Filter) (*wikirules.PageView, error) {
	p, ok := m.pages[title]
	if !ok {
		return nil, fmt.Errorf("page %q: %w", title, wikirules.ErrNotFound)
	}
	return &wikirules.PageView{Page: wikirules.Page{Title: title, Language: p.Language}, Categories: p.Categories, PageEditions: p.Editions}, nil
}

func TestUpdateCheckSync(t *testing.T) {
	ctx := context.Background()
	src := &memSource{recs: fixtureRecords(), faqs: fixtureFAQs(), pages: fixturePages()}
	path := filepath.Join(t.TempDir(), "idx")
	idx, err := BuildFrom(ctx, path, src)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := idx.Check(ctx, src)
	if err != nil || !rep.OK() {
		t.Fatalf("fresh index: %v %v", rep, err)
	}
	if rep.Indexed != len(src.recs)+len(src.faqs) {
		t.Errorf("indexed %d, want %d", rep.Indexed, len(src.recs)+len(src.faqs))
	}
	// A new revision of Daño: the old record goes, a new one comes.
	neu := rec("dano-2", "Daño", wikirules.KindRule, 0, nil, 1, "Cada éxito no anulado obliga al objetivo a realizar una Tirada de Salvación.")
	neu.RevisionID = "rev-Daño-2"
	var kept []wikirules.Record
	for _, r := range src.recs {
		if r.Page != "Daño" {
			kept = append(kept, r)
		}
	}
	src.recs = append(kept, neu)
	rep, _ = idx.Check(ctx, src)
	if fmt.Sprint(rep.Missing, rep.Extra) != "[dano-2] [dano-1]" {
		t.Errorf("after ingest: missing %v extra %v, want [dano-2] [dano-1]", rep.Missing, rep.Extra)
	}
	if err := idx.Update(ctx, []wikirules.Record{neu}, nil); err != nil {
		t.Fatal(err)
	}
	if rep, _ = idx.Check(ctx, src); !rep.OK() {
		t.Errorf("after Update: %v", rep)
	}
	// The index reopened from disk answers the same.
	idx.Close()
	idx, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	res, err := idx.Search(ctx, Query{Text: "dano salvacion"})
	if err != nil || len(res.Hits) == 0 || hitKey(res.Hits[0]) != "dano-2" {
		t.Fatalf("reopened: %v %+v", err, res)
	}
	// Drift made behind the index's back is found and repaired by Sync.
	src.faqs = src.faqs[1:]
	src.recs[0].RevisionID = "rev-newer"
	rep, err = idx.Sync(ctx, src)
	if err != nil || len(rep.Extra) != 1 || len(rep.Stale) != 1 {
		t.Fatalf("Sync found %v (%v), want 1 extra and 1 stale", rep, err)
	}
	if rep, _ = idx.Check(ctx, src); !rep.OK() {
		t.Errorf("after Sync: %v", rep)
	}
	// An older revision showing an FAQ, ingested later, moves its first
	// revision and adds a page but leaves its last revision: the FAQ
	// document is stale, and Sync rewrites it.
	src.faqs[0].FirstRevision = "rev-older"
	src.faqs[0].Pages = append(src.faqs[0].Pages, "Esquivar")
	if rep, err = idx.Check(ctx, src); err != nil || fmt.Sprint(rep.Stale) != "["+src.faqs[0].ID+"]" {
		t.Fatalf("after an older occurrence: %v (%v), want the FAQ %s stale", rep, err, src.faqs[0].ID)
	}
	if _, err := idx.Sync(ctx, src); err != nil {
		t.Fatal(err)
	}
	if rep, _ = idx.Check(ctx, src); !rep.OK() {
		t.Errorf("after Sync of the FAQ: %v", rep)
	}
	res, err = idx.Search(ctx, Query{Text: src.faqs[0].Question, Limit: 3})
	if err != nil || len(res.Hits) == 0 || res.Hits[0].FAQ == nil || res.Hits[0].FAQ.FirstRevision != "rev-older" {
		t.Errorf("the synced FAQ: %v %+v, want first revision rev-older", err, res.Hits)
	}
	if _, err := Build(ctx, path, nil, nil); err == nil {
		t.Error("Build over an existing index: no error")
	}
}

// TestAnyText: any string typed by a user gives results or none, never an
// error or a panic.
func TestAnyText(t *testing.T) {
	idx := buildFixture(t)
	for _, text := range []string{"", "   ", "¿?", "\"", "+-&|!(){}[]^\"~*?:\\/", "AND OR NOT", "title:foo",
		"*", "esquivar~2", strings.Repeat("plantilla ", 200), "\x00\xff", "ñññ", "de la el", "IMM-A E/M IMP-1"} {
		if _, err := idx.Search(context.Background(), Query{Text: text}); err != nil {
			t.Errorf("%q: %v", text, err)
		}
	}
}

func FuzzSearch(f *testing.F) {
	for _, s := range []string{"dodge template", "trabdo berserk", "¿Se puede?", "LoF", "a:b", "\"x"} {
		f.Add(s)
	}
	idx := buildFixture(f)
	f.Fuzz(func(t *testing.T, text string) {
		if _, err := idx.Search(context.Background(), Query{Text: text, Limit: 5}); err != nil {
			t.Errorf("%q: %v", text, err)
		}
	})
}
