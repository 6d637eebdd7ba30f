package pipeline

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/kb"
)

// Fixtures of TestRenderedFAQTarget: contributions dumps (wikitext) and
// rendered page text showing one question.
//
// versionsDump shows "N4 FAQ" 1.0 with an old answer, then, a day later,
// 1.0 with a new answer and 1.1 with another; versionsPage shows the
// question with 1.0's new answer.
var versionsDump = contribsDump(
	dumpRevision{"Pagina Uno", "2021-02-01T10:00:00Z", faqSection(
		faqBox("type = faq", "title = N4 FAQ", "version = 1.0", "q = Q: ¿Se puede hacer la cosa rara?",
			"a = A: Respuesta vieja.", "related = [[Pagina Uno]]"))},
	dumpRevision{"Pagina Uno", "2021-02-02T10:00:00Z", faqSection(
		faqBox("type = faq", "title = N4 FAQ", "version = 1.0", "q = Q: ¿Se puede hacer la cosa rara?",
			"a = A: Respuesta nueva.", "related = [[Pagina Uno]]"),
		faqBox("type = faq", "title = N4 FAQ", "version = 1.1", "q = Q: ¿Se puede hacer la cosa rara?",
			"a = A: Otra respuesta.", "related = [[Pagina Uno]]"))},
)

const versionsPage = "Pagina Dos\nTexto de la página.\nFAQs & Errata\nQ: ¿Se puede hacer la cosa rara?\nA: Respuesta nueva.\n"

// untitledDump shows the question in a titled {{faqbox}} on one page and in
// an untitled one (an FAQ of its own, whose ID an unidentified rendered
// entry of the same question also gets) on another; untitledPage shows it.
var untitledDump = contribsDump(
	dumpRevision{"Pagina Uno", "2021-02-01T10:00:00Z", faqSection(
		faqBox("type = faq", "title = N4 FAQ", "version = 1.0", "q = Q: ¿Se puede hacer la cosa extraña?",
			"a = A: Sí.", "related = [[Pagina Uno]]"))},
	dumpRevision{"Pagina Tres", "2021-02-02T10:00:00Z", faqSection(
		faqBox("q = Q: ¿Se puede hacer la cosa extraña?", "a = A: Sí.", "related = [[Pagina Tres]]"))},
)

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
	t.Parallel()
	for _, tc := range []struct{ name, dump, page string }{
		{"versions", versionsDump, versionsPage},
		{"untitled", untitledDump, untitledPage},
	} {
		dir := t.TempDir()
		w, r := writeFile(t, dir, "dump.txt", []byte(tc.dump)), writeFile(t, dir, "page.txt", []byte(tc.page))
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

// dumpRevision is a revision of a test contributions dump: page title,
// time (RFC 3339) and text.
type dumpRevision struct{ title, ts, text string }

// contribsDump is a Spanish contributions dump of revs, each made by "Ed".
func contribsDump(revs ...dumpRevision) string {
	var b strings.Builder
	b.WriteString("Infinity - Contribuciones del usuario [es]\n")
	for _, r := range revs {
		fmt.Fprintf(&b, "\n%s\n\n%s\n\nEd:\n\n%s\n", r.title, r.ts, r.text)
	}
	return b.String()
}

// faqSection is a page text whose "FAQs & Errata" section holds boxes.
func faqSection(boxes ...string) string {
	return "Texto.\n\n== FAQs & Errata ==\n\n" + strings.Join(boxes, "\n\n")
}

// faqBox is a {{faqbox}} with params ("title = N4 FAQ"), one a line.
func faqBox(params ...string) string {
	return "{{faqbox |\n" + strings.Join(params, " |\n") + " }}"
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
