package engine

import (
	"embed"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/wikirules/wikirules/lang"
)

// Vocabulary is what the engine knows of one language besides the
// glossary: the words that tell a question's language and what it asks,
// the phrases that give a rule text its polarity (prohibition, permission,
// closed list, exception), number words and units, the labels of an
// answer, the reasons it gives, and the pages and phrases the situation
// resolver reads its facts from (page roles). It is data: one JSON file
// per language under vocabulary/, tested against the corpus
// (vocab_test.go). Phrases are compared as folded words (lang.Words).
type Vocabulary struct {
	// Language is the code of the language ("es", "en").
	Language string `json:"language"`
	// FunctionWords are words frequent in any text of the language and
	// rare in the other one: they tell a question's language.
	FunctionWords []string `json:"function_words"`
	// Stopwords never count as a match (articles, pronouns, the words
	// every question carries: "puedo", "can").
	Stopwords []string `json:"stopwords"`
	// Question holds the phrases that say what a question asks.
	Question QuestionWords `json:"question"`
	// Polarity holds the phrases that give a clause its polarity.
	Polarity PolarityWords `json:"polarity"`
	// Intents name what a question asks of its subject by the kind of
	// block that answers it: "activation" (when is it entered:
	// "entran", "enter"), "cancellation" ("se cancela", "get rid of"),
	// "requirement", "effect"; "return" holds the phrases after which a
	// question names the state a trooper goes back to ("back to Normal
	// State"), which it enters while the other state it names is
	// cancelled; Headings are the block headings of those
	// kinds in this language ("Activación", "Cancellation").
	Intents map[string][]string `json:"intents"`
	// Opposites are pairs of conditions that exclude each other ("Turno
	// Activo", "Turno Reactivo"): a rule stated for one does not answer a
	// question asked of the other.
	Opposites [][]string          `json:"opposites"`
	Headings  map[string][]string `json:"headings"`
	// Numbers maps number words to their value ("cuatro": 4, "única": 1).
	Numbers map[string]int `json:"numbers"`
	// Another are the words that count one more of what was just counted
	// ("una Tirada de BLI y otra de PB", "one … and another").
	Another []string `json:"another"`
	// Scope holds the words that scope a statement to the subject's own
	// group or thing, or ask of another one (ownScoped).
	Scope ScopeWords `json:"scope"`
	// AlternativeOpeners open a rule that is an alternative of another
	// rule of its page ("Alternativamente", "Alternatively"): what it
	// excepts is left out of the alternative only.
	AlternativeOpeners []string `json:"alternative_openers"`
	// ExampleOpeners open a sentence that plays out in one case the rule
	// stated just before it ("Por ejemplo,", "For example,"): the rule,
	// not its illustration, is what a judge acts on (illustrated).
	ExampleOpeners []string `json:"example_openers"`
	// Units maps the unit words written after a number to the unit of
	// length they name ("cm", "inch"): such a number is a distance.
	Units map[string]string `json:"units"`
	// Quantities are the words that tell the kind of a number: the kind a
	// question asks and the kind of each number a text states.
	Quantities QuantityWords `json:"quantities"`
	// AnswerPrefixes open an FAQ answer ("A:", "R:").
	AnswerPrefixes []string `json:"answer_prefixes"`
	// Labels are the words of an answer card (Labels).
	Labels Labels `json:"labels"`
	// Reasons are the templates of the reasons an answer gives a source,
	// keyed by reason name; %s stands for the values the engine fills in.
	Reasons map[string]string `json:"reasons"`
	// ClassWords are the words this language's wiki writes in a page title
	// to say what kind of rule the page is, and which the wiki's own
	// redirects and links leave out when they name it: "State" after the
	// name ("Isolated" redirects to Isolated State), "Estado" before it
	// ("[[Estado Despliegue Oculto|Despliegue Oculto]]"). A page is named
	// by its title without one of them too (titles, derivedNames).
	ClassWords ClassWords `json:"title_class_words"`
	// Roles name the pages (by title) the situation resolver reads a fact
	// from, keyed by role ("order-composition", "dodge", "combat-module").
	Roles map[string][]string `json:"roles"`
	// Facts are the phrases the situation resolver recognises in records,
	// keyed by fact name ("entire-order", "single-mod", …).
	Facts map[string][]string `json:"facts"`

	sets map[string]map[string]bool // folded word sets, by list name
	// clitics are Polarity.Clitics folded, longest first.
	clitics []string
	ps      phraseLists // the phrase lists, folded (phrases)
}

