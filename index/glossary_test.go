package index

import (
	"os"
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

// TestGlossaryFollowsSharedFile checks that every abbreviation row of
// GLOSSARY.md whose Spanish and English differ is in glossary.tsv. The
// shared file is outside the repository: the test skips when it is absent.
func TestGlossaryFollowsSharedFile(t *testing.T) {
	data, err := os.ReadFile("../../shared/GLOSSARY.md")
	if err != nil {
		t.Skip("GLOSSARY.md not found:", err)
	}
	g := DefaultGlossary()
	section := ""
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "## ") {
			section = line
			continue
		}
		if section != "## Abbreviations" || !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| es ") || strings.HasPrefix(line, "|---") {
			continue
		}
		cells := strings.Split(line, "|")
		es, en := strings.TrimSpace(cells[1]), strings.TrimSpace(cells[2])
		if es == en || en == "—" || strings.Contains(es, ",") {
			continue
		}
		if !contains(g.Synonyms(es), en) {
			t.Errorf("GLOSSARY.md row %q ↔ %q missing from glossary.tsv", es, en)
		}
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
