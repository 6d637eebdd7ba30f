package wikirules

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// MediaWiki's own rules about pages, shared by every reader: namespaces of
// titles, content models, the title length limit and line ends.

// NamespaceName is one name a title prefix may give namespace ID
// ("Plantilla" → 10). Names are written as MediaWiki writes them, "_" or
// space alike.
type NamespaceName struct {
	ID   int
	Name string
}

// CanonicalNamespaces are the canonical English names of MediaWiki core
// namespaces (NamespaceInfo::$canonicalNamespaces), their core aliases
// ("Image", "Image talk") and Scribunto's Module namespaces. MediaWiki
// accepts them on every wiki, whatever its language.
var CanonicalNamespaces = []NamespaceName{
	{-2, "Media"}, {-1, "Special"},
	{1, "Talk"},
	{2, "User"}, {3, "User talk"},
	{4, "Project"}, {5, "Project talk"},
	{6, "File"}, {6, "Image"}, {7, "File talk"}, {7, "Image talk"},
	{8, "MediaWiki"}, {9, "MediaWiki talk"},
	{10, "Template"}, {11, "Template talk"},
	{12, "Help"}, {13, "Help talk"},
	{14, "Category"}, {15, "Category talk"},
	{828, "Module"}, {829, "Module talk"},
}

// SpanishNamespaces are the Spanish names of the same namespaces
// (languages/messages/MessagesEs.php: $namespaceNames, $namespaceAliases
// and the gender forms "Usuaria"; Scribunto.namespaces.php for Módulo).
// The project namespace (4, 5) is named after each wiki and is known only
// from its siteinfo.
var SpanishNamespaces = []NamespaceName{
	{-2, "Medio"}, {-1, "Especial"},
	{1, "Discusión"},
	{2, "Usuario"}, {2, "Usuaria"}, {3, "Usuario discusión"}, {3, "Usuaria discusión"},
	{6, "Archivo"}, {6, "Imagen"}, {7, "Archivo discusión"}, {7, "Imagen discusión"},
	{9, "MediaWiki discusión"},
	{10, "Plantilla"}, {11, "Plantilla discusión"},
	{12, "Ayuda"}, {13, "Ayuda discusión"},
	{14, "Categoría"}, {15, "Categoría discusión"},
	{828, "Módulo"}, {829, "Módulo discusión"},
}

// Namespaces maps the namespace prefixes of page titles to namespace
// numbers. The zero value and nil know the default names
// (DefaultNamespaces).
type Namespaces struct {
	ids map[string]int // namespaceKey(name) → id
}

var defaultNamespaces = NewNamespaces(SpanishNamespaces)

// DefaultNamespaces returns the names known when a source does not give
// its wiki's namespaces (a contributions dump, rendered pages): the
// canonical names and the Spanish ones.
func DefaultNamespaces() *Namespaces { return defaultNamespaces }

// NewNamespaces returns the canonical names plus local, the names a wiki's
// siteinfo lists (an XML export's <namespaces>, the API's
// meta=siteinfo namespaces and namespacealiases); a local name overrides a
// canonical one. Names that are empty (the main namespace) are ignored.
func NewNamespaces(local []NamespaceName) *Namespaces {
	n := &Namespaces{ids: map[string]int{}}
	for _, l := range [][]NamespaceName{CanonicalNamespaces, local} {
		for _, nn := range l {
			if k := namespaceKey(nn.Name); k != "" && nn.ID != 0 {
				n.ids[k] = nn.ID
			}
		}
	}
	return n
}

// namespaceKey is the form in which MediaWiki compares namespace names
// (Language::getNsIndex): lower case, "_" and runs of white space as one
// space, trimmed.
func namespaceKey(name string) string {
	return strings.Join(strings.Fields(strings.ToLower(strings.ReplaceAll(name, "_", " "))), " ")
}

// maxNamespaceName bounds the prefixes looked up: no namespace name is
// longer, and a long title is not lower-cased for nothing.
const maxNamespaceName = 64

// Split returns the namespace of a full page title and the title without
// its prefix ("Usuario discusión:Ana" → 3, "Ana"; "Talk : X" → 1, "X").
// A prefix that names no namespace is part of the title ("G: Jumper" → 0,
// "G: Jumper"), as in MediaWiki's title parser.
func (n *Namespaces) Split(title string) (ns int, rest string) {
	if n == nil || n.ids == nil {
		n = defaultNamespaces
	}
	i := strings.IndexByte(title, ':')
	if i <= 0 || i > maxNamespaceName {
		return 0, title
	}
	if id, ok := n.ids[namespaceKey(title[:i])]; ok {
		return id, strings.TrimLeft(title[i+1:], " _")
	}
	return 0, title
}

