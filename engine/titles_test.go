package engine

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/lang"
)

// TestDerivedNames checks the names a title goes by besides itself: the
// title without its disambiguator (the pipe trick) and without a class
// word of its language, at the end in English and at the start in
// Spanish; never a name of class words only, nor one from a class word of
// the other language.
func TestDerivedNames(t *testing.T) {
	for _, tc := range []struct {
		title, lang string
		want        []string
	}{
		{"Isolated State", "en", []string{"Isolated"}},
		{"Retreat! (State)", "en", []string{"Retreat!"}},
		{"Estado Retirada", "es", []string{"Retirada"}},
		{"Estado Despliegue Oculto", "es", []string{"Despliegue Oculto"}},
		{"State", "en", nil},
		{"States", "en", nil},
		{"Game States", "en", nil}, // a plural is no class word
		{"Estado", "es", nil},
		{"Isolated State", "es", nil}, // "State" is no Spanish class word
		{"Eclipse Ammunition", "en", nil},
	} {
		if got := derivedNames(tc.title, tc.lang); !slices.Equal(got, tc.want) {
			t.Errorf("derivedNames(%q, %s) = %q, want %q", tc.title, tc.lang, got, tc.want)
		}
	}
}

// TestTitlesNames checks which pages a text names: by title, by a
// redirect, by the title without its class word whatever the punctuation
// ("Retreat!"); not by a derived name that is another page's title
// ("Normal" for Normal State when Normal is a page) or that stands inside
// a longer name ("Prone" of Prone State in "Prone Roll"); and that a twin's
// title holds the page (names) without naming it (in).
func TestTitlesNames(t *testing.T) {
	ti := newTitles([]titledPage{
		{title: "Retreat State", lang: "en"},
		{title: "Isolated State", lang: "en", aliases: []string{"Isolated"}, twins: []string{"Aislado"}},
		{title: "Aislado", lang: "es", twins: []string{"Isolated State"}},
		{title: "Normal State", lang: "en"},
		{title: "Normal", lang: "en"},
		{title: "Prone State", lang: "en"},
		{title: "Prone Roll", lang: "en"},
		{title: "States", lang: "en", aliases: []string{"State"}},
	})
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"Can a trooper in Retreat! declare a BS Attack?", []string{"Retreat State"}},
		{"a trooper in Retreat", []string{"Retreat State"}},
		{"Can an Isolated trooper receive Orders?", []string{"Isolated State"}},
		{"Can a Normal trooper dodge?", []string{"Normal"}},
		{"Is the Prone Roll made?", []string{"Prone Roll"}},
		{"Can a Prone trooper dodge?", []string{"Prone State"}},
		{"¿Puede una tropa Aislada recibir Órdenes?", []string{"Aislado"}}, // not its twin
	} {
		if got := namedIn(ti, tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("%q names %q, want %q", tc.text, got, tc.want)
		}
	}
	held := func(title, name string) bool {
		k := strings.Join(keys(name), " ")
		for _, n := range ti.names(title) {
			if strings.Join(n.keys, " ") == k {
				return true
			}
		}
		return false
	}
	for _, tc := range []struct {
		title, name string
		want        bool
	}{
		{"Isolated State", "Aislado", true},
		{"Aislado", "Isolated", true},
		{"Aislado", "Isolated State", true},
		{"Normal State", "Normal", false},
		{"Retreat State", "Retreat", true},
		{"Retreat State", "State", false},
	} {
		if got := held(tc.title, tc.name); got != tc.want {
			t.Errorf("%q among the names of %s: %v, want %v", tc.name, tc.title, got, tc.want)
		}
	}
}

