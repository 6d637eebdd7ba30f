package wikitext

import "strings"

// The magic words of MediaWiki core that the parser must tell apart from
// templates (docs/DESIGN.md rule 5), for the versions the wiki runs (1.35–1.43).
//
// Where the lists come from (MediaWiki core, includes/parser/ and
// languages/messages/, copies read for this table):
//
//   - variables: MagicWordFactory::$mVariableIDs of a 1.40–1.42 copy (79
//     IDs; "=" is among them, a built-in variable since 1.39 per
//     RELEASE-NOTES-1.39, before that a template that conventionally
//     expands to "="), plus USERLANGUAGE, new in 1.43 (RELEASE-NOTES-1.43,
//     T4085);
//   - functions: CoreParserFunctions::register of a 1.43 copy: its
//     $noHashFunctions (with #bcp47 and #dir, new in 1.43; without
//     #formal, which came later), "int", "displaytitle" (which
//     $wgAllowDisplayTitle enables by default) and the "#" functions
//     special, speciale, tag, formatdate (75 hooks). PAGESINNAMESPACE is
//     left out: $wgAllowSlowParserFunctions registers it and is off by
//     default;
//   - behaviour switches: MagicWordFactory::$mDoubleUnderscoreIDs of the
//     1.40–1.42 copy, plus __EXPECTUNUSEDTEMPLATE__, which is in later
//     lists but whose first release is not pinned down here (on a version
//     without it the switch shows as text);
//   - synonyms and case sensitivity: MessagesEn.php's $magicWords (a
//     synonym ending in ":" names a function; MediaWiki drops that colon).
//     Only the English synonyms are listed: the localised ones of the
//     Spanish wiki (MessagesEs.php) are not.
//
// Words added after 1.43 (#interwikilink, #interlanguagelink in 1.44,
// #formal, #contentmodel, #isbn …) are not listed; any "#name:" is a
// parser function anyway (a title cannot start with "#").

// magicKind is what a magic word is used as.
type magicKind uint8

const (
	magicVariable magicKind = iota + 1 // {{NAME}}, no parameters
	magicFunction                      // {{NAME:arg|…}}
	magicSwitch                        // __NAME__ in the text
)

// magicWord is one entry of MessagesEn.php's $magicWords.
type magicWord struct {
	id       string
	kinds    []magicKind
	cased    bool     // case-sensitive (MessagesEn.php CASE 1)
	synonyms []string // as written, without a function's trailing ":"
}

// Kinds of the table's entries.
var (
	kVar    = []magicKind{magicVariable}
	kFn     = []magicKind{magicFunction}
	kVarFn  = []magicKind{magicVariable, magicFunction}
	kSwitch = []magicKind{magicSwitch}
)

