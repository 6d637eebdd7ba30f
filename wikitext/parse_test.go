package wikitext

import (
	"strings"
	"testing"
)

// parseTests are written per rule of docs/DESIGN.md ("Wikitext: what the parser
// must get right"); want is the Dump of the tree and diags the number of
// diagnostics.
// parseTest is a case of Parse: the Dump of the tree of input, and how
// many diagnostics the parse gives.
type parseTest struct {
	name, input, want string
	diags             int
}

var parseTests = []parseTest{
	// Rule 1: brace runs.
	{"template", "{{effects}}", `(tpl "effects")`, 0},
	{"argument", "{{{arg}}}", `(arg (name "arg"))`, 0},
	{"argument default", "{{{1|x}}}", `(arg (name "1") (default "x"))`, 0},
	{"argument empty default", "{{{1|}}}", `(arg (name "1") (default))`, 0},
	{"five braces: template named by an argument", "{{{{{x}}}}}", `(tpl "{{{x}}}")`, 0},
	{"four braces: argument in braces", "{{{{x}}}}", `"{" (arg (name "x")) "}"`, 0},
	{"three open two close", "{{{a}}", `"{" (tpl "a")`, 0},
	{"two open three close", "{{a}}}", `(tpl "a") "}"`, 0},
	{"single braces are text", "{a} }", `"{a} }"`, 0},
	{"argument inside template", "{{a|{{{1|x}}}}}", `(tpl "a" (#1 (arg (name "1") (default "x"))))`, 0},
	{"nested templates", "{{a|{{b|{{c}}}}}}", `(tpl "a" (#1 (tpl "b" (#1 (tpl "c")))))`, 0},
	{"argument default holds a template", "{{{1|{{b}}}}}", `(arg (name "1") (default (tpl "b")))`, 0},

	// Rule 2: links inside templates.
	{"link label pipe belongs to the link", "{{a|[[b|c]]|d}}", `(tpl "a" (#1 (link "b" (label "c"))) (#2 "d"))`, 0},
	{"link holds closing braces", "{{a|[[b}}]]}}", `(tpl "a" (#1 "[[b}}]]"))`, 1},
	{"equals inside a link is not a name", "{{a|[[b|c=d]]}}", `(tpl "a" (#1 (link "b" (label "c=d"))))`, 0},
	{"single bracket is not tracked", "{{a|[x|y]}}", `(tpl "a" (#1 "[x") (#2 "y]"))`, 0},
	{"link trail", "[[Tropa]]s, [[LDT]].", `(link "Tropa" (trail "s")) ", " (link "LDT") "."`, 0},
	{"link trail with accents", "[[Órden]]ésé!", `(link "Órden" (trail "ésé")) "!"`, 0},
	{"no trail in capitals", "[[A]]Bc", `(link "A") "Bc"`, 0},
	{"category link", "[[Category: Combat Module]]", `(link "Category: Combat Module")`, 0},
	{"label keeps further pipes", "[[File:a.jpg|thumb|x]]", `(link "File:a.jpg" (label "thumb|x"))`, 0},
	{"empty target is text", "[[|x]]", `"[[|x]]"`, 1},
	{"newline in target is text", "[[a\nb]]", `"[[a\nb]]"`, 1},
	{"triple bracket", "[[[a]]]", `"[" (link "a") "]"`, 0},
	{"link in label", "[[File:a.jpg|[[b]] c]]", `(link "File:a.jpg" (label (link "b") " c"))`, 0},
	{"link label with format", "[[a|'''b''']]", `(link "a" (label (b "b")))`, 0},

	// Rule 3: comments and extension tags are opaque.
	{"comment in name", "{{a<!-- x -->|b}}", `(tpl "a" (#1 "b"))`, 0},
	{"comment in argument hides pipe", "{{a|b<!--|-->c}}", `(tpl "a" (#1 "b" (comment) "c"))`, 0},
	{"nowiki in argument hides braces", "{{a|<nowiki>|}}</nowiki>}}", `(tpl "a" (#1 (tag nowiki "|}}")))`, 0},
	{"nowiki in name is not a template", "{{a<nowiki>x</nowiki>}}", `"{{a" (tag nowiki "x") "}}"`, 1},
	{"unclosed comment", "a<!-- b {{c}}", `"a" (comment unclosed)`, 1},
	{"self-closing ref", `a<ref name="x"/>b`, `"a" (tag ref attrs="name=\"x\"" "") "b"`, 0},
	{"pre content opaque", "<pre>{{a}}</PRE >", `(tag pre "{{a}}")`, 0},
	{"unclosed nowiki is text", "<nowiki>{{a}}", `"<nowiki>" (tpl "a")`, 1},
	{"noinclude tag is ignored, its content parsed", "a<noinclude>{{b}}", `"a" (ignored "noinclude") (tpl "b")`, 0},
	{"html tags are text", "centímetro<strike>s</strike>", `"centímetro<strike>s</strike>"`, 0},
	{"tag name prefix is not a tag", "<prefix>{{a}}", `"<prefix>" (tpl "a")`, 0},

	// Rule 4: named and positional parameters.
	{"first equals decides", "{{a|b=c=d}}", `(tpl "a" (b= "c=d"))`, 0},
	{"named trimmed, positional verbatim", "{{a| x = y | z }}", `(tpl "a" (x= "y") (#1 " z "))`, 0},
	{"equals in nested template", "{{a|{{b|c=d}}}}", `(tpl "a" (#1 (tpl "b" (c= "d"))))`, 0},
	{"explicit 1= after positional", "{{a|x|1=y}}", `(tpl "a" (#1 "x") (1= "y"))`, 0},
	{"equals in name part is text", "{{a=b|c}}", `(tpl "a=b" (#1 "c"))`, 0},
	{"empty parameters", "{{skillbox |black| SUPLANTADO |}}", `(tpl "skillbox" (#1 "black") (#2 " SUPLANTADO ") (#3))`, 0},
	{"faqbox", "{{faqbox |\ntype = errata |\nrelated = [[Berserk]], [[Trabado]] }}",
		`(tpl "faqbox" (type= "errata") (related= (link "Berserk") ", " (link "Trabado")))`, 0},
	{"empty key", "{{a|=x}}", `(tpl "a" (""= "x"))`, 0},

	// Rule 5: invalid targets, magic words, parser functions.
	{"newline inside name", "{{a\nb|[[c]]}}", `"{{a\nb|" (link "c") "}}"`, 1},
	{"newline around name is fine", "{{faqbox\n|q=x}}", `(tpl "faqbox" (q= "x"))`, 0},
	{"empty name", "{{}} {{ |a}}", `"{{}} {{ |a}}"`, 2},
	{"bracket in name", "{{a[b}} {{a]b}}", `"{{a[b}} {{a]b}}"`, 2},
	{"angle in name", "{{a<b}} {{a>b}}", `"{{a<b}} {{a>b}}"`, 2},
	{"brace in name", "{{a{b}}", `"{{a{b}}"`, 1},
	{"pipe magic word", "{{a|b{{!}}c}}", `(tpl "a" (#1 "b" (magic "!") "c"))`, 0},
	{"equals magic word", "{{a|b{{=}}c}}", `(tpl "a" (#1 "b" (magic "=") "c"))`, 0},
	{"parser function", "{{#if: {{{1|}}} | yes | no }}",
		`(fn "#if" (#1 " " (arg (name "1") (default)) " ") (#2 " yes ") (#3 " no "))`, 0},
	{"switch", "{{#switch:{{{1}}}|a=b|c}}", `(fn "#switch" (#1 (arg (name "1"))) (a= "b") (#2 "c"))`, 0},
	{"colon function", "{{lc:ABC}}", `(fn "lc" (#1 "ABC"))`, 0},
	{"colon in a template name", "{{Plantilla:x}}", `(tpl "Plantilla:x")`, 0},

	// Rule 6: unclosed braces.
	{"unclosed at end", "{{a|b", `"{{a|b"`, 1},
	{"unclosed keeps what was parsed", "{{a|[[b]] {{c}}", `"{{a|" (link "b") " " (tpl "c")`, 1},
	{"unclosed inner", "{{a|{{b}}", `"{{a|" (tpl "b")`, 1},
	{"unclosed link in template", "{{a|[[b}}", `"{{a|[[b}}"`, 2},
	{"long brace run", "{{{{{{{{", `"{{{{{{{{"`, 1},
	{"unclosed template keeps lines", "{{a|\n* b\n== c ==", `"{{a|\n" (li "*" " b") "\n" (h2 " c ")`, 1},

	// Headings inside arguments.
	{"heading in argument", "{{a|\n== x ==\n}}", `(tpl "a" (#1 "\n" (h2 " x ") "\n"))`, 0},
	{"heading line hides pipe", "{{a|\n== x | y ==\n}}", `(tpl "a" (#1 "\n" (h2 " x | y ") "\n"))`, 0},
	{"heading line hides equals", "{{a|\n== x ==\n|k=v}}", `(tpl "a" (#1 "\n" (h2 " x ") "\n") (k= "v"))`, 0},
	{"heading line hides closing braces", "{{a|\n==b}}\nc}}", `(tpl "a" (#1 "\n==b}}\nc"))`, 0},
	{"single equals at line start names", "{{a|\n=x}}", `(tpl "a" (""= "x"))`, 0},
	{"list in named value", "{{a|q=\n* x\n** y}}", `(tpl "a" (q= (li "*" " x") "\n" (li "**" " y")))`, 0},
	{"value start is no line start", "{{a|* x}}", `(tpl "a" (#1 "* x"))`, 0},

	// Rule 7: line-level constructs.
	{"headings", "= a =\n==b==\n====== c ======\n=======d=======", `(h1 " a ") "\n" (h2 "b") "\n" (h6 " c ") "\n" (h6 "=d=")`, 0},
	{"heading with comment after", "== a == <!-- x -->\nb", `(h2 " a ") "\nb"`, 0},
	{"unbalanced heading", "=== a ==", `(h2 "= a ")`, 0},
	{"not a heading", "== a\nb ==", `"== a\nb =="`, 0},
	{"equals line", "===", `(h1 "=")`, 0},
	{"lists with depth", "* a\n** b\n#: c\n; d : e", `(li "*" " a") "\n" (li "**" " b") "\n" (li "#:" " c") "\n" (li ";" " d : e")`, 0},
	{"list item holds a multi-line template", "* a {{b|\nc}} d\ne", `(li "*" " a " (tpl "b" (#1 "\nc")) " d") "\ne"`, 0},
	{"italic and bold", "''a'' '''b''' '''''c'''''", `(i "a") " " (b "b") " " (bi "c")`, 0},
	{"bold inside italic", "''a '''b''' c''", `(i "a ") (bi "b") (i " c")`, 0},
	{"bold ends at line end", "'''a\nb", `(b "a") "\nb"`, 0},
	{"four apostrophes", "''''a''''", `"'" (b "a'")`, 0},
	{"odd bold after one-letter word", "l'''amour'' x", `"l'" (i "amour") " x"`, 0},
	{"bold around a link", "'''[[Silueta]] (S)'''", `(b (link "Silueta") " (S)")`, 0},
	{"format does not cross templates", "'''a {{b|''c''}}'''", `(b "a " (tpl "b" (#1 (i "c"))))`, 0},
	{"wikitable", "{| class=x\n|-\n| a || b\n|}\nc", `(table "{|" " class=x\n|-\n| a || b\n") "\nc"`, 0},
	{"nested wikitable", "{|\n|\n{|\n| a\n|}\n|}", `(table "{|" "\n|\n" (table "{|" "\n| a\n") "\n")`, 0},
	{"unclosed wikitable", "{|\n| a", `(table unclosed "{|" "\n| a")`, 1},
	{"table opened by a template", "{{weapon}}\n{{weaponrow|GizmoKit|+3|[[No Letal]], [***]}}\n|}\n\n== FAQs ==",
		`(table (tpl "weapon") "\n" (tpl "weaponrow" (#1 "GizmoKit") (#2 "+3") (#3 (link "No Letal") ", [***]")) "\n") "\n\n" (h2 " FAQs ")`, 0},
	{"hacking table", "x\n\n{{n4-hacking-header}}\n{{hackingrow | [[Ruido Blanco]] | - }}\n|}",
		`"x\n\n" (table (tpl "n4-hacking-header") "\n" (tpl "hackingrow" (#1 " " (link "Ruido Blanco") " ") (#2 " - ")) "\n")`, 0},
	{"row template does not open the table", "{{weaponrow|a}}\n{{weapon}}\n{{weaponrow|b}}\n|}",
		`(tpl "weaponrow" (#1 "a")) "\n" (table (tpl "weapon") "\n" (tpl "weaponrow" (#1 "b")) "\n")`, 0},
	{"blank line ends the run", "{{n4only}}\n\nx\n|}", `(tpl "n4only") "\n\nx\n|}"`, 1},
	{"bare close without table", "|}", `"|}"`, 1},
	{"whitespace line", " ", `" "`, 0},
	{"whitespace line ends the run", "{{n4only}}\n \n{{weapon}}\n|}", `(tpl "n4only") "\n \n" (table (tpl "weapon") "\n")`, 0},
	{"template rows in a wikitable", "{|\n{{row|a}}\n|}", `(table "{|" "\n" (tpl "row" (#1 "a")) "\n")`, 0},
}

