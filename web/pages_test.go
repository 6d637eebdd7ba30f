package web

import (
	"context"
	"io"
	"log"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/wikirules/wikirules/engine"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
)

// The errata of the seed corpus that decides "can Berserk be declared
// while Engaged" (sample/seeds/000_…: Berserk, N4 Errata 1.0, enero 2021),
// the FAQ record that shows it on the Berserk page and the effect bullet
// whose seefaq note it answers.
const (
	berserkErrata     = "faq-c5f30a4ffcb7833e"
	berserkErrataRec  = "berserk-b67b31f557"
	berserkEffectNote = "berserk-bce4851903"
)

func TestHome(t *testing.T) {
	ts, _ := newTestServer(t)
	doc := getDoc(t, ts, "/", 200)
	if got := doc.Find("form.topsearch").AttrOr("action", ""); got != "/search" {
		t.Errorf("home search form action = %q, want /search", got)
	}
	if doc.Find(`.pagelist a[href="/page/Berserk"]`).Length() != 1 {
		t.Errorf("home page does not list Berserk")
	}
	if doc.Find(`.pagelist a[href="/page/Activaci%C3%B3n%20de%20una%20Tropa"]`).Length() != 1 {
		t.Errorf("home page does not link Activación de una Tropa with an escaped path")
	}
	// Nothing is loaded from another host: scripts, styles and images are
	// the server's own.
	doc.Find("script[src], link[href], img[src]").Each(func(_ int, s *goquery.Selection) {
		u := s.AttrOr("src", s.AttrOr("href", ""))
		if !strings.HasPrefix(u, "/static/") {
			t.Errorf("home page loads %q from outside /static/", u)
		}
	})
}

func TestSearchPage(t *testing.T) {
	ts, _ := newTestServer(t)
	doc := getDoc(t, ts, "/search?q=berserk+trabado", 200)
	hits := doc.Find("ol.results > li.hit")
	if hits.Length() < 3 {
		t.Fatalf("search berserk trabado: %d hits, want at least 3", hits.Length())
	}
	first := hits.First()
	if got := first.Find("a.hit-title").AttrOr("href", ""); got != "/page/Trabado#"+berserkErrata {
		t.Errorf("first hit links %q, want the Berserk errata on /page/Trabado#%s (the page of its newest revision)", got, berserkErrata)
	}
	if got := textOf(first.Find(".badge").First()); got != "Errata" {
		t.Errorf("first hit badge %q, want Errata", got)
	}
	marks := first.Find(".snippet mark")
	if marks.Length() < 2 || !strings.EqualFold(textOf(marks.First()), "berserk") {
		t.Errorf("first hit snippet marks %q, want Berserk and Trabado highlighted", textOf(marks))
	}
	// The kind filter counts errata; choosing it filters the search.
	errata := doc.Find(`#search-filters select[name=kind] option[value="errata"]`)
	if errata.Length() != 1 || !strings.Contains(textOf(errata), "Errata") {
		t.Fatalf("kind filter has no Errata option: %q", textOf(doc.Find("#search-filters select[name=kind]")))
	}
	href := "/search?q=berserk+trabado&kind=errata"
	filtered := getDoc(t, ts, href, 200)
	n := 0
	filtered.Find("ol.results > li.hit").Each(func(_ int, s *goquery.Selection) {
		n++
		if !s.HasClass("k-errata") {
			t.Errorf("kind=errata result %q is not an errata", textOf(s.Find("a.hit-title")))
		}
	})
	if n == 0 {
		t.Errorf("%s: no results", href)
	}
	if got := textOf(filtered.Find(`#search-filters select[name=kind] option[selected]`)); !strings.HasPrefix(got, "Errata") {
		t.Errorf("kind filter marks %q as chosen, want Errata", got)
	}
	if filtered.Find("details.filters[open]").Length() != 1 {
		t.Errorf("the filters are folded although one is chosen")
	}
}

func TestSearchEditionFacet(t *testing.T) {
	ts, _ := newTestServer(t)
	tests := []struct {
		edition  string
		present  string // a record id that must be linked
		absent   string // a record id that must not
		current  string
		wantSome bool
	}{
		// Esquivar › Efectos › 1 exists as a c1 block and its n4list alternative.
		{"c1", "esquivar-3966de9fcf", "esquivar-2803fbf96d", "CodeOne", true},
		{"n4", "esquivar-2803fbf96d", "esquivar-3966de9fcf", "N4", true},
	}
	for _, tc := range tests {
		t.Run(tc.edition, func(t *testing.T) {
			doc := getDoc(t, ts, "/search?n=100&q=Tirada+Enfrentada+evitar+todos+los+Ataques&edition="+tc.edition, 200)
			hrefs := doc.Find("a.hit-title").Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("href", "") })
			all := strings.Join(hrefs, " ")
			if !strings.Contains(all, "#"+tc.present) {
				t.Errorf("edition %s: no hit links %s; hits %v", tc.edition, tc.present, hrefs)
			}
			if strings.Contains(all, "#"+tc.absent) {
				t.Errorf("edition %s: a hit links %s, which holds in another edition", tc.edition, tc.absent)
			}
			if got := textOf(doc.Find(`#search-filters select[name=edition] option[selected]`)); got != tc.current {
				t.Errorf("edition filter chosen = %q, want %q", got, tc.current)
			}
		})
	}
}

