package lang

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Fold returns s lower-cased with the diacritics of Latin letters removed:
// "Línea" → "linea", "Daño" → "dano", "pingüino" → "pinguino", "ÇA" → "ca",
// "Dāturazi" → "daturazi". It is what SQLite's FTS5 tokenizer "unicode61
// remove_diacritics 2" does to the same letters, so that a key folded here
// and a word FTS5 indexed compare equal:
//
//   - every letter is lower-cased (unicode.ToLower);
//   - a Latin letter with diacritics (U+00C0–U+024F, U+1E00–U+1EFF) becomes
//     its base letter: ñ → n, ü → u, ç → c, ā → a, ő → o, ệ → e;
//   - a combining diacritical mark (U+0300–U+036F) is dropped, so a letter
//     written decomposed ("e" + U+0301) folds as the precomposed one;
//   - letters that are not a base letter plus diacritics stay as they are
//     (ß, æ, ø, ł, œ, the ordinals ª º), as do every other rune and all
//     punctuation and spacing.
//
// Invalid UTF-8 bytes become U+FFFD.
func Fold(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || 'A' <= c && c <= 'Z' {
			return foldSlow(s)
		}
	}
	return s
}

func foldSlow(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if r = foldRune(r); r >= 0 {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// foldRune folds one rune as Fold does; -1 drops it.
func foldRune(r rune) rune {
	switch {
	case r < utf8.RuneSelf:
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		return r
	case 0x0300 <= r && r <= 0x036F:
		return -1
	case 0x00C0 <= r && r < 0x00C0+rune(len(latinBase)):
		if c := latinBase[r-0x00C0]; c != '.' {
			return rune(c)
		}
	case 0x1E00 <= r && r < 0x1E00+rune(len(latinAdditional)):
		if c := latinAdditional[r-0x1E00]; c != '.' {
			return rune(c)
		}
	}
	return unicode.ToLower(r)
}

// latinBase holds the base letter of each code point from U+00C0 to U+024F
// (Latin-1 Supplement, Latin Extended-A and -B), "." where there is none:
// the letters FTS5's remove_diacritics 2 maps to an ASCII letter, and to
// which (kb's tests compare Fold with FTS5 over both blocks).
const latinBase = "" +
	"aaaaaa.ceeeeiiii.nooooo..uuuuy.." + // U+00C0
	"aaaaaa.ceeeeiiii.nooooo..uuuuy.y" + // U+00E0
	"aaaaaaccccccccdd..eeeeeeeeeegggg" + // U+0100
	"gggghh..iiiiiiii....jjkk.llllll." + // U+0120
	"...nnnnnn...oooooo..rrrrrrssssss" + // U+0140
	"sstttt..uuuuuuuuuuuuwwyyyzzzzzzs" + // U+0160
	"................................" + // U+0180
	"oo.............uu..............." + // U+01A0
	".............aaiioouuuuuuuuuu.aa" + // U+01C0
	"......ggkkoooo..j...gg..nnaa...." + // U+01E0
	"aaaaeeeeiiiioooorrrruuuusstt..hh" + // U+0200
	"......aaeeooooooooyy............" + // U+0220
	"................" // U+0240

// latinAdditional is latinBase for U+1E00 to U+1EFF (Latin Extended
// Additional: Vietnamese, Welsh, transliterations).
const latinAdditional = "" +
	"aabbbbbbccddddddddddeeeeeeeeeeff" + // U+1E00
	"gghhhhhhhhhhiiiikkkkkkllllllllmm" + // U+1E20
	"mmmmnnnnnnnnoooooooopppprrrrrrrr" + // U+1E40
	"ssssssssssttttttttuuuuuuuuuuvvvv" + // U+1E60
	"wwwwwwwwwwxxxxyyzzzzzzhtwy.s...." + // U+1E80
	"aaaaaaaaaaaaaaaaaaaaaaaaeeeeeeee" + // U+1EA0
	"eeeeeeeeiiiioooooooooooooooooooo" + // U+1EC0
	"oooouuuuuuuuuuuuuuyyyyyyyy......" // U+1EE0
