package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/pipeline"
)

// startServe runs `query serve -addr 127.0.0.1:0` on the embedded sample
// corpus and returns its base URL; the server stops (and Run must return
// nil) when the test ends.
func startServe(t *testing.T) string {
	t.Helper()
	return startServeArgs(t)
}

// startServeArgs is startServe with more flags for query serve.
func startServeArgs(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, append([]string{"serve", "-addr", "127.0.0.1:0"}, args...), io.Discard, pw)
		pw.Close()
	}()
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "serving on "); ok {
				addr <- strings.Fields(rest)[0]
			}
		}
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("query serve returned %v after interrupt, want nil", err)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("query serve did not stop within 10 s of its interrupt")
		}
	})
	select {
	case u := <-addr:
		return strings.TrimSuffix(u, "/")
	case err := <-done:
		t.Fatalf("query serve: %v", err)
	case <-time.After(60 * time.Second):
		t.Fatal("query serve did not say where it listens within 60 s")
	}
	return ""
}

// TestServeAPIMirrorsCLI checks that every JSON route of `query serve`
// answers with the very document `query … -json` prints for the same
// question, on the same knowledge base file (the sample's, with its
// search index). TestServeResolveMirrorsCLI serves the embedded sample.
func TestServeAPIMirrorsCLI(t *testing.T) {
	db := sampleIndexed(t)
	base := startServeArgs(t, "-db", db)
	tests := []struct {
		cli        []string
		method     string
		path, body string
	}{
		{[]string{"search", "-json", "-edition", "n4", "berserk", "trabado"}, "GET", "/api/search?q=berserk+trabado&edition=n4&n=10", ""},
		{[]string{"search", "-json", "-kind", "errata", "esquivar"}, "GET", "/api/search?q=esquivar&kind=errata&n=10", ""},
		{[]string{"show", "-json", "-edition", "c1", "Esquivar"}, "GET", "/api/page/Esquivar?edition=c1", ""},
		// FAQ lists are labelled in -lang (else the locale) and ?lang= (else
		// the cookie, Accept-Language, the wiki's language).
		{[]string{"faq", "-json", "-lang", "en", "berserk"}, "GET", "/api/faq?q=berserk&lang=en", ""},
		{[]string{"faq", "-json", "-lang", "es", "berserk"}, "GET", "/api/faq?q=berserk&lang=es", ""},
		{[]string{"history", "-json", "GizmoKit"}, "GET", "/api/history/GizmoKit", ""},
		{[]string{"diff", "-json", "Sin Incapacidad por Herida"}, "GET", "/api/diff/Sin%20Incapacidad%20por%20Herida", ""},
		{[]string{"ask", "-json", "¿Se puede declarar Berserk estando trabado?"}, "POST", "/api/ask",
			`{"question": "¿Se puede declarar Berserk estando trabado?"}`},
	}
	// Both query search and the server answer from the file's bleve
	// index (the server from its private copy).
	for _, tc := range tests {
		t.Run(tc.cli[0], func(t *testing.T) {
			var want, got any
			decode(t, runIndexed(t, tc.cli...), &want)
			req, err := http.NewRequest(tc.method, base+tc.path, strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 200 {
				t.Fatalf("%s %s: status %d\n%s", tc.method, tc.path, res.StatusCode, body)
			}
			if err := json.Unmarshal(body, &got); err != nil {
				t.Fatalf("%s: %v", tc.path, err)
			}
			if !reflect.DeepEqual(got, want) {
				g, _ := json.MarshalIndent(got, "", " ")
				w, _ := json.MarshalIndent(want, "", " ")
				t.Errorf("%s %s differs from query %s:\nAPI: %.1500s\nCLI: %.1500s", tc.method, tc.path, strings.Join(tc.cli, " "), g, w)
			}
		})
	}
}

// TestServeResolveMirrorsCLI posts judge case S02 (Trepar + Mover) to
// /api/resolve and checks it against `query resolve -json` of the same
// file, in each language (-lang, ?lang=).
func TestServeResolveMirrorsCLI(t *testing.T) {
	base := startServe(t)
	const situation = `{"turn": "active", "order": ["Trepar", "Mover"]}`
	path := t.TempDir() + "/s02.json"
	if err := os.WriteFile(path, []byte(situation), 0o644); err != nil {
		t.Fatal(err)
	}
	for lang, verdict := range map[string]string{"en": "invalid: ", "es": "inválido: "} {
		var want, got any
		decode(t, runQuery(t, "resolve", "-json", "-lang", lang, path), &want)
		res, err := http.Post(base+"/api/resolve?lang="+lang, "application/json", strings.NewReader(situation))
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode != 200 {
			res.Body.Close()
			t.Fatalf("POST /api/resolve: status %d", res.StatusCode)
		}
		err = json.NewDecoder(res.Body).Decode(&got)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: /api/resolve differs from query resolve -json:\nAPI: %v\nCLI: %v", lang, got, want)
		}
		if v, _ := got.(map[string]any)["verdict"].(string); !strings.HasPrefix(v, verdict) {
			t.Errorf("%s: Trepar + Mover verdict %q, want %q…", lang, v, verdict)
		}
		cs, _ := got.(map[string]any)["conclusions"].([]any)
		if len(cs) == 0 || cs[0].(map[string]any)["status"] != "invalid" {
			t.Errorf("%s: conclusions %v, want the first with status invalid", lang, cs)
		}
	}
}

