package wikirules

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Format names the kind of source a revision was read from.
type Format string

// Source formats understood by the readers (docs/DESIGN.md, "Input formats").
const (
	FormatContribs Format = "contribs" // contributions dump (text)
	FormatPageText Format = "pagetext" // rendered page text
	FormatXML      Format = "xml"      // MediaWiki XML export 0.10 / 0.11
	FormatAPI      Format = "api"      // MediaWiki API JSON, prop=revisions
	FormatHTML     Format = "html"     // rendered MediaWiki HTML
)

// Page is a wiki page: its title (as the wiki shows it, e.g. "Esquivar"),
// MediaWiki namespace number (0 = main), language code ("es", "en") and the
// wiki it belongs to (e.g. "infinity-es").
type Page struct {
	Title     string `json:"title"`
	Namespace int    `json:"namespace"`
	Language  string `json:"language"`
	Wiki      string `json:"wiki"`
}

// PageAlias is another title a page goes by: the title of a redirect to
// it on its wiki (Twin false: "Isolated" for Isolated State), or the title
// of its twin, the page of the same rule on the wiki of the other language
// (Twin true: "Aislado" for Isolated State).
type PageAlias struct {
	Page  Page   `json:"page"`
	Alias string `json:"alias"`
	Twin  bool   `json:"twin,omitempty"`
}

// Revision is one stored state of a page's text.
//
// ID is the wiki's native revision id where the source has one, or an id
// derived by DeriveRevisionID. Timestamp is UTC; TimestampInferred is true
// when the source had no timestamp and it was read from the text (e.g. the
// newest update marker of a rendered page). Text is kept verbatim: every
// record can be re-derived from it; its line ends are "\n", as MediaWiki
// stores them (NormalizeLineEnds). SHA1 is the lower-case hex SHA-1 of Text.
// Model is the content model the source gives ("wikitext", "css", "json",
// "javascript", "Scribunto"…; "" when it says none): only wikitext
// (IsWikitextModel) yields records. Origin says where the revision came
// from ("file:byte offset").
type Revision struct {
	Page              Page      `json:"page"`
	ID                string    `json:"id"`
	ParentID          string    `json:"parent_id,omitempty"`
	Timestamp         time.Time `json:"timestamp,omitzero"`
	TimestampInferred bool      `json:"timestamp_inferred,omitempty"`
	User              string    `json:"user,omitempty"`
	Comment           string    `json:"comment,omitempty"`
	Minor             bool      `json:"minor,omitempty"`
	SHA1              string    `json:"sha1,omitempty"`
	Format            Format    `json:"format"`
	Model             string    `json:"model,omitempty"`
	Text              string    `json:"-"`
	Origin            string    `json:"origin,omitempty"`
	// RedirectedFrom is the title of the redirect the wiki followed to
	// show a rendered page ("(Redirected from Isolated)" above Isolated
	// State's text); "" when the page was not reached through one.
	RedirectedFrom string `json:"redirected_from,omitempty"`
}

// DeriveRevisionID returns a stable id for a revision that has no native id:
// "d" followed by the first 16 hex digits of SHA-256 over page title,
// RFC 3339 timestamp (UTC, seconds) and text, NUL-separated. The same page,
// time and text always give the same id.
func DeriveRevisionID(title string, ts time.Time, text string) string {
	h := sha256.New()
	h.Write([]byte(title))
	h.Write([]byte{0})
	h.Write([]byte(ts.UTC().Format(time.RFC3339)))
	h.Write([]byte{0})
	h.Write([]byte(text))
	return "d" + hex.EncodeToString(h.Sum(nil))[:16]
}

