package wikitext

import (
	"strings"
	"testing"
)

// mediawikiTests are written from MediaWiki's own rules (Preprocessor_Hash,
// Parser::braceSubstitution, MediaWikiTitleCodec, the magic-word lists of
// magic.go), one group per behaviour where the parser once disagreed with
// MediaWiki. want is the Dump of the tree, diags the number of diagnostics.
var mediawikiTests = []parseTest{
	// Comments are removed from a name before it is trimmed and checked.
	{"comment line inside a name", "{{1x\n<!-- c -->\n|foo}}", `(tpl "1x" (#1 "foo"))`, 0},
	{"comment then newline before a name", "{{<!-- c -->\nfoobar}}", `(tpl "foobar")`, 0},
	{"infobox with a comment line", "{{Infobox unit\n<!-- stats -->\n|hp=12}}", `(tpl "Infobox unit" (hp= "12"))`, 0},
	{"newline then comment before the pipe", "{{a\n<!--x-->|b}}", `(tpl "a" (#1 "b"))`, 0},
	{"comment joins a name", "{{a<!--x-->b}}", `(tpl "ab")`, 0},
	{"newline inside after the comment", "{{a<!--x-->\nb}}", `"{{a" (comment) "\nb}}"`, 1},
	{"comment alone is an empty name", "{{<!--x-->}}", `"{{" (comment) "}}"`, 1},

	// -{ … }- is a bracket pair: its "|" and "}}" are not the template's.
	{"pipe inside language conversion", "{{1x|-{R|foo}-}}", `(tpl "1x" (#1 "-{R|foo}-"))`, 0},
	{"closing braces inside language conversion", "{{1x|-{a}}b}-}}", `(tpl "1x" (#1 "-{a}}b}-"))`, 0},
	{"template inside language conversion", "-{a|{{b}}}-", `"-{a|" (tpl "b") "}-"`, 0},
	{"dash before a template", "-{{a}}", `"-" (tpl "a")`, 0},
	{"dash before an argument", "-{{{a}}}-", `"-" (arg (name "a")) "-"`, 0},
	{"one brace left of -{{{ opens -{", "-{{{a}}", `"-{" (tpl "a")`, 1},
	{"unclosed -{ swallows the closing braces", "{{a|-{b}}", `"{{a|-{b}}"`, 2},
	{"dash alone", "a - b -}", `"a - b -}"`, 0},

	// A page view ignores <noinclude>/<onlyinclude> tags and drops
	// <includeonly>…</includeonly>.
	{"pipe inside noinclude splits", "{{1x<noinclude>|123</noinclude>}}",
		`(tpl "1x" (#1 "123" (ignored "/noinclude")))`, 0},
	{"includeonly is dropped", "a<includeonly>{{b}}</includeonly>c", `"a" (ignored "includeonly") "c"`, 0},
	{"onlyinclude content is parsed", "<onlyinclude>{{b}}</onlyinclude>",
		`(ignored "onlyinclude") (tpl "b") (ignored "/onlyinclude")`, 0},
	{"noinclude with attributes", "<noinclude foo=1>x</NOINCLUDE >", `(ignored "noinclude") "x" (ignored "/noinclude")`, 0},
	{"self-closing noinclude", "<noinclude/>x", `(ignored "noinclude") "x"`, 0},
	{"unclosed includeonly runs to the end", "a<includeonly>{{b}}", `"a" (ignored "includeonly" unclosed)`, 1},
	{"unclosed upper-case includeonly is text", "<INCLUDEONLY>{{b}}", `"<INCLUDEONLY>" (tpl "b")`, 1},
	{"closing includeonly alone is text", "a</includeonly>", `"a</includeonly>"`, 0},
	{"includeonly hides a pipe", "{{a|<includeonly>|</includeonly>b}}", `(tpl "a" (#1 (ignored "includeonly") "b"))`, 0},
	{"includeonly in a name", "{{a<includeonly>x</includeonly>}}", `(tpl "a")`, 0},
	{"heading before an ignored tag", "== A ==<noinclude>\nb", `(h2 " A ") "\nb"`, 0},

	// An argument's default is its first part only.
	{"argument default is the first part", "{{{foo|bar|baz}}}", `(arg (name "foo") (default "bar"))`, 0},
	{"argument default keeps an equals sign", "{{{a|b=c|d}}}", `(arg (name "a") (default "b=c"))`, 0},
	{"argument empty default before more parts", "{{{a||{{x}}}}}", `(arg (name "a") (default))`, 0},

	// Names that are not valid titles.
	{"relative path", "{{./Foo}}", `"{{./Foo}}"`, 1},
	{"parent path", "{{../Foo}} {{a/./b}} {{a/..}} {{.}}", `"{{../Foo}} {{a/./b}} {{a/..}} {{.}}"`, 4},
	{"percent-escape", "{{Bar%C3%A9}}", `"{{Bar%C3%A9}}"`, 1},
	{"percent sign alone is legal", "{{100%}}", `(tpl "100%")`, 0},
	{"tildes", "{{a~~~b}}", `"{{a~~~b}}"`, 1},
	{"fragment is not part of the name", "{{Foo#bar}}", `(tpl "Foo#bar")`, 0},
	{"fragment only", "{{#bar}}", `"{{#bar}}"`, 1},
	{"main namespace", "{{:Foo}}", `(tpl ":Foo")`, 0},
	{"two leading colons", "{{::Foo}}", `"{{::Foo}}"`, 1},
	{"reference to a pipe", "{{a&#124;b}}", `"{{a&#124;b}}"`, 1},
	{"reference to a bracket", "{{a&lt;b}} {{a&#x5B;b}}", `"{{a&lt;b}} {{a&#x5B;b}}"`, 2},
	{"reference to a letter", "{{Caf&eacute;}} {{Caf&#233;}}", `(tpl "Caf&eacute;") " " (tpl "Caf&#233;")`, 0},
	{"tab inside a name", "{{a\tb}}", `"{{a\tb}}"`, 1},
	{"name too long", "{{" + strings.Repeat("a", 256) + "}}", `"{{` + strings.Repeat("a", 256) + `}}"`, 1},
	{"name of 255 bytes", "{{" + strings.Repeat("a", 255) + "}}", `(tpl "` + strings.Repeat("a", 255) + `")`, 0},
	{"long name after a prefix", "{{Plantilla:" + strings.Repeat("a", 255) + "}}",
		`(tpl "Plantilla:` + strings.Repeat("a", 255) + `")`, 0},

	// Modifiers, {{!}} and {{=}} in names.
	{"raw modifier", "{{RAW:QUERTY}}", `(tpl "QUERTY" mod="raw:")`, 0},
	{"msgnw modifier", "{{msgnw: foo |x}}", `(tpl "foo" mod="msgnw:" (#1 "x"))`, 0},
	{"msg modifier", "{{MSG:foo}}", `(tpl "foo" mod="msg:")`, 0},
	{"safesubst and raw", "{{safesubst:raw:foo}}", `(tpl "foo" mod="safesubst:raw:")`, 0},
	{"subst is text on a page view", "{{subst:foo|{{b}}}}", `"{{subst:foo|" (tpl "b") "}}"`, 1},
	{"raw before a variable makes a template", "{{raw:PAGENAME}}", `(tpl "PAGENAME" mod="raw:")`, 0},
	{"raw before a function", "{{raw:lc:X}}", `(fn "lc" (#1 "X"))`, 0},
	{"safesubst before a variable", "{{safesubst:PAGENAME}}", `(magic "PAGENAME")`, 0},
	{"pipe magic word in a name", "{{a{{!}}b}}", `"{{a" (magic "!") "b}}"`, 1},
	{"equals magic word in a name", "{{a{{=}}b}}", `(tpl "a=b")`, 0},
	{"empty after the modifier", "{{raw:}}", `"{{raw:}}"`, 1},

	// Core variables and functions.
	{"revision user", "{{REVISIONUSER}}", `(magic "REVISIONUSER")`, 0},
	{"local day", "{{LOCALDAY}} {{ LOCALDAYNAME }}", `(magic "LOCALDAY") " " (magic "LOCALDAYNAME")`, 0},
	{"page size function", "{{PAGESIZE:x}}", `(fn "PAGESIZE" (#1 "x"))`, 0},
	{"nse function", "{{nse:x}}", `(fn "nse" (#1 "x"))`, 0},
	{"page name function", "{{PAGENAME:Foo}}", `(fn "PAGENAME" (#1 "Foo"))`, 0},
	{"variables are case-sensitive", "{{pagename}}", `(tpl "pagename")`, 0},
	{"server is case-insensitive", "{{server}}", `(magic "server")`, 0},
	{"functions lc case-insensitive", "{{LC:x}} {{Lc:y}}", `(fn "LC" (#1 "x")) " " (fn "Lc" (#1 "y"))`, 0},
	{"case-sensitive function", "{{pagesize:x}}", `(tpl "pagesize:x")`, 0},
	{"variable with parameters is a template", "{{PAGENAME|x}}", `(tpl "PAGENAME" (#1 "x"))`, 0},
	{"variable only, not a function", "{{SITENAME:x}}", `(tpl "SITENAME:x")`, 0},
	{"space before the colon", "{{lc :x}}", `(tpl "lc :x")`, 0},
	{"comment inside a variable", "{{PAGE<!--c-->NAME}}", `(magic "PAGENAME")`, 0},
	{"default sort and display title", "{{DEFAULTSORT:b}}{{DISPLAYTITLE:c}}", `(fn "DEFAULTSORT" (#1 "b")) (fn "DISPLAYTITLE" (#1 "c"))`, 0},
	{"int and ns", "{{int:edit}}{{ns:10}}", `(fn "int" (#1 "edit")) (fn "ns" (#1 "10"))`, 0},
	{"hash function without a colon is text", "{{#if}}", `"{{#if}}"`, 1},
	{"hash function with a space", "{{ #if: x }}", `(fn "#if" (#1 " x "))`, 0},
	{"tag function", "{{#tag:ref|x}}", `(fn "#tag" (#1 "ref") (#2 "x"))`, 0},
	{"equals variable", "{{=}}", `(magic "=")`, 0},
	{"user language", "{{USERLANGUAGE}}", `(magic "USERLANGUAGE")`, 0},

	// Behaviour switches.
	{"notoc", "__NOTOC__", `(magic "__NOTOC__")`, 0},
	{"notoc in lower case", "a __notoc__", `"a " (magic "__notoc__")`, 0},
	{"noindex is case-sensitive", "__noindex__", `"__noindex__"`, 0},
	{"switch inside a word", "a__TOC__b", `"a" (magic "__TOC__") "b"`, 0},
	{"extra underscore", "___NOTOC__", `"_" (magic "__NOTOC__")`, 0},
	{"switch in a heading", "== __NOTOC__ ==", `(h2 " " (magic "__NOTOC__") " ")`, 0},
	{"switch in bold", "'''__NOCC__'''", `(b (magic "__NOCC__"))`, 0},
	{"unknown switch", "__FOO__ __ __", `"__FOO__ __ __"`, 0},

	// Parameter keys keep the text of links and tags.
	{"link in a key", "{{a|[[b]]=c}}", `(tpl "a" ([[b]]= "c"))`, 0},
	{"nowiki in a key", "{{a|<nowiki>x</nowiki>=c}}", `(tpl "a" (<nowiki>x</nowiki>= "c"))`, 0},
	{"pipe magic word in a key", "{{a|x{{!}}y=c}}", `(tpl "a" (x|y= "c"))`, 0},
	{"comment in a key", "{{a| b <!--c--> = d}}", `(tpl "a" (b= "d"))`, 0},
	{"template in a key", "{{a|{{b}}=c}}", `(tpl "a" ({{b}}= "c"))`, 0},

	// A tag name ends at white space, "/>" or ">".
	{"nowiki followed by a slash and text", "<nowiki/x>{{a}}", `"<nowiki/x>" (tpl "a")`, 0},
	{"self-closing nowiki", "a<nowiki/>b", `"a" (tag nowiki "") "b"`, 0},
	{"nowiki with a tab", "<nowiki\t>|</nowiki>", `(tag nowiki "|")`, 0},
	{"nowiki followed by a digit", "<nowiki2>{{a}}</nowiki2>", `"<nowiki2>" (tpl "a") "</nowiki2>"`, 0},
}

