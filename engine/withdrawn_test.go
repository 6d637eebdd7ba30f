package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestWithdrawnFAQ: the English Isolated State page, as the wiki shows it
// today (reached through its Isolated redirect), marks its N4 FAQ about
// the Lieutenant "Removed in 1.3, Nov 2022"; an entry a later FAQ version
// withdrew is not in force, so no answer cites it. The knowledge base is
// wikiEngine's, what ingest builds.
func TestWithdrawnFAQ(t *testing.T) {
	const withdrawn = "How does the Lieutenant Special Skill interact with Isolated State?"
	ctx := context.Background()
	e := wikiEngine(t)
	db := wikiKB.db
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