// IsDerivedRevisionID reports whether id has the shape DeriveRevisionID
// gives ("d" and 16 lower-case hex digits), as opposed to a MediaWiki
// revision id (decimal, possibly qualified by a wiki: "infinity_es:101").
func IsDerivedRevisionID(id string) bool {
	if len(id) != 17 || id[0] != 'd' {
		return false
	}
	for _, c := range id[1:] {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// Span is a half-open byte range [Start, End) in a revision's text.
type Span struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// Len returns End-Start in bytes.
func (s Span) Len() int { return s.End - s.Start }

// Edition is one edition of the game's rules.
type Edition uint8

// Editions of Infinity known to the wiki. The values are stored in
// knowledge bases: new editions take new bits.
const (
	N4 Edition = 1 << iota // Infinity N4
	C1                     // Infinity CodeOne
	N5                     // Infinity N5
	N3                     // Infinity N3 (the old official wiki)
)

// AllEditions is the set of every known edition.
const AllEditions = Editions(N3 | N4 | C1 | N5)

// Editions is a set of editions (a bit set of Edition values). The zero set
// means that the edition could not be told (extraction reports "edition
// unknown"): a record scoped to it holds in no edition, so no edition
// filter matches it.
type Editions uint8

var editionNames = []struct {
	e    Edition
	name string
}{{N3, "n3"}, {N4, "n4"}, {C1, "c1"}, {N5, "n5"}}

// ParseEdition reads "n3", "n4", "c1"/"codeone" or "n5" (any case). It
// returns an error naming the bad value otherwise.
func ParseEdition(s string) (Edition, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "n3":
		return N3, nil
	case "n4":
		return N4, nil
	case "c1", "codeone", "code one":
		return C1, nil
	case "n5":
		return N5, nil
	}
	return 0, fmt.Errorf("unknown edition %q (want n3, n4, c1 or n5)", s)
}

// NewestFirst lists the editions from the newest to the oldest: N5, N4,
// CodeOne (a simplified N4 that N4 followed), N3. The default edition of
// a knowledge base is the first of them it holds.
var NewestFirst = []Edition{N5, N4, C1, N3}

// Newest returns the newest edition of the set (NewestFirst order);
// false for the zero set.
func (s Editions) Newest() (Edition, bool) {
	for _, e := range NewestFirst {
		if s.Has(e) {
			return e, true
		}
	}
	return 0, false
}

// Has reports whether e is in the set.
func (s Editions) Has(e Edition) bool { return s&Editions(e) != 0 }

// Holds reports whether a record scoped to s holds in edition e. The zero
// set (edition unknown) holds in none: a record whose edition could not be
// told is never taken for a rule of the edition asked for.
func (s Editions) Holds(e Edition) bool { return s.Has(e) }

// Names returns the set as lower-case names in a fixed order: n3, n4, c1,
// n5.
func (s Editions) Names() []string {
	out := []string{}
	for _, en := range editionNames {
		if s.Has(en.e) {
			out = append(out, en.name)
		}
	}
	return out
}

// String returns the set as "n4,c1" (empty for the zero set).
func (s Editions) String() string { return strings.Join(s.Names(), ",") }

// Label returns the set as the citation shows it: "[N4]", "[C1 N4]" or "".
func (s Editions) Label() string {
	if s == 0 {
		return ""
	}
	return "[" + strings.ToUpper(strings.Join(s.Names(), " ")) + "]"
}

// ParseEditions reads a comma-separated list such as "n4,c1".
func ParseEditions(s string) (Editions, error) {
	var out Editions
	for _, p := range strings.Split(s, ",") {
		if strings.TrimSpace(p) == "" {
			continue
		}
		e, err := ParseEdition(p)
		if err != nil {
			return 0, err
		}
		out |= Editions(e)
	}
	return out, nil
}

// MarshalJSON encodes the set as an array of names, e.g. ["n4"].
func (s Editions) MarshalJSON() ([]byte, error) { return json.Marshal(s.Names()) }

// UnmarshalJSON decodes an array of names.
func (s *Editions) UnmarshalJSON(b []byte) error {
	var names []string
	if err := json.Unmarshal(b, &names); err != nil {
		return err
	}
	v, err := ParseEditions(strings.Join(names, ","))
	*s = v
	return err
}

// Kind is the kind of a record, as citations name it (docs/DESIGN.md, "Citation").
type Kind string

// Record kinds.
const (
	KindSkill        Kind = "skill"        // skill header (skillbox)
	KindRequirement  Kind = "requirement"  // bullet under {{requirements}}
	KindEffect       Kind = "effect"       // bullet under {{effects}}
	KindActivation   Kind = "activation"   // bullet under {{activation}}
	KindCancellation Kind = "cancellation" // bullet under {{cancellation}}
	KindImportant    Kind = "important"    // important box
	KindRemember     Kind = "remember"     // remember box
	KindRoll         Kind = "roll"         // bullet under {{roll}} (the saving roll a rule asks for)
	KindReference    Kind = "reference"    // see-also box: a reference to (a quote of) another page
	KindNote         Kind = "note"         // explain / advice boxes, notes
	KindRule         Kind = "rule"         // other rule text (paragraphs, bullets)
	KindExample      Kind = "example"      // greybox example
	KindWeapon       Kind = "weapon"       // weapon table row
	KindProgram      Kind = "program"      // hacking program row
	KindFAQ          Kind = "faq"          // FAQ entry
	KindErrata       Kind = "errata"       // errata entry
	KindTemplate     Kind = "template"     // unknown template kept raw
)

// Kinds lists every record kind, in the order of the constants above.
var Kinds = []Kind{KindSkill, KindRequirement, KindEffect, KindActivation, KindCancellation, KindImportant,
	KindRemember, KindRoll, KindReference, KindNote, KindRule, KindExample, KindWeapon, KindProgram, KindFAQ,
	KindErrata, KindTemplate}

// ParseKind reads a kind name ("effect", "errata"…, any case); the error
// lists the valid names.
func ParseKind(s string) (Kind, error) {
	k := Kind(strings.ToLower(strings.TrimSpace(s)))
	for _, v := range Kinds {
		if v == k {
			return k, nil
		}
	}
	names := make([]string, len(Kinds))
	for i, v := range Kinds {
		names[i] = string(v)
	}
	return "", fmt.Errorf("unknown kind %q (want one of %s)", s, strings.Join(names, ", "))
}

// SkillHeader is what a skillbox says: colour, NAME, TYPE (e.g.
// "HABILIDAD CORTA / ORA"; empty for states) and the labels of skill-label.
type SkillHeader struct {
	Name   string   `json:"name"`
	Color  string   `json:"color,omitempty"`
	Type   string   `json:"type"`
	Labels []string `json:"labels,omitempty"`
}

// Record is one citable unit of a revision: a rule bullet, a paragraph, a
// skill header, a box, an example, a table row or an unknown template.
//
// ID is a stable anchor: the same revision text always yields the same IDs.
// Section is the heading path plus the block the record stands in (e.g.
// ["Efectos"]). Ordinal counts from 1 within its block; Depth is the list
// depth (1 for "*", 2 for "**"; 0 outside lists). Version is the update it
// comes from ("1.1.1, dic 2021"); Superseded marks original text replaced by
// an update, and SupersededBy names the record that replaced it.
// Alternative groups records that are versions of one rule for different
// editions (a c1 block and the n4list block after it). Text is Markdown,
// Plain is plain text for search, Span is the byte range in the revision.
type Record struct {
	ID         string    `json:"id"`
	Page       string    `json:"page"`
	RevisionID string    `json:"revision"`
	Timestamp  time.Time `json:"timestamp,omitzero"`
	// TimestampInferred: the revision's time is not its own but read from
	// the newest update marker its page shows (Revision.TimestampInferred).
	TimestampInferred bool              `json:"timestamp_inferred,omitempty"`
	Section           []string          `json:"section"`
	Kind              Kind              `json:"kind"`
	Ordinal           int               `json:"ordinal"`
	Depth             int               `json:"depth"`
	Editions          Editions          `json:"editions"`
	Version           string            `json:"version,omitempty"`
	Superseded        bool              `json:"superseded,omitempty"`
	SupersededBy      string            `json:"superseded_by,omitempty"`
	Alternative       string            `json:"alternative,omitempty"`
	Title             string            `json:"title,omitempty"`
	Text              string            `json:"text"`
	Plain             string            `json:"plain"`
	Span              Span              `json:"span"`
	Links             []string          `json:"links,omitempty"`
	Notes             []string          `json:"notes,omitempty"`
	Skill             *SkillHeader      `json:"skill,omitempty"`
	Fields            map[string]string `json:"fields,omitempty"`
	Template          string            `json:"template,omitempty"`
	// HeldFor is set on a record of an older revision that the knowledge
	// base serves for these editions because its page's current revision
	// holds no record of them (the wiki rewrote the page for a newer
	// edition and dropped the older one's text); zero for the records of
	// a current revision. The record's revision is the older one.
	HeldFor Editions `json:"held_for,omitempty"`
}

// FAQ is one FAQ or errata entry (from a faqbox). The same entry repeated on
// several pages is one FAQ: ID is derived from type, title, version and
// question (FAQID). Pages lists the pages it appears on, Related the pages it
// names in its related parameter. Removed is the FAQ version that withdrew
// the entry ("1.3, Nov 2022", shown as "Version: Removed in 1.3, Nov 2022
// 1.0, Jan 2021"), empty while it stands: an entry removed in a version is
// not current in that version or after it.
type FAQ struct {
	ID            string   `json:"id"`
	Type          string   `json:"type"` // "faq" or "errata"
	Title         string   `json:"title"`
	Version       string   `json:"version"`
	Removed       string   `json:"removed,omitempty"`
	Question      string   `json:"question"`
	Answer        string   `json:"answer"`
	Related       []string `json:"related"`
	Pages         []string `json:"pages"`
	Editions      Editions `json:"editions"`
	FirstRevision string   `json:"first_revision,omitempty"`
	LastRevision  string   `json:"last_revision,omitempty"`
	// LastPage is the page whose revision LastRevision is: where the
	// entry's newest text stands (the store sets it).
	LastPage  string    `json:"last_page,omitempty"`
	Timestamp time.Time `json:"timestamp,omitzero"`
	// TimestampInferred: Timestamp is LastRevision's time read from its
	// page's newest update marker, not the revision's own.
	TimestampInferred bool `json:"timestamp_inferred,omitempty"`
}

// FAQID returns the stable id of an FAQ entry: "faq-" plus 16 hex digits of
// SHA-256 over type, title, version and the question with whitespace
// collapsed and case folded.
func FAQID(typ, title, version, question string) string {
	norm := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }
	h := sha256.Sum256([]byte(norm(typ) + "\x00" + norm(title) + "\x00" + norm(version) + "\x00" + norm(question)))
	return "faq-" + hex.EncodeToString(h[:])[:16]
}

