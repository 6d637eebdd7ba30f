package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/mwapi/mwapitest"
	"github.com/wikirules/wikirules/source"
)

// syncWiki is a test wiki holding the seed dump's revisions and n more
// pages of two revisions each, so that a sync takes several batches.
func syncWiki(t *testing.T, n int) *mwapitest.Wiki {
	t.Helper()
	w := mwapitest.New("Infinity", "es", "infinity_es", time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC))
	revs := seedRevisions(t)
	base := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		for j := range 2 {
			revs = append(revs, &wikirules.Revision{Page: wikirules.Page{Title: fmt.Sprintf("Regla %03d", i)},
				Timestamp: base.Add(time.Duration(2*i+j) * time.Minute), User: "Gen",
				Text: fmt.Sprintf("{{effects}}\n* La regla %d, versión %d: MOD -%d.\n", i, j, j+1)})
		}
	}
	w.Import(revs)
	w.Edit("Sandbox", "una prueba", "Ana", "")
	return w
}

// syncSummary is the part of ingest -wiki-api -json a test reads.
type syncSummary struct {
	Mode      string `json:"mode"`
	Pages     int    `json:"pages"`
	Revisions struct {
		New, Known, Hidden, Deleted int
	} `json:"revisions"`
	Requests int `json:"requests"`
	Content  int `json:"content_requests"`
	Mark     struct {
		Timestamp time.Time `json:"timestamp"`
		RCID      int64     `json:"rcid"`
	} `json:"high_water_mark"`
}

func TestIngestWikiAPI(t *testing.T) {
	w := syncWiki(t, 5)
	srv := httptest.NewServer(w)
	defer srv.Close()
	dbPath := filepath.Join(t.TempDir(), "rules.db")
	run := func(args ...string) (string, string) {
		var out, errb bytes.Buffer
		if err := Run(context.Background(), args, &out, &errb); err != nil {
			t.Fatalf("ingest %v: %v\n%s", args, err, errb.String())
		}
		return out.String(), errb.String()
	}
	out, _ := run("-db", dbPath, "-json", "-wiki-api", srv.URL+"/api.php", "-contact", "judge@example.org")
	var s syncSummary
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("summary: %v\n%s", err, out)
	}
	if s.Mode != "full" || s.Revisions.New != w.RevisionCount() || s.Mark.RCID != 1 || s.Requests == 0 {
		t.Errorf("summary %+v, want a full sync of %d revisions from recent change 1", s, w.RevisionCount())
	}
	for _, r := range w.Requests() {
		if !strings.Contains(r.UserAgent, "judge@example.org") {
			t.Errorf("User-Agent %q", r.UserAgent)
		}
	}
	w.Edit("Regla 002", "{{effects}}\n* La regla 2, versión 3.\n", "Ana", "")
	out, _ = run("-db", dbPath, "-wiki-api", srv.URL+"/api.php", "-contact", "judge@example.org")
	if !strings.Contains(out, "incremental") || !strings.Contains(out, "1 new") || !strings.Contains(out, "(1 for revision text)") {
		t.Errorf("second sync:\n%s", out)
	}
	// The search index follows.
	ctx := context.Background()
	db, err := kb.OpenReadOnly(ctx, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	states, err := db.SyncStates(ctx)
	if err != nil || len(states) != 1 || states[0].API != srv.URL+"/api.php" || states[0].LastSync.IsZero() {
		t.Errorf("sync states %+v, %v", states, err)
	}
	var outb, errb bytes.Buffer
	if err := Run(ctx, []string{"-db", dbPath, "-wiki-api", srv.URL + "/api.php", "x.txt"}, &outb, &errb); err == nil {
		t.Error("-wiki-api with a PATH: no error")
	}
}

