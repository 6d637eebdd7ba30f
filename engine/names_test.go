package engine

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
)

// namelessStore is a store without its stored page-name index (no
// NameStore): an engine over it builds the index at start.
type namelessStore struct {
	wikirules.Store
	PageNamer
}

// TestStoredNamesAnswerAlike: an engine reading the stored page-name
// index answers every question of the sets as one building it at start.
func TestStoredNamesAnswerAlike(t *testing.T) {
	stored := wikiEngine(t)
	ctx := context.Background()
	if err := stored.init(ctx); err != nil {
		t.Fatal(err)
	}
	if stored.titles.stored == nil {
		t.Fatal("the engine over the shared knowledge base built its page-name index: want it read from the store")
	}
	built := New(namelessStore{wikiKB.db, wikiKB.db}, wikiKB.idx)
	n := 0
	for _, file := range []string{"testdata/questions.json", "testdata/cases.json", "testdata/judge-examples.json"} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		cf, err := ParseCases(data, file)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cf.Cases {
			opt, err := caseOptions(c.Edition, c.AsOf)
			if err != nil {
				t.Fatal(err)
			}
			a, err := stored.Ask(ctx, c.Q, opt)
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			b, err := built.Ask(ctx, c.Q, opt)
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			ja, _ := json.Marshal(a)
			jb, _ := json.Marshal(b)
			if !bytes.Equal(ja, jb) {
				t.Errorf("%s %q: the answer with the stored page-name index differs from the built one's:\n%s\n%s", c.ID, c.Q, ja, jb)
			}
			n++
		}
	}
	if stored.titles.stored.built != nil {
		t.Error("a lookup of the stored page-name index failed: the engine built it")
	}
	t.Logf("%d questions answered alike", n)
}

// countingStore counts what an engine reads of its store at start: the
// calls that read every page, alias or record, and the stored rows of the
// page-name index by kind.
type countingStore struct {
	*kb.DB
	pages, aliases, records int
	rows                    map[string]int
}

func (c *countingStore) Pages(ctx context.Context) ([]wikirules.Page, error) {
	c.pages++
	return c.DB.Pages(ctx)
}

func (c *countingStore) PageAliases(ctx context.Context) ([]wikirules.PageAlias, error) {
	c.aliases++
	return c.DB.PageAliases(ctx)
}

func (c *countingStore) Records(ctx context.Context, f wikirules.Filter) ([]wikirules.Record, error) {
	c.records++
	return c.DB.Records(ctx, f)
}

func (c *countingStore) NameRows(ctx context.Context, gen int64, stamp, kind string, keys []string) (map[string][]string, bool, error) {
	rows, ok, err := c.DB.NameRows(ctx, gen, stamp, kind, keys)
	for _, r := range rows {
		c.rows[kind] += len(r)
	}
	return rows, ok, err
}

// TestStartWorkConstant: an engine over a knowledge base with its
// page-name index stored reads no page list, alias or record at start,
// and of the index only the languages of the pages, at two sizes (the
// seeds; the seeds and today's wiki pages): nothing proportional to the
// knowledge base is read or built at start.
func TestStartWorkConstant(t *testing.T) {
	ctx := context.Background()
	for _, k := range []*sharedKB{&sampleKB, &wikiKB} {
		if k == &sampleKB {
			sampleEngine(t)
		} else {
			wikiEngine(t)
		}
		pages, err := k.db.Pages(ctx)
		if err != nil {
			t.Fatal(err)
		}
		c := &countingStore{DB: k.db, rows: map[string]int{}}
		e := New(c, k.idx)
		if err := e.init(ctx); err != nil {
			t.Fatal(err)
		}
		if e.titles.stored == nil {
			t.Fatalf("%d pages: the engine built its page-name index at start", len(pages))
		}
		if c.pages+c.aliases+c.records > 0 {
			t.Errorf("%d pages: start read the page list %d times, the aliases %d, the records %d: want none", len(pages), c.pages, c.aliases, c.records)
		}
		for kind, r := range c.rows {
			if kind != rowLangs {
				t.Errorf("%d pages: start read %d rows of %s: want none", len(pages), r, kind)
			}
		}
		t.Logf("%d pages: %d rows read at start (the languages of the pages)", len(pages), c.rows[rowLangs])
	}
}

