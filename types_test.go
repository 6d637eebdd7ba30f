package wikirules

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestCitationString(t *testing.T) {
	ts := time.Date(2021, 2, 11, 10, 26, 28, 0, time.UTC)
	c := Citation{Page: "Esquivar", Section: "Efectos", Ordinal: 4, Editions: Editions(N4), Timestamp: ts}
	if got, want := c.String(), "Esquivar › Efectos › 4 [N4] — rev 2021-02-11T10:26:28Z"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestCitationUndated(t *testing.T) {
	c := Citation{Page: "Módulo de Combate", Section: "Ráfaga", Revision: "d1234"}
	if got, want := c.String(), "Módulo de Combate › Ráfaga — rev d1234 (undated)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

// TestCitationFAQDates: an FAQ's version is the FAQ document's, and a time
// read from the page's newest update marker ("Update PDF 2.1, July 2023")
// is no revision date: neither reads as "rev DATE".
func TestCitationFAQDates(t *testing.T) {
	f := FAQ{ID: "faq-1", Type: "faq", Title: "N4 FAQ", Version: "1.0, Jan 2021", LastPage: "Isolated State",
		LastRevision: "ddb1a6ee6155b9549", Timestamp: time.Date(2023, 7, 1, 0, 0, 0, 0, time.UTC), TimestampInferred: true}
	want := "Isolated State › FAQs & Errata › N4 FAQ (FAQ version 1.0, Jan 2021) — rev ddb1a6ee6155b9549 (undated; shows an update of 2023-07)"
	if got := CitationOfFAQ(f, "").String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	r := Record{Page: "Isolated State", Kind: KindEffect, Version: "PDF 2.1, July 2023", RevisionID: "ddb1a6ee6155b9549",
		Timestamp: f.Timestamp, TimestampInferred: true}
	want = "Isolated State (PDF 2.1, July 2023) — rev ddb1a6ee6155b9549 (undated; shows an update of 2023-07)"
	if got := CitationOf(r).String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	// In Spanish the labels are the Spanish wiki's words; page, section
	// and revision stay as the wiki writes them.
	es := CitationWordsFor("es")
	want = "Isolated State › FAQs & Errata › N4 FAQ (FAQ versión 1.0, Jan 2021) — rev ddb1a6ee6155b9549 (sin fecha; muestra una actualización de 2023-07)"
	if got := CitationOfFAQ(f, "").In(es); got != want {
		t.Errorf("In(es) = %q, want %q", got, want)
	}
	r.Timestamp = time.Time{}
	want = "Isolated State (PDF 2.1, July 2023) — rev ddb1a6ee6155b9549 (sin fecha)"
	if got := CitationOf(r).In(es); got != want {
		t.Errorf("In(es) = %q, want %q", got, want)
	}
	f.TimestampInferred, f.Type = false, "errata"
	if got := CitationOfFAQ(f, "").String(); !strings.HasSuffix(got, "(errata version 1.0, Jan 2021) — rev 2023-07-01T00:00:00Z") {
		t.Errorf("an exact time: %q", got)
	}
}

func TestCitationNestedItem(t *testing.T) {
	r := Record{Page: "Esquivar", Section: []string{"Efectos"}, Ordinal: 5, Depth: 2, Fields: map[string]string{"item": "5.2"}}
	if got, want := CitationOf(r).String(), "Esquivar › Efectos › 5.2"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

// TestCitationParagraph: a paragraph after a block's bullets (Trabado's
// "En caso de no poder romper el contacto…" under Cancelación, bullets
// 1-3) is cited by its paragraph number, not by the section alone.
func TestCitationParagraph(t *testing.T) {
	r := Record{Page: "Trabado", Section: []string{"Cancelación"}, Kind: KindCancellation, Fields: map[string]string{"paragraph": "1"}}
	c := CitationOf(r)
	if got, want := c.String(), "Trabado › Cancelación › ¶1"; got != want || c.Paragraph != 1 {
		t.Errorf("String() = %q (paragraph %d), want %q", got, c.Paragraph, want)
	}
	if b, _ := json.Marshal(c); !strings.Contains(string(b), `"paragraph":1`) {
		t.Errorf("JSON %s: no paragraph", b)
	}
	r.Ordinal, r.Fields = 3, nil
	if got := CitationOf(r); got.Paragraph != 0 || got.String() != "Trabado › Cancelación › 3" {
		t.Errorf("a bullet: %q (paragraph %d)", got.String(), got.Paragraph)
	}
}

func TestEditions(t *testing.T) {
	s, err := ParseEditions("c1, N4")
	if err != nil {
		t.Fatal(err)
	}
	if s.String() != "n4,c1" || s.Label() != "[N4 C1]" || !s.Holds(C1) || s.Holds(N5) {
		t.Errorf("got %q %q", s.String(), s.Label())
	}
	if Editions(0).Holds(N5) || Editions(0).Holds(N4) {
		t.Error("the empty set (edition unknown) must hold nowhere")
	}
	b, _ := json.Marshal(s)
	var back Editions
	if err := json.Unmarshal(b, &back); err != nil || back != s || string(b) != `["n4","c1"]` {
		t.Errorf("JSON round trip: %s → %v (%v)", b, back, err)
	}
	if _, err := ParseEdition("n2"); err == nil {
		t.Error("n2 must be rejected")
	}
}

func TestDeriveRevisionIDStable(t *testing.T) {
	ts := time.Date(2021, 2, 11, 11, 4, 4, 0, time.UTC)
	a := DeriveRevisionID("Suplantado", ts, "x")
	if a != DeriveRevisionID("Suplantado", ts.In(time.FixedZone("x", 3600)), "x") {
		t.Error("same instant in another zone must give the same id")
	}
	if a == DeriveRevisionID("Suplantado", ts, "y") || a == DeriveRevisionID("Suplantado", ts.Add(time.Second), "x") {
		t.Error("different text or time must give a different id")
	}
}

func TestFAQIDNormalises(t *testing.T) {
	a := FAQID("faq", "N4 FAQ", "1.0, enero 2021", "¿Los MOD  de Estados\nse apilan?")
	b := FAQID("FAQ", "N4 FAQ", "1.0, enero 2021", "¿Los MOD de Estados se apilan?")
	if a != b {
		t.Error("whitespace and case must not change the FAQ id")
	}
}

func TestCoverage(t *testing.T) {
	x := &Extraction{Records: []Record{{Span: Span{0, 4}}}, Layout: []Span{{6, 10}}}
	if got := x.Coverage(10); got != 0.8 {
		t.Errorf("Coverage = %v, want 0.8", got)
	}
	// Overlapping, nested, unsorted and out-of-range spans count each byte once.
	y := &Extraction{Records: []Record{{Span: Span{5, 9}}, {Span: Span{0, 3}}}, Layout: []Span{{2, 6}, {6, 7}, {8, 40}}}
	if got := y.Coverage(12); got != 1 {
		t.Errorf("Coverage = %v, want 1", got)
	}
	z := &Extraction{Layout: []Span{{1, 2}, {1, 2}, {4, 5}}}
	if got := z.Coverage(10); got != 0.2 {
		t.Errorf("Coverage = %v, want 0.2", got)
	}
}

func TestCitationOfFAQPairsPageAndRevision(t *testing.T) {
	f := FAQ{ID: "faq-1", Type: "errata", Title: "N4 Errata", Pages: []string{"Berserk", "Trabado"},
		LastRevision: "rev-trabado", LastPage: "Trabado"}
	if c := CitationOfFAQ(f, "Berserk"); c.Page != "Trabado" || c.Revision != "rev-trabado" {
		t.Errorf("citation %+v: the page must be the one whose revision is cited", c)
	}
	f.LastPage = ""
	if c := CitationOfFAQ(f, ""); c.Page != "Berserk" {
		t.Errorf("without LastPage the first page is cited, got %q", c.Page)
	}
}

// TestCitationOfUntitledFAQ: an FAQ seen only on a rendered page that
// shows no title is cited in the page's "FAQs & Errata" section, without
// an empty title after it.
func TestCitationOfUntitledFAQ(t *testing.T) {
	f := FAQ{ID: "faq-7fa9bac0484ed476", Type: "faq", Pages: []string{"Activación de una Tropa"}, LastRevision: "d32549fa3f3bdcf31"}
	c := CitationOfFAQ(f, "")
	if c.Section != "FAQs & Errata" {
		t.Errorf("section %q, want \"FAQs & Errata\"", c.Section)
	}
	if s := c.String(); strings.Contains(s, "›  ") || strings.Contains(s, "› —") {
		t.Errorf("citation %q has an empty part", s)
	}
	f.Title = "N4 FAQ"
	if c := CitationOfFAQ(f, ""); c.Section != "FAQs & Errata › N4 FAQ" {
		t.Errorf("section %q, want \"FAQs & Errata › N4 FAQ\"", c.Section)
	}
}

func TestIsDerivedRevisionID(t *testing.T) {
	ts := time.Date(2021, 2, 11, 10, 26, 28, 0, time.UTC)
	for id, want := range map[string]bool{
		DeriveRevisionID("Esquivar", ts, "* texto"): true,
		"d62f0085af8add7a9":                         true,
		"101":                                       false,
		"infinity_es:101":                           false,
		"d62f0085af8add7a":                          false,
		"D62F0085AF8ADD7A9":                         false,
		"d62f0085af8add7ag":                         false,
		"x62f0085af8add7a9":                         false,
	} {
		if got := IsDerivedRevisionID(id); got != want {
			t.Errorf("IsDerivedRevisionID(%q) = %v, want %v", id, got, want)
		}
	}
}