// phraseLists are a vocabulary's phrase lists as folded word sequences,
// longest first, computed once.
type phraseLists struct {
	yesNo, wh, numeric, neg, cond, ifs, exc, contrast, restr, ban, perm, oblig, affirm, qual, single, consec, identity, then [][]string
	intents                                                                                                                  map[string][][]string
	asks, per                                                                                                                map[string][][]string
	compare                                                                                                                  [][]string
	bounds                                                                                                                   map[string][][]string
	extremes                                                                                                                 map[string][][]string
	// notNeg is the negation phrases alone, without the blocking verbs.
	notNeg [][]string
	// block is the blocking verbs alone.
	block [][]string
	// alt is the alternative openers.
	alt [][]string
	// exampleOpen is ExampleOpeners.
	exampleOpen [][]string
	// asides are the phrases set aside between commas inside a clause.
	asides [][]string
	// opposites are the Opposites pairs as folded words (lang.Words), in
	// the file's order, the pairs of other than two conditions left out.
	opposites [][2][]string
}

// QuestionWords are the phrases that say what a question asks. Yes/no
// openers start a yes/no clause ("can", "puede"); Interrogatives start an
// open one ("qué", "how"); Numeric phrases make it ask for a number
// ("cuántos", "how many", "qué mod") and NumericNouns name a quantity
// ("mod", "ráfaga", "distance").
type QuestionWords struct {
	YesNo          []string `json:"yesno_openers"`
	Interrogatives []string `json:"interrogatives"`
	Numeric        []string `json:"numeric"`
	NumericNouns   []string `json:"numeric_nouns"`
	// ModifierWords name a modifier: a number after one is a MOD.
	ModifierWords []string `json:"modifier_words"`
	// Copulas open a question that asks what something is ("es",
	// "is"); Labels are the words a number labels rather than counts
	// ("Ejemplo 2", "Paso 1").
	Copulas []string `json:"copulas"`
	// StateWords put what follows as the state a trooper is in
	// ("estando", "while"): a condition of what is asked.
	StateWords []string `json:"state_words"`
	// OpenVerbs ask everything of what an FAQ's question names ("¿Cómo
	// funciona…?", "How does … interact with…?"): such a question has no
	// predicate of its own to match the judge's against.
	OpenVerbs []string `json:"open_verbs"`
	// UseVerbs say that a skill or piece of equipment is used ("declarar",
	// "utilizar", "declare"): in a predicate they ask whether what is named
	// may be used at all, as a question that only names it does
	// ("¿Puedo usar Berserk dentro de un Fireteam?"), and no predicate word
	// is matched on them.
	UseVerbs []string `json:"use_verbs"`
	// UnjoinedVerbs says that the language's verbs have forms the
	// stemmer does not join to the forms the rules write (Spanish
	// "pongo", "muevo" beside "poner", "mueve"): a verb form of a
	// question no text holds may then still be an act the texts state,
	// and it says nothing of what a text leaves out (actAbsent).
	UnjoinedVerbs bool `json:"unjoined_verbs"`
	// SameActs are groups of verbs that ask one act of what they name
	// ("turn … into", "transform", "convert"), each keyed by the same
	// English word in every language ("transform"): an FAQ asking
	// whether an Order can be transformed, or "convertida", asks what
	// "can I turn his Order into a Regular one?" asks (samePredicate).
	// Matched by stem.
	SameActs map[string][]string `json:"same_acts"`
	// OpenInterrogatives ask for a manner, a time, a place or a reason,
	// each keyed by the same English word in every language ("cómo":
	// "how"): an FAQ asking "¿Cómo se apilan…?" asks how, not what.
	OpenInterrogatives map[string]string `json:"open_interrogatives"`
	Labels             []string          `json:"number_labels"`
	// LevelLabels name a level of a skill before its number ("level 3",
	// "nivel 3") or as a code's letters ("L3"): a sentence naming levels
	// answers for those levels only (levelsNamed).
	LevelLabels []string `json:"level_labels"`
	// LevelCodes are letters that name a level in a code with its number
	// only right after a content word, a name's last ("Visor
	// Multiespectral N2", "Sexto Sentido N1"): elsewhere the same code is
	// an edition's ("En N5, …", "N4: …").
	LevelCodes []string `json:"level_codes"`
	// Determiners open a noun phrase ("el", "mi", "the", "my"): the word
	// after one is a noun, not the verb of the question.
	Determiners []string `json:"determiners"`
	// CountNouns are nouns counted in the rules ("punto", "Orden",
	// "Tirada"): an article before one is the number one.
	CountNouns []string `json:"count_nouns"`
	// Attributes are the abbreviations of a trooper's Attributes ("FIS",
	// "PH", "ARM"): a column of a profile a rule reads a value of, not
	// what a question is about ("a PH 12 target", "his ARM roll").
	Attributes []string `json:"attributes"`
	// AttributeNouns name the class of the Attributes ("Atributo",
	// "Attribute"): a question asking which Attribute a roll uses asks
	// of every one of them (attributeKeys).
	AttributeNouns []string `json:"attribute_nouns"`
	// QuestionMarks open a question, ExclamationMarks an exclamation, in
	// this language only ("¿", "¡").
	QuestionMarks    []string `json:"question_marks"`
	ExclamationMarks []string `json:"exclamation_marks"`
}