func TestPageRuleCard(t *testing.T) {
	ts, _ := newTestServer(t)
	doc := getDoc(t, ts, "/page/Berserk", 200)
	skill := doc.Find("section.skill")
	if got := textOf(skill.Find("h2")); got != "BERSERK" {
		t.Errorf("skill name %q, want BERSERK", got)
	}
	if got := textOf(skill.Find(".stype")); got != "ORDEN COMPLETA" {
		t.Errorf("skill type %q, want ORDEN COMPLETA", got)
	}
	labels := skill.Find(".labels li").Map(func(_ int, s *goquery.Selection) string { return textOf(s) })
	if got := strings.Join(labels, ", "); got != "Ataque, Movimiento, Habilidad Especial de CC, Opcional" {
		t.Errorf("labels %q", got)
	}
	blocks := map[string]int{}
	doc.Find("section.block").Each(func(_ int, s *goquery.Selection) {
		blocks[textOf(s.Find("h2"))] += s.Find(".rec").Length()
	})
	if blocks["Requisitos"] != 2 || blocks["Efectos"] != 7 {
		t.Errorf("blocks %v, want Requisitos 2 and Efectos 7 records", blocks)
	}
	card := doc.Find("#" + berserkErrata)
	if !card.HasClass("faqcard") || !card.HasClass("errata") {
		t.Fatalf("no errata card #%s on the Berserk page", berserkErrata)
	}
	if !strings.Contains(textOf(card.Find(".a")), "Berserk se puede declarar cuando se está en el Estado Trabado") {
		t.Errorf("errata answer %q", textOf(card.Find(".a")))
	}
	if !strings.Contains(textOf(card.Find(".badges")), "1.0, enero 2021") {
		t.Errorf("errata badges %q lack its version", textOf(card.Find(".badges")))
	}
	if card.Find("#"+berserkErrataRec).Length() != 1 {
		t.Errorf("the errata record anchor #%s is not inside its card", berserkErrataRec)
	}
	// The errata is shown under the rule whose seefaq note it answers.
	ref := doc.Find("#" + berserkEffectNote + " .faqref a")
	if ref.AttrOr("href", "") != "#"+berserkErrata {
		t.Errorf("effect %s: FAQ reference %q, want #%s", berserkEffectNote, ref.AttrOr("href", ""), berserkErrata)
	}
}

func TestPageExamplesFolded(t *testing.T) {
	ts, _ := newTestServer(t)
	doc := getDoc(t, ts, "/page/Esquivar", 200)
	ex := doc.Find("details.example")
	if ex.Length() != 2 {
		t.Fatalf("Esquivar: %d folded examples, want 2", ex.Length())
	}
	if ex.First().AttrOr("open", "none") != "none" {
		t.Errorf("example is open by default")
	}
	if got := textOf(ex.First().Find("summary")); !strings.HasPrefix(got, "Ejemplo Esquivar y Trabado") {
		t.Errorf("example summary %q", got)
	}
	if doc.Find("details.example .text strong").Length() == 0 {
		t.Errorf("example Markdown (**Paso 1:**) not rendered as <strong>")
	}
}

func TestPageEditionSwitch(t *testing.T) {
	ts, _ := newTestServer(t)
	tests := []struct {
		query         string
		present, gone string
		current       string
	}{
		// Without an edition: the knowledge base's newest (N4 in the
		// sample, CodeOne being no newer).
		{"", "esquivar-2803fbf96d", "esquivar-3966de9fcf", "N4"},
		{"?edition=all", "esquivar-3966de9fcf", "", "Todas las ediciones"},
		{"?edition=c1", "esquivar-3966de9fcf", "esquivar-2803fbf96d", "CodeOne"},
		{"?edition=n4", "esquivar-2803fbf96d", "esquivar-3966de9fcf", "N4"},
	}
	for _, tc := range tests {
		doc := getDoc(t, ts, "/page/Esquivar"+tc.query, 200)
		if doc.Find("#"+tc.present).Length() != 1 {
			t.Errorf("Esquivar%s: no record #%s", tc.query, tc.present)
		}
		if tc.gone != "" && doc.Find("#"+tc.gone).Length() != 0 {
			t.Errorf("Esquivar%s: record #%s of another edition is shown", tc.query, tc.gone)
		}
		if got := textOf(doc.Find(`nav.editions a[aria-current]`)); got != tc.current {
			t.Errorf("Esquivar%s: edition tab %q, want %q", tc.query, got, tc.current)
		}
	}
}