// Citation is what a user quotes and a link resolves (docs/DESIGN.md, "Citation").
// Kind is a record Kind or "faq"/"errata". Anchor is a stable id that still
// resolves after re-ingesting the same revision.
type Citation struct {
	Page      string    `json:"page"`
	Section   string    `json:"section"`
	Kind      Kind      `json:"kind"`
	Ordinal   int       `json:"ordinal"`
	Editions  Editions  `json:"editions"`
	Revision  string    `json:"revision"`
	Timestamp time.Time `json:"timestamp,omitzero"`
	// TimestampInferred: Timestamp is read from the newest update marker
	// the revision's page shows, not a date of the revision.
	TimestampInferred bool   `json:"timestamp_inferred,omitempty"`
	Anchor            string `json:"anchor"`
	Version           string `json:"version,omitempty"`
	// Item is the position of a nested bullet within its block, e.g. "5.2"
	// (the second sub-bullet of bullet 5); empty for top-level records.
	Item string `json:"item,omitempty"`
	// Paragraph is a paragraph record's 1-based number among the
	// paragraphs of its block (Record.Fields["paragraph"]); 0 for a list
	// item, which Ordinal and Item number.
	Paragraph int `json:"paragraph,omitempty"`
}

// CitationWords are the words of a citation line in one language: the
// FAQ and errata version labels and the undated notes, each a format with
// one verb (%s: the version; the month of the update shown).
type CitationWords struct {
	FAQVersion, ErrataVersion, Undated, UndatedUpdate string
}

