package web

import (
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/diff"
)

func TestSafeURL(t *testing.T) {
	tests := []struct {
		url  string
		want bool
	}{
		{"https://infinitythewiki.com/Esquivar", true},
		{"http://example.org/", true},
		{"mailto:judge@example.org", true},
		{"/page/Berserk", true},
		{"#faq-c5f30a4ffcb7833e", true},
		{"javascript:alert(1)", false},
		{"JaVaScRiPt:alert(1)", false},
		{"java\tscript:alert(1)", false},
		{" javascript:alert(1)", false},
		{"vbscript:msgbox", false},
		{"data:text/html;base64,PHNjcmlwdD4=", false},
		{"//evil.example/x", false},
		{"/\\evil.example/x", false},
		{"file:///etc/passwd", false},
		{"Esquivar", false}, // relative: would resolve against the current path
		{"", false},
	}
	for _, tc := range tests {
		if got := safeURL(tc.url); got != tc.want {
			t.Errorf("safeURL(%q) = %v, want %v", tc.url, got, tc.want)
		}
	}
}

func TestRenderMarkdown(t *testing.T) {
	tests := []struct {
		md, want string
	}{
		// Text from the seed corpus (Esquivar › Importante, Berserk › Efectos).
		{"Para Esquivar un Arma de Plantilla **careciendo de LDT** hacia el atacante se debe aplicar un **MOD de -3**.",
			"<p>Para Esquivar un Arma de Plantilla <strong>careciendo de LDT</strong> hacia el atacante se debe aplicar un <strong>MOD de -3</strong>.</p>\n"},
		{"Mover + Ataque CC <script>alert(1)</script>", "<p>Mover + Ataque CC <!-- raw HTML omitted -->alert(1)<!-- raw HTML omitted --></p>\n"},
		{"[wiki](https://example.org/Berserk)", `<p><a href="https://example.org/Berserk">wiki</a></p>` + "\n"},
		{"[pulsa](javascript:alert(5))", "<p>pulsa</p>\n"},
		{"[x](java&#x09;script:alert(7))", "<p>x</p>\n"},
		{"![imagen](http://example.invalid/x.png)", "<p>imagen</p>\n"},
		{"<javascript:alert(1)>", "<p>javascript:alert(1)</p>\n"},
		{"<https://example.org>", `<p><a href="https://example.org">https://example.org</a></p>` + "\n"},
		{"<judge@example.org>", "<p>judge@example.org</p>\n"},
	}
	for _, tc := range tests {
		if got := string(renderMarkdown(tc.md)); got != tc.want {
			t.Errorf("renderMarkdown(%q)\n got %q\nwant %q", tc.md, got, tc.want)
		}
	}
}

func TestMarkSnippet(t *testing.T) {
	tests := []struct{ in, want string }{
		// A real FTS5 snippet of the Berserk errata.
		{"¿Se puede declarar «Berserk» si se empieza la Orden en Estado «Trabado»?",
			"¿Se puede declarar <mark>Berserk</mark> si se empieza la Orden en Estado <mark>Trabado</mark>?"},
		{"«<b>»", "<mark>&lt;b&gt;</mark>"},
		{"open «Berserk", "open <mark>Berserk</mark>"},
		{"stray » close", "stray  close"},
		{"«a «b» c»", "<mark>a b</mark> c"},
	}
	for _, tc := range tests {
		if got := string(markSnippet(tc.in)); got != tc.want {
			t.Errorf("markSnippet(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestMarkEdits(t *testing.T) {
	es := diff.Words("aplicar un MOD de -6 a <FIS>", "aplicar un MOD de -3 a <FIS>")
	got := string(markEdits(es))
	if !strings.Contains(got, "-<del>6</del><ins>3</ins>") || !strings.Contains(got, "&lt;FIS&gt;") {
		t.Errorf("markEdits = %q, want -6 deleted, -3 inserted and <FIS> escaped", got)
	}
}

func TestCiteURL(t *testing.T) {
	tests := []struct {
		c          wikirules.Citation
		superseded bool
		want       string
	}{
		{wikirules.Citation{Page: "Berserk", Kind: wikirules.KindEffect, Revision: "db6da67ab60b3a8c9", Anchor: "berserk-bce4851903"}, false,
			"/page/Berserk?rev=db6da67ab60b3a8c9#berserk-bce4851903"},
		{wikirules.Citation{Page: "Berserk", Kind: wikirules.KindErrata, Revision: "d1", Anchor: "faq-c5f30a4ffcb7833e"}, false,
			"/page/Berserk#faq-c5f30a4ffcb7833e"},
		{wikirules.Citation{Page: "Activación de una Tropa", Kind: wikirules.KindRule, Revision: "r1", Anchor: "a-1"}, true,
			"/page/Activaci%C3%B3n%20de%20una%20Tropa?history=1&rev=r1#a-1"},
		{wikirules.Citation{Page: "A/B?c#d", Kind: wikirules.KindRule, Anchor: "x"}, false, "/page/A%2FB%3Fc%23d#x"},
	}
	for _, tc := range tests {
		if got := citeURL(tc.c, tc.superseded); got != tc.want {
			t.Errorf("citeURL(%+v) = %q, want %q", tc.c, got, tc.want)
		}
	}
}
