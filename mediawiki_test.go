package wikirules

import (
	"strings"
	"testing"
)

func TestNamespacesSplit(t *testing.T) {
	site := NewNamespaces([]NamespaceName{{4, "Infinity"}, {5, "Infinity discusión"}, {1, "Discusión"}})
	tests := []struct {
		names *Namespaces
		title string
		ns    int
		rest  string
	}{
		{nil, "Esquivar", 0, "Esquivar"},
		{nil, "G: Jumper", 0, "G: Jumper"},
		{nil, "Discusión:Esquivar", 1, "Esquivar"},
		{nil, "discusión:Esquivar", 1, "Esquivar"},
		{nil, "Usuario discusión:Ana", 3, "Ana"},
		{nil, "Usuario_Discusión:Ana", 3, "Ana"},
		{nil, "Usuaria discusión:Ana", 3, "Ana"},
		{nil, "Plantilla discusión:Faqbox", 11, "Faqbox"},
		{nil, "Plantilla:Faqbox", 10, "Faqbox"},
		{nil, "Talk:Dodge", 1, "Dodge"},
		{nil, "User talk : Bob", 3, "Bob"},
		{nil, "Módulo:Arma", 828, "Arma"},
		{nil, "Module talk:Arma", 829, "Arma"},
		{nil, "MediaWiki:Common.css", 8, "Common.css"},
		{nil, "Categoría:Estados", 14, "Estados"},
		{nil, "Category:States", 14, "States"},
		{nil, "Archivo:Logo.png", 6, "Logo.png"},
		{nil, "Imagen:Logo.png", 6, "Logo.png"},
		{nil, "File:Logo.png", 6, "Logo.png"},
		{nil, "Ayuda:Edición", 12, "Edición"},
		{nil, "Help:Editing", 12, "Editing"},
		{nil, "Project:Acerca de", 4, "Acerca de"},
		{nil, "Especial:Contribuciones", -1, "Contribuciones"},
		{nil, "Infinity:Acerca de", 0, "Infinity:Acerca de"}, // the project's own name needs siteinfo
		{site, "Infinity:Acerca de", 4, "Acerca de"},
		{site, "Infinity discusión:Acerca de", 5, "Acerca de"},
		{site, "Talk:X", 1, "X"},                // canonical names hold on every wiki
		{site, "Plantilla:X", 0, "Plantilla:X"}, // a siteinfo without Spanish names
	}
	for _, tt := range tests {
		ns, rest := tt.names.Split(tt.title)
		if ns != tt.ns || rest != tt.rest {
			t.Errorf("Split(%q) = %d, %q; want %d, %q", tt.title, ns, rest, tt.ns, tt.rest)
		}
	}
}

func TestNamespacesResolve(t *testing.T) {
	var n *Namespaces
	for _, tt := range []struct {
		title    string
		given    int
		hasGiven bool
		want     int
	}{
		{"Esquivar", 0, true, 0},
		{"Discusión:Esquivar", 0, false, 1},
		{"Discusión:Esquivar", 0, true, 1}, // a 0 for a talk page is the file's mistake
		{"Esquivar", 2, true, 2},
		{"G: Jumper", 0, true, 0},
	} {
		if got := n.Resolve(tt.title, tt.given, tt.hasGiven); got != tt.want {
			t.Errorf("Resolve(%q, %d, %v) = %d, want %d", tt.title, tt.given, tt.hasGiven, got, tt.want)
		}
	}
}

func TestCheckTitle(t *testing.T) {
	long := strings.Repeat("é", 128) // 256 bytes
	for _, tt := range []struct {
		title string
		ok    bool
	}{
		{"Esquivar", true},
		{strings.Repeat("a", MaxTitleBytes), true},
		{"Plantilla:" + strings.Repeat("a", MaxTitleBytes), true}, // the prefix is not counted
		{long, false},
		{"", false},
		{"  ", false},
		{"Discusión:", false},
	} {
		err := CheckTitle(tt.title, nil)
		if (err == nil) != tt.ok {
			t.Errorf("CheckTitle(%s) = %v", Excerpt(tt.title, 20), err)
		}
		if err != nil && len(err.Error()) > 200 {
			t.Errorf("CheckTitle: message of %d bytes", len(err.Error()))
		}
	}
}

func TestNormalizeLineEnds(t *testing.T) {
	for in, want := range map[string]string{
		"a\r\nb\r\n": "a\nb\n",
		"a\rb":       "a\nb",
		"a\r\r\nb":   "a\n\nb",
		"a\nb":       "a\nb",
	} {
		if got := NormalizeLineEnds(in); got != want {
			t.Errorf("NormalizeLineEnds(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestIsWikitextModel(t *testing.T) {
	for model, want := range map[string]bool{"": true, "wikitext": true, "css": false, "json": false,
		"javascript": false, "Scribunto": false, "sanitized-css": false, "text": false} {
		if got := IsWikitextModel(model); got != want {
			t.Errorf("IsWikitextModel(%q) = %v", model, got)
		}
	}
}

func TestExcerpt(t *testing.T) {
	if got := Excerpt("hola", 10); got != `"hola"` {
		t.Errorf("Excerpt = %s", got)
	}
	got := Excerpt(strings.Repeat("ñ", 1<<20), 11)
	if len(got) > 40 || !strings.Contains(got, "2097152 bytes") || !strings.HasPrefix(got, `"ñññññ"`) {
		t.Errorf("Excerpt of 2 MB = %s", got)
	}
}