// ScopeWords are the words that scope what a text states: Own to the
// subject's own group or thing ("su Grupo de Combate", "its own", "the
// same Order"), Other to another one ("otro", "another", "different").
type ScopeWords struct {
	Own   []string `json:"own"`
	Other []string `json:"other"`
	// OtherThan are the frames that ask of another one than a named one
	// ("a lower Level … than his profile lists", "otro … que"); "…"
	// stands for the words compared, as in Quantities.Degrees.
	OtherThan []string `json:"other-than"`
}

// QuantityWords tell the kind of a number (a distance, an angle, a
// Burst; a MOD is told by the modifier words) and what a count is per.
// Kinds and per units are keyed by the same English word in every
// language: "distance", "angle", "burst"; "turn", "order", "game".
type QuantityWords struct {
	// Asks are the question phrases that ask for a number of a kind
	// ("how far", "¿a qué distancia?", "¿cuánto puedo…?": a distance);
	// "bound" holds the words that ask for a bound of a number
	// ("maximum", "máximo"), of whatever kind.
	Asks map[string][]string `json:"asks"`
	// Nouns name a quantity of a kind in a question ("range", "arc",
	// "Burst").
	Nouns map[string][]string `json:"nouns"`
	// Relative are the phrases of rule text that measure a quantity of a
	// kind against another one instead of giving a number ("halve the
	// distance they can move": a distance, half of the move's).
	Relative map[string][]string `json:"relative"`
	// After are the words or signs right after a number that make it of
	// a kind ("360˚", "90 degrees": an angle); a unit of length (Units)
	// makes it a distance.
	After map[string][]string `json:"after"`
	// Before are the words right before a number, or the letters a number
	// is written after ("B2", "R1"), that make it of a kind ("Burst of 2").
	Before map[string][]string `json:"before"`
	// Comparisons bound a number ("superior a 6", "up to 2"): the number
	// is of the kind of what is compared, named before the comparison
	// ("el valor máximo de Ráfaga … nunca puede ser superior a 6").
	Comparisons []string `json:"comparisons"`
	// Bounds are the comparisons by the way they bound a number:
	// "above" ("higher than", "superior a": more than it), "below"
	// ("fewer than", "inferior a"), "at_least" and "at_most" (it
	// included).
	Bounds map[string][]string `json:"bounds"`
	// Extremes name the end of a range a number stands for, "max" and
	// "min" ("a minimum of three and a maximum of five", "como máximo"):
	// a question asking one is not answered by the other's number.
	Extremes map[string][]string `json:"extremes"`
	// Degrees are the frames that compare two amounts, by what they say
	// of the first: "more" ("más … que", "more … than"), "same" ("tantas
	// … como", "as many … as"), "less"; "…" stands for the words compared
	// (a few, or none). A condition of one degree is not met by a case of
	// another (conditionContradicted).
	Degrees map[string][]string `json:"degrees"`
	// Per are the phrases that say what a count is per ("per game",
	// "por turno", "in the same Order"), keyed by per unit.
	Per map[string][]string `json:"per"`
	// Labels are how a verdict shows a unit of length, a kind or a per
	// unit in this language ("inch": "pulgadas", "game": "por partida").
	Labels map[string]string `json:"labels"`
}