func TestPageSupersededOnRequest(t *testing.T) {
	ts, _ := newTestServer(t)
	title := "/page/" + url.PathEscape("Activación de una Tropa")
	doc := getDoc(t, ts, title, 200)
	if n := doc.Find(".rec.superseded").Length(); n != 0 {
		t.Errorf("%d superseded records shown without history=1", n)
	}
	toggle := doc.Find("#toggle-superseded")
	if !strings.Contains(textOf(toggle), "(24)") {
		t.Fatalf("superseded switch %q, want it to count 24 records", textOf(toggle))
	}
	doc = getDoc(t, ts, toggle.AttrOr("href", ""), 200)
	if n := doc.Find(".rec.superseded").Length(); n != 24 {
		t.Errorf("history=1: %d superseded records, want 24", n)
	}
	if !strings.Contains(textOf(doc.Find(".rec.superseded .badge.old").First()), "sustituido") {
		t.Errorf("superseded record not labelled")
	}
}

func TestFAQPage(t *testing.T) {
	ts, _ := newTestServer(t)
	doc := getDoc(t, ts, "/faq?type=errata&q=berserk", 200)
	cards := doc.Find("article.faqcard")
	if cards.Length() == 0 {
		t.Fatal("no errata on berserk")
	}
	cards.Each(func(_ int, s *goquery.Selection) {
		if !s.HasClass("errata") {
			t.Errorf("type=errata shows a %q card", s.AttrOr("class", ""))
		}
	})
	card := doc.Find("#" + berserkErrata)
	if got := textOf(card.Find("h3.question")); !strings.Contains(got, "Berserk") || !strings.Contains(got, "Trabado") {
		t.Errorf("errata card heading %q, want its question", got)
	}
	if got := textOf(card.Find(".badges")); !strings.Contains(got, "Errata") || !strings.Contains(got, "1.0, enero 2021") || !strings.Contains(got, "[N4]") {
		t.Errorf("errata card badges %q, want type, version and edition", got)
	}
	if got := textOf(card.Closest("section.faqgroup").Find("h2 a").First()); got != "Trabado" {
		t.Errorf("errata listed under %q, want Trabado (where its newest text stands)", got)
	}
	if got := card.Find(".cite a").AttrOr("href", ""); got != "/page/Trabado#"+berserkErrata {
		t.Errorf("errata card links %q", got)
	}
	related := card.Find(".links a").Map(func(_ int, s *goquery.Selection) string { return textOf(s) })
	if strings.Join(related, ",") != "Berserk,Trabado" {
		t.Errorf("related pages %v, want Berserk, Trabado", related)
	}
}

func TestHistoryAndDiffPages(t *testing.T) {
	ts, _ := newTestServer(t)
	doc := getDoc(t, ts, "/history/GizmoKit", 200)
	revs := doc.Find("ol.revs > li")
	if revs.Length() != 2 {
		t.Fatalf("GizmoKit history: %d revisions, want 2", revs.Length())
	}
	if !strings.Contains(textOf(revs.Last()), "creada:") {
		t.Errorf("oldest revision summary %q, want creada: …", textOf(revs.Last()))
	}
	diffURL := revs.First().Find(`a[href^="/diff/"]`).AttrOr("href", "")
	if diffURL == "" {
		t.Fatal("newest revision has no diff link")
	}
	d := getDoc(t, ts, diffURL, 200)
	if d.Find("article.change").Length() == 0 {
		t.Fatalf("%s: no changes", diffURL)
	}
	if d.Find("article.change ins, article.change del").Length() == 0 {
		t.Errorf("%s: no inserted or deleted words marked", diffURL)
	}
	// The default diff (no from/to) is the same pair of revisions.
	d2 := getDoc(t, ts, "/diff/GizmoKit", 200)
	if textOf(d2.Find("p.headline")) != textOf(d.Find("p.headline")) {
		t.Errorf("default diff %q != history's diff %q", textOf(d2.Find("p.headline")), textOf(d.Find("p.headline")))
	}
}

