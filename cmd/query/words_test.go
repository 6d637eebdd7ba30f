package main

import (
	"strings"
	"testing"
)

// setLocale sets the locale variables to LANG=lang alone.
func setLocale(t *testing.T, lang string) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", lang)
}

// TestCLIWordsBothLanguages: every key of the table is in both languages,
// with the same verbs, so that no output falls back or misformats.
func TestCLIWordsBothLanguages(t *testing.T) {
	verbs := func(s string) string {
		var v []string
		for i := 0; i+1 < len(s); i++ {
			if s[i] == '%' {
				v = append(v, s[i:i+2])
				i++
			}
		}
		return strings.Join(v, "")
	}
	for _, pair := range [][2]string{{"en", "es"}, {"es", "en"}} {
		for k, s := range cliWords[pair[0]] {
			o, ok := cliWords[pair[1]][k]
			if !ok {
				t.Errorf("%q is in %s, not in %s", k, pair[0], pair[1])
			} else if verbs(s) != verbs(o) {
				t.Errorf("%q: verbs %q in %s, %q in %s", k, verbs(s), pair[0], verbs(o), pair[1])
			}
		}
	}
}

// TestShowSpanish: under a Spanish locale (or -lang es) show prints its
// own words in Spanish and the page's FAQ entries as "P: … R: …"; under
// C it is English, "Q: … A: …", as before.
func TestShowSpanish(t *testing.T) {
	setLocale(t, "es_ES.UTF-8")
	es := runQuery(t, "show", "Berserk")
	for _, want := range []string{"## FAQs y Erratas (", "\n   P: ¿Se puede esquivar un ataque Berserk?\n   R: No.", "(FAQ versión 1.0, enero 2021)", "[efecto", "(edición: "} {
		if !strings.Contains(es, want) {
			t.Errorf("show Berserk (es_ES) lacks %q:\n%s", want, es)
		}
	}
	if strings.Contains(es, "## FAQs & Errata (") || strings.Contains(es, "\n   Q: ") {
		t.Errorf("show Berserk (es_ES) keeps English labels:\n%s", es)
	}
	setLocale(t, "C.UTF-8")
	en := runQuery(t, "show", "Berserk")
	for _, want := range []string{"## FAQs & Errata (", "\n   Q: ¿Se puede esquivar un ataque Berserk?\n   A: No.", "[effect"} {
		if !strings.Contains(en, want) {
			t.Errorf("show Berserk (C) lacks %q:\n%s", want, en)
		}
	}
	if got := runQuery(t, "show", "-lang", "es", "Berserk"); got != es {
		t.Error("show -lang es under C differs from show under es_ES")
	}
}

// TestFAQAndPagesSpanish: faq and pages follow -lang (pages' own flag).
func TestFAQAndPagesSpanish(t *testing.T) {
	setLocale(t, "C")
	faq := runQuery(t, "faq", "-lang", "es", "berserk")
	if !strings.Contains(faq, "(edición: todas") || !strings.Contains(faq, "\n   P: ¿") || !strings.Contains(faq, "\n   R: ") {
		t.Errorf("faq -lang es:\n%s", faq)
	}
	if got := runQuery(t, "faq", "-lang", "es", "zzzz"); !strings.Contains(got, `ninguna FAQ ni errata coincide con "zzzz"`) {
		t.Errorf("faq -lang es with no match: %q", got)
	}
	pages := runQuery(t, "pages", "-lang", "es")
	if !strings.HasPrefix(pages, "PÁGINA") || !strings.Contains(pages, "páginas, desde archivos") {
		t.Errorf("pages -lang es:\n%s", pages)
	}
	if got := runQuery(t, "pages"); !strings.HasPrefix(got, "PAGE") || !strings.Contains(got, "pages, from files") {
		t.Errorf("pages under C:\n%s", got)
	}
}

// TestTermMarkup: the wiki's bold and italics print without asterisks,
// as ANSI on a terminal; lone asterisks stay.
func TestTermMarkup(t *testing.T) {
	in := "Sólo **Ataque CC** o *Esquivar*; MOD 5* y 2 * 3."
	if got, want := termMarkup(in, false), "Sólo Ataque CC o Esquivar; MOD 5* y 2 * 3."; got != want {
		t.Errorf("plain: %q, want %q", got, want)
	}
	if got, want := termMarkup(in, true), "Sólo \x1b[1mAtaque CC\x1b[22m o \x1b[3mEsquivar\x1b[23m; MOD 5* y 2 * 3."; got != want {
		t.Errorf("ansi: %q, want %q", got, want)
	}
	// A pipe (the tests' buffer) gets plain words: show Trabado's effects
	// hold **Ataque CC** in the wiki's Markdown.
	out := runQuery(t, "show", "Trabado")
	if strings.Contains(out, "**") {
		t.Errorf("show Trabado prints raw bold markup:\n%s", out)
	}
	if !strings.Contains(out, "Ataque CC") {
		t.Error("show Trabado lacks Ataque CC: the check checks nothing")
	}
}

// TestShowParagraphAndCutFAQ: show cites Trabado's paragraph after its
// Cancelación bullets by number, and lists no FAQ for Minelayer, whose
// saved page ends inside its only FAQ's question.
func TestShowParagraphAndCutFAQ(t *testing.T) {
	if out := runQuery(t, "show", "Trabado"); !strings.Contains(out, "— Trabado › Cancelación › ¶1 [") {
		t.Errorf("show Trabado: the paragraph after the bullets is not cited by number:\n%s", out)
	}
	db := tempKB(t, false, "../../testdata/wiki-pages/en_Minelayer_article.txt")
	out := runQuery(t, "show", "-db", db, "-wiki", "infinity-en", "Minelayer")
	if strings.Contains(out, "FAQ") || strings.Contains(out, "During your main part of") {
		t.Errorf("show Minelayer lists the cut-off FAQ:\n%s", out)
	}
	if !strings.Contains(out, "Minelayer › Effects › 4") {
		t.Errorf("show Minelayer lacks its effects:\n%s", out)
	}
}
