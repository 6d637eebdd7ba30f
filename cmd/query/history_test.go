package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/bench/gen"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
)

var (
	sampleOnce sync.Once
	samplePath string
	sampleErr  error
	sampleDir  string
)

// sampleDB returns the path of a database file holding the embedded sample
// corpus, built once for all the change-command tests.
func sampleDB(t testing.TB) string {
	t.Helper()
	sampleOnce.Do(func() {
		sampleDir, sampleErr = os.MkdirTemp("", "query-changes-")
		if sampleErr != nil {
			return
		}
		samplePath = filepath.Join(sampleDir, "rules.db")
		ctx := context.Background()
		db, err := kb.Open(ctx, samplePath)
		if err != nil {
			sampleErr = err
			return
		}
		if _, err := pipeline.LoadSample(ctx, db); err != nil {
			sampleErr = err
		}
		if err := db.Close(); err != nil && sampleErr == nil {
			sampleErr = err
		}
	})
	if sampleErr != nil {
		t.Fatal(sampleErr)
	}
	return samplePath
}

var (
	sampleIndexOnce sync.Once
	sampleIndexErr  error
)

// sampleIndexed returns sampleDB's path with its search index
// (PATH.bleve, as query index builds it) beside it, built once: the
// knowledge base a judge queries, for the tests of what a command answers
// rather than of how it opens the embedded sample. sampleDBCopy copies
// the database alone, without the index.
func sampleIndexed(t testing.TB) string {
	t.Helper()
	path := sampleDB(t)
	sampleIndexOnce.Do(func() { sampleIndexErr = syncIndex(path) })
	if sampleIndexErr != nil {
		t.Fatal(sampleIndexErr)
	}
	return path
}

// runIndexed runs the query command args[0] with -db sampleIndexed and
// the rest of args, and returns stdout; it fails the test on error.
func runIndexed(t *testing.T, args ...string) string {
	t.Helper()
	return runQuery(t, append([]string{args[0], "-db", sampleIndexed(t)}, args[1:]...)...)
}

// sampleDBCopy returns the path of a private copy of sampleDB in
// t.TempDir(), for a test that changes the database or writes beside it.
func sampleDBCopy(t testing.TB) string {
	t.Helper()
	return sampleDBCopyIn(t, t.TempDir())
}

// sampleDBCopyIn copies sampleDB to dir/rules.db and returns that path.
func sampleDBCopyIn(t testing.TB, dir string) string {
	t.Helper()
	data, err := os.ReadFile(sampleDB(t))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "rules.db")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// buildIndex brings the search index of the knowledge base at path in
// step (pipeline.SyncIndex), reading it read-only with a small page cache
// as query index does.
func buildIndex(t testing.TB, path string) {
	t.Helper()
	if err := syncIndex(path); err != nil {
		t.Fatal(err)
	}
}

// syncIndex is buildIndex, returning its error.
func syncIndex(path string) error {
	ctx := context.Background()
	db, err := kb.OpenReadOnly(ctx, path, kb.SmallCache())
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := pipeline.SyncIndex(ctx, db, path, nil); err != nil {
		return fmt.Errorf("syncing the search index of %s: %w", path, err)
	}
	return nil
}

// tempKB is writeKB into a new file in t.TempDir(); it returns its path.
func tempKB(t *testing.T, sample bool, files ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "rules.db")
	writeKB(t, path, sample, pipeline.Options{}, files...)
	return path
}

// writeKB stores files (after the embedded sample corpus, when sample)
// into the knowledge base file at path, new or not, and closes it.
func writeKB(t testing.TB, path string, sample bool, opt pipeline.Options, files ...string) {
	t.Helper()
	ctx := context.Background()
	db, err := kb.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if sample {
		_, err = pipeline.LoadSample(ctx, db)
	}
	if err == nil {
		_, err = pipeline.IngestFiles(ctx, db, files, opt)
	}
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
}

func TestMain(m *testing.M) {
	if args := os.Getenv(asQueryEnv); args != "" {
		os.Exit(runAsQuery(args))
	}
	code := m.Run()
	if sampleDir != "" {
		os.RemoveAll(sampleDir)
	}
	if exportTop != "" {
		os.RemoveAll(exportTop)
	}
	os.Exit(code)
}

