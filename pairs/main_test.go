package pairs_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
)

// TestMain runs the tests, then removes the fixture knowledge base they
// copied.
func TestMain(m *testing.M) {
	code := m.Run()
	if fixture.dir != "" {
		os.RemoveAll(fixture.dir)
	}
	os.Exit(code)
}

// fixture is the knowledge base file of fixtureKB without extra files,
// ingested once for the package (closed: its write-ahead log is
// checkpointed into the file).
var fixture struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// fixtureFile returns the path of the fixture knowledge base file,
// ingesting it on first use.
func fixtureFile(t *testing.T) string {
	t.Helper()
	fixture.once.Do(func() {
		if fixture.dir, fixture.err = os.MkdirTemp("", "pairs-fixture-"); fixture.err != nil {
			return
		}
		fixture.path = filepath.Join(fixture.dir, "kb.db")
		fixture.err = ingestFixture(fixture.path)
	})
	if fixture.err != nil {
		t.Fatalf("fixture knowledge base: %v", fixture.err)
	}
	return fixture.path
}

// ingestFixture ingests the seeds, testdata/infinity-en.xml and extra
// into a new knowledge base file at path, and closes it. The file then
// holds everything: the last connection's close checkpoints the
// write-ahead log and removes it.
func ingestFixture(path string, extra ...string) error {
	ctx := context.Background()
	db, err := kb.Open(ctx, path)
	if err != nil {
		return err
	}
	_, err = pipeline.LoadSample(ctx, db)
	if err == nil {
		_, err = pipeline.IngestFiles(ctx, db, append([]string{"testdata/infinity-en.xml"}, extra...), pipeline.Options{})
	}
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if _, serr := os.Stat(path + "-wal"); err == nil && serr == nil {
		err = fmt.Errorf("%s-wal is left after the close", path)
	}
	return err
}