// citationWords are the citation words by language code; English is the
// form DESIGN.md fixes, Spanish the Spanish wiki's words.
var citationWords = map[string]CitationWords{
	"en": {FAQVersion: "FAQ version %s", ErrataVersion: "errata version %s", Undated: "undated", UndatedUpdate: "undated; shows an update of %s"},
	"es": {FAQVersion: "FAQ versión %s", ErrataVersion: "errata versión %s", Undated: "sin fecha", UndatedUpdate: "sin fecha; muestra una actualización de %s"},
}

// CitationWordsFor are the citation words of language code ("es", "en");
// English for any other.
func CitationWordsFor(code string) CitationWords {
	if w, ok := citationWords[code]; ok {
		return w
	}
	return citationWords["en"]
}

// String renders the human citation line, e.g.
// "Esquivar › Efectos › 4 [N4] — rev 2021-02-11T10:26:28Z". The version in
// parentheses is the update the record comes from ("(1.1.1, dic 2021)"),
// for an FAQ or errata entry the FAQ document's ("(FAQ version 1.0, Jan
// 2021)"): neither is a date of the wiki's revision. A rendered page that
// shows no date is cited by revision id, "(undated)", and when its time is
// read from its newest update marker, that marker's month:
// "— rev ddb1a6ee6155b9549 (undated; shows an update of 2023-07)".
func (c Citation) String() string { return c.In(citationWords["en"]) }