// runOn runs a query subcommand on the sample database and returns stdout.
func runOn(t *testing.T, cmd string, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	full := append([]string{cmd, "-db", sampleDB(t)}, args...)
	if err := Run(context.Background(), full, &out, &errb); err != nil {
		t.Fatalf("query %q: %v\n%s", full, err, errb.String())
	}
	return out.String()
}

func decodeJSON(t *testing.T, s string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(s), v); err != nil {
		t.Fatalf("not one JSON document: %v\n%s", err, s)
	}
}

type historyOut struct {
	Page      string `json:"page"`
	Revisions []struct {
		Revision struct {
			ID        string `json:"id"`
			Timestamp string `json:"timestamp"`
			User      string `json:"user"`
			Size      int    `json:"size"`
		} `json:"revision"`
		Summary string         `json:"summary"`
		Class   string         `json:"class"`
		Counts  map[string]int `json:"counts"`
	} `json:"revisions"`
}

// TestHistory: the seed pages with two revisions list both, oldest first,
// with user, size and the class of the second edit.
func TestHistory(t *testing.T) {
	tests := []struct {
		page, class, summary string
	}{
		{"Sin Incapacidad por Herida", "cosmetic", "text cosmetic (case)"},
		{"Suplantado", "translation", "title translated en → es"},
		{"Ataque Intuitivo", "wording", "note 1 reworded"},
		{"Activación de una Tropa", "translation", "note 1 translated en → es"},
		{"GizmoKit", "wording", "note 1 reworded"},
	}
	for _, tt := range tests {
		t.Run(tt.page, func(t *testing.T) {
			var h historyOut
			decodeJSON(t, runOn(t, "history", "-json", tt.page), &h)
			if h.Page != tt.page || len(h.Revisions) < 2 {
				t.Fatalf("page %q with %d revisions", h.Page, len(h.Revisions))
			}
			first, second := h.Revisions[0], h.Revisions[1]
			if !strings.HasPrefix(first.Summary, "created:") || first.Class != "" {
				t.Errorf("first revision: %q (%s)", first.Summary, first.Class)
			}
			if first.Revision.Timestamp >= second.Revision.Timestamp {
				t.Errorf("not oldest first: %s, %s", first.Revision.Timestamp, second.Revision.Timestamp)
			}
			if second.Class != tt.class || !strings.Contains(second.Summary, tt.summary) {
				t.Errorf("second revision: %s %q, want %s %q", second.Class, second.Summary, tt.class, tt.summary)
			}
			if second.Counts["substantive"] != 0 {
				t.Errorf("substantive changes in %q", second.Summary)
			}
			if second.Revision.User != "HellLois2" || second.Revision.Size < 1000 || second.Revision.ID == "" {
				t.Errorf("revision %+v: want user, size and id", second.Revision)
			}
		})
	}
}

func TestHistoryTextAndMarkdown(t *testing.T) {
	txt := runOn(t, "history", "GizmoKit")
	if !strings.Contains(txt, "GizmoKit — 2 revisions") || !strings.Contains(txt, "[wording] 1 change (1 wording)") {
		t.Errorf("text history:\n%s", txt)
	}
	if strings.Contains(txt, "\x1b[") {
		t.Errorf("ANSI colours written to a buffer:\n%q", txt)
	}
	col := runOn(t, "history", "-color", "always", "GizmoKit")
	if !strings.Contains(col, "\x1b[33mwording\x1b[0m") {
		t.Errorf("-color always: no coloured class:\n%q", col)
	}
	md := runOn(t, "history", "-format", "md", "GizmoKit")
	if !strings.Contains(md, "## GizmoKit — history") || strings.Count(md, "\n| `d") != 2 {
		t.Errorf("markdown history:\n%s", md)
	}
}

func TestChangeCommandErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"history", "-db", "", "-format", "html", "GizmoKit"}, "-format"},
		{[]string{"diff", "-db", "", "GizmoKit", "zzzz"}, "no revision"},
		{[]string{"diff", "-db", "", "No Such Page"}, "not found"},
		{[]string{"changes", "-db", ""}, "-since is required"},
		{[]string{"changes", "-db", "", "-since", "yesterday"}, "-since"},
		{[]string{"changes", "-db", "", "-since", "2022-01-01", "-until", "2021-01-01"}, "before"},
		{[]string{"blame", "-db", "", "-color", "sometimes", "GizmoKit"}, "-color"},
	}
	for _, tt := range tests {
		args := append([]string(nil), tt.args...)
		args[2] = sampleDB(t)
		var out, errb bytes.Buffer
		err := Run(context.Background(), args, &out, &errb)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("query %q: error %v, want one saying %q", tt.args, err, tt.want)
		}
	}
}

type changesOut struct {
	Pages []struct {
		Page      string                `json:"page"`
		Class     string                `json:"class"`
		Base      *struct{ ID string }  `json:"base"`
		Revisions []struct{ ID string } `json:"revisions"`
		Changes   []struct {
			Class    string `json:"class"`
			Citation struct {
				Page string `json:"page"`
			} `json:"citation"`
		} `json:"changes"`
	} `json:"pages"`
}

// TestChanges: a window holding only the second revision of a seed page
// diffs that page from its first revision (the base), with its class;
// pages are ordered by class, substantive (new pages) first.
func TestChanges(t *testing.T) {
	tests := []struct {
		since, until, page, class string
	}{
		{"2021-02-11T09:23:30Z", "2021-02-11T09:24:00Z", "GizmoKit", "wording"},                    // 09:23:58
		{"2021-02-11T09:29:10Z", "2021-02-11T09:29:40Z", "Sin Incapacidad por Herida", "cosmetic"}, // 09:29:30
		{"2021-02-11T11:03:30Z", "2021-02-11T11:04:30Z", "Suplantado", "translation"},              // 11:04:04
	}
	rank := map[string]int{"cosmetic": 1, "wording": 2, "translation": 3, "substantive": 4}
	for _, tt := range tests {
		t.Run(tt.page, func(t *testing.T) {
			var c changesOut
			decodeJSON(t, runOn(t, "changes", "-json", "-since", tt.since, "-until", tt.until), &c)
			found := false
			for i, p := range c.Pages {
				if i > 0 && rank[p.Class] > rank[c.Pages[i-1].Class] {
					t.Errorf("page %s (%s) after %s (%s)", p.Page, p.Class, c.Pages[i-1].Page, c.Pages[i-1].Class)
				}
				if p.Page != tt.page {
					continue
				}
				found = true
				if p.Class != tt.class || p.Base == nil || len(p.Revisions) != 1 || len(p.Changes) == 0 {
					t.Errorf("%s: class %s, base %v, %d revisions, %d changes; want %s from a base, 1 revision",
						p.Page, p.Class, p.Base, len(p.Revisions), len(p.Changes), tt.class)
				}
				for _, ch := range p.Changes {
					if ch.Citation.Page != p.Page || ch.Class != tt.class {
						t.Errorf("%s: change %+v", p.Page, ch)
					}
				}
			}
			if !found {
				t.Errorf("%s not among the pages changed in %s – %s", tt.page, tt.since, tt.until)
			}
		})
	}
	md := runOn(t, "changes", "-format", "md", "-since", "2021-02-11T09:23:30Z", "-until", "2021-02-11T09:24:00Z")
	if !strings.HasPrefix(md, "# Rule changes 2021-02-11T09:23:30Z – 2021-02-11T09:24:00Z") || !strings.Contains(md, "## GizmoKit") ||
		!strings.Contains(md, "- **wording** · changed effect *Efectos › 3*") {
		t.Errorf("markdown changelog:\n%s", md)
	}
	empty := runOn(t, "changes", "-since", "2030-01-01", "-until", "2030-01-02")
	if !strings.Contains(empty, "0 pages edited") {
		t.Errorf("empty window:\n%s", empty)
	}
}

