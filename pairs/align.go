package pairs

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/diff"
)

// Status says whether a record has a counterpart on the twin page.
type Status string

// Statuses of a record pair.
const (
	Aligned   Status = "aligned"
	Unmatched Status = "unmatched"
)

// How two records were aligned.
const (
	MatchOrdinal = "ordinal" // same block, same ordinal, blocks of one size
	MatchNumbers = "numbers" // same block, the same numerals (at the same ordinal, or unique on both sides)
)

// RecordRef is one side's record in an alignment.
type RecordRef struct {
	Ordinal  int                `json:"ordinal"`
	Depth    int                `json:"depth,omitempty"`
	Text     string             `json:"text"`
	Numbers  []string           `json:"numbers,omitempty"`
	Citation wikirules.Citation `json:"citation"`
}

// RecordPair is a Spanish record and its English counterpart (Aligned), or
// a record of one side with none (Unmatched, the other side nil). Block is
// the n-th block of Kind on its page, from 1. Class and Reasons are
// diff.Text's for aligned records: substantive when a number or MOD
// differs, translation when only the language does. An aligned pair whose
// records state different editions (N4 beside N5) is no translation of one
// another: it is marked OtherEditions, with no Class, and not compared.
type RecordPair struct {
	Status  Status         `json:"status"`
	Match   string         `json:"match,omitempty"`
	Kind    wikirules.Kind `json:"kind"`
	Block   int            `json:"block"`
	ES      *RecordRef     `json:"es,omitempty"`
	EN      *RecordRef     `json:"en,omitempty"`
	Class   diff.Class     `json:"class,omitempty"`
	Reasons []string       `json:"reasons,omitempty"`
	// OtherEditions: the two records' editions share none.
	OtherEditions bool `json:"other_editions,omitempty"`
}

// Alignment is the record-level alignment of a pair's current revisions.
type Alignment struct {
	Records     []RecordPair `json:"records"`
	Aligned     int          `json:"aligned"`
	Unmatched   int          `json:"unmatched"`
	Substantive int          `json:"substantive"` // aligned records of one edition that differ in substance
	// OtherEditions counts the aligned records whose editions differ
	// (RecordPair.OtherEditions), in Aligned and not in Substantive.
	OtherEditions int `json:"other_editions"`
	// Languages are the languages the two pages' texts are written in
	// (diff.Language over their records), Spanish side first: a page of
	// the Spanish wiki may still hold English text.
	Languages [2]string `json:"languages"`
	cross     bool
}

// group is the records of one block: one kind, the n-th run of it.
type group struct {
	kind  wikirules.Kind
	block int
	recs  []*wikirules.Record
}

// blocks cuts the rule records of a revision into blocks: a block of a
// kind is a run of records of that kind under one section path (a new
// block starts when the section changes). FAQs and superseded records are
// left out: FAQs are compared by version (Lag), superseded text is no
// rule.
func blocks(recs []wikirules.Record) []*group {
	var out []*group
	last := map[wikirules.Kind]*group{}
	lastSection := map[wikirules.Kind]string{}
	count := map[wikirules.Kind]int{}
	for i := range recs {
		r := &recs[i]
		if r.Superseded || r.Kind == wikirules.KindFAQ || r.Kind == wikirules.KindErrata {
			continue
		}
		sec := strings.Join(r.Section, "\x00")
		g := last[r.Kind]
		if g == nil || lastSection[r.Kind] != sec {
			count[r.Kind]++
			g = &group{kind: r.Kind, block: count[r.Kind]}
			last[r.Kind], lastSection[r.Kind] = g, sec
			out = append(out, g)
		}
		g.recs = append(g.recs, r)
	}
	return out
}

// Align aligns the current records of a Spanish revision (es) and of its
// English twin (en), as the package documentation describes, in the order
// of the Spanish page (English-only blocks last).
func Align(es, en []wikirules.Record) Alignment {
	var a Alignment
	a.Languages = [2]string{textLanguage(es), textLanguage(en)}
	a.cross = a.Languages[0] != "" && a.Languages[1] != "" && a.Languages[0] != a.Languages[1]
	enGroups := map[string]*group{}
	gk := func(g *group) string { return fmt.Sprintf("%s/%d", g.kind, g.block) }
	var enOrder []*group
	for _, g := range blocks(en) {
		enGroups[gk(g)] = g
		enOrder = append(enOrder, g)
	}
	seen := map[string]bool{}
	for _, g := range blocks(es) {
		seen[gk(g)] = true
		a.alignGroup(g, enGroups[gk(g)])
	}
	for _, g := range enOrder {
		if !seen[gk(g)] {
			a.alignGroup(nil, g)
		}
	}
	for _, r := range a.Records {
		switch {
		case r.Status == Unmatched:
			a.Unmatched++
		case r.OtherEditions:
			a.Aligned++
			a.OtherEditions++
		case r.Class == diff.Substantive:
			a.Aligned++
			a.Substantive++
		default:
			a.Aligned++
		}
	}
	return a
}

