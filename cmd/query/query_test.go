package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/pipeline"
)

// runQuery runs the query command with args (without -db: on the
// embedded sample corpus) and returns stdout; it fails the test on error.
func runQuery(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if err := Run(context.Background(), args, &out, &errb); err != nil {
		t.Fatalf("query %q: %v\n%s", args, err, errb.String())
	}
	return out.String()
}

type citation struct {
	Page      string   `json:"page"`
	Section   string   `json:"section"`
	Kind      string   `json:"kind"`
	Ordinal   int      `json:"ordinal"`
	Editions  []string `json:"editions"`
	Revision  string   `json:"revision"`
	Timestamp string   `json:"timestamp"`
	Anchor    string   `json:"anchor"`
}

type hit struct {
	Text     string   `json:"text"`
	Kind     string   `json:"kind"`
	Page     string   `json:"page"`
	Citation citation `json:"citation"`
}

func decode(t *testing.T, s string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(s), v); err != nil {
		t.Fatalf("not one JSON document: %v\n%s", err, s)
	}
}

// checkCitation: a citation names page, kind, revision, anchor and
// editions; its timestamp is left out only for an undated revision (a
// rendered page that shows no date: its id is a derived one).
func checkCitation(t *testing.T, c citation) {
	t.Helper()
	if c.Page == "" || c.Kind == "" || c.Revision == "" || c.Anchor == "" || c.Editions == nil ||
		(c.Timestamp == "" && !wikirules.IsDerivedRevisionID(c.Revision)) {
		t.Errorf("incomplete citation %+v", c)
	}
}

func TestShowEsquivar(t *testing.T) {
	var v struct {
		Page    struct{ Title string } `json:"page"`
		Records []struct {
			Kind        string   `json:"kind"`
			Depth       int      `json:"depth"`
			Ordinal     int      `json:"ordinal"`
			Editions    []string `json:"editions"`
			Alternative string   `json:"alternative"`
			Title       string   `json:"title"`
			Text        string   `json:"text"`
			Skill       *struct {
				Type   string   `json:"type"`
				Labels []string `json:"labels"`
			} `json:"skill"`
			Citation citation `json:"citation"`
		} `json:"records"`
		FAQs []struct {
			Kind    string `json:"kind"`
			Version string `json:"version"`
		} `json:"faqs"`
	}
	decode(t, runQuery(t, "show", "-json", "-edition", "all", "Esquivar"), &v)
	if v.Page.Title != "Esquivar" {
		t.Fatalf("page %q", v.Page.Title)
	}
	var reqs, examples, important, effects int
	var titles []string
	var firstEffects []string
	for _, r := range v.Records {
		checkCitation(t, r.Citation)
		switch r.Kind {
		case "skill":
			if r.Skill == nil || r.Skill.Type != "HABILIDAD CORTA / ORA" || len(r.Skill.Labels) != 1 || r.Skill.Labels[0] != "Movimiento" {
				t.Errorf("skill header %+v", r.Skill)
			}
		case "requirement":
			if r.Ordinal > 0 {
				reqs++
			}
		case "example":
			examples++
			titles = append(titles, r.Title)
		case "important":
			important++
		case "effect":
			effects++
			if r.Ordinal == 1 && r.Depth == 1 {
				firstEffects = append(firstEffects, strings.Join(r.Editions, ","))
				if r.Alternative == "" {
					t.Error("the C1 and N4 versions of the first effect must be alternatives")
				}
			}
		}
	}
	if reqs != 3 {
		t.Errorf("%d requirement bullets, want 3", reqs)
	}
	if strings.Join(firstEffects, " ") != "c1 n4" {
		t.Errorf("first effect editions %q, want c1 then n4", firstEffects)
	}
	if effects < 10 || important == 0 {
		t.Errorf("%d effects, %d important records", effects, important)
	}
	if strings.Join(titles, "|") != "Ejemplo Esquivar y Trabado|Ejemplo Esquivar y Arma Posicionable" {
		t.Errorf("example titles %q", titles)
	}
	kinds := map[string]int{}
	for _, f := range v.FAQs {
		kinds[f.Kind]++
		if f.Version != "1.0, enero 2021" {
			t.Errorf("FAQ version %q", f.Version)
		}
	}
	if kinds["faq"] != 2 || kinds["errata"] != 1 {
		t.Errorf("FAQs by kind %v, want 2 faq and 1 errata", kinds)
	}
}