// In renders the citation line as String does, with the words w (the
// version labels and undated notes of one language); page, section and
// revision are the wiki's own and stay as they are.
func (c Citation) In(w CitationWords) string {
	var b strings.Builder
	b.WriteString(c.Page)
	if c.Section != "" {
		b.WriteString(" › ")
		b.WriteString(c.Section)
	}
	switch {
	case c.Item != "":
		fmt.Fprintf(&b, " › %s", c.Item)
	case c.Ordinal > 0:
		fmt.Fprintf(&b, " › %d", c.Ordinal)
	case c.Paragraph > 0:
		// A paragraph has no list number: "¶2" is the second paragraph of
		// its block, which the section alone would not tell apart.
		fmt.Fprintf(&b, " › ¶%d", c.Paragraph)
	}
	if l := c.Editions.Label(); l != "" {
		b.WriteString(" ")
		b.WriteString(l)
	}
	if c.Version != "" {
		switch c.Kind {
		case KindFAQ:
			b.WriteString(" (" + fmt.Sprintf(w.FAQVersion, c.Version) + ")")
		case KindErrata:
			b.WriteString(" (" + fmt.Sprintf(w.ErrataVersion, c.Version) + ")")
		default:
			fmt.Fprintf(&b, " (%s)", c.Version)
		}
	}
	switch {
	case !c.Timestamp.IsZero() && c.TimestampInferred && c.Revision != "":
		b.WriteString(" — rev ")
		b.WriteString(c.Revision)
		b.WriteString(" (" + fmt.Sprintf(w.UndatedUpdate, c.Timestamp.UTC().Format("2006-01")) + ")")
	case !c.Timestamp.IsZero():
		b.WriteString(" — rev ")
		b.WriteString(c.Timestamp.UTC().Format(time.RFC3339))
	case c.Revision != "":
		// A rendered page that shows no date (no update marker).
		b.WriteString(" — rev ")
		b.WriteString(c.Revision)
		b.WriteString(" (" + w.Undated + ")")
	}
	return b.String()
}

