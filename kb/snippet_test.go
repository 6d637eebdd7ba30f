package kb

import (
	"context"
	"database/sql"

	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
	"github.com/wikirules/wikirules/sample"
)

// corpusBodies returns texts of the real corpus (the seed files and the
// wiki page excerpts of testdata/wiki-pages) cut as search bodies are:
// single lines, and runs of 2 to 6 lines joined by newlines, so that
// bodies hold sentences, newlines, accents and punctuation.
func corpusBodies(t *testing.T) []string {
	t.Helper()
	var files []string
	err := fs.WalkDir(sample.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".txt") {
			b, err := fs.ReadFile(sample.FS(), p)
			if err != nil {
				return err
			}
			files = append(files, string(b))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	pages, err := filepath.Glob("../testdata/wiki-pages/*.txt")
	if err != nil || len(pages) == 0 {
		t.Fatalf("wiki pages: %v, %d files", err, len(pages))
	}
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, string(b))
	}
	var bodies []string
	for _, f := range files {
		var lines []string
		for _, l := range strings.Split(f, "\n") {
			if strings.TrimSpace(l) != "" {
				lines = append(lines, l)
			}
		}
		for i := 0; i < len(lines); i++ {
			bodies = append(bodies, lines[i])
			if n := 2 + i%5; i%3 == 0 && i+n <= len(lines) {
				bodies = append(bodies, strings.Join(lines[i:i+n], "\n"))
			}
		}
	}
	return bodies
}

