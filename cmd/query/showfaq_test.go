package main

import (
	"strings"
	"testing"
)

// TestShowCitesOwnFAQ checks that show cites a page's FAQs and errata as
// that page holds them: Reset's entries also stand on Esquivar and Zona
// de Hackeo (stored once, cited where their newest text stands), but
// show Reset cites Reset's own occurrence, in the text and in -json.
func TestShowCitesOwnFAQ(t *testing.T) {
	var d struct {
		FAQs []struct {
			Page     string `json:"page"`
			Citation struct {
				Page    string `json:"page"`
				Ordinal int    `json:"ordinal"`
			} `json:"citation"`
			FAQ struct {
				Pages []string `json:"pages"`
			} `json:"faq"`
		} `json:"faqs"`
	}
	decode(t, runQuery(t, "show", "-json", "Reset"), &d)
	if len(d.FAQs) == 0 {
		t.Fatal("show Reset lists no FAQs")
	}
	shared := 0
	for i, f := range d.FAQs {
		if len(f.FAQ.Pages) > 1 {
			shared++
		}
		if f.Page != "Reset" || f.Citation.Page != "Reset" || f.Citation.Ordinal == 0 {
			t.Errorf("FAQ %d (pages %v): page %q, cited on %q ordinal %d; want Reset's own record", i+1, f.FAQ.Pages, f.Page, f.Citation.Page, f.Citation.Ordinal)
		}
	}
	if shared == 0 {
		t.Fatal("no entry of Reset stands on another page: the test checks nothing")
	}
	text := runQuery(t, "show", "Reset")
	_, list, _ := strings.Cut(text, "## FAQs & Errata (")
	for _, bad := range []string{"Esquivar ·", "Zona de Hackeo ·", "— Esquivar ›"} {
		if strings.Contains(list, bad) {
			t.Errorf("show Reset's FAQ list credits another page (%q):\n%s", bad, list)
		}
	}
}
