package engine

import (
	"context"
	"sync"
	"testing"

	"github.com/wikirules/wikirules/index"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
)

// sharedKB is an in-memory knowledge base and its in-memory search index
// (as query ask without -db searches it), built once and shared by the
// tests of the package (the engine only reads).
type sharedKB struct {
	once sync.Once
	db   *kb.DB
	idx  *index.Index
	err  error
}

// engine returns an engine over s, built on first use from the embedded
// seed corpus (pipeline.LoadSample) and then the files below dirs as
// `ingest -keep-going` reads them (the readers give each file its title,
// wiki, language and date; diff screens and feeds are skipped), with its
// page-name index stored as ingest stores it.
func (s *sharedKB) engine(t testing.TB, dirs ...string) *Engine {
	t.Helper()
	s.once.Do(func() {
		ctx := context.Background()
		if s.db, s.err = kb.Open(ctx, ":memory:"); s.err != nil {
			return
		}
		if _, s.err = pipeline.LoadSample(ctx, s.db); s.err != nil {
			return
		}
		if len(dirs) > 0 {
			if _, s.err = pipeline.IngestFiles(ctx, s.db, dirs, pipeline.Options{KeepGoing: true}); s.err != nil {
				return
			}
		}
		if s.idx, s.err = index.BuildFrom(ctx, "", s.db); s.err != nil {
			return
		}
		s.err = StoreNames(ctx, s.db) // as ingest does
	})
	if s.err != nil {
		t.Fatalf("loading the seeds and %v: %v", dirs, s.err)
	}
	return New(s.db, s.idx)
}

var sampleKB, wikiKB sharedKB

// sampleEngine returns an engine over the embedded seed corpus.
func sampleEngine(t testing.TB) *Engine {
	t.Helper()
	return sampleKB.engine(t)
}

// wikiPagesDir holds the excerpts of today's wiki (testdata/wiki-pages of
// the repository) and their index.
const wikiPagesDir = "../testdata/wiki-pages"

// wikiEngine returns an engine over the knowledge base of the seeds plus
// testdata/wiki-pages as `ingest -keep-going` builds it.
func wikiEngine(t testing.TB) *Engine {
	t.Helper()
	return wikiKB.engine(t, wikiPagesDir)
}