// PolarityWords are the phrases that give a clause its polarity: a
// negation ("no", "not", "cannot"), a blocking verb ("impide", "prevents":
// counted as a negation of what follows), a restriction that opens a
// closed list ("sólo", "only"), an exception ("excepto", "except"), a
// conditional or concessive opener ("si", "if", "aunque", "even if": a
// negation after one is a condition, not the clause's polarity), yes and
// no words of an FAQ answer, and qualifiers that limit a yes or a no
// ("pero", "only").
type PolarityWords struct {
	Negation    []string `json:"negation"`
	Blocking    []string `json:"blocking"`
	Restriction []string `json:"restriction"`
	// Prohibition opens a sentence that forbids outright what it names
	// ("No se permite", "No está permitido").
	Prohibition []string `json:"prohibition"`
	Exception   []string `json:"exception"`
	Conditional []string `json:"conditional"`
	Concessive  []string `json:"concessive"`
	// Contrast opens a contrasting clause ("pero", "sino", "but").
	Contrast []string `json:"contrast"`
	// ListConjunctions join the last items of a list ("y", "o", "and").
	ListConjunctions []string `json:"list_conjunctions"`
	// Single says "only one" of something ("única", "a single").
	Single []string `json:"single"`
	// Relative opens a relative clause ("que", "which"): a negation right
	// after one qualifies a noun ("las ORA que no requieren LDT"), it is
	// not the clause's polarity.
	Relative []string `json:"relative"`
	// NegationAdverbs may stand between a relative and its negation
	// ("al que todavía no he llegado", "that still cannot"): the
	// negation is the relative clause's all the same.
	NegationAdverbs []string `json:"negation_adverbs"`
	// RelativeVerbs stand between a relative and a determiner-like
	// negation as a copula does ("a target that has no PH Attribute",
	// "troopers who have no Orders left"): the negation qualifies the noun
	// of the relative clause, not the clause's act.
	RelativeVerbs []string `json:"relative_verbs"`
	// NounPrepositions take a negation as a determiner of their noun
	// ("a target with no PH Attribute"): the negation qualifies the noun,
	// it is not the clause's polarity.
	NounPrepositions []string `json:"noun_prepositions"`
	// Consecutives end in a relative word but open a main clause ("por
	// lo que", "so that"): a negation after one is the clause's own.
	Consecutives []string `json:"consecutives"`
	// PossessiveRelatives open a relative clause with its own subject
	// ("cuyo número de integrantes no supera 10", "whose number … does
	// not exceed"): a negation after that subject (a noun, with a
	// complement opened by a Genitive) is the relative clause's.
	PossessiveRelatives []string `json:"possessive_relatives"`
	// Privatives say a case lacks something ("sin", "without"): a
	// question asking whether an act may be done without X is not
	// answered by a text stating the act with X.
	Privative []string `json:"privative"`
	// Asides are phrases set aside between commas inside a clause ("no
	// puede provocar, en ningún caso, la caída"): the clause goes on
	// across them.
	Asides []string `json:"asides"`
	// Genitives open a noun's complement ("número de integrantes").
	Genitives []string `json:"genitives"`
	// Permission says a clause allows what it names ("puede", "may").
	Permission []string `json:"permission"`
	// Obligation says a clause requires what it names ("debe", "tiene
	// que", "must"): it answers a question asking whether something is
	// required, which a permission does not.
	Obligation []string `json:"obligation"`
	// Affirmation asserts that what a clause states holds ("siempre",
	// "también", "sigue", "always", "still"): a rule, not a description,
	// so it answers yes as a permission does.
	Affirmation []string `json:"affirmation"`
	// Identity says that what a clause names before it is, counts as or
	// becomes what it names after it ("se considera", "forma un", "pasa a
	// estado", "is considered", "counts as"): it answers a question asking
	// whether one thing is another ("is he Dead?", "¿es … su Zona de
	// Control?").
	Identity []string `json:"identity"`
	// Then opens the consequence of a condition written without a comma
	// ("si … pasa entonces a estado Muerto", "if … then"): the clause it
	// opens is a main clause, not part of the condition.
	Then       []string `json:"then"`
	Yes        []string `json:"yes"`
	No         []string `json:"no"`
	Qualifiers []string `json:"qualifiers"`
	// Paraphrases are groups of words and phrases that say one thing of a
	// trooper or an act in the rules, each keyed by the same English word
	// in every language ("die": "muere", "Muerto", "dies", "Dead"): a
	// clause holding one holds what a question writes with another when
	// the engine reads the clause's polarity (polarity.go). Matched by
	// stem, across languages.
	Paraphrases map[string][]string `json:"paraphrases"`
	// Clitics are the pronouns written onto an infinitive or a gerund
	// ("impidiéndoles" = "impidiendo" + "les", "permitirle"): a word
	// that is a polarity word of the vocabulary with one of them
	// attached is read as that word (bare), so that a phrase list holds
	// the bare forms only.
	Clitics []string `json:"clitics"`
}

