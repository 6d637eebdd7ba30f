package kb

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestSearchQuery checks the tokenisation of user text into a MATCH
// expression: only quoted word tokens, whatever the input.
func TestSearchQuery(t *testing.T) {
	for _, tc := range []struct{ in, and, or string }{
		{`esquivar`, `"esquivar"*`, `"esquivar"*`},
		{`línea-de "tiro`, `"línea"* "de"* "tiro"*`, `"línea"* OR "de"* OR "tiro"*`},
		{`AND`, `"AND"*`, `"AND"*`},
		{`Esquivar AND NOT Reset`, `"Esquivar"* "AND"* "NOT"* "Reset"*`, `"Esquivar"* OR "AND"* OR "NOT"* OR "Reset"*`},
		{`NEAR(ora plantilla, 3)`, `"NEAR"* "ora"* "plantilla"* "3"`, `"NEAR"* OR "ora"* OR "plantilla"* OR "3"`},
		{`title:ora^ -reset +x`, `"title"* "ora"* "reset"* "x"`, `"title"* OR "ora"* OR "reset"* OR "x"`},
		{`Activacio` + "\u0301" + `n`, `"Activacio` + "\u0301" + `n"*`, `"Activacio` + "\u0301" + `n"*`},
		{`(`, ``, ``},
		{`*`, ``, ``},
		{`"`, ``, ``},
		{``, ``, ``},
		{"\u0301\u0301", ``, ``},
	} {
		q := newSearchQuery(tc.in)
		if got := q.match(false); got != tc.and {
			t.Errorf("match(%q, AND) = %s, want %s", tc.in, got, tc.and)
		}
		if got := q.match(true); got != tc.or {
			t.Errorf("match(%q, OR) = %s, want %s", tc.in, got, tc.or)
		}
	}
	long := newSearchQuery(strings.Repeat("a ", 100) + strings.Repeat("b", 100))
	if len(long.tokens) != maxSearchTokens || len(long.tokens[0]) != 1 {
		t.Errorf("long query kept %d tokens", len(long.tokens))
	}
}

// hostile are search strings that would be FTS5 syntax errors if passed
// raw to MATCH.
var hostile = []string{
	`línea-de "tiro`, `AND`, `OR`, `NOT`, `(`, `)`, `*`, `"`, `""`, `NEAR(`, `NEAR(a b`, ``, ` `, `-`,
	`^ora`, `ora:`, `{page}: esquivar`, `a OR`, `"unterminated`, `esquivar*`, `*esquivar`, `\`, `'`,
	`🎲🎲`, "\x00", "\xff\xfe", "\u0301", `Activación de una Tropa`, strings.Repeat(`(`, 10000),
	strings.Repeat("esquivar ", 500), "\u0560 \ua7ca \U0001E900", "ᾯ ǅ Ⅻ ½ ²", "日本語の ルール",
	strings.Repeat("a b c d e f g h i j k l m n o p ", 20),
}

// TestSearchHostile checks that hostile strings never make SearchText or
// FAQs fail.
func TestSearchHostile(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, corpus(t)...)
	for _, s := range hostile {
		if _, err := db.SearchText(ctx, s, wikirules.Filter{}); err != nil {
			t.Errorf("SearchText(%.40q): %v", s, err)
		}
		if _, err := db.FAQs(ctx, s, wikirules.Filter{}); err != nil {
			t.Errorf("FAQs(%.40q): %v", s, err)
		}
	}
	hits, err := db.SearchText(ctx, `línea-de "tiro`, wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) == 0 {
		t.Error(`SearchText("línea-de \"tiro") found nothing (OR fallback)`)
	}
}

