package diff

import (
	"strings"
	"testing"
)

func TestText(t *testing.T) {
	tests := []struct {
		name     string
		old, new string
		answer   bool
		class    Class
		reason   string // expected among the reasons, "" to skip
	}{
		{"equal", "MOD -3", "MOD -3", false, "", ""},
		{"case", "Las tropas con esta Habilidad", "Las Tropas con esta Habilidad", false, Cosmetic, "case"},
		{"whitespace", "Permite  realizar un  Ataque.", "Permite realizar un Ataque.", false, Cosmetic, "whitespace"},
		{"punctuation", "Ataques CD, MOD de Daño, etc, se aplicarán.", "Ataques CD, MOD de Daño, etc. se aplicarán", false, Cosmetic, "punctuation"},
		{"markup", "permite **mover** hasta 5 cm", "permite mover hasta 5 cm", false, Cosmetic, "markup"},
		{"wording typo", "Se se recupera a 1 de EST.", "Si se recupera 1 de EST.", false, Wording, ""},
		{"mod", "Se aplica un MOD de -6 a la Tirada.", "Se aplica un MOD de -3 a la Tirada.", false, Substantive, "MOD -6 → -3"},
		{"distance", "permite mover hasta 5 cm.", "permite mover hasta 10 cm.", false, Substantive, "5 cm → 10 cm"},
		{"number word", "puede declarar dos Ataques.", "puede declarar tres Ataques.", false, Substantive, "3"},
		{"number added", "Ráfaga de la Tropa.", "Ráfaga 2 de la Tropa.", false, Substantive, "Ráfaga 2 added"},
		{"sign", "un MOD de +3", "un MOD de -3", false, Substantive, "MOD +3 → -3"},
		{"translation", "LoF Requirements are checked when declaring the Skill.",
			"Los Requisitos de LDT se comprueban en el momento de declarar la Habilidad.", false, Translation, "en → es"},
		{"title translation", "Impersonation Example 2", "Ejemplo de Suplantación 2", false, Translation, "en → es"},
		{"yes no", "Sí, aplicando el MOD correspondiente.", "No, aunque se aplique el MOD correspondiente.", true, Substantive, "answer yes → no"},
		{"negation", "La Tropa puede Esquivar la Plantilla.", "La Tropa no puede Esquivar la Plantilla.", false, Substantive, "negation added"},
		{"state name", "entrando en estado Inconsciente.", "entrando en estado Muerto.", false, Substantive, "name Inconsciente → Muerto"},
		{"abbreviation", "si dispone de LDT con el atacante", "si dispone de ZC con el atacante", false, Substantive, "name LDT → ZC"},
		{"reorder same terms", "Ataques CD, MOD de Daño, etc, se aplicarán.", "Los MOD de Daño, etc, a Ataque CD se aplicarán.", false, Wording, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tc := Text(tt.old, tt.new, tt.answer)
			if tc.Class != tt.class {
				t.Errorf("class %q (%q), want %q", tc.Class, tc.Reasons, tt.class)
			}
			if tt.reason != "" && !strings.Contains(strings.Join(tc.Reasons, " | "), tt.reason) {
				t.Errorf("reasons %q, want %q", tc.Reasons, tt.reason)
			}
			if tt.class != "" {
				var oldText, newText strings.Builder
				for _, e := range tc.Edits {
					if e.Op != Insert {
						oldText.WriteString(e.Text)
					}
					if e.Op != Delete {
						newText.WriteString(e.Text)
					}
				}
				if oldText.String() != tt.old || newText.String() != tt.new {
					t.Errorf("edits rebuild %q → %q", oldText.String(), newText.String())
				}
			}
		})
	}
}

func TestLanguage(t *testing.T) {
	tests := []struct{ text, want string }{
		{"LoF Requirements are checked when declaring the Skill.", "en"},
		{"Los Requisitos de LDT se comprueban en el momento de declarar la Habilidad.", "es"},
		{"Impersonation Example 2", "en"},
		{"Ejemplo de Suplantación 2", "es"},
		{"MOD -3", ""},
		{"GizmoKit", ""},
	}
	for _, tt := range tests {
		if got := Language(tt.text); got != tt.want {
			t.Errorf("Language(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestWordsExcerpt(t *testing.T) {
	es := Words("Se deberá aplicar un MOD de -6 a la Tirada de FIS en las siguientes situaciones.",
		"Se deberá aplicar un MOD de -3 a la Tirada de FIS en las siguientes situaciones.")
	if got, want := Inline(es), "Se deberá aplicar un MOD de -[-6-]{+3+} a la Tirada de FIS en las siguientes situaciones."; got != want {
		t.Errorf("Inline = %q, want %q", got, want)
	}
	if got, want := Excerpt(es, 3), "…un MOD de -[-6-]{+3+} a la Tirada…"; got != want {
		t.Errorf("Excerpt = %q, want %q", got, want)
	}
	if got := tokenize("IMP-1, versión 1.1.1"); strings.Join(got, "|") != "IMP|-|1|,| |versión| |1.1.1" {
		t.Errorf("tokenize = %q", got)
	}
}
