package engine

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// TestVocabularyFiles checks that every vocabulary parses, has the labels
// of an answer card, and holds every reason the engine's code asks for.
func TestVocabularyFiles(t *testing.T) {
	vs := Vocabularies()
	for _, l := range []string{"es", "en"} {
		if vs[l] == nil {
			t.Fatalf("no vocabulary for %q", l)
		}
	}
	used := map[string]bool{}
	re := regexp.MustCompile(`reason\("([a-z-]+)"`)
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(src), -1) {
			used[m[1]] = true
		}
	}
	if len(used) < 10 {
		t.Fatalf("found %d reason keys in the code, want the engine's", len(used))
	}
	for _, v := range sortedVocabs() {
		for k := range used {
			if _, ok := v.Reasons[k]; !ok {
				t.Errorf("%s vocabulary: no reason %q (used by the code)", v.Language, k)
			}
		}
		if _, err := ParseVocabulary([]byte(`{"language": "xx"}`), "x.json"); err == nil {
			t.Error("a vocabulary without labels parsed")
		}
	}
}

// TestVocabularyCorpus checks the vocabulary against the corpus (the
// seeds and the wiki-pages excerpts): every page role names a page of the
// Spanish knowledge base, every fact the resolver reads is stated by some
// record, and the polarity phrases of each language occur in its rules.
func TestVocabularyCorpus(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	recs, err := e.store.Records(ctx, wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	faqs, err := e.store.FAQs(ctx, "", wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.init(ctx); err != nil {
		t.Fatal(err)
	}
	var texts [][]string
	byLang := map[string][][]string{}
	for i := range recs {
		w := lang.Words(recordText(&recs[i]))
		texts = append(texts, w)
		l := e.pageLanguage(recs[i].Page)
		byLang[l] = append(byLang[l], w)
	}
	for i := range faqs {
		texts = append(texts, lang.Words(faqs[i].Question+" "+faqs[i].Answer))
	}
	es := vocabFor("es")
	for role, titles := range es.Roles {
		found := false
		for _, title := range titles {
			if _, err := e.store.Page(ctx, title, wikirules.Filter{}); err == nil {
				found = true
			}
		}
		if !found {
			t.Errorf("role %q: no page %q in the corpus", role, titles)
		}
	}
	var facts []string
	for f := range es.Facts {
		facts = append(facts, f)
	}
	sort.Strings(facts)
	for _, f := range facts {
		stated := false
		for _, w := range texts {
			if statesFact(w, f) {
				stated = true
				break
			}
		}
		if !stated {
			t.Errorf("fact %q (%q): no record of the corpus states it", f, es.Facts[f])
		}
	}
	for _, v := range sortedVocabs() {
		lists := map[string][]string{"negation": v.Polarity.Negation, "permission": v.Polarity.Permission, "obligation": v.Polarity.Obligation, "affirmation": v.Polarity.Affirmation,
			"identity": v.Polarity.Identity, "then": v.Polarity.Then,
			"restriction": v.Polarity.Restriction, "exception": v.Polarity.Exception, "comparison": v.Quantities.Comparisons}
		if len(v.Polarity.Prohibition) > 0 {
			// The English excerpts forbid nothing outright in a sentence
			// of its own.
			lists["prohibition"] = v.Polarity.Prohibition
		}
		if len(v.Polarity.Asides) > 0 {
			// The English excerpts set no phrase aside between commas.
			lists["aside"] = v.Polarity.Asides
		}
		// The words that give a number its kind and what it counts per
		// (some per unit of the language: the English excerpts state no
		// count per turn; every unit is checked in some language below).
		var per []string
		for _, l := range v.Quantities.Per {
			per = append(per, l...)
		}
		lists["per"] = per
		for k, l := range v.Quantities.Before {
			lists["before "+k] = l
		}
		for k, l := range v.Quantities.Bounds {
			lists["bound "+k] = l
		}
		for name, list := range lists {
			n := 0
			for _, p := range phrases(list) {
				for _, w := range byLang[v.Language] {
					if indexWords(w, p) >= 0 {
						n++
						break
					}
				}
			}
			if n == 0 {
				t.Errorf("%s %s phrases %q: none occurs in the %s rules of the corpus", v.Language, name, list, v.Language)
			}
		}
	}
	for _, v := range sortedVocabs() {
		// Every paraphrase group is one of every language, and some
		// phrase of it occurs in the rules of each.
		for name, list := range v.Polarity.Paraphrases {
			for _, o := range sortedVocabs() {
				if _, ok := o.Polarity.Paraphrases[name]; !ok {
					t.Errorf("%s paraphrase %q: no group of that key in %s", v.Language, name, o.Language)
				}
			}
			found := false
			for _, p := range phrases(list) {
				for _, w := range byLang[v.Language] {
					found = found || indexWords(w, p) >= 0
				}
			}
			if !found {
				t.Errorf("%s paraphrase %q %q: none occurs in the %s rules of the corpus", v.Language, name, list, v.Language)
			}
		}
	}
	for _, v := range sortedVocabs() {
		// Every Attribute is one the rules of its language read a value of.
		for _, a := range v.Question.Attributes {
			found := false
			for _, w := range byLang[v.Language] {
				found = found || slices.Contains(w, a)
			}
			if !found {
				t.Errorf("%s attribute %q: no %s rule of the corpus holds it", v.Language, a, v.Language)
			}
		}
		// Every noun of the Attributes' class is one the rules use.
		for _, a := range v.Question.AttributeNouns {
			found := false
			for _, w := range byLang[v.Language] {
				found = found || slices.Contains(w, a)
			}
			if !found {
				t.Errorf("%s attribute noun %q: no %s rule of the corpus holds it", v.Language, a, v.Language)
			}
		}
	}
	for _, k := range []string{"turn", "order", "game"} {
		stated := false
		for _, v := range sortedVocabs() {
			for _, p := range phrases(v.Quantities.Per[k]) {
				for _, w := range byLang[v.Language] {
					stated = stated || indexWords(w, p) >= 0
				}
			}
		}
		if !stated {
			t.Errorf("per %s: no phrase of any vocabulary occurs in the rules of the corpus", k)
		}
	}
}

// TestStopwordForms checks that the forms of the light verbs a Spanish
// judge types ("¿usa CD…?", "¿sigue siendo un objetivo?", "¿tengo que
// hacer una tirada…?") are stopwords as their infinitives and the
// English "use", "being", "do" are: a verb that asks nothing of the rule
// must not weigh as what the question asks (a rule that says "utilizar"
// would hold too little of the question to give its verdict).
func TestStopwordForms(t *testing.T) {
	for _, forms := range [][]string{
		{"ser", "es", "son", "siendo", "sido", "era", "fue", "sea"},
		{"usar", "usa", "usan", "usado", "usando"},
		{"hacer", "hace", "hacen", "hago"},
	} {
		for _, w := range forms {
			if k := keys(w); len(k) != 0 {
				t.Errorf("keys(%q) = %q, want none: %q is a stopword as %q is", w, k, w, forms[0])
			}
		}
	}
	if got, want := keys("Un arma Arrojadiza, ¿usa CD para impactar?"), keys("Un arma Arrojadiza, ¿usar CD para impactar?"); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("keys = %q, want those of the infinitive %q", got, want)
	}
}
