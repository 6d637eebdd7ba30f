package lang

import (
	"fmt"
	"strings"
	"testing"
)

func terms(ts []Term) string {
	var b strings.Builder
	for _, t := range ts {
		fmt.Fprintf(&b, "%s %d-%d @%d|", t.Text, t.Start, t.End, t.Position)
	}
	return b.String()
}

func TestSplit(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{" ¿¡ ", ""},
		{"IMP-2", "IMP 0-3 @1|2 4-5 @2|"},
		{"¿Está Trabado?", "Está 2-7 @1|Trabado 8-15 @2|"},
		{"1.1.1, dic 2021", "1 0-1 @1|1 2-3 @2|1 4-5 @3|dic 7-10 @4|2021 11-15 @5|"},
		{"can't", "can 0-3 @1|t 4-5 @2|"},
		{"G: Jumper", "G 0-1 @1|Jumper 3-9 @2|"},
		{"e\u0301s", "e\u0301s 0-4 @1|"},
		{"\u0301e", "e 2-3 @1|"}, // a mark does not start a word
		{"x\u00a0y\tz", "x 0-1 @1|y 3-4 @2|z 5-6 @3|"},
		{"a\xffb", "a 0-1 @1|b 2-3 @2|"},
		{"日本語", "日本語 0-9 @1|"},
		{"360˚", "360 0-3 @1|"},
	} {
		if got := terms(Split(tc.in)); got != tc.want {
			t.Errorf("Split(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestWordsAndKey(t *testing.T) {
	if got := strings.Join(Words("¿Se puede ESQUIVAR un Ataque de Plantilla?"), "|"); got != "se|puede|esquivar|un|ataque|de|plantilla" {
		t.Errorf("Words = %q", got)
	}
	for in, want := range map[string]string{
		"Líneas de Tiro": "linea de tiro", "ORAs": "ora", "ORA": "ora", "IMM-A": "imm a",
		"Plantillas": "plantilla", "dos": "dos", "Proxys": "proxy", "¡¡¡Retirada!!!": "retirada",
	} {
		if got := Key(in); got != want {
			t.Errorf("Key(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestJaccard(t *testing.T) {
	set := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, w := range strings.Fields(s) {
			m[w] = true
		}
		return m
	}
	for _, tc := range []struct {
		a, b string
		want float64
	}{{"", "", 0}, {"a", "", 0}, {"a b", "a b", 1}, {"a b", "b c", 1.0 / 3}, {"a", "b", 0}} {
		if got := Jaccard(set(tc.a), set(tc.b)); got != tc.want {
			t.Errorf("Jaccard(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestAnalyzer(t *testing.T) {
	a := Analyzer{Stop: map[string]bool{"de": true, "la": true}, Stem: StemFunc(func(w string) string {
		return strings.TrimSuffix(w, "s")
	})}
	got := terms(a.Terms("Línea de Tiros de la Tropa"))
	if want := "linea 0-6 @1|tiro 10-15 @3|tropa 22-27 @6|"; got != want {
		t.Errorf("Terms = %q, want %q", got, want)
	}
	if got := terms(Analyzer{}.Terms("Daño ÑU")); got != "dano 0-5 @1|nu 6-9 @2|" {
		t.Errorf("zero Analyzer: %q", got)
	}
}

// TestAnalyzerCapitals checks that a stop word written in capitals is a
// term ("munición PARA": an ammunition) and the same word otherwise is not.
func TestAnalyzerCapitals(t *testing.T) {
	a := Analyzer{Stop: map[string]bool{"para": true, "a": true}}
	for _, tc := range []struct{ in, want string }{
		{"Munición PARA", "municion 0-9 @1|para 10-14 @2|"},
		{"Para Esquivar", "esquivar 5-13 @2|"},
		{"para esquivar", "esquivar 5-13 @2|"},
		{"A Trooper", "trooper 2-9 @2|"},
	} {
		if got := terms(a.Terms(tc.in)); got != tc.want {
			t.Errorf("Terms(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
