package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestHeldRevision checks that an answer in an edition the current
// revision of a page no longer holds is decided by the older revision
// that holds it, cites that revision and says so; that the same question
// without an edition is not; and that a page's older text gives way to
// the current text of its twin in the edition (the English Engineer's N4
// revision to the Spanish Ingeniero, whose current revision is N4).
func TestHeldRevision(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	const q = "In N4, what does a Critical with Spotlight do?"
	a, err := e.Ask(ctx, q, Options{Edition: wikirules.N4})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Deciding()
	if d == nil || d.Page != "Spotlight" || !strings.Contains(d.Text, "directly imposes the Targeted State") {
		t.Fatalf("%q: deciding %+v, want Spotlight's N4 critical", q, d)
	}
	hist, err := e.store.History(ctx, "Spotlight", wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(hist) < 2 || d.Citation.Revision == hist[len(hist)-1].ID {
		t.Errorf("%q: cites revision %s, want an older one than the current of %d", q, d.Citation.Revision, len(hist))
	}
	noted := false
	for _, n := range a.Notes {
		noted = noted || strings.Contains(n, d.Citation.Revision) && strings.Contains(n, "N4")
	}
	if !noted {
		t.Errorf("%q: notes %q name no older revision %s", q, a.Notes, d.Citation.Revision)
	}
	cands, err := e.gather(ctx, e.analyze(prose("Does the Engineer cancel every State with one WIP Roll?")),
		wikirules.Filter{Edition: wikirules.N4, Unscoped: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cands {
		if c.rec != nil && c.rec.HeldFor != 0 && c.rec.Page == "Engineer" {
			t.Errorf("held Engineer record %s gathered; its twin Ingeniero holds N4", wikirules.CitationOf(*c.rec))
		}
	}
	none, err := e.Ask(ctx, "What does a Critical with Spotlight do?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range none.Sources {
		if s.Record != nil && s.Record.HeldFor != 0 {
			t.Errorf("no edition asked: held source %s", s.Citation)
		}
	}
}