// TestIngestWikiExport reads a Special:Export XML over HTTP.
func TestIngestWikiExport(t *testing.T) {
	revs := seedRevisions(t)
	var export bytes.Buffer
	if err := source.WriteXML(&export, revs); err != nil {
		t.Fatal(err)
	}
	var ua string
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		ua = r.Header.Get("User-Agent")
		rw.Write(export.Bytes())
	}))
	defer srv.Close()
	s := ingestJSON(t, "-db", filepath.Join(t.TempDir(), "rules.db"), "-wiki-export",
		srv.URL+"/index.php?title=Special:Export&pages=Esquivar&history=1", "-contact", "judge@example.org")
	if s.Added != len(revs) || !strings.Contains(ua, "judge@example.org") {
		t.Errorf("summary %+v, User-Agent %q", s, ua)
	}
}

// TestKillMidSync really kills a sync (SIGKILL) while it waits for the
// text of its third batch of pages, after two batches were committed;
// the rerun stores the rest, reading the text of no revision stored
// before the kill, and the knowledge base equals that of a sync never
// killed.
func TestKillMidSync(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command as a process: not in -short")
	}
	bin := ingestBinary(t)
	w := syncWiki(t, 150)
	var mu sync.Mutex
	content := 0
	var read []string
	blocked := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Query().Get("rvprop"), "content") {
			mu.Lock()
			content++
			n := content
			read = append(read, strings.Split(r.URL.Query().Get("revids"), "|")...)
			mu.Unlock()
			if n == 3 {
				close(blocked)
				<-r.Context().Done() // until the client dies
				return
			}
		}
		w.ServeHTTP(rw, r)
	}))
	defer srv.Close()
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "rules.db")
	api := srv.URL + "/api.php"
	cmd := exec.Command(bin, "-quiet", "-db", dbPath, "-wiki-api", api, "-contact", "test@example.org")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-blocked:
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("the sync did not reach its third batch in 60 s\n%s", stderr.String())
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
		t.Fatalf("the sync was not killed: %v\n%s", cmd.ProcessState, stderr.String())
	}

	before, _ := checkedStats(t, dbPath, "after kill")
	if before.Revisions == 0 || before.Revisions >= w.RevisionCount() {
		t.Fatalf("after kill: %d revisions stored, want the first two batches'", before.Revisions)
	}
	mu.Lock()
	firstRead := len(read)
	mu.Unlock()

	out, err := exec.Command(bin, "-json", "-db", dbPath, "-wiki-api", api, "-contact", "test@example.org").Output()
	if err != nil {
		t.Fatalf("rerun: %v", err)
	}
	var s syncSummary
	if err := json.Unmarshal(out, &s); err != nil {
		t.Fatalf("rerun summary: %v\n%s", err, out)
	}
	if s.Mode != "resumed" || s.Revisions.New != w.RevisionCount()-before.Revisions {
		t.Errorf("rerun %+v: want the %d revisions not stored", s, w.RevisionCount()-before.Revisions)
	}
	// Exactly once: the rerun read the text of no revision the killed
	// sync had stored.
	after, got := checkedStats(t, dbPath, "after rerun")
	mu.Lock()
	again := append([]string(nil), read[firstRead:]...)
	mu.Unlock()
	// The clean sync is the reference of the content hash, which the
	// search index is no part of.
	clean := filepath.Join(dir, "clean.db")
	if out, err := exec.Command(bin, "-quiet", "-no-index", "-db", clean, "-wiki-api", api).CombinedOutput(); err != nil {
		t.Fatalf("clean sync: %v\n%s", err, out)
	}
	want, wantHash := checkedStats(t, clean, "clean sync")
	if after.Revisions != w.RevisionCount() || after.Revisions != want.Revisions || after.Records != want.Records {
		t.Errorf("after rerun %+v, clean %+v", after, want)
	}
	if got != wantHash {
		t.Error("the killed-and-rerun knowledge base differs from a clean sync")
	}
	if n := len(again); n != w.RevisionCount()-before.Revisions {
		t.Errorf("the rerun read the text of %d revisions, want the %d not stored", n, w.RevisionCount()-before.Revisions)
	}
}