// ClassWords are the class words of titles: Suffixes end a title
// ("State"), Prefixes open it ("Estado"). Compared as folded words.
type ClassWords struct {
	Prefixes []string `json:"prefixes"`
	Suffixes []string `json:"suffixes"`
}

// Labels are the words of an answer card in one language.
type Labels struct {
	Deciding    string `json:"deciding"`
	Supporting  string `json:"supporting"`
	Overridden  string `json:"overridden"`
	Why         string `json:"why"`
	Yes         string `json:"yes"`
	No          string `json:"no"`
	NotFound    string `json:"not_found"`
	Nearest     string `json:"nearest"`
	SeeDeciding string `json:"see_deciding"`
	Edition     string `json:"edition"`
	Data        string `json:"data"` // the line naming the revisions and FAQ versions quoted
	// FAQQuestion and FAQAnswer open an FAQ entry's question and answer
	// where an answer quotes it ("P:", "R:" in Spanish; "Q:", "A:").
	FAQQuestion string `json:"faq_q"`
	FAQAnswer   string `json:"faq_a"`
}

//go:embed vocabulary/*.json
var vocabFiles embed.FS

var (
	vocabOnce sync.Once
	vocabs    map[string]*Vocabulary
	vocabErr  error
)

// Vocabularies returns the vocabulary of every language the engine knows,
// by language code. It panics if an embedded file is malformed (a build
// defect, caught by the tests).
func Vocabularies() map[string]*Vocabulary {
	vocabOnce.Do(func() {
		vocabs, vocabErr = loadVocabularies()
	})
	if vocabErr != nil {
		panic(vocabErr)
	}
	return vocabs
}

