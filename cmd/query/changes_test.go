package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/bench/gen"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
)

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
