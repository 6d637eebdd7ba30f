package kb

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// synthetic returns n revisions made from the fixture corpus: item i is
// fixture i%5 under page "<title> <i/50>" (50 revisions per page, an hour
// apart), with its own id, so that pages have history and FAQs repeat.
func synthetic(tb testing.TB, n int) []Item {
	base := corpus(tb)
	out := make([]Item, n)
	for i := range out {
		src := base[i%len(base)]
		it := Item{Rev: src.Rev}
		it.Rev.Page.Title = fmt.Sprintf("%s %d", src.Rev.Page.Title, i/50)
		it.Rev.Timestamp = src.Rev.Timestamp.Add(time.Duration(i) * time.Hour)
		it.Rev.ID = fmt.Sprintf("b%08d", i)
		x := *src.X
		x.Records = make([]wikirules.Record, len(src.X.Records))
		for j, r := range src.X.Records {
			r.Page, r.RevisionID, r.Timestamp = it.Rev.Page.Title, it.Rev.ID, it.Rev.Timestamp
			x.Records[j] = r
		}
		x.FAQs = make([]wikirules.FAQ, len(src.X.FAQs))
		copy(x.FAQs, src.X.FAQs)
		for j := range x.FAQs {
			x.FAQs[j].Pages = []string{it.Rev.Page.Title}
			x.FAQs[j].FirstRevision, x.FAQs[j].LastRevision = it.Rev.ID, it.Rev.ID
		}
		it.X = &x
		out[i] = it
	}
	return out
}

// BenchmarkPut measures storing revisions (with their text, records, FAQs
// and search rows) in batches of 500 into a database file; it reports
// revisions/s and records/s, and MB/s of revision text (the fixtures
// average about 3 times the seed dump's 4.4 KB per revision).
func BenchmarkPut(b *testing.B) {
	const batch = 500
	items := synthetic(b, 5000)
	ctx := context.Background()
	records, size := 0, 0
	for _, it := range items {
		records += len(it.X.Records)
		size += len(it.Rev.Text)
	}
	b.SetBytes(int64(size))
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		b.StopTimer()
		db, err := Open(ctx, b.TempDir()+"/kb.db")
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for i := 0; i < len(items); i += batch {
			if _, err := db.Put(ctx, items[i:min(i+batch, len(items))]); err != nil {
				b.Fatal(err)
			}
		}
		b.StopTimer()
		db.Close()
		b.StartTimer()
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(len(items)*b.N)/sec, "revisions/s")
	b.ReportMetric(float64(records*b.N)/sec, "records/s")
}

// BenchmarkSearchText measures SearchText over 5,000 revisions of 100
// pages (current revisions only, FAQs included) for a few judge queries.
func BenchmarkSearchText(b *testing.B) {
	ctx := context.Background()
	db := openTest(b, synthetic(b, 5000)...)
	queries := []string{"esquivar plantilla", "berserk trabado", "tirada enfrentada FIS", "resolución requisitos", "zzz nada"}
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		q := queries[n%len(queries)]
		if _, err := db.SearchText(ctx, q, wikirules.Filter{Edition: wikirules.N4}); err != nil {
			b.Fatal(err)
		}
	}
}
