package extract

import (
	"runtime"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

func TestPlainHTML(t *testing.T) {
	for in, want := range map[string]string{
		"Tirada de &eacute;xito":                "Tirada de éxito",
		"MOD &lt;-3&gt;":                        "MOD <-3>",
		"a &#124; b &#x7C; c":                   "a | b | c",
		"x&nbsp;cm":                             "x cm",
		"<b>Importante</b>: no":                 "Importante: no",
		`<span style="color:red">rojo</span>`:   "rojo",
		"uno<br>dos<br/>tres<br />cuatro":       "uno dos tres cuatro",
		"<div>a</div><div>b</div>":              " a  b ",
		"&lt;b&gt; stays text":                  "<b> stays text",
		"a < b y c > d":                         "a < b y c > d",
		"<bx>not a tag</bx> <3":                 "<bx>not a tag</bx> <3",
		"AT&T &unknown; &notit; &amp":           "AT&T &unknown; &notit; &amp",
		"&semi;&amp;":                           ";&",
		"<b <i>x</i>":                           "<b x",
		"<ref>nota</ref> is an extension, kept": "<ref>nota</ref> is an extension, kept",
	} {
		if got := plainHTML(in); got != want {
			t.Errorf("plainHTML(%q) = %q, want %q", in, got, want)
		}
	}
	if got := decodeEntities("<b>&eacute;</b>"); got != "<b>é</b>" {
		t.Errorf("decodeEntities = %q", got)
	}
}

// TestRecordPlainText: the plain text of records (what search reads) has
// entities decoded and HTML tags dropped; the Markdown keeps the source.
func TestRecordPlainText(t *testing.T) {
	text := "{{effects}}\n* Una Tirada <b>exitosa</b> de Esquivar permite mover 5&nbsp;cm &mdash; sin ORA &eacute;xito &#124; MOD &lt;-3&gt;.\n* <nowiki>&lt;b&gt;</nowiki> literal\n"
	x := ExtractText(wikirules.Revision{Page: wikirules.Page{Title: "Esquivar"}, ID: "r", Text: text})
	if len(x.Records) != 2 {
		t.Fatalf("%d records", len(x.Records))
	}
	if want := "Una Tirada exitosa de Esquivar permite mover 5 cm — sin ORA éxito | MOD <-3>."; x.Records[0].Plain != want {
		t.Errorf("plain %q, want %q", x.Records[0].Plain, want)
	}
	if !strings.Contains(x.Records[0].Text, "<b>exitosa</b>") {
		t.Errorf("markdown %q lost the source", x.Records[0].Text)
	}
	if x.Records[1].Plain != "<b> literal" {
		t.Errorf("nowiki plain %q", x.Records[1].Plain)
	}
}

// allocated returns the bytes allocated while f runs.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// TestNormalizeMarkdownLinear: joining a paragraph of many short lines
// allocates in proportion to its size (copying the joined line once per
// line would be quadratic), also for the rendering of a table of many
// cells.
func TestNormalizeMarkdownLinear(t *testing.T) {
	for name, unit := range map[string]string{"short lines": "palabra\n", "table cells": "| x\n", "list items": "- a\n"} {
		n := 1 << 20 / len(unit)
		small := strings.Repeat(unit, n)
		large := strings.Repeat(unit, 4*n)
		a := allocated(func() { normalizeMarkdown(small) })
		b := allocated(func() { normalizeMarkdown(large) })
		if b > 5*a {
			t.Errorf("%s: %d bytes allocated for %d bytes, %d for %d: more than linear", name, a, len(small), b, len(large))
		}
		if b > 4*uint64(len(large)) {
			t.Errorf("%s: %d bytes allocated for %d bytes of input", name, b, len(large))
		}
	}
}

// TestAddLinkMany: a record naming very many pages (kept as a set) lists
// each once, in the order first named.
func TestAddLinkMany(t *testing.T) {
	r := newRenderer("", Default())
	for i := range 20000 {
		r.addLink("Página " + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + strings.Repeat("y", i/182))
	}
	r.addLink("Página a")
	seen := map[string]bool{}
	for _, l := range r.links {
		if seen[l] {
			t.Fatalf("link %q twice", l)
		}
		seen[l] = true
	}
}

// TestRecordIDsUnique: record ids are 10 hex digits of a hash, which
// collide among a million records (an 8 MiB revision of list items holds
// 1.5 million): these two rule records of revision "r", found by a
// birthday search, share their first 40 bits, and still get two ids.
func TestRecordIDsUnique(t *testing.T) {
	rec := func(start int) wikirules.Record {
		return wikirules.Record{RevisionID: "r", Kind: wikirules.KindRule, Ordinal: 1, Span: wikirules.Span{Start: start, End: start + 1}}
	}
	p := &pass{slug: "p"}
	a, b := p.recordID(rec(1414078)), p.recordID(rec(1695260))
	if a == b {
		t.Fatalf("two records with id %s", a)
	}
	if len(a) != len("p-")+10 || len(b) != len("p-")+16 || b[:len(a)] != a {
		t.Errorf("ids %s and %s: want the second to extend the first", a, b)
	}
	q := &pass{slug: "p"}
	if a2, b2 := q.recordID(rec(1414078)), q.recordID(rec(1695260)); a2 != a || b2 != b {
		t.Errorf("ids not stable: %s %s, then %s %s", a, b, a2, b2)
	}
}