// Of returns the namespace of a full page title from its prefix; 0 (main)
// when the prefix names no namespace.
func (n *Namespaces) Of(title string) int {
	ns, _ := n.Split(title)
	return ns
}

// Resolve returns the namespace of a page whose source gives the number
// given (given, hasGiven) and the full title. A number other than 0 is
// the source's word. A title whose prefix names a namespace is in that
// namespace even when the source says 0 or says nothing: MediaWiki never
// files "Discusión:Esquivar" in the main namespace, so a 0 there is a
// mistake of the file, and reading a talk page as rules is the worse one.
func (n *Namespaces) Resolve(title string, given int, hasGiven bool) int {
	if hasGiven && given != 0 {
		return given
	}
	return n.Of(title)
}

// MaxTitleBytes is MediaWiki's limit on a title without its namespace
// prefix (the page_title column, 255 bytes of UTF-8).
const MaxTitleBytes = 255

// CheckTitle returns an error when title cannot be a MediaWiki page title:
// empty, a namespace prefix alone ("Discusión:"), or longer than
// MaxTitleBytes without its namespace prefix (ns nil: DefaultNamespaces). The
// message quotes at most the title's first 80 bytes.
func CheckTitle(title string, ns *Namespaces) error {
	if strings.TrimSpace(title) == "" {
		return fmt.Errorf("empty page title")
	}
	id, rest := ns.Split(title)
	if id != 0 && strings.TrimSpace(rest) == "" {
		return fmt.Errorf("page title %s is a namespace prefix alone", Excerpt(title, 80))
	}
	if len(rest) > MaxTitleBytes {
		return fmt.Errorf("page title of %d bytes %s: MediaWiki titles are at most %d bytes", len(rest), Excerpt(title, 80), MaxTitleBytes)
	}
	return nil
}

// RedirectTarget returns the target of a redirect page ("#REDIRECT
// [[Target]]", also the Spanish "#REDIRECCIÓN"/"#REDIRECCION", any case,
// as MediaWiki's magic word), or "" when text is not a redirect.
func RedirectTarget(text string) string {
	t := strings.TrimLeft(text, " \t\r\n\ufeff")
	if !strings.HasPrefix(t, "#") {
		return ""
	}
	word := strings.ToUpper(t[1:min(len(t), 16)])
	ok := false
	for _, w := range []string{"REDIRECT", "REDIRECCIÓN", "REDIRECCION"} {
		if strings.HasPrefix(word, w) {
			ok = true
		}
	}
	if !ok {
		return ""
	}
	i := strings.Index(t, "[[")
	j := strings.Index(t, "]]")
	if i < 0 || j < i {
		return ""
	}
	target, _, _ := strings.Cut(t[i+2:j], "|")
	return strings.TrimSpace(target)
}

// Content models whose text is wikitext ("" when the source does not say:
// the default model of namespaces that hold rules).
const ModelWikitext = "wikitext"

// IsWikitextModel reports whether a revision of content model model
// (Revision.Model: "wikitext", "css", "javascript", "json", "Scribunto",
// "text"…) is wikitext; "" (not given) counts as wikitext, MediaWiki's
// default model of the main namespace.
func IsWikitextModel(model string) bool {
	return model == "" || strings.EqualFold(model, ModelWikitext)
}

// NormalizeLineEnds returns text with "\r\n" and lone "\r" turned into
// "\n", as MediaWiki stores every text (TextContent::normalizeLineEndings):
// a copy of a file with CRLF line ends holds the same revisions. text
// itself is returned when it holds no "\r".
func NormalizeLineEnds(text string) string {
	if strings.IndexByte(text, '\r') < 0 {
		return text
	}
	return strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
}

// Excerpt returns s quoted (%q) for a message, cut to at most n bytes on a
// rune boundary, with the full length when cut: input quoted in an error
// never makes the message as large as the input.
func Excerpt(s string, n int) string {
	if len(s) <= n {
		return fmt.Sprintf("%q", s)
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%q… (%d bytes)", s[:cut], len(s))
}

// CreationSummaries are the prefixes of the edit summary MediaWiki gives
// a page's first revision when its author leaves none (the autosumm-new
// message, "Created page with \"$1\"" in English, "Página creada con «$1»"
// in Spanish): a revision with such a summary created its page, so every
// other revision of the page is later. The Spanish rules wiki shows the
// English wording too (Marcado, oldid 348): the summary is stored in the
// language of the wiki that saved it.
var CreationSummaries = []string{"Created page with ", "Página creada con "}

// IsCreationSummary reports whether an edit summary is MediaWiki's
// summary of a page's creation (CreationSummaries).
func IsCreationSummary(comment string) bool {
	for _, p := range CreationSummaries {
		if strings.HasPrefix(comment, p) {
			return true
		}
	}
	return false
}
