package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/mwapi"
	"github.com/wikirules/wikirules/mwapi/mwapitest"
	"github.com/wikirules/wikirules/pipeline"
)

// TestSyncedRevisions: history, changes and wikis on a knowledge base
// synced with a test wiki, after an edit between two syncs.
func TestSyncedRevisions(t *testing.T) {
	ctx := context.Background()
	w := mwapitest.New("Infinity", "es", "infinity_es", time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC))
	w.Import([]*wikirules.Revision{
		{Page: wikirules.Page{Title: "Esquivar"}, Timestamp: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), User: "Ana",
			Text: "{{effects}}\n* La Tropa puede moverse hasta 5 cm.\n"},
		{Page: wikirules.Page{Title: "Trabado"}, Timestamp: time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC), User: "Ana",
			Text: "{{effects}}\n* Sólo puede declarar Ataque CC.\n"},
	})
	w.Edit("Sandbox", "prueba", "Ana", "")
	srv := httptest.NewServer(w)
	defer srv.Close()
	c, err := mwapi.New(srv.URL+"/api.php", "judge@example.org")
	if err != nil {
		t.Fatal(err)
	}
	c.Sleep = func(context.Context, time.Duration) error { return nil }
	path := filepath.Join(t.TempDir(), "rules.db")
	db, err := kb.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pipeline.Sync(ctx, db, c, pipeline.SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	edit := w.Edit("Esquivar", "{{effects}}\n* La Tropa puede moverse hasta 10 cm.\n", "Bea", "N5")
	if _, err := pipeline.Sync(ctx, db, c, pipeline.SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	run := func(args ...string) string {
		var out, errb bytes.Buffer
		if err := Run(ctx, args, &out, &errb); err != nil {
			t.Fatalf("query %v: %v\n%s", args, err, errb.String())
		}
		return out.String()
	}
	var hist struct {
		Revisions []struct {
			Revision struct{ ID string } `json:"revision"`
		} `json:"revisions"`
	}
	out := run("history", "-db", path, "-json", "Esquivar")
	if err := json.Unmarshal([]byte(out), &hist); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(out, `"infinity-es:1"`) || !strings.Contains(out, `"infinity-es:`+itoa(edit)+`"`) {
		t.Errorf("history of the synced page does not list both revisions:\n%s", out)
	}
	out = run("changes", "-db", path, "-since", "2025-01-01")
	if !strings.Contains(out, "Esquivar") || !strings.Contains(out, "10 cm") || strings.Contains(out, "Trabado") {
		t.Errorf("changes since 2025 do not show the synced edit alone:\n%s", out)
	}
	out = run("wikis", "-db", path)
	if !strings.Contains(out, "infinity-es") || !strings.Contains(out, srv.URL+"/api.php") || strings.Contains(out, "never") {
		t.Errorf("wikis:\n%s", out)
	}
	out = run("pages", "-db", path)
	if !strings.Contains(out, "infinity-es (es): 3 pages, synced from "+srv.URL+"/api.php, last sync ") {
		t.Errorf("pages does not name the wiki's API and last sync:\n%s", out)
	}
	var pages struct {
		Wikis []struct {
			Wiki, API string
			Pages     int
			LastSync  time.Time `json:"last_sync"`
		} `json:"wikis"`
	}
	if err := json.Unmarshal([]byte(run("pages", "-db", path, "-json")), &pages); err != nil {
		t.Fatal(err)
	}
	if len(pages.Wikis) != 1 || pages.Wikis[0].API != srv.URL+"/api.php" || pages.Wikis[0].LastSync.IsZero() {
		t.Errorf("pages -json wikis: %+v", pages.Wikis)
	}
}

func itoa(n int64) string { b, _ := json.Marshal(n); return string(b) }