// TestSameRule checks which pages are of one rule: pages sharing a
// name (a derived one too: "Retreat!" of Retreat! (State) and Retreat
// State), twins; not pages that only share a word (Prone State and Prone
// Roll) or a class word.
func TestSameRule(t *testing.T) {
	ti := newTitles([]titledPage{
		{title: "Retreat State", lang: "en"},
		{title: "Retreat! (State)", lang: "en"},
		{title: "Isolated State", lang: "en", twins: []string{"Aislado"}},
		{title: "Aislado", lang: "es", twins: []string{"Isolated State"}},
		{title: "Prone State", lang: "en"},
		{title: "Prone Roll", lang: "en"},
	})
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"Retreat State", "Retreat! (State)", true},
		{"Aislado", "Isolated State", true},
		{"Prone State", "Prone Roll", false},
		{"Prone State", "Isolated State", false},
		{"Retreat State", "Isolated State", false},
	} {
		if got := ti.sameRule(tc.a, tc.b); got != tc.want {
			t.Errorf("sameRule(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestClassHeadNames checks the names a title goes by without the head it
// shares with other titles of its language ("Munición" of Munición Humo
// and Munición Shock): its own words ("Humo"), without the function words
// at their edge ("Agallas" of Tirada de Agallas); not a word another
// title holds too ("Combate" of Salto de Combate and Módulo de Combate),
// not a code ("CC" of Ataque CC), not the variant of a rule titled by the
// head alone ("Plus" of Trepar Plus), and no head at the end of a Spanish
// title.
func TestClassHeadNames(t *testing.T) {
	ti := newTitles([]titledPage{
		{title: "Munición Humo", lang: "es"},
		{title: "Munición Shock", lang: "es"},
		{title: "Tirada de Agallas", lang: "es"},
		{title: "Tirada de Salvación", lang: "es"},
		{title: "Salto de Combate", lang: "es"},
		{title: "Salto Controlado", lang: "es"},
		{title: "Módulo de Combate", lang: "es"},
		{title: "Ataque CC", lang: "es"},
		{title: "Ataque Intuitivo", lang: "es"},
		{title: "Trepar", lang: "es"},
		{title: "Trepar Plus", lang: "es"},
		{title: "Eclipse Ammunition", lang: "en"},
		{title: "Paralysis Ammunition", lang: "en"},
	})
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"la plantilla de humo", []string{"Munición Humo"}},
		{"un impacto de Shock", []string{"Munición Shock"}},
		{"un chequeo de agallas", []string{"Tirada de Agallas"}},
		{"un Eclipse grenade", []string{"Eclipse Ammunition"}},
		{"en combate", nil},
		{"un ataque en CC", nil},
		{"con el plus", nil},
		{"Salto de Combate", []string{"Salto de Combate"}}, // by its title, not the derived "Combate"
	} {
		if got := namedIn(ti, tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("%q names %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestComplement checks where a name dropping its family's head names the
// page: as the complement of a noun, as each language writes one.
func TestComplement(t *testing.T) {
	for _, tc := range []struct {
		text, name, lang string
		want             bool
	}{
		{"¿Cuándo se quita la plantilla de humo?", "humo", "es", true},
		{"¿Puedo hacer un disparo especulativo?", "especulativo", "es", false},
		{"How long does a Smoke template stay?", "smoke", "en", true},
		{"Speculative shot through smoke: do I add the MOD?", "smoke", "en", false},
	} {
		if got := complement(lang.Words(tc.text), stems(lang.Words(tc.name)), vocabFor(tc.lang)); got != tc.want {
			t.Errorf("complement(%q, %q) = %v, want %v", tc.text, tc.name, got, tc.want)
		}
	}
}

// TestNamedPagesOnWiki checks, on the knowledge base of the seeds and the
// wiki pages, the pages questions name through redirects and class words,
// and that common words name none: "State" (a redirect to States and a
// class word) does not name the pages of every state, nor "Normal" Normal
// State.
func TestNamedPagesOnWiki(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q         string
		want, not []string
	}{
		{"Can a trooper in Retreat! declare a BS Attack?", []string{"Retreat State"}, nil},
		{"¿Puede una tropa en Retirada! declarar un Ataque CD?", []string{"Retreat State"}, nil},
		{"Can an Isolated trooper receive Orders from the Order Pool?", []string{"Isolated State"}, nil},
		{"Can a Prone trooper dodge?", []string{"Prone State"}, nil},
		{"What does a state do to a trooper?", nil, []string{"States", "State", "Isolated State", "Prone State"}},
		{"Is a Normal Roll a Normal trooper's roll?", nil, []string{"Normal State"}},
	} {
		got := e.analyze(tc.q).topics
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("%q names %q, want %s among them", tc.q, got, w)
			}
		}
		for _, n := range tc.not {
			if slices.Contains(got, n) {
				t.Errorf("%q names %q: %s is not named", tc.q, got, n)
			}
		}
	}
}

// TestClassWordsAgainstCorpus checks the class words of the vocabularies
// against the corpus: every redirect alias of the knowledge base of the
// seeds and wiki pages that is its target's title less one word at its
// start or end is explained by a class word of the target's language
// (Isolated → Isolated State: "State"), and every class word is attested
// by such a redirect or by a link of the seeds' wikitext that names its
// page without it ("[[Estado Despliegue Oculto|Despliegue Oculto]]").
func TestClassWordsAgainstCorpus(t *testing.T) {
	ctx := context.Background()
	e := wikiEngine(t)
	if err := e.init(ctx); err != nil {
		t.Fatal(err)
	}
	aliases, err := e.store.(PageNamer).PageAliases(ctx)
	if err != nil {
		t.Fatal(err)
	}
	attested := map[string]bool{} // language + " " + class word
	// dropped returns the word alias leaves out of title at its start
	// ("prefix") or end ("suffix"), if it is title less one word.
	dropped := func(alias, title string) (string, string) {
		a, w := lang.Words(alias), lang.Words(title)
		switch {
		case len(w) != len(a)+1 || len(a) == 0:
		case slices.Equal(a, w[1:]):
			return w[0], "prefix"
		case slices.Equal(a, w[:len(a)]):
			return w[len(w)-1], "suffix"
		}
		return "", ""
	}
	classes := func(l, at string) []string {
		v := vocabFor(l)
		if at == "prefix" {
			return v.ClassWords.Prefixes
		}
		return v.ClassWords.Suffixes
	}
	redirects := 0
	for _, a := range aliases {
		if a.Twin {
			continue
		}
		word, at := dropped(a.Alias, a.Page.Title)
		if word == "" {
			continue
		}
		redirects++
		if !slices.Contains(classes(a.Page.Language, at), word) {
			t.Errorf("redirect %q → %q drops %q, a %s no class word of %s explains", a.Alias, a.Page.Title, word, at, a.Page.Language)
		}
		attested[a.Page.Language+" "+word] = true
	}
	if redirects == 0 {
		t.Fatal("no redirect of the corpus drops a word of its target: the test checks nothing")
	}
	// Links of the seeds' wikitext: [[Target|label]], the seed file's
	// language from its header ("[es]").
	link := regexp.MustCompile(`\[\[([^|\]#]+)\|([^\]]+)\]\]`)
	files, _ := filepath.Glob("../sample/seeds/*.txt")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		l := "en"
		if first, _, _ := strings.Cut(string(b), "\n"); strings.Contains(first, "[es]") {
			l = "es"
		}
		for _, m := range link.FindAllStringSubmatch(string(b), -1) {
			if word, at := dropped(m[2], m[1]); word != "" && slices.Contains(classes(l, at), word) {
				attested[l+" "+word] = true
			}
		}
	}
	for _, l := range []string{"en", "es"} {
		v := vocabFor(l)
		for _, w := range append(append([]string(nil), v.ClassWords.Prefixes...), v.ClassWords.Suffixes...) {
			if !attested[l+" "+w] {
				t.Errorf("class word %q (%s): no redirect or link of the corpus names a page without it", w, l)
			}
		}
	}
}

// TestReturnTopics checks the state a cancellation question names as the
// one gone back to: its activation answers, the other state's
// cancellation is what is asked.
func TestReturnTopics(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"N5: what brings an Unconscious trooper back to Normal State?", []string{"Normal State"}},
		{"How does an Unconscious trooper leave Prone State?", nil},
		{"What can a trooper in Normal State do?", nil},
	} {
		if got := e.analyze(tc.q).returns; !slices.Equal(got, tc.want) {
			t.Errorf("%q: states gone back to %q, want %q", tc.q, got, tc.want)
		}
	}
}

// namedIn returns the titles of the pages ti finds named in text.
func namedIn(ti *titles, text string) []string {
	var out []string
	for _, p := range ti.in(lang.Words(text)) {
		out = append(out, p.title)
	}
	return out
}
