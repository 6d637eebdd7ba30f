package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

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
	ctx := context.Background()
	db, err := kb.OpenReadOnly(ctx, path, kb.SmallCache())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := pipeline.SyncIndex(ctx, db, path, nil); err != nil {
		t.Fatalf("syncing the search index of %s: %v", path, err)
	}
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
