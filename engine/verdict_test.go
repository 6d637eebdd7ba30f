package engine

import "testing"

func TestYesNo(t *testing.T) {
	for _, tc := range []struct{ answer, want string }{
		{"A: Si. Berserk se puede declarar cuando se está en el Estado Trabado.", "Sí"},
		{"A: Sí, siempre que…", "Sí"},
		{"Si.", "Sí"},
		{"A: No. Berserk no produce Tiradas Enfrentadas", "No"},
		{"A: No, sólo se aplica un MOD de -3.", "No"},
		// A conditional "if" is not a yes (case E02 of the judge examples).
		{"A: Si la Tropa con Visor Multiespectral Nivel 1 y Sexto Sentido es el objetivo de un Ataque CD a través de una Zona de Visibilidad Nula, esta ignora el MOD -6", ""},
		{"A: Las ORAs de Programas Hacker y las ORAs de Reset se consideran ORAs válidas", ""},
		{"", ""},
	} {
		if got := yesNo(tc.answer); got != tc.want {
			t.Errorf("yesNo(%.40q) = %q, want %q", tc.answer, got, tc.want)
		}
	}
}

func TestIgnoredMOD(t *testing.T) {
	m := reIgnoredMOD.FindStringSubmatch("esta ignora el MOD -6 por trazar LDT a través de la Zona de Visibilidad Nula.")
	if m == nil || m[1] != "-6" {
		t.Errorf("got %q, want the ignored -6", m)
	}
}