// coreMagicWords is the table described above, by MediaWiki ID.
var coreMagicWords = []magicWord{
	// Variables.
	{"!", kVar, true, []string{"!"}},
	{"=", kVar, true, []string{"="}},
	{"currentmonth", kVar, true, []string{"CURRENTMONTH", "CURRENTMONTH2"}},
	{"currentmonth1", kVar, true, []string{"CURRENTMONTH1"}},
	{"currentmonthname", kVar, true, []string{"CURRENTMONTHNAME"}},
	{"currentmonthnamegen", kVar, true, []string{"CURRENTMONTHNAMEGEN"}},
	{"currentmonthabbrev", kVar, true, []string{"CURRENTMONTHABBREV"}},
	{"currentday", kVar, true, []string{"CURRENTDAY"}},
	{"currentday2", kVar, true, []string{"CURRENTDAY2"}},
	{"currentdayname", kVar, true, []string{"CURRENTDAYNAME"}},
	{"currentyear", kVar, true, []string{"CURRENTYEAR"}},
	{"currenttime", kVar, true, []string{"CURRENTTIME"}},
	{"currenthour", kVar, true, []string{"CURRENTHOUR"}},
	{"localmonth", kVar, true, []string{"LOCALMONTH", "LOCALMONTH2"}},
	{"localmonth1", kVar, true, []string{"LOCALMONTH1"}},
	{"localmonthname", kVar, true, []string{"LOCALMONTHNAME"}},
	{"localmonthnamegen", kVar, true, []string{"LOCALMONTHNAMEGEN"}},
	{"localmonthabbrev", kVar, true, []string{"LOCALMONTHABBREV"}},
	{"localday", kVar, true, []string{"LOCALDAY"}},
	{"localday2", kVar, true, []string{"LOCALDAY2"}},
	{"localdayname", kVar, true, []string{"LOCALDAYNAME"}},
	{"localyear", kVar, true, []string{"LOCALYEAR"}},
	{"localtime", kVar, true, []string{"LOCALTIME"}},
	{"localhour", kVar, true, []string{"LOCALHOUR"}},
	{"numberofarticles", kVarFn, true, []string{"NUMBEROFARTICLES"}},
	{"numberoffiles", kVarFn, true, []string{"NUMBEROFFILES"}},
	{"numberofedits", kVarFn, true, []string{"NUMBEROFEDITS"}},
	{"articlepath", kVar, false, []string{"ARTICLEPATH"}},
	{"pageid", kVarFn, false, []string{"PAGEID"}},
	{"sitename", kVar, true, []string{"SITENAME"}},
	{"server", kVar, false, []string{"SERVER"}},
	{"servername", kVar, false, []string{"SERVERNAME"}},
	{"scriptpath", kVar, false, []string{"SCRIPTPATH"}},
	{"stylepath", kVar, false, []string{"STYLEPATH"}},
	{"pagename", kVarFn, true, []string{"PAGENAME"}},
	{"pagenamee", kVarFn, true, []string{"PAGENAMEE"}},
	{"fullpagename", kVarFn, true, []string{"FULLPAGENAME"}},
	{"fullpagenamee", kVarFn, true, []string{"FULLPAGENAMEE"}},
	{"namespace", kVarFn, true, []string{"NAMESPACE"}},
	{"namespacee", kVarFn, true, []string{"NAMESPACEE"}},
	{"namespacenumber", kVarFn, true, []string{"NAMESPACENUMBER"}},
	{"currentweek", kVar, true, []string{"CURRENTWEEK"}},
	{"currentdow", kVar, true, []string{"CURRENTDOW"}},
	{"localweek", kVar, true, []string{"LOCALWEEK"}},
	{"localdow", kVar, true, []string{"LOCALDOW"}},
	{"revisionid", kVarFn, true, []string{"REVISIONID"}},
	{"revisionday", kVarFn, true, []string{"REVISIONDAY"}},
	{"revisionday2", kVarFn, true, []string{"REVISIONDAY2"}},
	{"revisionmonth", kVarFn, true, []string{"REVISIONMONTH"}},
	{"revisionmonth1", kVarFn, true, []string{"REVISIONMONTH1"}},
	{"revisionyear", kVarFn, true, []string{"REVISIONYEAR"}},
	{"revisiontimestamp", kVarFn, true, []string{"REVISIONTIMESTAMP"}},
	{"revisionuser", kVarFn, true, []string{"REVISIONUSER"}},
	{"revisionsize", kVar, true, []string{"REVISIONSIZE"}},
	{"subpagename", kVarFn, true, []string{"SUBPAGENAME"}},
	{"subpagenamee", kVarFn, true, []string{"SUBPAGENAMEE"}},
	{"talkspace", kVarFn, true, []string{"TALKSPACE"}},
	{"talkspacee", kVarFn, true, []string{"TALKSPACEE"}},
	{"subjectspace", kVarFn, true, []string{"SUBJECTSPACE", "ARTICLESPACE"}},
	{"subjectspacee", kVarFn, true, []string{"SUBJECTSPACEE", "ARTICLESPACEE"}},
	{"talkpagename", kVarFn, true, []string{"TALKPAGENAME"}},
	{"talkpagenamee", kVarFn, true, []string{"TALKPAGENAMEE"}},
	{"subjectpagename", kVarFn, true, []string{"SUBJECTPAGENAME", "ARTICLEPAGENAME"}},
	{"subjectpagenamee", kVarFn, true, []string{"SUBJECTPAGENAMEE", "ARTICLEPAGENAMEE"}},
	{"numberofusers", kVarFn, true, []string{"NUMBEROFUSERS"}},
	{"numberofactiveusers", kVarFn, true, []string{"NUMBEROFACTIVEUSERS"}},
	{"numberofpages", kVarFn, true, []string{"NUMBEROFPAGES"}},
	{"currentversion", kVar, true, []string{"CURRENTVERSION"}},
	{"rootpagename", kVarFn, true, []string{"ROOTPAGENAME"}},
	{"rootpagenamee", kVarFn, true, []string{"ROOTPAGENAMEE"}},
	{"basepagename", kVarFn, true, []string{"BASEPAGENAME"}},
	{"basepagenamee", kVarFn, true, []string{"BASEPAGENAMEE"}},
	{"currenttimestamp", kVar, true, []string{"CURRENTTIMESTAMP"}},
	{"localtimestamp", kVar, true, []string{"LOCALTIMESTAMP"}},
	{"directionmark", kVar, true, []string{"DIRECTIONMARK", "DIRMARK"}},
	{"contentlanguage", kVar, true, []string{"CONTENTLANGUAGE", "CONTENTLANG"}},
	{"userlanguage", kVar, true, []string{"USERLANGUAGE"}},
	{"pagelanguage", kVar, true, []string{"PAGELANGUAGE"}},
	{"numberofadmins", kVarFn, true, []string{"NUMBEROFADMINS"}},
	{"cascadingsources", kVarFn, true, []string{"CASCADINGSOURCES"}},

	// Functions only.
	{"ns", kFn, false, []string{"NS"}},
	{"nse", kFn, false, []string{"NSE"}},
	{"urlencode", kFn, false, []string{"URLENCODE"}},
	{"lcfirst", kFn, false, []string{"LCFIRST"}},
	{"ucfirst", kFn, false, []string{"UCFIRST"}},
	{"lc", kFn, false, []string{"LC"}},
	{"uc", kFn, false, []string{"UC"}},
	{"localurl", kFn, false, []string{"LOCALURL"}},
	{"localurle", kFn, false, []string{"LOCALURLE"}},
	{"fullurl", kFn, false, []string{"FULLURL"}},
	{"fullurle", kFn, false, []string{"FULLURLE"}},
	{"canonicalurl", kFn, false, []string{"CANONICALURL"}},
	{"canonicalurle", kFn, false, []string{"CANONICALURLE"}},
	{"formatnum", kFn, false, []string{"FORMATNUM"}},
	{"grammar", kFn, false, []string{"GRAMMAR"}},
	{"gender", kFn, false, []string{"GENDER"}},
	{"plural", kFn, false, []string{"PLURAL"}},
	{"bidi", kFn, false, []string{"BIDI"}},
	{"numberingroup", kFn, true, []string{"NUMBERINGROUP", "NUMINGROUP"}},
	{"language", kFn, false, []string{"#LANGUAGE"}},
	{"padleft", kFn, false, []string{"PADLEFT"}},
	{"padright", kFn, false, []string{"PADRIGHT"}},
	{"anchorencode", kFn, false, []string{"ANCHORENCODE"}},
	{"defaultsort", kFn, true, []string{"DEFAULTSORT", "DEFAULTSORTKEY", "DEFAULTCATEGORYSORT"}},
	{"filepath", kFn, false, []string{"FILEPATH"}},
	{"pagesincategory", kFn, true, []string{"PAGESINCATEGORY", "PAGESINCAT"}},
	{"pagesize", kFn, true, []string{"PAGESIZE"}},
	{"protectionlevel", kFn, true, []string{"PROTECTIONLEVEL"}},
	{"protectionexpiry", kFn, true, []string{"PROTECTIONEXPIRY"}},
	{"int", kFn, false, []string{"INT"}},
	{"displaytitle", kFn, true, []string{"DISPLAYTITLE"}},
	{"special", kFn, false, []string{"#special"}},
	{"speciale", kFn, false, []string{"#speciale"}},
	{"tag", kFn, false, []string{"#tag"}},
	{"formatdate", kFn, false, []string{"#formatdate", "#dateformat"}},
	{"bcp47", kFn, true, []string{"#bcp47"}},
	{"dir", kFn, true, []string{"#dir"}},

	// Behaviour switches.
	{"notoc", kSwitch, false, []string{"__NOTOC__"}},
	{"nogallery", kSwitch, false, []string{"__NOGALLERY__"}},
	{"forcetoc", kSwitch, false, []string{"__FORCETOC__"}},
	{"toc", kSwitch, false, []string{"__TOC__"}},
	{"noeditsection", kSwitch, false, []string{"__NOEDITSECTION__"}},
	{"newsectionlink", kSwitch, true, []string{"__NEWSECTIONLINK__"}},
	{"nonewsectionlink", kSwitch, true, []string{"__NONEWSECTIONLINK__"}},
	{"hiddencat", kSwitch, true, []string{"__HIDDENCAT__"}},
	{"expectunusedcategory", kSwitch, true, []string{"__EXPECTUNUSEDCATEGORY__"}},
	{"expectunusedtemplate", kSwitch, true, []string{"__EXPECTUNUSEDTEMPLATE__"}},
	{"index", kSwitch, true, []string{"__INDEX__"}},
	{"noindex", kSwitch, true, []string{"__NOINDEX__"}},
	{"staticredirect", kSwitch, true, []string{"__STATICREDIRECT__"}},
	{"notitleconvert", kSwitch, false, []string{"__NOTITLECONVERT__", "__NOTC__"}},
	{"nocontentconvert", kSwitch, false, []string{"__NOCONTENTCONVERT__", "__NOCC__"}},
}

