package pipeline

import (
	"fmt"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/mwapi/mwapitest"
)

// BenchmarkSyncCost measures what a sync costs the wiki, in requests
// and bytes per 1,000 revisions, on a test wiki of the real wiki's order
// of size (revision ids there stay under ~4,000): 1,000 pages of four
// revisions each, MediaWiki's default limits. It reports the first sync,
// a sync with no change, and a sync after 10 edits.
//
//	go test ./pipeline -run '^$' -bench SyncCost -benchtime 1x
func BenchmarkSyncCost(b *testing.B) {
	for range b.N {
		w := mwapitest.New("Infinity", "es", "infinity_es", time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC))
		var revs []*wikirules.Revision
		base := time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)
		for i := range 1000 {
			for j := range 4 {
				revs = append(revs, &wikirules.Revision{Page: wikirules.Page{Title: fmt.Sprintf("Regla %04d", i)},
					Timestamp: base.Add(time.Duration(i*4+j) * time.Hour), User: "Gen",
					Text: fmt.Sprintf("{{skillbox |red| REGLA %d | ORDEN COMPLETA}}\n{{effects}}\n* Versión %d: la Tropa puede moverse %d cm.\n* Luego, MOD -%d.\n", i, j, 5*j, j)})
			}
		}
		w.Import(revs)
		w.Edit("Sandbox", "prueba", "Gen", "")
		srv := httptest.NewServer(w)
		tw := &testWiki{Wiki: w, server: srv}
		tw.c = tw.client(b)
		db := newDB(b)
		n := float64(w.RevisionCount())
		first := syncDB(b, db, tw, SyncOptions{})
		none := syncDB(b, db, tw, SyncOptions{})
		for i := range 10 {
			w.Edit(fmt.Sprintf("Regla %04d", i*97), "editada", "Ana", "")
		}
		ten := syncDB(b, db, tw, SyncOptions{})
		srv.Close()
		b.ReportMetric(float64(first.Requests)/n*1000, "requests/1000rev")
		b.ReportMetric(float64(first.Content)/n*1000, "text-requests/1000rev")
		b.ReportMetric(float64(first.Bytes)/n*1000/1024, "KiB/1000rev")
		b.ReportMetric(float64(none.Requests), "requests-unchanged")
		b.ReportMetric(float64(none.Content), "text-requests-unchanged")
		b.ReportMetric(float64(ten.Requests), "requests-10-edits")
		b.ReportMetric(float64(ten.Content), "text-requests-10-edits")
	}
}

// BenchmarkSyncCostCorpus is BenchmarkSyncCost's first sync on the seed
// corpus and the Spanish wiki-pages (most pages of one revision).
//
//	go test ./pipeline -run '^$' -bench SyncCostCorpus -benchtime 1x
func BenchmarkSyncCostCorpus(b *testing.B) {
	for range b.N {
		tw := newTestWiki(b, "es")
		tw.Edit("Sandbox", "prueba", "Gen", "")
		db := newDB(b)
		first := syncDB(b, db, tw, SyncOptions{})
		n := float64(tw.RevisionCount())
		b.ReportMetric(float64(first.Requests)/n*1000, "requests/1000rev")
		b.ReportMetric(float64(first.Content)/n*1000, "text-requests/1000rev")
		b.ReportMetric(n, "revisions")
		b.ReportMetric(float64(first.Pages), "pages")
	}
}
