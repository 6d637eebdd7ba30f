package pairs_test

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pairs"
	"github.com/wikirules/wikirules/pipeline"
	"github.com/wikirules/wikirules/source"
)

const wikiPagesDir = "../testdata/wiki-pages"

// checkWikiPagesPairs checks the pairs and lags of a knowledge base of the
// seeds and the real pages of testdata/wiki-pages. Only articles and old
// revisions are revisions there; the N5 text of Isolated State shows only
// in diff screens, so its stored revisions are N4 like Aislado's, while
// Engineer and Traits have N5 snapshots that their Spanish twins (the
// seeds' Ingeniero and Propiedades, N4 2021) lack. The current Isolated
// State capture's N4 FAQ shows an entry "Removed in 1.3, Nov 2022", so
// Aislado, at N4 FAQ 1.0, is behind by FAQ version.
func checkWikiPagesPairs(t *testing.T, db *kb.DB) {
	t.Helper()
	ctx := context.Background()
	set := loadSet(t, db)
	for _, p := range set.Pairs {
		if p.ES.Wiki != "infinity-es" || p.EN.Wiki != "infinity-en" {
			t.Errorf("pair %s (%s) ↔ %s (%s): want infinity-es ↔ infinity-en", p.ES.Title, p.ES.Wiki, p.EN.Title, p.EN.Wiki)
		}
	}
	lags, err := pairs.Lags(ctx, db, set)
	if err != nil {
		t.Fatal(err)
	}
	byES := map[string]*pairs.Lag{}
	for i := range lags {
		t.Logf("%s ↔ %s: editions %s/%s, newer %q %+v", lags[i].ES.Title, lags[i].EN.Title, lags[i].Sides[0].Edition, lags[i].Sides[1].Edition, lags[i].Newer, lags[i].Why)
		byES[lags[i].ES.Title] = &lags[i]
	}
	for es, want := range map[string]struct {
		en, method, behind string
	}{
		"Aislado":          {"Isolated State", "glossary", "es"},
		"Ingeniero":        {"Engineer", "glossary", "es"},
		"Propiedades":      {"Traits", "glossary", "es"},
		"Munición Eclipse": {"Eclipse Ammunition", "glossary", ""},
		"Piloto":           {"Pilot", "glossary", ""},
	} {
		l := byES[es]
		if l == nil {
			t.Errorf("%s: no twin, want %s", es, want.en)
			continue
		}
		// The rendered redirect Isolated shows Isolated State's text
		// ("(Redirected from Isolated)"): index.json titles it Isolated,
		// a reader may store it under either title.
		if es == "Aislado" && l.EN.Title == "Isolated" {
			want.en = "Isolated"
		}
		if l.EN.Title != want.en || l.Reasons[0].Method != pairs.Method(want.method) {
			t.Errorf("%s: twin %s by %+v, want %s by %s", es, l.EN.Title, l.Reasons, want.en, want.method)
		}
		if l.Behind() != want.behind {
			t.Errorf("%s ↔ %s: behind %q (%+v), want %q", es, l.EN.Title, l.Behind(), l.Why, want.behind)
		}
		if es == "Aislado" {
			if len(l.Why) != 1 || l.Why[0] != (pairs.Ahead{By: "faq", Series: "N4 FAQ", Newer: "1.3, Nov 2022", Older: "1.0, enero 2021"}) {
				t.Errorf("%s: why %+v, want N4 FAQ 1.3, Nov 2022 (a withdrawal) over 1.0", es, l.Why)
			}
		} else if want.behind == "es" && (len(l.Why) == 0 || l.Why[0] != (pairs.Ahead{By: "edition", Newer: "n5", Older: "n4"})) {
			t.Errorf("%s: why %+v, want edition n5 over n4", es, l.Why)
		}
	}
	t.Logf("%d pairs, %d conflicts", len(set.Pairs), len(set.Conflicts))
}

// TestPairsWikiPagesIngest is the end to end check: the seeds and
// testdata/wiki-pages through the readers (pipeline.IngestFiles, as ingest
// reads them), which give each rendered page its title, wiki and
// language.
func TestPairsWikiPagesIngest(t *testing.T) {
	ctx := context.Background()
	db, _ := tempKB(t)
	if _, err := pipeline.IngestFiles(ctx, db, []string{"../sample/seeds", wikiPagesDir}, pipeline.Options{KeepGoing: true}); err != nil {
		t.Fatal(err)
	}
	pages, err := db.Pages(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		if strings.HasPrefix(p.Title, "http://") || strings.HasPrefix(p.Title, "https://") {
			t.Fatalf("testdata/wiki-pages ingests with URL titles (%q, wiki %s): the readers must give rendered pages their title, wiki and language", p.Title, p.Wiki)
		}
	}
	checkWikiPagesPairs(t, db)
}

// TestPairsWikiPagesByIndex checks the same on the articles and old
// revisions of testdata/wiki-pages stored under the title, wiki and
// language index.json gives them (as the engine's tests store them), each
// read as a rendered page; a later snapshot of a page is dated after the
// earlier ones by the newest edition it shows.
func TestPairsWikiPagesByIndex(t *testing.T) {
	ctx := context.Background()
	db, _ := tempKB(t)
	if _, err := pipeline.LoadSample(ctx, db); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(wikiPagesDir, "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	var index []struct {
		File, Title, Lang, Kind string
		Editions                []string
	}
	if err := json.Unmarshal(data, &index); err != nil {
		t.Fatal(err)
	}
	age := func(eds []string) int {
		n := 0
		for _, e := range eds {
			switch strings.ToUpper(strings.Trim(e, "?")) {
			case "N3":
				n = max(n, 1)
			case "N4", "C1":
				n = max(n, 2)
			case "N5":
				n = max(n, 3)
			}
		}
		return n
	}
	sort.SliceStable(index, func(i, j int) bool { return age(index[i].Editions) < age(index[j].Editions) })
	ex := &pipeline.Extractor{DB: db}
	last := map[string]time.Time{}
	for _, p := range index {
		if p.Kind != "article" && p.Kind != "oldid" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(wikiPagesDir, p.File))
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		ts, _ := source.InferUpdateDate(text)
		if prev, ok := last[p.Title]; ok && !ts.After(prev) {
			ts = prev.Add(24 * time.Hour)
		}
		last[p.Title] = ts
		sum := sha1.Sum(b)
		rev := wikirules.Revision{
			Page: wikirules.Page{Title: p.Title, Language: p.Lang, Wiki: "infinity-" + p.Lang},
			ID:   wikirules.DeriveRevisionID(p.Title, ts, text), Format: wikirules.FormatPageText, Text: text,
			Timestamp: ts, TimestampInferred: true, SHA1: hex.EncodeToString(sum[:]), Origin: p.File + ":0",
		}
		if _, err := db.Put(ctx, []kb.Item{{Rev: rev, X: ex.Extract(ctx, &rev)}}); err != nil {
			t.Fatalf("%s: %v", p.File, err)
		}
	}
	checkWikiPagesPairs(t, db)
}
