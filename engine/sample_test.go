package engine

import (
	"context"
	"sync"
	"testing"

	"github.com/wikirules/wikirules/index"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
)

var (
	sampleOnce sync.Once
	sampleDB   *kb.DB
	sampleIdx  *index.Index
	sampleErr  error
)

// sampleEngine returns an engine over the embedded seed corpus, loaded once
// into an in-memory knowledge base (pipeline.LoadSample) and its in-memory
// search index (as query ask without -db searches it), shared by the
// tests of the package (the engine only reads).
func sampleEngine(t testing.TB) *Engine {
	t.Helper()
	sampleOnce.Do(func() {
		ctx := context.Background()
		sampleDB, sampleErr = kb.Open(ctx, ":memory:")
		if sampleErr != nil {
			return
		}
		if _, sampleErr = pipeline.LoadSample(ctx, sampleDB); sampleErr != nil {
			return
		}
		sampleIdx, sampleErr = index.BuildFrom(ctx, "", sampleDB)
	})
	if sampleErr != nil {
		t.Fatalf("loading the sample corpus: %v", sampleErr)
	}
	return New(sampleDB, sampleIdx)
}
