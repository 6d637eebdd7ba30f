package engine

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/lang"
)

// TestStemVerbForms checks that the Spanish verb forms a rule and a
// judge write of one verb share a key (present plural, future,
// conditional, imperfect, subjunctive), and that the words they could be
// mistaken for keep theirs: a present of a verb whose stem ends in "r"
// ("dispara"), an adjective in "-aria" or "-era", a noun in "-en".
func TestStemVerbForms(t *testing.T) {
	same := [][]string{
		{"afecta", "afectan", "afectara", "afectaran", "afectarian", "afecte", "afecten", "afectar", "afectaba", "afectaban"},
		{"aplica", "aplican", "aplicara", "aplicaran", "aplicar"},
		{"puede", "pueden", "pueda", "puedan"},
		{"recibe", "reciben", "recibira", "recibir"},
		{"encontrar", "encontraba"},
		{"dispara", "disparan", "disparar", "disparo"},
		{"declara", "declaran", "declarar", "declarara"},
		{"recupera", "recuperan", "recuperar", "recupere"},
		{"requiere", "requieren", "requiera", "requieran"},
		{"primera", "primero"},
		{"necesaria", "necesario"},
		{"contraria", "contrario"},
		{"orden", "ordenes"},
		{"imagen", "imagenes"},
		{"capitan", "capitanes"},
	}
	for _, g := range same {
		for _, w := range g[1:] {
			if stem(w) != stem(g[0]) {
				t.Errorf("stem(%q) = %q, stem(%q) = %q: want one key", w, stem(w), g[0], stem(g[0]))
			}
		}
	}
	for _, p := range [][2]string{{"control", "contra"}, {"esquina", "esquivar"}, {"estado", "est"}, {"orden", "ordinal"}, {"frontera", "front"}, {"manera", "man"}} {
		if stem(p[0]) == stem(p[1]) {
			t.Errorf("stem(%q) = stem(%q) = %q: want them apart", p[0], p[1], stem(p[0]))
		}
	}
}

// TestStemEnglishIre checks that an English verb in "-ire" keeps one key
// in all its forms: its third person ("requires") is not read as a
// Spanish plural in "-es" whose infinitive "-ir" is then dropped.
func TestStemEnglishIre(t *testing.T) {
	for _, g := range [][]string{
		{"require", "requires", "required", "requiring"},
		{"acquire", "acquires", "acquired", "acquiring"},
		{"fire", "fires"},
	} {
		for _, w := range g[1:] {
			if stem(w) != stem(g[0]) {
				t.Errorf("stem(%q) = %q, stem(%q) = %q: want one key", w, stem(w), g[0], stem(g[0]))
			}
		}
	}
}

// TestStemCorpusMerges lists, over the words of the corpus, the keys that
// the verb forms share with words of other lemmas: every word ending as a
// present plural, a future, a conditional or an imperfect whose key some
// corpus word of another form also has. The words each such key joins are
// logged (go test -v) for a reader to check; the test fails on a key that
// joins a verb form with a word of a known other lemma.
func TestStemCorpusMerges(t *testing.T) {
	words := map[string]bool{}
	for _, d := range []string{"../sample/seeds", wikiPagesDir} {
		fs, _ := filepath.Glob(filepath.Join(d, "*.txt"))
		for _, f := range fs {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range lang.Words(string(b)) {
				words[lang.Fold(w)] = true
			}
		}
	}
	if len(words) < 1000 {
		t.Fatalf("%d words in the corpus, want its vocabulary", len(words))
	}
	byKey := map[string][]string{}
	for w := range words {
		byKey[stem(w)] = append(byKey[stem(w)], w)
	}
	ending := func(w string) bool {
		for _, e := range []string{"an", "en", "ara", "aran", "ira", "iran", "arian", "erian", "irian", "aba", "aban"} {
			if strings.HasSuffix(w, e) && len(w) >= len(e)+4 {
				return true
			}
		}
		return false
	}
	// Words of other lemmas that a verb form's key must not join.
	apart := map[string]bool{"front": true, "man": true, "contra": true, "control": true, "veteran": true}
	var logged []string
	for k, ws := range byKey {
		sort.Strings(ws)
		verb := false
		for _, w := range ws {
			verb = verb || ending(w)
		}
		if !verb || len(ws) < 2 {
			continue
		}
		logged = append(logged, k+": "+strings.Join(ws, " "))
		for _, w := range ws {
			if apart[w] {
				for _, x := range ws {
					if x != w && ending(x) {
						t.Errorf("key %q joins %q with the verb form %q", k, w, x)
					}
				}
			}
		}
	}
	sort.Strings(logged)
	for _, l := range logged {
		t.Log(l)
	}
}

// TestDeterminerStopwords checks that the demonstratives, possessives and
// quantifiers a judge puts before a noun ("esos disparos", "los demás",
// "each other trooper") weigh nothing: a rule that names the noun without
// them holds all of the question.
func TestDeterminerStopwords(t *testing.T) {
	for _, p := range [][2]string{
		{"esquivar esos disparos", "esquivar disparos"},
		{"esas plantillas", "plantillas"},
		{"afecta a los demás", "afecta"},
		{"todas las tropas", "tropas"},
		{"nuestros aliados", "aliados"},
		{"otras tropas", "tropas"},
		{"each trooper", "trooper"},
		{"every other trooper", "trooper"},
		{"the trooper itself", "trooper"},
	} {
		if got, want := strings.Join(keys(p[0]), " "), strings.Join(keys(p[1]), " "); got != want {
			t.Errorf("keys(%q) = %q, want %q (those of %q)", p[0], got, want, p[1])
		}
	}
}

// TestVerbOfNoun checks that an English noun in "-ment" reads as the verb
// it is made of, and that a word merely ending so keeps apart.
func TestVerbOfNoun(t *testing.T) {
	for w, want := range map[string]string{"movement": "move", "deployment": "deploy", "equipment": "equip", "placement": "place"} {
		if got, ok := verbOfNoun(w); !ok || got != want {
			t.Errorf("verbOfNoun(%q) = %q, %v; want %q", w, got, ok, want)
		}
	}
	for _, w := range []string{"element", "moment", "comment", "move", "movimiento"} {
		if got, ok := verbOfNoun(w); ok {
			t.Errorf("verbOfNoun(%q) = %q: want no verb", w, got)
		}
	}
}