// LabelsOf returns the answer labels of language l: Spanish for "es",
// English for any other (the CLI's language when no locale says).
func LabelsOf(l string) Labels {
	if l != "es" {
		l = "en"
	}
	return vocabFor(l).Labels
}

// vocabFor returns the vocabulary of language l, or the Spanish one.
func vocabFor(l string) *Vocabulary {
	vs := Vocabularies()
	if v := vs[l]; v != nil {
		return v
	}
	return vs["es"]
}

func loadVocabularies() (map[string]*Vocabulary, error) {
	names, err := vocabFiles.ReadDir("vocabulary")
	if err != nil {
		return nil, err
	}
	out := map[string]*Vocabulary{}
	for _, n := range names {
		name := "vocabulary/" + n.Name()
		data, err := vocabFiles.ReadFile(name)
		if err != nil {
			return nil, err
		}
		v, err := ParseVocabulary(data, name)
		if err != nil {
			return nil, err
		}
		out[v.Language] = v
	}
	return out, nil
}

// ParseVocabulary reads a vocabulary file; errors name the file and say
// what is missing.
func ParseVocabulary(data []byte, name string) (*Vocabulary, error) {
	var v Vocabulary
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if v.Language == "" {
		return nil, fmt.Errorf("%s: no language", name)
	}
	if v.Labels.Deciding == "" || v.Labels.Data == "" || v.Labels.FAQQuestion == "" || v.Labels.FAQAnswer == "" || v.Labels.NotFound == "" || v.Labels.Yes == "" || v.Labels.No == "" {
		return nil, fmt.Errorf("%s: labels deciding, data, faq_q, faq_a, not_found, yes and no are required", name)
	}
	v.ps = phraseLists{
		yesNo: phrases(v.Question.YesNo), wh: phrases(v.Question.Interrogatives), numeric: phrases(v.Question.Numeric),
		neg:  phrases(append(append([]string(nil), v.Polarity.Negation...), v.Polarity.Blocking...)),
		cond: phrases(append(append([]string(nil), v.Polarity.Conditional...), v.Polarity.Concessive...)),
		ifs:  phrases(v.Polarity.Conditional),
		exc:  phrases(v.Polarity.Exception), contrast: phrases(v.Polarity.Contrast), restr: phrases(v.Polarity.Restriction), ban: phrases(v.Polarity.Prohibition),
		perm: phrases(v.Polarity.Permission), oblig: phrases(v.Polarity.Obligation), affirm: phrases(v.Polarity.Affirmation), qual: phrases(v.Polarity.Qualifiers), intents: map[string][][]string{},
		single: phrases(v.Polarity.Single), consec: phrases(v.Polarity.Consecutives),
		identity: phrases(v.Polarity.Identity), then: phrases(v.Polarity.Then),
		notNeg: phrases(v.Polarity.Negation), block: phrases(v.Polarity.Blocking), alt: phrases(v.AlternativeOpeners),
		exampleOpen: phrases(v.ExampleOpeners),
		asides:      phrases(v.Polarity.Asides),
	}
	for _, pair := range v.Opposites {
		if len(pair) == 2 {
			v.ps.opposites = append(v.ps.opposites, [2][]string{lang.Words(pair[0]), lang.Words(pair[1])})
		}
	}
	for k, l := range v.Intents {
		v.ps.intents[k] = phrases(l)
	}
	v.ps.asks, v.ps.per, v.ps.compare = map[string][][]string{}, map[string][][]string{}, phrases(v.Quantities.Comparisons)
	for k, l := range v.Quantities.Asks {
		v.ps.asks[k] = phrases(l)
	}
	for k, l := range v.Quantities.Per {
		v.ps.per[k] = phrases(l)
	}
	v.ps.bounds = map[string][][]string{}
	v.ps.extremes = map[string][][]string{}
	for k, l := range v.Quantities.Extremes {
		v.ps.extremes[k] = phrases(l)
	}
	for k, l := range v.Quantities.Bounds {
		v.ps.bounds[k] = phrases(l)
	}
	v.sets = map[string]map[string]bool{}
	for name, list := range map[string][]string{
		"function": v.FunctionWords, "stop": v.Stopwords, "numnoun": v.Question.NumericNouns,
		"modword": v.Question.ModifierWords, "opener": v.Question.YesNo, "conj": v.Polarity.ListConjunctions,
		"count": v.Question.CountNouns, "attribute": v.Question.Attributes, "relative": v.Polarity.Relative, "negadv": v.Polarity.NegationAdverbs, "relverb": v.Polarity.RelativeVerbs, "nounprep": v.Polarity.NounPrepositions,
		"possrel": v.Polarity.PossessiveRelatives, "genitive": v.Polarity.Genitives, "privative": v.Polarity.Privative,
		"copula": v.Question.Copulas, "det": v.Question.Determiners, "another": v.Another, "scopeown": v.Scope.Own, "scopeother": v.Scope.Other, "label": v.Question.Labels, "levellabel": v.Question.LevelLabels, "levelcode": v.Question.LevelCodes, "state": v.Question.StateWords,
		"openverb": v.Question.OpenVerbs, "useverb": v.Question.UseVerbs,
		"classpre": v.ClassWords.Prefixes, "classsuf": v.ClassWords.Suffixes,
		"modal": append(append([]string(nil), v.Polarity.Permission...), v.Polarity.Obligation...),
	} {
		v.sets[name] = wordSet(list)
	}
	v.sets["cliticbase"] = cliticBases(&v)
	v.clitics = phrasesByLength(v.Polarity.Clitics)
	for k, l := range v.Quantities.Nouns {
		v.sets["noun:"+k] = wordSet(l)
	}
	for k, l := range v.Quantities.Before {
		v.sets["before:"+k] = wordSet(l)
	}
	return &v, nil
}