// newEsquivar is a later revision of Esquivar in the contributions dump
// format, with a word no other revision holds.
const newEsquivar = `Infinity - Contribuciones del usuario [es]

Esquivar

2024-05-01T10:00:00Z

Arbitro:

{{skillbox |blue| ESQUIVAR | HABILIDAD CORTA / ORA }}
{{effects}}
* Una Tropa que Esquiva puede realizar un zarpazoquiebro de hasta 5 cm.
`

// ingestLikeIngest stores the files into the knowledge base at path and
// brings its search index in step, as cmd/ingest does: a writable handle
// for the store, then a read-only one for the index.
func ingestLikeIngest(t *testing.T, path string, files ...string) {
	t.Helper()
	writeKB(t, path, false, pipeline.Options{Format: wikirules.FormatContribs}, files...)
	buildIndex(t, path)
}

// TestServeSeesIngest runs query serve on a knowledge base file with its
// search index, ingests a new revision of Esquivar into the same files
// while it runs, and sees the new text on /api/search (from the bleve
// index) and on the page without a restart.
func TestServeSeesIngest(t *testing.T) {
	path := sampleDBCopy(t)
	buildIndex(t, path)
	base := startServeArgs(t, "-db", path, "-watch", "100ms")

	type searchDoc struct {
		Engine string `json:"engine"`
		Total  int    `json:"total"`
	}
	search := func() searchDoc {
		t.Helper()
		res, err := http.Get(base + "/api/search?q=zarpazoquiebro")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var d searchDoc
		if err := json.NewDecoder(res.Body).Decode(&d); err != nil {
			t.Fatal(err)
		}
		return d
	}
	if d := search(); d.Total != 0 || d.Engine != "bleve" {
		t.Fatalf("before the ingest: %+v, want 0 results from bleve", d)
	}

	dump := filepath.Join(t.TempDir(), "esquivar.txt")
	if err := os.WriteFile(dump, []byte(newEsquivar), 0o644); err != nil {
		t.Fatal(err)
	}
	ingestLikeIngest(t, path, dump)

	deadline := time.Now().Add(30 * time.Second)
	var d searchDoc
	for d = search(); (d.Total == 0 || d.Engine != "bleve") && time.Now().Before(deadline); d = search() {
		time.Sleep(100 * time.Millisecond)
	}
	if d.Total == 0 || d.Engine != "bleve" {
		t.Fatalf("30 s after the ingest /api/search?q=zarpazoquiebro gives %+v, want the new revision from bleve", d)
	}
	res, err := http.Get(base + "/page/" + url.PathEscape("Esquivar"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(body), "zarpazoquiebro") {
		t.Errorf("/page/Esquivar does not show the new revision's text")
	}
	// query index also runs while the server holds the knowledge base.
	if out := runOn2(t, path, "index", "-check"); !strings.Contains(out, "in step") {
		t.Errorf("query index -check while query serve runs: %s", out)
	}
}

// runOn2 runs a query subcommand on the knowledge base at path and
// returns stdout; it fails the test on error.
func runOn2(t *testing.T, path, cmd string, args ...string) string {
	t.Helper()
	var out strings.Builder
	var errb strings.Builder
	full := append([]string{cmd, "-db", path}, args...)
	if err := Run(context.Background(), full, &out, &errb); err != nil {
		t.Fatalf("query %q while query serve runs: %v\n%s", full, err, errb.String())
	}
	return out.String()
}
