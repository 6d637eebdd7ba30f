package lang

import "testing"

func TestFold(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"linea de tiro", "linea de tiro"},
		{"Línea de Tiro", "linea de tiro"},
		{"daño", "dano"},
		{"acción", "accion"},
		{"ÑANDÚ", "nandu"},
		{"pingüino", "pinguino"},
		{"Ç'A", "c'a"},
		{"Órdenes_de  Reacción", "ordenes_de  reaccion"},
		{"Dāturazi", "daturazi"},
		{"Yīshēng", "yisheng"},
		{"ệ ǘ ő ș", "e u o s"},
		{"e\u0301s n\u0303", "es n"}, // decomposed: combining marks dropped
		{"ß ẞ æ Ø ł œ", "ß ß æ ø ł œ"},
		{"1ª 2º", "1ª 2º"},
		{"360˚ LoF", "360˚ lof"},
		{"ΩΜΕΓΑ", "ωμεγα"},
		{"\xff", "\ufffd"},
	} {
		if got := Fold(tc.in); got != tc.want {
			t.Errorf("Fold(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestFoldTables checks the shape of the base-letter tables: one ASCII
// lower-case letter or "." per code point of their blocks.
func TestFoldTables(t *testing.T) {
	for _, tc := range []struct {
		name  string
		table string
		n     int
	}{{"latinBase", latinBase, 0x0250 - 0x00C0}, {"latinAdditional", latinAdditional, 0x1F00 - 0x1E00}} {
		if len(tc.table) != tc.n {
			t.Errorf("%s has %d entries, want %d", tc.name, len(tc.table), tc.n)
		}
		for i := 0; i < len(tc.table); i++ {
			if c := tc.table[i]; c != '.' && (c < 'a' || c > 'z') {
				t.Errorf("%s[%d] = %q", tc.name, i, c)
			}
		}
	}
}

// TestFoldIdempotent: folding twice changes nothing, over every code point
// of the Latin blocks.
func TestFoldIdempotent(t *testing.T) {
	for r := rune(0); r < 0x2000; r++ {
		once := Fold(string(r))
		if twice := Fold(once); twice != once {
			t.Errorf("Fold(Fold(%U)) = %q, Fold = %q", r, twice, once)
		}
	}
}
