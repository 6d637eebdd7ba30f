package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestPartialWhole checks the partial-search guard: a text found by the
// question's names alone keeps the yes or no it entails when the sentence
// it is read from holds all of what is asked (the Escape System FAQ on a
// Possessed TAG's Pilot), and leaves it to the reader when part of what
// is asked is in words the text, in another language, cannot hold.
func TestPartialWhole(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	for _, tc := range []struct {
		q, page, verdict string
	}{
		{"My TAG just got Possessed by an enemy hacker. Can the Pilot dismount and run?", "Escape System", "No"},
		{"Mid-game I want to break up one of my Fireteams on purpose. Can I do it without spending an Order or a Command Token?", "Integridad del Fireteam", "see the deciding source"},
	} {
		a, err := e.Ask(ctx, tc.q, Options{Edition: wikirules.N4})
		if err != nil {
			t.Fatal(err)
		}
		d := a.Deciding()
		if d == nil || d.Page != tc.page {
			t.Errorf("%q: deciding = %+v, want %s", tc.q, d, tc.page)
			continue
		}
		if !strings.HasPrefix(a.Verdict, tc.verdict) {
			t.Errorf("%q: verdict = %q, want %q", tc.q, a.Verdict, tc.verdict)
		}
	}
}
