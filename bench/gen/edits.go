package gen

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
)

// Kinds of edit, as counted in Stats.Edits and named in revision comments.
const (
	EditWord      = "word"       // a word of a bullet replaced
	EditAddBullet = "add-bullet" // a bullet inserted after another
	EditDelBullet = "del-bullet" // a bullet removed
	EditMOD       = "mod"        // a MOD number changed
	EditFAQ       = "faqbox"     // an FAQ box added before the categories
)

var comments = map[string]string{
	"import":      "Importado de la wiki",
	EditWord:      "corrección",
	EditAddBullet: "añadida una regla",
	EditDelBullet: "eliminada una regla duplicada",
	EditMOD:       "errata: MOD corregido",
	EditFAQ:       "añadida FAQ",
}

// vocabulary gives the words of new bullets and replaced words: the
// Spanish rules terms the seed pages use.
var vocabulary = strings.Fields(`Tropa Orden Ataque Impacto Marcador Despliegue enemiga Turno Reactivo Activo
Tirada Ráfaga Silueta Habilidad Estado Plantilla Jugador Tiro Movimiento Contacto Daño Blindaje Munición
Impacto Crítico Cobertura Parcial Zona Control Línea Teniente Reserva Descubrir Esquivar Trabado Suplantado
Normal Enfrentada Resultado Automática Corta Completa Equipo Arma Especial Modificador distancia`)

var (
	modRE    = regexp.MustCompile(`MOD(?: de)? ?([+-])([0-9]+)`)
	signedRE = regexp.MustCompile(`([+-])([0-9])\b`)
)

// editor holds one page's current text as lines and applies edits.
type editor struct {
	rng    *rand.Rand
	lines  []string
	titles []string
	title  string
	faqs   int
	limit  int // bytes; past it removals come first
}

// size returns the current text length in bytes.
func (e *editor) size() int {
	n := 0
	for _, l := range e.lines {
		n += len(l) + 1
	}
	return n
}

// bullets returns the indexes of bullet lines ("*", "**"…).
func (e *editor) bullets() []int {
	var out []int
	for i, l := range e.lines {
		if strings.HasPrefix(l, "*") {
			out = append(out, i)
		}
	}
	return out
}

// edit applies one random edit and returns its kind. Removals are more
// likely once a page has grown past 2× its start, so sizes stay steady.
func (e *editor) edit() string {
	if e.limit > 0 && e.size() > e.limit && e.rng.IntN(2) == 0 && e.delBullet() {
		return EditDelBullet
	}
	for {
		var ok bool
		kind := ""
		switch n := e.rng.IntN(20); {
		case n < 8:
			kind, ok = EditWord, e.changeWord()
		case n < 12:
			kind, ok = EditAddBullet, e.addBullet()
		case n < 15:
			kind, ok = EditDelBullet, e.delBullet()
		case n < 19:
			kind, ok = EditMOD, e.changeMOD()
		default:
			kind, ok = EditFAQ, e.addFAQ()
		}
		if ok {
			return kind
		}
	}
}

func (e *editor) pick(words []string) string { return words[e.rng.IntN(len(words))] }

// changeWord replaces a word of four letters or more in a bullet.
func (e *editor) changeWord() bool {
	bs := e.bullets()
	if len(bs) == 0 {
		return false
	}
	i := bs[e.rng.IntN(len(bs))]
	words := strings.Split(e.lines[i], " ")
	var cand []int
	for j, w := range words {
		if len(w) >= 4 && strings.IndexFunc(w, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127) }) < 0 {
			cand = append(cand, j)
		}
	}
	if len(cand) == 0 {
		return false
	}
	j := cand[e.rng.IntN(len(cand))]
	repl := e.pick(vocabulary)
	if repl == words[j] {
		return false
	}
	words[j] = repl
	e.lines[i] = strings.Join(words, " ")
	return true
}

