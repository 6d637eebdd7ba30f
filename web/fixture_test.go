package web

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/PuerkitoBio/goquery"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/engine"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
)

// hostileDump is a contributions dump of one page whose wikitext tries
// every way of getting markup, script or a dangerous link onto a page:
// raw <script>, event handlers, javascript: and data: links (external
// link syntax, Markdown syntax, entity-encoded), an image, and the same in
// a skill box, a seefaq note and an FAQ entry.
const hostileDump = `Infinity - Contribuciones del usuario [es]

Hostil

2022-05-01T10:00:00Z

Mallory:

{{skillbox |red| <img src=x onerror=alert(1)>HOSTIL | HABILIDAD <script>alert(2)</script> }}
{{skill-label | <b onmouseover=alert(3)>Movimiento</b> }}
{{effects}}
* Primera regla <script>alert('xss')</script> con [javascript:alert(4) un enlace] y [[Trabado]].
* Segunda regla [pulsa](javascript:alert(5)) y [otro](JaVaScRiPt:alert(6)) y [codificado](java&#x09;script:alert(7)).
* Tercera regla ![imagen](http://example.invalid/x.png) <iframe src="javascript:alert(8)"></iframe> <a href="javascript:alert(9)">a</a>.{{seefaq | <script>alert(10)</script> nota}}
* Cuarta regla [datos](data:text/html;base64,PHNjcmlwdD5hbGVydCgxMSk8L3NjcmlwdD4=) y <svg onload=alert(12)>.

== FAQs & Errata ==

{{faqbox |
type = errata |
title = N4 Errata |
version = 9.9, mayo 2022 |
q = ¿Es seguro <script>alert(13)</script> el texto hostil? |
a = No. <img src=x onerror=alert(14)> [enlace](javascript:alert(15)) |
related = [[Hostil]] }}
`

var (
	fixtureOnce sync.Once
	fixtureDB   *kb.DB
	fixtureErr  error
)

// testDB returns the shared knowledge base of the tests: the embedded
// sample corpus plus the hostile page, in memory, loaded once.
func testDB(t testing.TB) *kb.DB {
	t.Helper()
	fixtureOnce.Do(func() {
		ctx := context.Background()
		db, err := pipeline.OpenSample(ctx)
		if err != nil {
			fixtureErr = err
			return
		}
		fsys := fstest.MapFS{"hostile.txt": {Data: []byte(hostileDump)}}
		if _, err := pipeline.IngestFS(ctx, db, fsys, []string{"hostile.txt"}, pipeline.Options{Format: wikirules.FormatContribs}); err != nil {
			fixtureErr = err
			return
		}
		fixtureDB = db
	})
	if fixtureErr != nil {
		t.Fatalf("loading the test knowledge base: %v", fixtureErr)
	}
	return fixtureDB
}

// newTestServer starts an httptest server over the shared knowledge base,
// wired as cmd/query serve wires it. Internal errors are logged to logs.
func newTestServer(t testing.TB) (*httptest.Server, *bytes.Buffer) {
	t.Helper()
	db := testDB(t)
	logs := &bytes.Buffer{}
	var mu sync.Mutex
	srv, err := New(Deps{Store: db, Judge: engine.New(db, db), Search: db,
		Logger: log.New(lockedWriter{&mu, logs}, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	return ts, logs
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// getDoc fetches path and parses the HTML; it fails the test unless the
// status is want.
func getDoc(t *testing.T, ts *httptest.Server, path string, want int) *goquery.Document {
	t.Helper()
	res, err := http.Get(ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	body := readReply(t, "GET "+path, res, want, "text/html")
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// getJSON fetches path, checks the status and decodes the JSON into v.
func getJSON(t *testing.T, ts *httptest.Server, path string, want int, v any) {
	t.Helper()
	res, err := http.Get(ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	checkJSON(t, "GET "+path, res, want, v)
}

// postJSON posts body to path, checks the status and decodes into v.
func postJSON(t *testing.T, ts *httptest.Server, path, body string, want int, v any) {
	t.Helper()
	res, err := http.Post(ts.URL+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	checkJSON(t, "POST "+path, res, want, v)
}

func checkJSON(t *testing.T, what string, res *http.Response, want int, v any) {
	t.Helper()
	body := readReply(t, what, res, want, "application/json")
	if err := json.Unmarshal(body, v); err != nil {
		t.Fatalf("%s: %v\n%s", what, err, clipBody(body))
	}
}

// readReply reads and closes the body of res, the reply to what; it
// fails the test unless the status is want and the Content-Type starts
// with ct.
func readReply(t *testing.T, what string, res *http.Response, want int, ct string) []byte {
	t.Helper()
	body := readBody(res)
	if res.StatusCode != want {
		t.Fatalf("%s: status %d, want %d\n%s", what, res.StatusCode, want, clipBody(body))
	}
	if got := res.Header.Get("Content-Type"); !strings.HasPrefix(got, ct) {
		t.Fatalf("%s: Content-Type %q, want %s", what, got, ct)
	}
	return body
}

// send does req and returns the reply with its body read and closed.
func send(t *testing.T, req *http.Request) (*http.Response, []byte) {
	t.Helper()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return res, readBody(res)
}

// readBody reads and closes the body of res; a body cut short reads as
// what arrived (the status and the checks on the text then say more).
func readBody(res *http.Response) []byte {
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return b
}

func clipBody(b []byte) string {
	if len(b) > 2000 {
		return string(b[:2000]) + "…"
	}
	return string(b)
}

// textOf is the whitespace-collapsed text of a selection.
func textOf(s *goquery.Selection) string { return strings.Join(strings.Fields(s.Text()), " ") }