func TestShowEditionTrabado(t *testing.T) {
	type recs struct {
		Records []struct {
			Kind     string   `json:"kind"`
			Editions []string `json:"editions"`
		} `json:"records"`
	}
	count := func(edition string) map[string]int {
		var v recs
		args := []string{"show", "-json"}
		if edition != "" {
			args = append(args, "-edition", edition)
		}
		decode(t, runIndexed(t, append(args, "Trabado")...), &v)
		m := map[string]int{}
		for _, r := range v.Records {
			if r.Kind == "activation" || r.Kind == "cancellation" {
				m[strings.Join(r.Editions, ",")]++
			}
		}
		return m
	}
	def, c1, n4 := count(""), count("c1"), count("n4")
	// Without -edition a page shows the newest edition it holds (N4: the
	// sample's N5 page makes N5 the knowledge base's newest, which
	// Trabado does not have).
	if def["c1"] != 0 || def["n4"] != n4["n4"] || len(def) != len(n4) {
		t.Errorf("Trabado without -edition shows %v, want its N4 records %v", def, n4)
	}
	all := map[string]int{"c1": c1["c1"], "n4": n4["n4"]}
	if all["c1"] == 0 || all["n4"] == 0 {
		t.Fatalf("Trabado must hold both versions: c1 %v, n4 %v", c1, n4)
	}
	if c1["n4"] != 0 || c1["c1"] != all["c1"] {
		t.Errorf("-edition c1 shows %v, want only the %d CodeOne records", c1, all["c1"])
	}
	if n4["c1"] != 0 || n4["n4"] != all["n4"] {
		t.Errorf("-edition n4 shows %v, want only the %d N4 records", n4, all["n4"])
	}
}

func TestSearch(t *testing.T) {
	search := func(q string) []hit {
		var v struct {
			Results []hit `json:"results"`
		}
		decode(t, runIndexed(t, "search", "-json", q), &v)
		for _, h := range v.Results {
			checkCitation(t, h.Citation)
		}
		return v.Results
	}
	top := search("esquivar plantilla")
	ok := false
	for i := 0; i < len(top) && i < 3; i++ {
		if p := top[i].Citation.Page; p == "Esquivar" || p == "Armas y Equipo de Plantilla" {
			ok = true
		}
	}
	if !ok {
		t.Errorf("esquivar plantilla: no Esquivar / Armas y Equipo de Plantilla record in the top 3: %+v", top)
	}
	found := false
	for _, h := range search("ordenes") {
		if h.Citation.Page == "Órdenes y Reserva de Órdenes" {
			found = true
		}
	}
	if !found {
		t.Error(`"ordenes" does not find Órdenes y Reserva de Órdenes`)
	}
	for _, q := range []string{`línea-de "tiro`, `"`, `AND`, `esquivar AND`, `(trabado`, `a:b`, `NEAR(x y)`, `*`, `-`, `""`, `OR NOT`} {
		search(q) // must not fail
	}
}

func TestFAQBerserk(t *testing.T) {
	var v struct {
		Results []struct {
			Kind     string   `json:"kind"`
			Citation citation `json:"citation"`
		} `json:"results"`
	}
	decode(t, runIndexed(t, "faq", "-json", "berserk"), &v)
	kinds := map[string]int{}
	for _, r := range v.Results {
		kinds[r.Kind]++
		checkCitation(t, r.Citation)
	}
	if kinds["errata"] != 1 || kinds["faq"] != 2 {
		t.Errorf("faq berserk gave %v, want 1 errata and 2 FAQs", kinds)
	}
}

func TestHumanOutputHasCitationLine(t *testing.T) {
	out := runQuery(t, "show", "Esquivar")
	if !strings.Contains(out, "Esquivar › Efectos › 4 [N4 C1] — rev 2021-02-11T10:26:28Z") {
		t.Errorf("show output lacks the citation line:\n%s", out[:min(len(out), 2000)])
	}
}