// TestStoredNamesStale: an engine over a knowledge base written after its
// page-name index was stored, or with no index stored, builds it at
// start and says so; one whose store is written while it runs builds it
// at the first lookup after, and says so.
func TestStoredNamesStale(t *testing.T) {
	ctx := context.Background()
	db, err := kb.Open(ctx, ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := pipeline.LoadSample(ctx, db); err != nil {
		t.Fatal(err)
	}
	var notes bytes.Buffer
	e := New(db, nil, WithNotice(&notes))
	if err := e.init(ctx); err != nil {
		t.Fatal(err)
	}
	if e.titles.stored != nil || !strings.Contains(notes.String(), "no page-name index stored") {
		t.Errorf("no index stored: stored %v, notice %q", e.titles.stored != nil, notes.String())
	}
	if err := StoreNames(ctx, db); err != nil {
		t.Fatal(err)
	}
	running := New(db, nil, WithNotice(&notes))
	if err := running.init(ctx); err != nil {
		t.Fatal(err)
	}
	if running.titles.stored == nil {
		t.Fatal("index stored: the engine built it")
	}
	want := e.titles.in(strings.Fields("aislado isolated trepar"))
	// A write raises the generation: the stored rows are of an older
	// knowledge base.
	if _, err := pipeline.IngestFiles(ctx, db, []string{wikiPagesDir}, pipeline.Options{KeepGoing: true}); err != nil {
		t.Fatal(err)
	}
	notes.Reset()
	after := New(db, nil, WithNotice(&notes))
	if err := after.init(ctx); err != nil {
		t.Fatal(err)
	}
	if after.titles.stored != nil || !strings.Contains(notes.String(), "out of step") {
		t.Errorf("written since: stored %v, notice %q", after.titles.stored != nil, notes.String())
	}
	notes.Reset()
	got := running.titles.in(strings.Fields("aislado isolated trepar"))
	if running.titles.stored.built == nil || !strings.Contains(notes.String(), "written since") {
		t.Errorf("written while running: built %v, notice %q", running.titles.stored.built != nil, notes.String())
	}
	fresh := after.titles.in(strings.Fields("aislado isolated trepar"))
	if len(got) != len(fresh) || len(want) == 0 {
		t.Errorf("names after the write: %v, want those of the knowledge base as it is: %v (before: %v)", got, fresh, want)
	}
}

// namesDigest pins the rows newTitles derives from the seeds and today's
// wiki pages under namesFormat: a change of the engine's code that
// changes them (the derivation, the stems and keys of names) must raise
// namesFormat, so that an engine never reads rows an older one stored (a
// change of the vocabularies changes the stamp by itself); either way
// namesDigest is then set to what this test reports.
const namesDigest = "names-2 39eeb1a0822987d7"

// TestNamesFormatPinned: the rows of the page-name index of the shared
// knowledge base are those namesFormat was set for.
func TestNamesFormatPinned(t *testing.T) {
	wikiEngine(t)
	ctx := context.Background()
	pages, err := wikiKB.db.Pages(ctx)
	if err != nil {
		t.Fatal(err)
	}
	b, err := buildTitles(ctx, wikiKB.db, pages)
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.New()
	for _, r := range b.rows() {
		fmt.Fprintf(h, "%s\x00%s\x00%d\x00%s\n", r.Kind, r.Key, r.Seq, r.Data)
	}
	if got := namesFormat + " " + hex.EncodeToString(h.Sum(nil)[:8]); got != namesDigest {
		t.Errorf("the page-name rows of the shared knowledge base are %q, want %q: if the engine's code changed them, raise namesFormat (the vocabularies are in the stamp already); then set namesDigest to the new value", got, namesDigest)
	}
}

// TestCapitalizedAfterOpeningMark checks that a word opening a question
// after "¿" or "¡" (two bytes each in UTF-8) is not read as a name, while
// a capital inside the sentence still is.
func TestCapitalizedAfterOpeningMark(t *testing.T) {
	for _, tc := range []struct {
		q    string
		name string
		want bool
	}{
		{"¿Contra qué CD tiro?", "contra", false},
		{"¡Cuidado con la plantilla!", "cuidado", false},
		{"Contra qué CD tiro", "contra", false},
		{"¿Puedo esquivar una Mina?", "puedo", false},
		{"¿Puedo esquivar una Mina?", stem("mina"), true},
	} {
		if got := capitalized(tc.q)[tc.name]; got != tc.want {
			t.Errorf("capitalized(%q)[%q] = %v, want %v", tc.q, tc.name, got, tc.want)
		}
	}
}