// syntheticDB ingests a synthetic MediaWiki export of about size bytes
// (bench/gen: the seed pages renamed, 20 revisions each with word, bullet,
// MOD and FAQ edits) into a database file and returns its path, the
// title of a page and the time span of the history.
func syntheticDB(b *testing.B, size int64) (path, page string, first, last time.Time) {
	b.Helper()
	dir := b.TempDir()
	xml := filepath.Join(dir, "synthetic.xml")
	f, err := os.Create(xml)
	if err != nil {
		b.Fatal(err)
	}
	st, err := gen.Write(f, gen.Options{Size: size, Seed: 6})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	path = filepath.Join(dir, "rules.db")
	db, err := kb.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := pipeline.IngestFiles(ctx, db, []string{xml}, pipeline.Options{}); err != nil {
		b.Fatal(err)
	}
	pages, err := db.Pages(ctx)
	if err != nil {
		b.Fatal(err)
	}
	for _, p := range pages {
		h, err := db.History(ctx, p.Title, wikirules.Filter{})
		if err != nil {
			b.Fatal(err)
		}
		if page == "" {
			page = p.Title
		}
		if first.IsZero() || h[0].Timestamp.Before(first) {
			first = h[0].Timestamp
		}
		if h[len(h)-1].Timestamp.After(last) {
			last = h[len(h)-1].Timestamp
		}
	}
	db.Close()
	b.Logf("synthetic export: %d bytes, %d pages, %d revisions, %s – %s", st.Bytes, st.Pages, st.Revisions, first, last)
	return path, page, first, last
}

// BenchmarkChanges runs `query changes -json` over a 2 MB synthetic
// history, in two windows: the whole history (every page new: its last
// revision diffed against nothing) and its second half (the page that
// straddles the boundary diffed from its state at -since, the later pages
// new).
func BenchmarkChanges(b *testing.B) {
	path, _, first, last := syntheticDB(b, 2<<20)
	mid := first.Add(last.Sub(first) / 2)
	for _, w := range []struct {
		name  string
		since time.Time
	}{{"whole", first.Add(-time.Minute)}, {"half", mid}} {
		b.Run(w.name, func(b *testing.B) {
			args := []string{"changes", "-db", path, "-json", "-since", w.since.Format(time.RFC3339), "-until", last.Format(time.RFC3339)}
			for b.Loop() {
				var out, errb bytes.Buffer
				if err := Run(context.Background(), args, &out, &errb); err != nil {
					b.Fatal(err, errb.String())
				}
			}
		})
	}
}

// BenchmarkHistorySynthetic runs `query history -json` and `query blame
// -json` on one synthetic page with 20 revisions (19 diffs each).
func BenchmarkHistorySynthetic(b *testing.B) {
	path, page, _, _ := syntheticDB(b, 256<<10)
	for _, cmd := range []string{"history", "blame"} {
		b.Run(cmd, func(b *testing.B) {
			args := []string{cmd, "-db", path, "-json", page}
			for b.Loop() {
				var out, errb bytes.Buffer
				if err := Run(context.Background(), args, &out, &errb); err != nil {
					b.Fatal(err, errb.String())
				}
			}
		})
	}
}

// TestHistoryOrderNote: history says when nothing stored orders two
// revisions (two undated captures of Hacking Area), and not when the
// evidence does (Fireteam Bonuses: the capture whose summary is
// MediaWiki's "Created page with" comes first, oldid 1730 after it).
func TestHistoryOrderNote(t *testing.T) {
	dir := "../../testdata/wiki-pages/"
	db := tempKB(t, false, dir+"en_Fireteam_Bonuses-oldid1730_oldid.txt", dir+"en_Fireteam_Bonuses-oldid1743-prev_oldid.txt",
		dir+"en_Hacking_Area-snapA_article.txt", dir+"en_Hacking_Area-snapB_article.txt")
	out := runQuery(t, "history", "-db", db, "-color", "never", "-lang", "en", "Fireteam Bonuses")
	if strings.Contains(out, "order: not known") || strings.Index(out, "infinity-en:1730") < strings.Index(out, "Created page with") {
		t.Errorf("Fireteam Bonuses history: want the creation first, then 1730, with no order note:\n%s", out)
	}
	out = runQuery(t, "history", "-db", db, "-color", "never", "-lang", "en", "Hacking Area")
	if strings.Count(out, "order: not known to be newer than") != 1 {
		t.Errorf("Hacking Area history: want one order note:\n%s", out)
	}
}