func TestErrors(t *testing.T) {
	var out, errb bytes.Buffer
	if err := Run(context.Background(), []string{"show", "No Such Page"}, &out, &errb); err == nil {
		t.Error("unknown page must be an error")
	}
	if err := Run(context.Background(), []string{"show", "-db", "/nonexistent/rules.db", "Esquivar"}, &out, &errb); err == nil || !strings.Contains(err.Error(), "/nonexistent/rules.db") {
		t.Errorf("missing -db: %v", err)
	}
	if err := Run(context.Background(), []string{"search", "-edition", "n2", "x"}, &out, &errb); err == nil {
		t.Error("bad edition must be an error")
	}
	if err := Run(context.Background(), []string{"frobnicate"}, &out, &errb); err == nil {
		t.Error("unknown command must be an error")
	}
	for _, args := range [][]string{
		{"search", "-kind", "bogus", "esquivar"},
		{"search"},
		{"search", "-n", "0", "esquivar"},
		{"search", strings.Repeat("esquivar ", 200)},
		{"ask", ""},
		{"show", "-db", t.TempDir(), "Esquivar"},
	} {
		if err := Run(context.Background(), args, &out, &errb); err == nil {
			t.Errorf("query %.60q: want an error", args)
		}
	}
	dir := t.TempDir()
	for i, doc := range []string{`{"turn":"active","order":["Mover","Mover"]} garbage`, `null`,
		`{"turn":"active"}{"turn":"active"}`, `{"turn":"sideways"}`, `{"turn":"active","bogus":1}`} {
		f := filepath.Join(dir, fmt.Sprintf("s%d.json", i))
		if err := os.WriteFile(f, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := Run(context.Background(), []string{"resolve", f}, &out, &errb); err == nil {
			t.Errorf("resolve %s: want an error", doc)
		}
	}
	if err := Run(context.Background(), []string{"search", "-h"}, &out, &errb); err != nil {
		t.Errorf("search -h: %v, want success", err)
	}
}

// TestShowRedirect: show of a redirect page says what it is and where it
// leads, instead of printing an empty page.
func TestShowRedirect(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	dump := filepath.Join(dir, "dump.txt")
	in := "Infinity - Contribuciones del usuario [es]\n\nRegla Vieja\n\n2021-02-11T10:26:28Z\n\nHellLois2:\n\n#REDIRECCIÓN [[Esquivar]]\n"
	if err := os.WriteFile(dump, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "rules.db")
	writeKB(t, path, false, pipeline.Options{}, dump)
	var out, errb bytes.Buffer
	if err := Run(ctx, []string{"show", "-db", path, "Regla Vieja"}, &out, &errb); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	if !strings.Contains(out.String(), "a redirect to Esquivar") {
		t.Errorf("show printed %q", out.String())
	}
	out.Reset()
	if err := Run(ctx, []string{"show", "-json", "-db", path, "Regla Vieja"}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	var v struct {
		RedirectTo string `json:"redirect_to"`
	}
	decodeJSON(t, out.String(), &v)
	if v.RedirectTo != "Esquivar" {
		t.Errorf("show -json: redirect_to %q", v.RedirectTo)
	}
}

// TestSampleAskQuiet checks that asking the embedded sample corpus says
// only that it uses it: its page-name index is stored with it, so the
// engine has nothing to build or warn about.
func TestSampleAskQuiet(t *testing.T) {
	var out, errb bytes.Buffer
	if err := Run(context.Background(), []string{"ask", "¿Se puede declarar Berserk estando trabado?"}, &out, &errb); err != nil {
		t.Fatalf("query ask: %v\n%s", err, errb.String())
	}
	if strings.Contains(errb.String(), "page-name index") {
		t.Errorf("stderr speaks of the page-name index:\n%s", errb.String())
	}
	if !strings.Contains(out.String(), "→ Sí") {
		t.Errorf("answer:\n%s", out.String())
	}
}

// TestStaleNamesStoredOnce checks that a knowledge base whose page-name
// index another version of the engine stored gets this version's index
// from the first query, with a notice, and that the next query reads it
// without building or a word about it.
func TestStaleNamesStoredOnce(t *testing.T) {
	ctx := context.Background()
	path := tempKB(t, true)
	execSQL(t, path, `UPDATE name_state SET stamp = 'names-0 0000000000000000'`)
	ask := []string{"ask", "-db", path, "¿Se puede declarar Berserk estando trabado?"}
	var out, errb bytes.Buffer
	if err := Run(ctx, ask, &out, &errb); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	if !strings.Contains(errb.String(), "page-name index for this version (once)") || !strings.Contains(out.String(), "→ Sí") {
		t.Errorf("first ask: stderr %q\n%s", errb.String(), out.String())
	}
	out.Reset()
	errb.Reset()
	if err := Run(ctx, ask, &out, &errb); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	if strings.Contains(errb.String(), "page-name index") || !strings.Contains(out.String(), "→ Sí") {
		t.Errorf("second ask: stderr %q\n%s", errb.String(), out.String())
	}
}