// TestSnippetAsFTS5 checks that makeSnippet gives what FTS5's snippet()
// gives (window, marks, ellipses, text kept around them) for the rows
// (a 24th of them) of an FTS5 table of the corpus's texts matched by
// searches of its words: the all-words match, the content-word and
// any-word fallbacks, one-rune tokens (matched whole) and prefixes.
func TestSnippetAsFTS5(t *testing.T) {
	bodies := corpusBodies(t)
	db := memFTS5(t)
	var words []string
	for i, b := range bodies {
		ws := lang.Split(b)
		title := ""
		if len(ws) > 0 {
			title = ws[0].Text // a match in the title alone gives the body's start
		}
		if _, err := db.Exec(`INSERT INTO s (rowid, page, title, body) VALUES (?, '', ?, ?)`, i+1, title, b); err != nil {
			t.Fatal(err)
		}
		if len(ws) > 3 && i%97 == 0 {
			words = append(words, ws[len(ws)/2].Text, ws[len(ws)/3].Text)
		}
	}
	var texts []string
	for i := 0; i+2 < len(words); i += 2 {
		w := words[i+2]
		if r := []rune(w); len(r) > 4 {
			w = string(r[:3]) // a prefix
		}
		texts = append(texts, words[i]+" "+words[i+1], words[i]+" de la "+w, w)
		if i%8 == 0 {
			texts = append(texts, "a y "+w)
		}
	}
	compared, marked := 0, 0
	for i, text := range texts {
		for _, m := range newSearchQuery(text).searches() {
			// A sample of the rows: the any-word searches match most.
			rows, err := db.Query(`SELECT body, snippet(s, 2, '«', '»', '…', 24) FROM s
				WHERE s MATCH ? AND (rowid + ?) % 24 = 0`, m.expr, i)
			if err != nil {
				t.Fatalf("%s: %v", m.expr, err)
			}
			phrases := phrasesOf(m.tokens)
			for rows.Next() {
				var body, want string
				if err := rows.Scan(&body, &want); err != nil {
					t.Fatal(err)
				}
				compared++
				if strings.Contains(want, "«") {
					marked++
				}
				if got := makeSnippet(body, phrases); got != want {
					t.Errorf("MATCH %s in %q:\n got %q\nwant %q", m.expr, body, got, want)
				}
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			rows.Close()
		}
	}
	t.Logf("%d bodies, %d searches, %d snippets compared (%d with marks)", len(bodies), len(texts), compared, marked)
	if compared < 10000 || marked < compared/2 {
		t.Errorf("%d snippets compared, %d with marks: want at least 1,000, half marked", compared, marked)
	}
}

// TestEachTerm: eachTerm gives the words of lang.Split, spans and all,
// over a body of several pieces: the corpus's texts, accents, combining
// marks after a space and runs of white space at the cuts included.
func TestEachTerm(t *testing.T) {
	body := strings.Join(corpusBodies(t), " \u0301\t\n") // a mark after white space starts no word
	if len(body) < 3*snippetChunk {
		t.Fatalf("corpus body of %d bytes: want several pieces", len(body))
	}
	want := lang.Split(body)
	n := 0
	eachTerm(body, func(i int, got lang.Term) bool {
		if i != n || i >= len(want) || got.Text != want[i].Text || got.Start != want[i].Start || got.End != want[i].End {
			t.Fatalf("term %d (call %d): %+v, want %+v", i, n, got, want[min(i, len(want)-1)])
		}
		n++
		return true
	})
	if n != len(want) {
		t.Errorf("%d terms, want %d", n, len(want))
	}
}

// TestSnippetAsFTS5Long compares makeSnippet with FTS5's snippet() on one
// body of the whole corpus's text, several of eachTerm's pieces, for
// words seen a few times in it (FTS5's snippet() is slow on many).
func TestSnippetAsFTS5Long(t *testing.T) {
	body := strings.Join(corpusBodies(t), "\n")
	db := memFTS5(t)
	if _, err := db.Exec(`INSERT INTO s (rowid, page, title, body) VALUES (1, '', '', ?)`, body); err != nil {
		t.Fatal(err)
	}
	compared := 0
	for _, text := range []string{"Dāturazi", "pingüino", "Mimetismo Trabado", "sixth sense", "Impetuoso Berserk Coordinated"} {
		for _, m := range newSearchQuery(text).searches() {
			var want string
			err := db.QueryRow(`SELECT snippet(s, 2, '«', '»', '…', 24) FROM s WHERE s MATCH ?`, m.expr).Scan(&want)
			if err == sql.ErrNoRows {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			compared++
			if got := makeSnippet(body, phrasesOf(m.tokens)); got != want {
				t.Errorf("MATCH %s in the corpus (%d bytes):\n got %q\nwant %q", m.expr, len(body), got, want)
			}
		}
	}
	if compared < 5 {
		t.Errorf("%d searches matched the corpus, want 5 or more", compared)
	}
}

// longLineItem returns a revision of page "Página larga" with one record
// whose text is one line of about size bytes: words of the corpus, a
// sixth of them the searched "tropa" and "enemiga", and a sentence end
// every 40 words.
func longLineItem(size int) Item {
	words := strings.Fields("la tropa enemiga declara esquivar en contacto de silueta con una orden regular trabado berserk")
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(words[(i*7+i/len(words))%len(words)])
		if i%40 == 39 {
			b.WriteString(".")
		}
	}
	text := b.String()
	ts := time.Date(2024, 5, 1, 10, 0, 0, 0, time.UTC)
	rev := wikirules.Revision{
		Page: wikirules.Page{Title: "Página larga", Language: "es", Wiki: "infinity-es"},
		ID:   wikirules.DeriveRevisionID("Página larga", ts, text), Timestamp: ts,
		Format: wikirules.FormatContribs, Text: text,
	}
	x := &wikirules.Extraction{Records: []wikirules.Record{{
		ID: "pagina-larga-1", Kind: wikirules.KindRule, Ordinal: 1,
		Span: wikirules.Span{Start: 0, End: len(text)}, Text: text, Plain: text,
	}}}
	return Item{Rev: rev, X: x}
}

// TestSnippetLinear searches a record of one long line at two sizes, the
// larger twice the other, and checks that the work of its snippet
// (snippetWork: tokens read, instances and sentences visited, windows
// scored) at most about doubles. FTS5's own snippet() read every match
// of the row for each match: about 50,000 instances at the larger size,
// 2.5 billion reads, more than a minute.
func TestSnippetLinear(t *testing.T) {
	ctx := context.Background()
	size := 256 << 10
	if testing.Short() {
		size = 64 << 10
	}
	var work [2]uint64
	var snippets [2]string
	for k, n := range []int{size, 2 * size} {
		db := openTest(t, longLineItem(n))
		before := snippetWork.Load()
		hits, err := db.SearchText(ctx, "tropa enemiga", wikirules.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		work[k] = snippetWork.Load() - before
		if len(hits) != 1 {
			t.Fatalf("%d bytes: %d hits, want the long record", n, len(hits))
		}
		snippets[k] = hits[0].Snippet
		if tokens := uint64(n / 8); work[k] < tokens {
			t.Errorf("%d bytes: snippet work %d, less than the %d tokens of the record: not made by makeSnippet", n, work[k], tokens)
		}
		db.Close()
	}
	t.Logf("snippet work %d at %d bytes, %d at %d", work[0], size, work[1], 2*size)
	if work[1] > work[0]*5/2 {
		t.Errorf("snippet work %d at %d bytes, %d at %d: more than twice", work[0], size, work[1], 2*size)
	}
	for _, s := range snippets {
		if !strings.Contains(s, "«tropa»") || !strings.Contains(s, "«enemiga»") || len(s) > 400 {
			t.Errorf("snippet %q: want both words marked in a short window", s)
		}
	}
}

// TestSearchNoSnippets: with f.NoSnippets the hits have no snippet and no
// snippet is made.
func TestSearchNoSnippets(t *testing.T) {
	db := openTest(t, corpus(t)...)
	before := snippetWork.Load()
	hits, err := db.SearchText(context.Background(), "berserk", wikirules.Filter{NoSnippets: true})
	if err != nil || len(hits) == 0 {
		t.Fatalf("SearchText = %d hits, %v", len(hits), err)
	}
	for _, h := range hits {
		if h.Snippet != "" {
			t.Errorf("%s: snippet %q with NoSnippets", h.Citation, h.Snippet)
		}
	}
	if w := snippetWork.Load() - before; w != 0 {
		t.Errorf("snippet work %d with NoSnippets", w)
	}
}

// memFTS5 opens an in-memory database holding one FTS5 table s (page,
// title, body) tokenized as the knowledge base's search table is; it is
// closed when t ends.
func memFTS5(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(`CREATE VIRTUAL TABLE s USING fts5(page, title, body, tokenize = "unicode61 remove_diacritics 2")`); err != nil {
		t.Fatal(err)
	}
	return db
}