// textLanguage guesses the language of a revision's rule text.
func textLanguage(recs []wikirules.Record) string {
	var b strings.Builder
	for _, r := range recs {
		if !r.Superseded {
			b.WriteString(r.Plain)
			b.WriteByte(' ')
		}
	}
	return diff.Language(b.String())
}

func ref(r *wikirules.Record) *RecordRef {
	return &RecordRef{Ordinal: r.Ordinal, Depth: r.Depth, Text: r.Plain, Numbers: Numerals(r.Plain), Citation: wikirules.CitationOf(*r)}
}

// Compare classifies the difference between a record and its twin's.
// Across languages every game term and number word differs ("Visibilidad
// Nula" is "Zero Visibility"), so only the numerals count: different
// numerals (a MOD, a distance, a count) are substantive, named as "-9
// removed", "-3 → -6"; otherwise the change is a translation when
// diff.Language tells the two languages apart, else diff.Text's class (a
// Spanish page still holding English text, compared word by word).
//
// cross says the two pages' texts are in different languages (Language of
// their records' text): a record too short to tell its language (a skill
// header "AISLADO" against "ISOLATED STATE") is then read as translated.
func Compare(es, en string, cross bool) (diff.Class, []string) {
	if es == en {
		return "", nil
	}
	if reasons := numeralChanges(Numerals(es), Numerals(en)); reasons != nil {
		return diff.Substantive, reasons
	}
	la, lb := diff.Language(es), diff.Language(en)
	if la != "" && lb != "" && la != lb {
		return diff.Translation, []string{la + " → " + lb}
	}
	if cross && (la == "" || lb == "") {
		return diff.Translation, []string{"page text es → en"}
	}
	tc := diff.Text(es, en, false)
	return tc.Class, tc.Reasons
}

// numeralRe matches a numeral with its sign: a "-", "+" or "−" counts as a
// sign unless a letter or digit stands just before it ("IMP-1" is a name).
var numeralRe = regexp.MustCompile(`(^|[^\p{L}\p{N}\-+−.,])([-+−]?)(\d+(?:[.,]\d+)*)`)

// Numerals returns the numerals of s in order, signs kept ("-9", "+3",
// "20"); number words and units are left out.
func Numerals(s string) []string {
	var out []string
	for _, m := range numeralRe.FindAllStringSubmatch(s, -1) {
		sign := m[2]
		if sign == "−" {
			sign = "-"
		}
		out = append(out, sign+m[3])
	}
	return out
}

// numeralChanges names the numerals one side has and the other lacks
// (counting repeats): "-3 → -6" pairwise, then "-9 removed" (only on the
// Spanish side) or "+3 added" (only on the English); nil when they agree.
func numeralChanges(es, en []string) []string {
	changed, gone, came := numeralDiff(es, en)
	if changed == nil && gone == nil && came == nil {
		return nil
	}
	var out []string
	for _, c := range changed {
		out = append(out, c[0]+" → "+c[1])
	}
	for _, g := range gone {
		out = append(out, g+" removed")
	}
	for _, c := range came {
		out = append(out, c+" added")
	}
	return out
}

// numeralDiff pairs the numerals only es has with those only en has, in
// order (changed: Spanish, English), and returns the rest of each side.
func numeralDiff(es, en []string) (changed [][2]string, gone, came []string) {
	gone, came = without(es, en), without(en, es)
	n := min(len(gone), len(came))
	for i := 0; i < n; i++ {
		changed = append(changed, [2]string{gone[i], came[i]})
	}
	return changed, gone[n:], came[n:]
}

// numberPhrases are NumbersDiffer's sentences by language: a numeral
// each side states differently, one only the Spanish states, one only
// the English states.
var numberPhrases = map[string][3]string{
	"es": {"el texto español dice %s y el inglés %s", "el texto español dice %s y el inglés no", "el texto inglés dice %s y el español no"},
	"en": {"the Spanish text says %s and the English one %s", "the Spanish text says %s and the English one does not", "the English text says %s and the Spanish one does not"},
}