// CitationOf returns the citation of a record.
func CitationOf(r Record) Citation {
	return Citation{
		Page:              r.Page,
		Section:           strings.Join(r.Section, " › "),
		Kind:              r.Kind,
		Ordinal:           r.Ordinal,
		Editions:          r.Editions,
		Revision:          r.RevisionID,
		Timestamp:         r.Timestamp,
		TimestampInferred: r.TimestampInferred,
		Anchor:            r.ID,
		Version:           r.Version,
		Item:              r.Fields["item"],
		Paragraph:         paragraphOf(r),
	}
}

// paragraphOf is the paragraph number of record r
// (Fields["paragraph"]), 0 for a list item or a record of no paragraph.
func paragraphOf(r Record) int {
	if r.Ordinal > 0 || r.Fields["item"] != "" {
		return 0
	}
	n, err := strconv.Atoi(r.Fields["paragraph"])
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// CitationOfFAQ returns the citation of an FAQ entry: the page and
// revision where its newest text stands (LastPage, LastRevision), so that
// page and revision always go together. page is used only when the store
// did not say which page that is (then, failing that, its first page).
// Section is the FAQ title.
func CitationOfFAQ(f FAQ, page string) Citation {
	if f.LastPage != "" {
		page = f.LastPage
	}
	if page == "" && len(f.Pages) > 0 {
		page = f.Pages[0]
	}
	section := "FAQs & Errata"
	if f.Title != "" {
		section += " › " + f.Title
	}
	return Citation{
		Page:              page,
		Section:           section,
		Kind:              Kind(f.Type),
		Editions:          f.Editions,
		Revision:          f.LastRevision,
		Timestamp:         f.Timestamp,
		TimestampInferred: f.TimestampInferred,
		Anchor:            f.ID,
		Version:           f.Version,
	}
}

// SortedKeys returns the keys of a count map in sorted order.
func SortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Extraction is what the rule extractor makes of one revision: its records
// in source order, the FAQ entries it shows (each with Pages = [this page]
// and First/LastRevision = this revision; the store merges repeats), its
// categories and outgoing links, the edition scope of the whole page, the
// names and counts of templates outside the vocabulary, the byte spans
// classified as layout (furniture, images, categories, blank lines) and
// diagnostics. Records' spans and Layout together cover the revision text.
type Extraction struct {
	Records      []Record       `json:"records"`
	FAQs         []FAQ          `json:"faqs"`
	Categories   []string       `json:"categories,omitempty"`
	Links        []string       `json:"links,omitempty"`
	PageEditions Editions       `json:"page_editions"`
	Unknown      map[string]int `json:"unknown_templates,omitempty"`
	Layout       []Span         `json:"layout,omitempty"`
	Diagnostics  []string       `json:"diagnostics,omitempty"`
}

// Coverage returns the fraction (0–1) of text bytes covered by record spans
// or layout spans; 1 for empty text.
func (x *Extraction) Coverage(textLen int) float64 {
	if textLen == 0 {
		return 1
	}
	spans := make([]Span, 0, len(x.Records)+len(x.Layout))
	for _, r := range x.Records {
		spans = append(spans, r.Span)
	}
	spans = append(spans, x.Layout...)
	sort.Slice(spans, func(i, j int) bool { return spans[i].Start < spans[j].Start })
	covered, end := 0, 0 // bytes counted so far, and the end of the last span counted
	for _, s := range spans {
		start, stop := max(s.Start, end, 0), min(s.End, textLen)
		if stop > start {
			covered += stop - start
		}
		end = max(end, stop)
	}
	return float64(covered) / float64(textLen)
}

// NameRow is a row of a derived index a store keeps for the engine (the
// page-name index): looked up by Kind and Key, in Seq order; Data is the
// engine's.
type NameRow struct {
	Kind string
	Key  string
	Seq  int
	Data string
}
