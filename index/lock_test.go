package index

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// TestOpenFailsFastWhenHeld: a second writer does not wait forever for an
// index another handle holds (as `ingest` did while `query serve` ran):
// it fails after lockWait (shortened here: the wait is bolt's timeout,
// whatever its length) with a message saying the index is in use.
func TestOpenFailsFastWhenHeld(t *testing.T) {
	const wait = 200 * time.Millisecond
	defer SetLockWait(wait)()
	path := filepath.Join(t.TempDir(), "x.bleve")
	rec := wikirules.Record{ID: "esquivar-1", Page: "Esquivar", Kind: wikirules.KindEffect, Ordinal: 1,
		Text:  "Una Tirada exitosa de Esquivar permite mover hasta un máximo de 5 cm.",
		Plain: "Una Tirada exitosa de Esquivar permite mover hasta un máximo de 5 cm."}
	x, err := Build(context.Background(), path, []wikirules.Record{rec}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	start := time.Now()
	y, err := Open(path)
	if err == nil {
		y.Close()
		t.Skip("this platform does not lock the index between handles of one process")
	}
	if !strings.Contains(err.Error(), "in use by another process") {
		t.Errorf("err = %v, want one saying the index is in use", err)
	}
	if !strings.Contains(err.Error(), "waited "+wait.String()) {
		t.Errorf("err = %v, want one saying how long it waited (%s)", err, wait)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("waited %s", d)
	}
}