// magicSet holds the synonyms of one kind: case-sensitive ones as written,
// the others upper-cased (MediaWiki folds their case).
type magicSet struct{ cased, folded map[string]bool }

func (s magicSet) has(name string) bool {
	if s.cased[name] {
		return true
	}
	var b [32]byte // the longest synonym is shorter
	if len(name) > len(b) {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		b[i] = c
	}
	return s.folded[string(b[:len(name)])]
}

var magicVariables, magicFunctions, magicSwitches magicSet

func init() {
	sets := map[magicKind]*magicSet{magicVariable: &magicVariables,
		magicFunction: &magicFunctions, magicSwitch: &magicSwitches}
	for _, set := range sets {
		set.cased, set.folded = map[string]bool{}, map[string]bool{}
	}
	for _, w := range coreMagicWords {
		for _, k := range w.kinds {
			for _, s := range w.synonyms {
				if w.cased {
					sets[k].cased[s] = true
				} else {
					sets[k].folded[strings.ToUpper(s)] = true
				}
			}
		}
	}
}

// Transclusion modifiers, in the order Parser::braceSubstitution strips
// them: subst or safesubst, then msgnw or msg, then raw (case-insensitive).
// A page view leaves {{subst:…}} as text.
var (
	substModifiers = []string{"subst:", "safesubst:"}
	msgModifiers   = []string{"msgnw:", "msg:"}
)

// cutModifier returns s without the first of prefixes it starts with
// (ASCII case-insensitive) and that prefix lower-cased, or s and "".
func cutModifier(s string, prefixes []string) (string, string) {
	for _, m := range prefixes {
		if len(s) >= len(m) && strings.EqualFold(s[:len(m)], m) {
			return s[len(m):], m
		}
	}
	return s, ""
}

// maxSwitch is the length of the longest behaviour switch.
const maxSwitch = len("__EXPECTUNUSEDCATEGORY__")

// nextSwitch returns the span of the first behaviour switch in src[s:e],
// or -1, -1. It looks at each "__" once and at most maxSwitch bytes after
// it, so a scan is linear in e-s.
func nextSwitch(src string, s, e int) (int, int) {
	for s < e {
		k := strings.Index(src[s:e], "__")
		if k < 0 {
			return -1, -1
		}
		k += s
		j := k + 2
		for j < e && j-k < maxSwitch && isASCIILetter(src[j]) {
			j++
		}
		if j > k+2 && j+2 <= e && src[j] == '_' && src[j+1] == '_' && magicSwitches.has(src[k:j+2]) {
			return k, j + 2
		}
		s = k + 1
	}
	return -1, -1
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
