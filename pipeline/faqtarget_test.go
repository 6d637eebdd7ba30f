package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/wikirules/wikirules/kb"
)

// Fixtures of TestRenderedFAQTarget: contributions dumps (wikitext) and
// rendered page text showing one question.
//
// versionsDump shows "N4 FAQ" 1.0 with an old answer, then, a day later,
// 1.0 with a new answer and 1.1 with another; versionsPage shows the
// question with 1.0's new answer.
const versionsDump = `Infinity - Contribuciones del usuario [es]

Pagina Uno

2021-02-01T10:00:00Z

Ed:

Texto.

== FAQs & Errata ==

{{faqbox |
type = faq |
title = N4 FAQ |
version = 1.0 |
q = Q: ¿Se puede hacer la cosa rara? |
a = A: Respuesta vieja. |
related = [[Pagina Uno]] }}

Pagina Uno

2021-02-02T10:00:00Z

Ed:

Texto.

== FAQs & Errata ==

{{faqbox |
type = faq |
title = N4 FAQ |
version = 1.0 |
q = Q: ¿Se puede hacer la cosa rara? |
a = A: Respuesta nueva. |
related = [[Pagina Uno]] }}

{{faqbox |
type = faq |
title = N4 FAQ |
version = 1.1 |
q = Q: ¿Se puede hacer la cosa rara? |
a = A: Otra respuesta. |
related = [[Pagina Uno]] }}
`

const versionsPage = "Pagina Dos\nTexto de la página.\nFAQs & Errata\nQ: ¿Se puede hacer la cosa rara?\nA: Respuesta nueva.\n"

// untitledDump shows the question in a titled {{faqbox}} on one page and in
// an untitled one (an FAQ of its own, whose ID an unidentified rendered
// entry of the same question also gets) on another; untitledPage shows it.
const untitledDump = `Infinity - Contribuciones del usuario [es]

Pagina Uno

2021-02-01T10:00:00Z

Ed:

Texto.

== FAQs & Errata ==

{{faqbox |
type = faq |
title = N4 FAQ |
version = 1.0 |
q = Q: ¿Se puede hacer la cosa extraña? |
a = A: Sí. |
related = [[Pagina Uno]] }}

Pagina Tres

2021-02-02T10:00:00Z

Ed:

Texto.

== FAQs & Errata ==

{{faqbox |
q = Q: ¿Se puede hacer la cosa extraña? |
a = A: Sí. |
related = [[Pagina Tres]] }}
`

const untitledPage = "Pagina Dos\nTexto de la página.\nFAQs & Errata\nQ: ¿Se puede hacer la cosa extraña?\nA: Sí.\n"

// TestRenderedFAQTarget: the FAQ a rendered page's entry is stored under
// does not depend on the order of the files or on where one ingest run
// ends: the wikitext read first in a run of its own is the reference.
//   - versions: the entry goes to the version with its answer, 1.0 as its
//     newest occurrence shows it (the catalogue keeps an FAQ's newest
//     occurrence, as the store does);
//   - untitled: the entry goes to the titled FAQ, though an untitled
//     wikitext {{faqbox}} has its ID (only the rendered page's occurrences
//     move; the untitled FAQ keeps its own).
func TestRenderedFAQTarget(t *testing.T) {
	for _, tc := range []struct{ name, dump, page string }{
		{"versions", versionsDump, versionsPage},
		{"untitled", untitledDump, untitledPage},
	} {
		dir := t.TempDir()
		w, r := filepath.Join(dir, "dump.txt"), filepath.Join(dir, "page.txt")
		if err := os.WriteFile(w, []byte(tc.dump), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(r, []byte(tc.page), 0o644); err != nil {
			t.Fatal(err)
		}
		want := renderedFAQs(t, []string{w}, []string{r})
		if len(want) != 1 || want[0] == "/" {
			t.Fatalf("%s: wikitext first: the page's entry is %v, want one titled FAQ", tc.name, want)
		}
		for name, runs := range map[string][][]string{
			"dump, page in one run": {{w, r}},
			"page, dump in one run": {{r, w}},
			"page, then dump":       {{r}, {w}},
		} {
			if got := renderedFAQs(t, runs...); len(got) != 1 || got[0] != want[0] {
				t.Errorf("%s, %s: the page's entry is FAQ %v, want %v", tc.name, name, got, want)
			}
		}
	}
}

// renderedFAQs ingests each run into a new database, in turn, and returns
// the "title/version" of the FAQ of each occurrence on a rendered page.
func renderedFAQs(t *testing.T, runs ...[]string) []string {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "kb.db")
	for _, run := range runs {
		db, err := kb.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := IngestFiles(ctx, db, run, Options{}); err != nil {
			t.Fatal(err)
		}
		db.Close()
	}
	return queryStrings(t, path, `SELECT f.title || '/' || f.version FROM faq_occurrences o JOIN faqs f ON f.pk = o.faq
		JOIN revisions r ON r.id = o.revision WHERE r.format = 'pagetext' ORDER BY 1`)
}
