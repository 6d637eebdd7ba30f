package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
)

// TestWithdrawnFAQ: the English Isolated State page, as the wiki shows it
// today (reached through its Isolated redirect), marks its N4 FAQ about
// the Lieutenant "Removed in 1.3, Nov 2022"; an entry a later FAQ version
// withdrew is not in force, so no answer cites it. The knowledge base is
// what `ingest -keep-going testdata/wiki-pages` builds.
func TestWithdrawnFAQ(t *testing.T) {
	const withdrawn = "How does the Lieutenant Special Skill interact with Isolated State?"
	ctx := context.Background()
	db, err := kb.Open(ctx, ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := pipeline.IngestFiles(ctx, db, []string{wikiPagesDir}, pipeline.Options{KeepGoing: true}); err != nil {
		t.Fatal(err)
	}
	faqs, err := db.FAQs(ctx, "Lieutenant", wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	stored := false
	for _, f := range faqs {
		stored = stored || (strings.HasPrefix(f.Question, withdrawn) && f.Removed == "1.3, Nov 2022")
	}
	if !stored {
		t.Fatalf("the withdrawn FAQ is not stored as removed in 1.3, Nov 2022: %+v", faqs)
	}
	e := New(db, nil)
	for _, q := range []string{
		"Can an Isolated Lieutenant still spend the Lieutenant Special Order?",
		"Isolated State Lieutenant Special Order NCO Loss of Lieutenant",
	} {
		a, err := e.Ask(ctx, q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range a.Sources {
			if s.FAQ != nil && (s.FAQ.Removed != "" || strings.HasPrefix(s.FAQ.Question, withdrawn)) {
				t.Errorf("%q: cites the withdrawn FAQ %q (removed in %q) as %s", q, s.FAQ.Question, s.FAQ.Removed, s.Role)
			}
		}
	}
}