// TestHistoryRevisionLinks opens every revision of a page with three
// (the rendered-text seeds of Activación de una Tropa) from its history and
// checks that the page shows that very revision, marked as old unless it
// is the newest.
func TestHistoryRevisionLinks(t *testing.T) {
	ts, _ := newTestServer(t)
	doc := getDoc(t, ts, "/history/"+url.PathEscape("Activación de una Tropa"), 200)
	links := doc.Find("ol.revs > li p:first-child a")
	if links.Length() != 3 {
		t.Fatalf("%d revision links, want 3", links.Length())
	}
	links.Each(func(i int, a *goquery.Selection) {
		href := a.AttrOr("href", "")
		u, err := url.Parse(href)
		if err != nil {
			t.Fatal(err)
		}
		rev := u.Query().Get("rev")
		page := getDoc(t, ts, href, 200)
		if rev == "" { // the newest links the current page
			rev = textOf(a.Find("code"))
		}
		if got := textOf(page.Find(".meta code")); got != truncate(rev, 10) {
			t.Errorf("%s shows revision %q, want %q", href, got, truncate(rev, 10))
		}
		old := page.Find(".notice").Length() > 0
		if old != (i > 0) {
			t.Errorf("%s: marked old = %v, want %v (newest first)", href, old, i > 0)
		}
	})
}

func TestAskLinksEveryCitation(t *testing.T) {
	ts, _ := newTestServer(t)
	q := url.QueryEscape("¿Se puede declarar Berserk estando trabado?")
	doc := getDoc(t, ts, "/ask?q="+q, 200)
	if got := textOf(doc.Find(".verdict")); got != "Sí" {
		t.Errorf("verdict %q, want Sí", got)
	}
	deciding := doc.Find(".role-deciding a.citation")
	if got := deciding.AttrOr("href", ""); got != "/page/Trabado#"+berserkErrata {
		t.Errorf("deciding citation links %q, want /page/Trabado#%s", got, berserkErrata)
	}
	followAll(t, ts, doc)
}

func TestResolveForm(t *testing.T) {
	ts, _ := newTestServer(t)
	doc := getDoc(t, ts, "/resolve", 200)
	if !strings.Contains(doc.Find("textarea#situation").Text(), `"Trabado"`) {
		t.Errorf("resolve form has no example situation")
	}
	res, err := ts.Client().PostForm(ts.URL+"/resolve", url.Values{"situation": {`{"turn":"active","order":["Trepar","Mover"]}`}})
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("POST /resolve: status %d", res.StatusCode)
	}
	doc, err = goquery.NewDocumentFromReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	// The conclusions speak the interface's language: Spanish, the wiki's.
	if got := textOf(doc.Find(".verdict")); !strings.HasPrefix(got, "inválido") || !strings.Contains(got, "Trepar") {
		t.Errorf("Trepar + Mover verdict %q, want inválido (Trepar is an Orden Completa)", got)
	}
	followAll(t, ts, doc)
}

// followAll follows every citation link of an answer and checks that the
// page it opens holds the element its anchor names.
func followAll(t *testing.T, ts *httptest.Server, doc *goquery.Document) {
	t.Helper()
	links := doc.Find("a.citation")
	if links.Length() == 0 {
		t.Fatal("the answer has no citation links")
	}
	pages := map[string]*goquery.Document{}
	links.Each(func(_ int, a *goquery.Selection) {
		href := a.AttrOr("href", "")
		path, anchor, ok := strings.Cut(href, "#")
		if !ok || anchor == "" || !strings.HasPrefix(path, "/page/") {
			t.Errorf("citation %q links %q: want /page/TITLE…#ANCHOR", textOf(a), href)
			return
		}
		p := pages[path]
		if p == nil {
			p = getDoc(t, ts, path, 200)
			pages[path] = p
		}
		id, _ := url.PathUnescape(anchor)
		if n := p.Find(`[id="` + id + `"]`).Length(); n != 1 {
			t.Errorf("citation %q: %s has %d elements with id %q, want 1", textOf(a), path, n, id)
		}
	})
}

func TestUnknownPageOffersSearch(t *testing.T) {
	ts, _ := newTestServer(t)
	doc := getDoc(t, ts, "/page/Esquivarr", 404)
	if got := doc.Find(".errorpage a.tab").AttrOr("href", ""); got != "/search?q=Esquivarr" {
		t.Errorf("404 page offers %q, want the search for the title Esquivarr", got)
	}
	if got := textOf(doc.Find(".errorpage h1")); got != "Error 404" {
		t.Errorf("404 page heading %q", got)
	}
	if got := textOf(doc.Find(".errorpage .error")); strings.Contains(got, "kb:") || !strings.Contains(got, "Esquivarr") {
		t.Errorf("404 page message %q, want one naming the page, without the store's error", got)
	}
}