// addBullet inserts a new bullet after a random bullet (or before the
// categories when the page has none).
func (e *editor) addBullet() bool {
	n := 6 + e.rng.IntN(12)
	words := make([]string, n)
	for k := range words {
		words[k] = strings.ToLower(e.pick(vocabulary))
	}
	words[0] = e.pick(vocabulary)
	if e.rng.IntN(2) == 0 {
		words[n/2] = "[[" + e.pick(e.titles) + "]]"
	}
	line := "* " + strings.Join(words, " ") + "."
	at := e.categoryLine()
	if bs := e.bullets(); len(bs) > 0 {
		at = bs[e.rng.IntN(len(bs))] + 1
	}
	e.lines = append(e.lines[:at], append([]string{line}, e.lines[at:]...)...)
	return true
}

// delBullet removes a bullet, keeping at least three.
func (e *editor) delBullet() bool {
	bs := e.bullets()
	if len(bs) <= 3 {
		return false
	}
	i := bs[e.rng.IntN(len(bs))]
	e.lines = append(e.lines[:i], e.lines[i+1:]...)
	return true
}

// changeMOD changes the number of a "MOD -3"-like phrase, or of a signed
// digit, or adds "aplicando un MOD de -3" to a bullet.
func (e *editor) changeMOD() bool {
	type hit struct{ line, start, end int }
	var hits []hit
	for i, l := range e.lines {
		for _, m := range modRE.FindAllStringSubmatchIndex(l, -1) {
			hits = append(hits, hit{i, m[4], m[5]})
		}
	}
	if len(hits) == 0 {
		for i, l := range e.lines {
			if strings.HasPrefix(l, "*") {
				for _, m := range signedRE.FindAllStringSubmatchIndex(l, -1) {
					hits = append(hits, hit{i, m[4], m[5]})
				}
			}
		}
	}
	if len(hits) == 0 {
		bs := e.bullets()
		if len(bs) == 0 {
			return false
		}
		i := bs[e.rng.IntN(len(bs))]
		e.lines[i] = strings.TrimSuffix(e.lines[i], ".") + ", aplicando un MOD de -3."
		return true
	}
	h := hits[e.rng.IntN(len(hits))]
	l := e.lines[h.line]
	old := l[h.start:h.end]
	num := fmt.Sprint(1 + e.rng.IntN(6))
	if num == old {
		num = fmt.Sprint(1 + (e.rng.IntN(5)+len(old))%6)
	}
	if num == old {
		return false
	}
	e.lines[h.line] = l[:h.start] + num + l[h.end:]
	return true
}

// addFAQ inserts an N4 FAQ box before the page's categories.
func (e *editor) addFAQ() bool {
	e.faqs++
	months := []string{"enero", "marzo", "junio", "septiembre", "diciembre"}
	other := e.pick(e.titles)
	box := []string{
		"{{faqbox",
		"| type = faq",
		"| title = N4 FAQ",
		fmt.Sprintf("| version = 1.%d, %s %d", e.faqs, months[e.rng.IntN(len(months))], 2021+e.rng.IntN(3)),
		fmt.Sprintf("| q = ¿Puede una Tropa en estado %s declarar %s contra una %s?", e.pick(vocabulary), e.pick(vocabulary), strings.ToLower(e.pick(vocabulary))),
		fmt.Sprintf("| a = Sí, siempre que supere una Tirada de %s con un MOD de -%d.", e.pick(vocabulary), 1+e.rng.IntN(6)),
		fmt.Sprintf("| related = [[%s]], [[%s]]", e.title, other),
		"}}",
	}
	at := e.categoryLine()
	e.lines = append(e.lines[:at], append(box, e.lines[at:]...)...)
	return true
}

// categoryLine returns the index of the first category link line, or the
// number of lines.
func (e *editor) categoryLine() int {
	for i, l := range e.lines {
		if strings.HasPrefix(l, "[[Category") || strings.HasPrefix(l, "[[Categoría") {
			return i
		}
	}
	return len(e.lines)
}