func TestParse(t *testing.T) { runParseTests(t, parseTests) }

// runParseTests runs each case as a subtest: its Dump, its diagnostic
// count, and spans that checkSpans accepts.
func runParseTests(t *testing.T, tests []parseTest) {
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := Parse(tt.input)
			if got := Dump(doc); got != tt.want {
				t.Errorf("Parse(%q)\n got %s\nwant %s", tt.input, got, tt.want)
			}
			if len(doc.Diagnostics) != tt.diags {
				t.Errorf("Parse(%q): %d diagnostics %v, want %d", tt.input, len(doc.Diagnostics), doc.Diagnostics, tt.diags)
			}
			if err := checkSpans(doc); err != nil {
				t.Errorf("Parse(%q): %v", tt.input, err)
			}
		})
	}
}

func TestParamAccessors(t *testing.T) {
	src := "{{Remember_End| x |1=y| k = v |k=w}}"
	doc := Parse(src)
	tpl, ok := doc.Nodes[0].(*Template)
	if !ok {
		t.Fatalf("Parse(%q): first node %T, want *Template", src, doc.Nodes[0])
	}
	if tpl.Key() != "remember end" {
		t.Errorf("Key() = %q, want %q", tpl.Key(), "remember end")
	}
	if p := tpl.Positional(1); p == nil || p.ValueText(src) != "y" {
		t.Errorf("Positional(1) = %v, want the 1= parameter", p)
	}
	if p := tpl.Param("k"); p == nil || p.ValueText(src) != "w" {
		t.Errorf("Param(k) = %v, want the last k", p)
	}
	k := tpl.Params[2]
	if got := src[k.NameSpan.Start:k.NameSpan.Stop]; got != "k" {
		t.Errorf("NameSpan covers %q, want %q", got, "k")
	}
	if got := src[k.Span.Start:k.Span.Stop]; got != " k = v " {
		t.Errorf("Span covers %q, want %q", got, " k = v ")
	}
	if got := src[tpl.NameSpan.Start:tpl.NameSpan.Stop]; got != "Remember_End" {
		t.Errorf("Template.NameSpan covers %q", got)
	}
}

func TestDiagnosticsSorted(t *testing.T) {
	doc := Parse("{{a|[[b\n{{c{d}} <nowiki> {{")
	if len(doc.Diagnostics) < 3 {
		t.Fatalf("got %v, want at least 3 diagnostics", doc.Diagnostics)
	}
	for i := 1; i < len(doc.Diagnostics); i++ {
		if doc.Diagnostics[i].Pos < doc.Diagnostics[i-1].Pos {
			t.Errorf("diagnostics not sorted: %v", doc.Diagnostics)
		}
	}
	if !strings.Contains(doc.Diagnostics[0].Msg, "unclosed") {
		t.Errorf("first diagnostic %q, want the unclosed {{ at 0", doc.Diagnostics[0].Msg)
	}
}