func TestMediaWikiRules(t *testing.T) { runParseTests(t, mediawikiTests) }

// TestNameSpans checks the spans of names: without comments at the ends,
// after the modifiers.
func TestNameSpans(t *testing.T) {
	tests := []struct{ src, name string }{
		{"{{<!-- c -->\nfoobar}}", "foobar"},
		{"{{ Infobox unit\n<!-- stats -->\n|hp=12}}", "Infobox unit"},
		{"{{RAW: QUERTY }}", "QUERTY"},
		{"{{safesubst:msgnw:x|1}}", "x"},
	}
	for _, tt := range tests {
		doc := Parse(tt.src)
		tpl, ok := doc.Nodes[0].(*Template)
		if !ok {
			t.Errorf("Parse(%q): %s, want a template", tt.src, Dump(doc))
			continue
		}
		if got := tt.src[tpl.NameSpan.Start:tpl.NameSpan.Stop]; got != tt.name {
			t.Errorf("Parse(%q): NameSpan covers %q, want %q", tt.src, got, tt.name)
		}
	}
	src := "{{a| b <!--c--> = d|[[e]]=f}}"
	tpl := Parse(src).Nodes[0].(*Template)
	for i, want := range []string{"b", "[[e]]"} {
		p := tpl.Params[i]
		if got := src[p.NameSpan.Start:p.NameSpan.Stop]; got != want {
			t.Errorf("Parse(%q): param %d NameSpan covers %q, want %q", src, i, got, want)
		}
	}
}

