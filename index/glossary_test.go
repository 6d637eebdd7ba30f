package index

import (
	"strings"
	"testing"
)

func TestDefaultGlossary(t *testing.T) {
	g := DefaultGlossary()
	if g.Len() < 100 {
		t.Errorf("glossary has %d groups, want the ~150 rows of GLOSSARY.md", g.Len())
	}
	for _, tt := range []struct{ term, want string }{
		{"ORA", "ARO"}, {"aro", "ORA"}, {"LDT", "LoF"}, {"LoF", "Línea de Tiro"}, {"linea de tiro", "LDT"},
		{"Esquivar", "Dodge"}, {"dodge", "Esquivar"}, {"Trabado", "Engaged"}, {"ZC", "ZoC"},
		{"plantilla", "Template"}, {"IMM-A", "Inmovilizado-A"}, {"Tirada de Salvación", "TS"},
		{"Reserva de Ordenes", "Order Pool"},
	} {
		syn := g.Synonyms(tt.term)
		if !contains(syn, tt.want) {
			t.Errorf("Synonyms(%q) = %q, want it to hold %q", tt.term, syn, tt.want)
		}
	}
	if syn := g.Synonyms("Zhanshi"); syn != nil {
		t.Errorf("Synonyms(Zhanshi) = %q, want none", syn)
	}
}

func TestSegment(t *testing.T) {
	g := DefaultGlossary()
	for _, tt := range []struct{ text, want string }{
		{"ARO dodge template", "ARO|dodge|template"},
		{"linea de tiro mina", "linea de tiro|mina"},
		{"¿Se puede esquivar?", "Se|puede|esquivar"},
		{"IMM-A reset", "IMM A|reset"},
		{"", ""},
	} {
		var got []string
		for _, u := range g.segment(tt.text) {
			got = append(got, u.text)
		}
		if strings.Join(got, "|") != tt.want {
			t.Errorf("segment(%q) = %q, want %q", tt.text, strings.Join(got, "|"), tt.want)
		}
	}
	if _, err := ParseGlossary("ORA\n"); err == nil {
		t.Error("ParseGlossary: a one-term group gave no error")
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{"daño": "dano", "Línea": "Linea", "acción": "accion", "ÑANDÚ": "NANDU", "pingüino": "pinguino"} {
		if got := foldString(in); got != want {
			t.Errorf("foldString(%q) = %q, want %q", in, got, want)
		}
	}
}
