package engine

import (
	"context"
	"testing"
)

// TestAskNonsense checks that nonsense and off-topic questions are not
// found (issue 7, precision defect 2): markup, bare numbers, code, and
// questions naming no game term the knowledge base knows, in both
// languages. Each once decided on some text by matching a number or a
// common word.
func TestAskNonsense(t *testing.T) {
	e := sampleEngine(t)
	for _, q := range []string{
		"<script>alert(1)</script>",
		"javascript:alert(document.cookie)",
		"1 2 3",
		"¿Me puedes ayudar?",
		"' OR 1=1 --",
		"../../etc/passwd",
		"¿Cuál es la capital de Francia?",
		"what is the weather tomorrow",
		"¿Quién ganó el mundial de 2010?",
		"hello world",
	} {
		a, err := e.Ask(context.Background(), q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if a.Found || a.Verdict != NotFound || len(a.Sources) != 0 {
			t.Errorf("Ask(%q) = found %v verdict %q deciding %+v, want %q", q, a.Found, a.Verdict, a.Deciding(), NotFound)
		}
	}
}

// TestAskTerse checks that short questions naming a game term are still
// answered, markup around a real question is ignored, and English filler
// ("rules", "work") does not count as a subject the knowledge base lacks.
func TestAskTerse(t *testing.T) {
	e := sampleEngine(t)
	for _, tc := range []struct{ q, page string }{
		{"<b>¿Se puede declarar Berserk estando trabado?</b>", "Trabado"},
		{"Berserk Engaged", "Trabado"},
		{"Impersonation rules", "Suplantado"},
		{"How does Impersonation work?", "Suplantado"},
	} {
		a, err := e.Ask(context.Background(), tc.q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if d := a.Deciding(); !a.Found || d == nil || d.Page != tc.page {
			t.Errorf("Ask(%q): found %v deciding %+v, want a source on %s", tc.q, a.Found, d, tc.page)
		}
	}
}

// TestProse checks the markup dropped from a question.
func TestProse(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"<script>alert(1)</script>", ""},
		{"<b>¿Berserk</b> trabado?", "¿Berserk  trabado?"},
		{"<style>p{}</style>MOD -3 <br/>", "MOD -3"},
		{"¿MOD < 3 o > 6?", "¿MOD < 3 o > 6?"},
	} {
		if got := prose(tc.in); got != tc.want {
			t.Errorf("prose(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