// TestTemplateKey checks that a fragment is not part of a template's key.
func TestTemplateKey(t *testing.T) {
	for src, want := range map[string]string{
		"{{Foo_Bar#x}}":      "foo bar",
		"{{Foo #x}}":         "foo",
		"{{{{{1}}}#x}}":      "{{{1}}}#x",
		"{{raw:Seefaq|a}}":   "seefaq",
		"{{ Remember_End }}": "remember end",
	} {
		tpl, ok := Parse(src).Nodes[0].(*Template)
		if !ok {
			t.Errorf("Parse(%q): no template", src)
			continue
		}
		if got := tpl.Key(); got != want {
			t.Errorf("Parse(%q).Key() = %q, want %q", src, got, want)
		}
	}
}

// TestMagicWordTable parses every synonym of the magic-word table in the
// form it is used in: variables alone, functions with an argument,
// behaviour switches in text. Case-insensitive synonyms are also tried in
// lower case.
func TestMagicWordTable(t *testing.T) {
	ids := map[magicKind]int{}
	for _, w := range coreMagicWords {
		for _, k := range w.kinds {
			ids[k]++
			for _, syn := range w.synonyms {
				forms := []string{syn}
				if !w.cased {
					forms = append(forms, strings.ToLower(syn))
				}
				for _, s := range forms {
					var src, want string
					switch k {
					case magicVariable:
						src, want = "{{"+s+"}}", `(magic "`+s+`")`
					case magicFunction:
						src, want = "{{"+s+":x}}", `(fn "`+s+`" (#1 "x"))`
					case magicSwitch:
						src, want = s, `(magic "`+s+`")`
					}
					if got := Dump(Parse(src)); got != want {
						t.Errorf("%s (%s): Parse(%q) = %s, want %s", w.id, []string{"", "variable", "function", "switch"}[k], src, got, want)
					}
				}
			}
		}
	}
	// The 79 variable IDs of MagicWordFactory (1.40–1.42) and USERLANGUAGE;
	// the 75 function hooks of CoreParserFunctions::register, #bcp47 and
	// #dir included; the 15 behaviour switch IDs.
	want := map[magicKind]int{magicVariable: 80, magicFunction: 75, magicSwitch: 15}
	for k, n := range want {
		if ids[k] != n {
			t.Errorf("%d IDs of kind %d in the table, want %d", ids[k], k, n)
		}
	}
}
