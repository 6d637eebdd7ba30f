package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/pipeline"
)

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