// TestSearchText checks ranking, accent and case folding, snippets,
// citations, filters and the OR fallback on the fixture corpus.
func TestSearchText(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, corpus(t)...)
	for _, tc := range []struct {
		name  string
		text  string
		f     wikirules.Filter
		first string // anchor of the best hit
		n     int    // number of hits, -1 = any
	}{
		{"skill type", "habilidad corta ORA", wikirules.Filter{}, "esquivar-skill", -1},
		{"accents and case", "RAFAGA enfrentada", wikirules.Filter{Edition: wikirules.N4}, "esquivar-efectos-1-n4", 1},
		{"accents and case c1", "ráfaga ENFRENTADA", wikirules.Filter{Edition: wikirules.C1}, "esquivar-efectos-1-c1", 1},
		{"prefix", "posicionab", wikirules.Filter{}, "esquivar-efectos-6-1", 1},
		{"or fallback", "posicionables zzzqqq", wikirules.Filter{}, "esquivar-efectos-6-1", 1},
		{"faq", "esquivar ataque berserk", wikirules.Filter{Kinds: []wikirules.Kind{wikirules.KindFAQ}}, faqDodgeBerserk().ID, 1},
		{"seefaq note", "comprueban momento", wikirules.Filter{}, "activacion-secuencia-6", 1},
		{"pages", "tirada", wikirules.Filter{Pages: []string{"trabado"}, Kinds: []wikirules.Kind{wikirules.KindEffect, wikirules.KindCancellation}}, "trabado-cancelacion-3", 1},
		{"pages with faqs", "tirada", wikirules.Filter{Pages: []string{"trabado"}}, faqDodgeBerserk().ID, 2},
		{"limit", "esquivar", wikirules.Filter{Limit: 2}, "", 2},
		{"nothing", "zzzqqq", wikirules.Filter{}, "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hits, err := db.SearchText(ctx, tc.text, tc.f)
			if err != nil {
				t.Fatal(err)
			}
			if tc.n >= 0 && len(hits) != tc.n {
				t.Errorf("%d hits, want %d: %v", len(hits), tc.n, citations(hits))
			}
			if tc.first != "" && (len(hits) == 0 || hits[0].Citation.Anchor != tc.first) {
				t.Fatalf("best hit not %s: %v", tc.first, citations(hits))
			}
			for i, h := range hits {
				if (h.Record == nil) == (h.FAQ == nil) {
					t.Errorf("hit %d: record %v, faq %v", i, h.Record, h.FAQ)
				}
				if i > 0 && h.Score > hits[i-1].Score {
					t.Errorf("hit %d scores %g > hit %d's %g", i, h.Score, i-1, hits[i-1].Score)
				}
				if h.Citation.Page == "" || h.Citation.Revision == "" || h.Citation.Timestamp.IsZero() {
					t.Errorf("hit %d: incomplete citation %+v", i, h.Citation)
				}
			}
			if len(hits) > 0 && tc.name != "pages" && !strings.Contains(hits[0].Snippet, "«") {
				t.Errorf("snippet %q has no marked match", hits[0].Snippet)
			}
		})
	}
}

// TestFAQSearch checks FAQs with text: "berserk" finds the three Berserk
// FAQs, newest version first; accents do not matter.
func TestFAQSearch(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, corpus(t)...)
	faqs, err := db.FAQs(ctx, "berserk", wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	got := faqIDs(faqs)
	want := []string{faqBerserkErrata().ID, faqBerserkFireteam().ID, faqDodgeBerserk().ID}
	if len(got) != 3 {
		t.Fatalf("FAQs(berserk) = %v, want %v (any order)", got, want)
	}
	for _, id := range want {
		if !strings.Contains(strings.Join(got, " "), id) {
			t.Errorf("FAQs(berserk) lacks %s", id)
		}
	}
	faqs, err = db.FAQs(ctx, "ESTA EN UN FIRETEAM", wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if got := faqIDs(faqs); !reflect.DeepEqual(got, []string{faqBerserkFireteam().ID}) {
		t.Errorf("FAQs(está en un fireteam) = %v", got)
	}
	// Versions: a 1.1 FAQ comes before the 1.0 ones.
	b := berserk(t)
	b.Rev.ID, b.Rev.Timestamp = "d1", b.Rev.Timestamp.AddDate(1, 0, 0)
	newer := newFAQ("faq", "N4 FAQ", "1.1, diciembre 2021", "Q: ¿Berserk y Esquivar?", "A: No.", "Berserk")
	b.X = &wikirules.Extraction{FAQs: withFAQs(b.Rev, newer)}
	if _, err := db.Put(ctx, []Item{b}); err != nil {
		t.Fatal(err)
	}
	faqs, err = db.FAQs(ctx, "berserk", wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(faqs) != 4 || faqs[0].ID != newer.ID {
		t.Errorf("FAQs(berserk) after 1.1: %v, want %s first", faqIDs(faqs), newer.ID)
	}
}

// citations renders hit citations for failure messages.
func citations(hits []wikirules.Hit) []string {
	var out []string
	for _, h := range hits {
		out = append(out, h.Citation.Anchor+" "+fmt.Sprintf("%.3g", h.Score))
	}
	return out
}

// FuzzSearchText checks that no text makes SearchText or FAQs fail.
func FuzzSearchText(f *testing.F) {
	for _, s := range hostile {
		f.Add(s)
	}
	db := openTest(f, corpus(f)...)
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, text string) {
		if _, err := db.SearchText(ctx, text, wikirules.Filter{}); err != nil {
			t.Fatalf("SearchText(%q): %v", text, err)
		}
		if _, err := db.FAQs(ctx, text, wikirules.Filter{Edition: wikirules.N4}); err != nil {
			t.Fatalf("FAQs(%q): %v", text, err)
		}
	})
}