// NumbersDiffer says, in language judge (English unless "es"), which
// numerals of an aligned pair differ ("the English text says 0 and the
// Spanish one does not"); "" when both state the same ones (a difference diff.Text
// found in words, whose Reasons say it).
func NumbersDiffer(p *RecordPair, judge string) string {
	if p.ES == nil || p.EN == nil {
		return ""
	}
	if judge != "es" {
		judge = "en"
	}
	f := numberPhrases[judge]
	changed, gone, came := numeralDiff(p.ES.Numbers, p.EN.Numbers)
	var out []string
	for _, c := range changed {
		out = append(out, fmt.Sprintf(f[0], c[0], c[1]))
	}
	for _, g := range gone {
		out = append(out, fmt.Sprintf(f[1], g))
	}
	for _, c := range came {
		out = append(out, fmt.Sprintf(f[2], c))
	}
	return strings.Join(out, "; ")
}

// without returns the items of a that b does not hold, counting repeats.
func without(a, b []string) []string {
	have := map[string]int{}
	for _, x := range b {
		have[x]++
	}
	var out []string
	for _, x := range a {
		if have[x] > 0 {
			have[x]--
			continue
		}
		out = append(out, x)
	}
	return out
}

// alignGroup aligns one block of each side (either may be nil).
func (a *Alignment) alignGroup(es, en *group) {
	g := es
	if g == nil {
		g = en
	}
	var esRecs, enRecs []*wikirules.Record
	if es != nil {
		esRecs = es.recs
	}
	if en != nil {
		enRecs = en.recs
	}
	enFor := make([]int, len(esRecs)) // index in enRecs, or -1
	enUsed := make([]bool, len(enRecs))
	match := MatchOrdinal
	if len(esRecs) == len(enRecs) {
		for i := range esRecs {
			enFor[i], enUsed[i] = i, true
		}
	} else {
		// Blocks of different sizes: a record keeps its ordinal's
		// counterpart only when both state the same numerals; the others
		// pair when their numerals are the same and unique on both sides.
		match = MatchNumbers
		esKeys, enKeys := numberKeys(esRecs), numberKeys(enRecs)
		for i := range esRecs {
			enFor[i] = -1
			if i < len(enRecs) && esKeys[i] != "" && esKeys[i] == enKeys[i] {
				enFor[i], enUsed[i] = i, true
			}
		}
		for i, k := range esKeys {
			if enFor[i] >= 0 || k == "" || count(esKeys, k) != 1 || count(enKeys, k) != 1 {
				continue
			}
			if j := slices.Index(enKeys, k); !enUsed[j] {
				enFor[i], enUsed[j] = j, true
			}
		}
	}
	next := 0 // English records are reported in their order among the Spanish ones
	flushEN := func(upto int) {
		for ; next < upto; next++ {
			if !enUsed[next] {
				a.Records = append(a.Records, RecordPair{Status: Unmatched, Kind: g.kind, Block: g.block, EN: ref(enRecs[next])})
			}
		}
	}
	for i, r := range esRecs {
		j := enFor[i]
		if j < 0 {
			a.Records = append(a.Records, RecordPair{Status: Unmatched, Kind: g.kind, Block: g.block, ES: ref(r)})
			continue
		}
		flushEN(j)
		pair := RecordPair{Status: Aligned, Match: match, Kind: g.kind, Block: g.block, ES: ref(r), EN: ref(enRecs[j])}
		if otherEditions(r, enRecs[j]) {
			pair.OtherEditions = true
			pair.Reasons = []string{r.Editions.String() + " → " + enRecs[j].Editions.String()}
		} else {
			pair.Class, pair.Reasons = Compare(r.Plain, enRecs[j].Plain, a.cross)
		}
		a.Records = append(a.Records, pair)
		if next == j {
			next++
		}
	}
	flushEN(len(enRecs))
}

// otherEditions is whether two records both say their editions and share
// none (an N4 record beside an N5 one).
func otherEditions(a, b *wikirules.Record) bool {
	ea, eb := a.Editions&wikirules.AllEditions, b.Editions&wikirules.AllEditions
	return ea != 0 && eb != 0 && ea&eb == 0
}

// numberKeys returns, for each record, its numbers sorted and joined ("" when it states none).
func numberKeys(recs []*wikirules.Record) []string {
	out := make([]string, len(recs))
	for i, r := range recs {
		ns := Numerals(r.Plain)
		slices.Sort(ns)
		out[i] = strings.Join(ns, " ")
	}
	return out
}

func count(list []string, s string) int {
	n := 0
	for _, x := range list {
		if x == s {
			n++
		}
	}
	return n
}
