package web

import (
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/wikirules/wikirules/engine"
	"github.com/wikirules/wikirules/report"
)

// TestAskAnswerLanguage checks that the answer block (verdict, role
// headings, kind badges, data line) speaks the question's language while
// the page around it speaks the interface's: an English question on a
// Spanish interface and a Spanish one on an English interface.
func TestAskAnswerLanguage(t *testing.T) {
	ts, _ := newTestServer(t)
	for _, tc := range []struct {
		ui, q, lang, deciding, data, faqQ string
	}{
		{"es", "Can Berserk be declared while Engaged?", "en", "Deciding", "Data:", "Q: "},
		{"en", "¿Se puede declarar Berserk estando trabado?", "es", "Decide", "Datos:", "P: "},
	} {
		for _, path := range []string{"/ask", "/search"} {
			doc := getDoc(t, ts, path+"?lang="+tc.ui+"&q="+url.QueryEscape(tc.q), 200)
			if got, _ := doc.Find("html").Attr("lang"); got != tc.ui {
				t.Errorf("%s %q: html lang %q, want the interface's %q", path, tc.q, got, tc.ui)
			}
			if got, _ := doc.Find("#answer").Attr("lang"); got != tc.lang {
				t.Errorf("%s %q: answer lang %q, want %q", path, tc.q, got, tc.lang)
			}
			if path != "/ask" {
				continue
			}
			body := doc.Find(".answer-sources")
			if got, _ := body.Attr("lang"); got != tc.lang {
				t.Errorf("%q: sources lang %q, want %q", tc.q, got, tc.lang)
			}
			if got := textOf(body.Find(".role-deciding h3").First()); got != tc.deciding {
				t.Errorf("%q: deciding heading %q, want %q", tc.q, got, tc.deciding)
			}
			if got := textOf(body.Find(".data").First()); len(got) < len(tc.data) || got[:len(tc.data)] != tc.data {
				t.Errorf("%q: data line %q, want it to start %q", tc.q, got, tc.data)
			}
			// The deciding errata is quoted with the answer's labels.
			if got := textOf(body.Find(".role-deciding .text").First()); !strings.HasPrefix(got, tc.faqQ) {
				t.Errorf("%q: deciding FAQ quoted %q, want it to open %q", tc.q, got, tc.faqQ)
			}
		}
	}
}

// TestAskNotFoundNearest checks that an answer nothing decides lists the
// nearest pages, each linked, as the CLI does.
func TestAskNotFoundNearest(t *testing.T) {
	ts, _ := newTestServer(t)
	q := "¿Cuántos puntos de victoria da la misión Supremacía?"
	doc := getDoc(t, ts, "/ask?q="+url.QueryEscape(q), 200)
	if got := textOf(doc.Find("#answer .verdict")); got != "No está en la base" {
		t.Fatalf("verdict %q, want not found", got)
	}
	links := doc.Find("#answer .nearest a")
	if links.Length() == 0 {
		t.Fatalf("no nearest pages in %q", textOf(doc.Find("#answer")))
	}
	if href, _ := links.First().Attr("href"); href == "" {
		t.Errorf("nearest page %q has no link", textOf(links.First()))
	}
}

// TestPageFAQCardLinksOwn checks that on a page holding an FAQ entry that
// also stands on other pages (Reset's also stand on Esquivar), the card's
// citation links to the page's own occurrence, not to the other page.
func TestPageFAQCardLinksOwn(t *testing.T) {
	ts, _ := newTestServer(t)
	doc := getDoc(t, ts, "/page/Reset", 200)
	cards := doc.Find("article.faqcard")
	if cards.Length() == 0 {
		t.Fatal("no FAQ cards on Reset")
	}
	cards.Each(func(i int, c *goquery.Selection) {
		href, _ := c.Find("p.cite a").Attr("href")
		anchor, ok := c.Find("span.anchor").Attr("id")
		if !ok {
			t.Errorf("card %d holds no anchor of Reset's own record", i+1)
			return
		}
		if href != "#"+anchor {
			t.Errorf("card %d links %q, want Reset's own record #%s", i+1, href, anchor)
		}
	})
}

// TestFAQLabelsAgree: the FAQ card's question and answer labels are the
// ones an answer quotes an FAQ with (the engine's vocabularies), so a
// Spanish entry reads P:/R: on the page, in an answer and on the CLI.
func TestFAQLabelsAgree(t *testing.T) {
	for _, l := range []string{"es", "en"} {
		v := engine.LabelsOf(l)
		if Label(l, "faq.q") != v.FAQQuestion || Label(l, "faq.a") != v.FAQAnswer {
			t.Errorf("%s: web labels %q %q, the engine's %q %q", l, Label(l, "faq.q"), Label(l, "faq.a"), v.FAQQuestion, v.FAQAnswer)
		}
	}
}

// TestFAQLabelLanguage checks the labels of FAQ text in the JSON API: a
// search result's FAQ is labelled in its page's language (the Berserk
// errata of the Spanish wiki opens "P: " on either interface), the FAQ
// list in the request's label language.
func TestFAQLabelLanguage(t *testing.T) {
	ts, _ := newTestServer(t)
	for _, ui := range []string{"es", "en"} {
		var s report.Search
		getJSON(t, ts, "/api/search?kind=errata&lang="+ui+"&q="+url.QueryEscape("berserk trabado"), 200, &s)
		n := 0
		for _, r := range s.Results {
			if r.FAQ == nil || r.Language != "es" {
				continue
			}
			n++
			if !strings.HasPrefix(r.Text, "P: ") {
				t.Errorf("/api/search lang=%s: FAQ of %s labelled %.30q, want it to open \"P: \"", ui, r.Page, r.Text)
			}
		}
		if n == 0 {
			t.Errorf("/api/search lang=%s: no FAQ result of a Spanish page", ui)
		}
		var l report.FAQList
		getJSON(t, ts, "/api/faq?lang="+ui+"&q=berserk", 200, &l)
		want := map[string]string{"es": "P: ", "en": "Q: "}[ui]
		if len(l.Results) == 0 {
			t.Fatalf("/api/faq lang=%s: no results", ui)
		}
		for _, r := range l.Results {
			if !strings.HasPrefix(r.Text, want) {
				t.Errorf("/api/faq lang=%s: %.30q, want it to open %q", ui, r.Text, want)
			}
		}
	}
}