// TestPageInferredDate: the page of a rendered revision (Activación de
// una Tropa: its time is read from "Actualización 1.3, nov 2022") says in
// its header and in every citation that the revision is undated and
// shows an update of that month, in both label languages, and never
// prints that month as a date and hour.
func TestPageInferredDate(t *testing.T) {
	ts, _ := newTestServer(t)
	for _, tc := range []struct{ lang, want string }{
		{"es", "sin fecha; muestra una actualización de 2022-11"},
		{"en", "undated; shows an update of 2022-11"},
	} {
		doc := getDoc(t, ts, "/page/Activaci%C3%B3n%20de%20una%20Tropa?lang="+tc.lang, 200)
		if meta := textOf(doc.Find("p.meta").First()); !strings.Contains(meta, tc.want) {
			t.Errorf("%s: header %q does not say %q", tc.lang, meta, tc.want)
		}
		cites := doc.Find(".rec p.cite")
		if cites.Length() == 0 {
			t.Fatalf("%s: no citations", tc.lang)
		}
		cites.Each(func(_ int, s *goquery.Selection) {
			if c := textOf(s); !strings.Contains(c, tc.want) {
				t.Errorf("%s: citation %q does not say %q", tc.lang, c, tc.want)
			}
		})
		if body := textOf(doc.Find("body")); strings.Contains(body, "2022-11-01") {
			t.Errorf("%s: the page prints the inferred month as a timestamp", tc.lang)
		}
	}
}

// TestPageMarksWithdrawnFAQ: an FAQ entry a later FAQ version withdrew
// (Isolated State's Lieutenant entry: the knowledge base holds "1.3, Nov
// 2022" as the version that removed it) is marked withdrawn on its page's
// card, in both label languages; the entry in force is not.
func TestPageMarksWithdrawnFAQ(t *testing.T) {
	ctx := context.Background()
	db, err := kb.Open(ctx, filepath.Join(t.TempDir(), "rules.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := pipeline.IngestFiles(ctx, db, []string{"../testdata/wiki-pages/en_Isolated-redirect_article.txt"}, pipeline.Options{}); err != nil {
		t.Fatal(err)
	}
	srv, err := New(Deps{Store: db, Judge: engine.New(db, db), Search: db, Logger: log.New(io.Discard, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	for _, tc := range []struct{ lang, want string }{
		{"es", "retirada en 1.3, Nov 2022: ya no está en vigor"},
		{"en", "withdrawn in 1.3, Nov 2022: no longer in force"},
	} {
		doc := getDoc(t, ts, "/page/Isolated%20State?lang="+tc.lang, 200)
		cards := doc.Find("article.faqcard")
		if cards.Length() != 2 {
			t.Fatalf("%s: %d FAQ cards, want 2", tc.lang, cards.Length())
		}
		var marked []string
		cards.Each(func(_ int, s *goquery.Selection) {
			if b := s.Find(".badge.withdrawn"); b.Length() > 0 {
				marked = append(marked, textOf(b))
				if !s.HasClass("withdrawn") {
					t.Errorf("%s: a withdrawn card lacks the withdrawn class", tc.lang)
				}
			}
		})
		if len(marked) != 1 || marked[0] != tc.want {
			t.Errorf("%s: withdrawn marks %q, want one %q", tc.lang, marked, tc.want)
		}
	}
}

// TestPageBoldAndParagraphCite: the wiki's bold in a rule (Trabado's
// "sólo pueden declarar **Ataque CC**") shows as bold, never as
// asterisks, and the paragraph after Cancelación's bullets is cited by
// its number.
func TestPageBoldAndParagraphCite(t *testing.T) {
	ts, _ := newTestServer(t)
	doc := getDoc(t, ts, "/page/Trabado", 200)
	bold := doc.Find(".rec .text strong").Map(func(_ int, s *goquery.Selection) string { return textOf(s) })
	if !strings.Contains(strings.Join(bold, "|"), "Ataque CC") {
		t.Errorf("bold in Trabado's rules %q: no Ataque CC", bold)
	}
	if body := textOf(doc.Find("body")); body == "" || strings.Contains(body, "**") {
		t.Errorf("Trabado's page shows raw bold markup")
	}
	cites := doc.Find(".cite").Map(func(_ int, s *goquery.Selection) string { return textOf(s) })
	if !strings.Contains(strings.Join(cites, "\n"), "Trabado › Cancelación › ¶1") {
		t.Errorf("no citation of the Cancelación paragraph by number in %q", cites)
	}
}
