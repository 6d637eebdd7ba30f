package diff

import (
	"strings"
	"unicode"
)

// number is a number as a rule text states it: its value as written
// (sign kept, number words as digits, a following unit attached, e.g.
// "-3", "20 cm") and the word it qualifies ("MOD", "Ráfaga", "EST").
type number struct {
	value, label string
}

var numberWords = map[string]string{
	"cero": "0", "dos": "2", "tres": "3", "cuatro": "4", "cinco": "5", "seis": "6", "siete": "7", "ocho": "8",
	"nueve": "9", "diez": "10", "zero": "0", "two": "2", "three": "3", "four": "4", "five": "5",
	"six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10",
}

var units = wordSet(`cm mm pulgadas pulgada inches inch puntos punto points point turnos turno turns turn órdenes orders`)

// numbers returns the numbers of s in order, with their signs, units and
// labels. A "-", "+" or "−" just before digits is a sign unless it follows
// a word ("IMP-1", "Suplantación-2" are names with a number, no sign).
func numbers(s string) []number {
	toks := tokenize(s)
	var out []number
	for i, tok := range toks {
		v, ok := numberValue(tok)
		if !ok {
			continue
		}
		if i > 0 && (toks[i-1] == "-" || toks[i-1] == "+" || toks[i-1] == "−") && (i < 2 || !isWordToken(toks[i-2])) {
			sign := toks[i-1]
			if sign == "−" {
				sign = "-"
			}
			v = sign + v
		}
		// a unit right after (with or without a space): 20 cm, 10cm
		for k := i + 1; k < len(toks) && k <= i+2; k++ {
			if units[strings.ToLower(toks[k])] {
				v += " " + toks[k]
				break
			}
			if strings.TrimSpace(toks[k]) != "" {
				break
			}
		}
		out = append(out, number{value: v, label: numberLabel(toks[:i])})
	}
	return out
}

// numberValue reports whether tok is a number (digits, possibly with inner
// dots or commas, or a number word) and returns it as digits.
func numberValue(tok string) (string, bool) {
	if d, ok := numberWords[strings.ToLower(tok)]; ok {
		return d, true
	}
	digits := false
	for _, r := range tok {
		switch {
		case unicode.IsDigit(r):
			digits = true
		case r == '.' || r == ',':
		default:
			return "", false
		}
	}
	return tok, digits
}

// numberLabel names what a number qualifies from the tokens before it:
// the nearest game term (an abbreviation or capitalised word) among the
// three preceding words, else the nearest preceding word.
func numberLabel(before []string) string {
	words := 0
	first := ""
	for k := len(before) - 1; k >= 0 && words < 3; k-- {
		t := before[k]
		if strings.ContainsAny(t, ".:;\n") && t != "." {
			break
		}
		if !isWordToken(t) {
			continue
		}
		if _, isNum := numberValue(t); isNum {
			break
		}
		words++
		if first == "" {
			first = t
		}
		r := []rune(t)
		if isAllCaps(t) || (unicode.IsUpper(r[0]) && !esWords[strings.ToLower(t)] && !enWords[strings.ToLower(t)]) {
			return t
		}
	}
	return first
}

// numberChanges compares the numbers of old and new as multisets and
// names every difference: "MOD -6 → -3" (a number replaced, paired in
// order of appearance), "Ráfaga 2 added", "20 cm removed". It returns
// nil when both state the same numbers.
func numberChanges(old, new string) []string {
	na, nb := numbers(old), numbers(new)
	gone, came := multisetDiff(na, nb), multisetDiff(nb, na)
	if len(gone) == 0 && len(came) == 0 {
		return nil
	}
	var out []string
	n := min(len(gone), len(came))
	for i := 0; i < n; i++ {
		label := came[i].label
		if label == "" {
			label = gone[i].label
		}
		out = append(out, strings.TrimSpace(label+" "+gone[i].value+" → "+came[i].value))
	}
	for _, g := range gone[n:] {
		out = append(out, strings.TrimSpace(g.label+" "+g.value+" removed"))
	}
	for _, c := range came[n:] {
		out = append(out, strings.TrimSpace(c.label+" "+c.value+" added"))
	}
	return out
}

// multisetDiff returns the numbers of a (in order) that b does not hold,
// counting repeats.
func multisetDiff(a, b []number) []number {
	have := map[string]int{}
	for _, x := range b {
		have[x.value]++
	}
	var out []number
	for _, x := range a {
		if have[x.value] > 0 {
			have[x.value]--
			continue
		}
		out = append(out, x)
	}
	return out
}