// cliticBases returns the words a clitic may be written onto in v's
// polarity lists: the single words of its negation, blocking,
// permission, obligation, affirmation and identity phrases and of its
// paraphrases that end as an infinitive or a gerund (verbBase). Only
// those are read bare: a word ending as a clitic does ("reparte",
// "muerte") is another word unless what stands before that ending is
// one of them.
func cliticBases(v *Vocabulary) map[string]bool {
	m := map[string]bool{}
	if len(v.Polarity.Clitics) == 0 {
		return m
	}
	p := v.Polarity
	lists := [][]string{p.Negation, p.Blocking, p.Permission, p.Obligation, p.Affirmation, p.Identity}
	for _, l := range p.Paraphrases {
		lists = append(lists, l)
	}
	for _, l := range lists {
		for w := range wordSet(l) {
			if verbBase(w) {
				m[w] = true
			}
		}
	}
	return m
}

// phrasesByLength returns the folded words, longest first (a longer
// clitic, "les", is cut before the shorter one it ends in, "es" or "s"
// being none: "le").
func phrasesByLength(list []string) []string {
	out := make([]string, 0, len(list))
	for _, x := range list {
		out = append(out, lang.Fold(x))
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

// bare returns folded word w without the clitic written onto it when
// what it is written onto is a base of v's polarity lists (cliticBases):
// "impidiendoles" → "impidiendo", "permitirle" → "permitir"; any other
// word as it is. Its stem is the same either way (stem drops the
// clitic too); only the phrase lists, compared word for word, read the
// difference.
func (v *Vocabulary) bare(w string) string {
	for _, cl := range v.clitics {
		if b, ok := strings.CutSuffix(w, cl); ok && v.sets["cliticbase"][b] {
			return b
		}
	}
	return w
}

// wordSet returns the folded words of phrases, as a set.
func wordSet(phrases []string) map[string]bool {
	m := map[string]bool{}
	for _, p := range phrases {
		for _, w := range lang.Words(p) {
			m[w] = true
		}
	}
	return m
}

// has reports whether folded word w is in the named word list
// ("function", "stop", "numnoun", "modword").
func (v *Vocabulary) has(list, w string) bool { return v.sets[list][w] }

// phrases returns the folded word sequences of a list of phrases, longest
// first (so that "no se puede" is tried before "no").
func phrases(list []string) [][]string {
	out := make([][]string, 0, len(list))
	for _, p := range list {
		if w := lang.Words(p); len(w) > 0 {
			out = append(out, w)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

// reason returns the reason named key in v's language with args filled in
// (fmt verbs); a missing key gives the key itself, so a gap in a
// vocabulary file shows rather than hides.
func (v *Vocabulary) reason(key string, args ...any) string {
	t, ok := v.Reasons[key]
	if !ok {
		t = key
	}
	if len(args) == 0 {
		return t
	}
	return fmt.Sprintf(t, args...)
}

// role returns the page titles of a page role, in v and then in every
// other vocabulary (a Spanish knowledge base asked in English still has
// Spanish pages).
func roleTitles(v *Vocabulary, role string) []string {
	out := append([]string(nil), v.Roles[role]...)
	for _, o := range sortedVocabs() {
		if o != v {
			out = append(out, o.Roles[role]...)
		}
	}
	return out
}

// sortedVocabs returns the vocabularies in a fixed order (by language).
func sortedVocabs() []*Vocabulary {
	sortedOnce.Do(func() { sorted = sortVocabs() })
	return sorted
}

// sorted is sortedVocabs' list, made once: the vocabularies are loaded
// once per process (Vocabularies) and never change.
var (
	sortedOnce sync.Once
	sorted     []*Vocabulary
)

func sortVocabs() []*Vocabulary {
	vs := Vocabularies()
	keys := make([]string, 0, len(vs))
	for k := range vs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]*Vocabulary, len(keys))
	for i, k := range keys {
		out[i] = vs[k]
	}
	return out
}

// factAlternatives returns the alternatives of a fact in every
// vocabulary (a record of either wiki may state it): each alternative is
// the phrases (folded word sequences) a text must all hold, written
// "careciendo + ldt" in the vocabulary file.
func factAlternatives(fact string) [][][]string {
	var out [][][]string
	for _, v := range sortedVocabs() {
		for _, alt := range v.Facts[fact] {
			var parts [][]string
			for _, p := range strings.Split(alt, " + ") {
				if w := lang.Words(p); len(w) > 0 {
					parts = append(parts, w)
				}
			}
			if len(parts) > 0 {
				out = append(out, parts)
			}
		}
	}
	return out
}

// statesFact reports whether the folded words of a text state fact: they
// hold every phrase of one of its alternatives.
func statesFact(words []string, fact string) bool {
	for _, alt := range factAlternatives(fact) {
		all := true
		for _, p := range alt {
			if indexWords(words, p) < 0 {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// factAt returns where in words the first phrase of fact (of its
// one-phrase alternatives) starts and ends, or -1, -1.
func factAt(words []string, fact string) (int, int) {
	best, end := -1, -1
	for _, alt := range factAlternatives(fact) {
		if len(alt) != 1 {
			continue
		}
		if i := indexWords(words, alt[0]); i >= 0 && (best < 0 || i < best) {
			best, end = i, i+len(alt[0])
		}
	}
	return best, end
}

// factLabel returns how v writes fact (its first phrase), or the fact's
// name when v has none.
func factLabel(v *Vocabulary, fact string) string {
	if l := v.Facts[fact]; len(l) > 0 {
		return l[0]
	}
	return fact
}

// indexWords returns the index in words where the sequence p starts, or -1.
func indexWords(words, p []string) int {
	if len(p) == 0 {
		return -1
	}
outer:
	for i := 0; i+len(p) <= len(words); i++ {
		for j, w := range p {
			if words[i+j] != w {
				continue outer
			}
		}
		return i
	}
	return -1
}
