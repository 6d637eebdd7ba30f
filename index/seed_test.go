package index

import (
	"context"
	"io"
	"slices"
	"sort"
	"sync"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/sample"
	"github.com/wikirules/wikirules/source"
)

// seedCorpus is the seed dump run through the real pipeline stages
// (source.NewContribs → extract.ExtractText): the records of the newest
// revision of every page, the FAQs merged by id (Pages united, as the
// store does) and the page info.
type seedCorpus struct {
	records []wikirules.Record
	faqs    []wikirules.FAQ
	pages   map[string]PageInfo
}

var (
	seedOnce sync.Once
	seedData seedCorpus
	seedErr  error
)

func loadSeed(t testing.TB) seedCorpus {
	t.Helper()
	seedOnce.Do(func() { seedData, seedErr = readSeed() })
	if seedErr != nil {
		t.Fatal(seedErr)
	}
	return seedData
}

func readSeed() (seedCorpus, error) {
	f, err := sample.FS().Open(sample.DumpName)
	if err != nil {
		return seedCorpus{}, err
	}
	defer f.Close()
	r := source.NewContribs(f, sample.DumpName)
	latest := map[string]*wikirules.Revision{}
	for {
		rev, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return seedCorpus{}, err
		}
		if old, ok := latest[rev.Page.Title]; !ok || rev.Timestamp.After(old.Timestamp) {
			latest[rev.Page.Title] = rev
		}
	}
	titles := make([]string, 0, len(latest))
	for t := range latest {
		titles = append(titles, t)
	}
	sort.Strings(titles)
	c := seedCorpus{pages: map[string]PageInfo{}}
	faqs := map[string]*wikirules.FAQ{}
	var order []string
	for _, t := range titles {
		rev := latest[t]
		x := extract.ExtractText(*rev)
		c.pages[t] = PageInfo{Language: rev.Page.Language, Categories: x.Categories, Editions: x.PageEditions}
		c.records = append(c.records, x.Records...)
		for _, fq := range x.FAQs {
			if have, ok := faqs[fq.ID]; ok {
				for _, p := range fq.Pages {
					if !slices.Contains(have.Pages, p) {
						have.Pages = append(have.Pages, p)
					}
				}
				continue
			}
			fq := fq
			faqs[fq.ID] = &fq
			order = append(order, fq.ID)
		}
	}
	for _, id := range order {
		c.faqs = append(c.faqs, *faqs[id])
	}
	return c, nil
}

func buildSeed(t testing.TB) *Index {
	t.Helper()
	c := loadSeed(t)
	idx, err := Build(context.Background(), "", c.records, c.faqs, WithPages(c.pages))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { idx.Close() })
	return idx
}
