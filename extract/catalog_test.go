package extract

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/wikirules/wikirules"
)

// TestFAQCatalogDetachesStrings checks that the catalogue keeps copies of
// an entry's strings, not the revision text they were cut from: an ingest
// adds every FAQ it extracts, so sharing would keep one revision text
// alive per distinct FAQ (it did: 19 MB after 60,000 revisions of a 1 GB
// export).
func TestFAQCatalogDetachesStrings(t *testing.T) {
	text := strings.Repeat("x", 4096) + "Q: ¿Puede una Tropa trabada declarar Berserk?\nA: No.\n"
	q := text[4096 : 4096+len("Q: ¿Puede una Tropa trabada declarar Berserk?")]
	a := text[strings.LastIndex(text, "A: No.") : len(text)-1]
	f := wikirules.FAQ{Type: "faq", Title: "N4 FAQ", Question: q, Answer: a, Related: []string{text[:1]}}
	f.ID = wikirules.FAQID(f.Type, f.Title, f.Version, f.Question)
	c := NewFAQCatalog(f)
	got, ok := c.Lookup("faq", q, a)
	if !ok {
		t.Fatal("the FAQ added is not found")
	}
	lo := uintptr(unsafe.Pointer(unsafe.StringData(text)))
	hi := lo + uintptr(len(text))
	for _, s := range []string{got.Question, got.Answer, got.Related[0]} {
		if p := uintptr(unsafe.Pointer(unsafe.StringData(s))); p >= lo && p < hi {
			t.Errorf("%.20q points into the revision text", s)
		}
	}
	if got.Question != q || got.Answer != a {
		t.Errorf("Lookup = %q / %q, want %q / %q", got.Question, got.Answer, q, a)
	}
}

// TestFAQCatalogSupersede: seed 001 shows its FAQ on LDT and ZC
// requirements without title or version; read before the seed dump, it is
// catalogued as an FAQ of its own (FAQID with no title and version). The
// dump's {{faqbox}} of the same question supersedes it: Supersede returns
// its ID and drops it, so that Lookup answers the titled FAQ from then on;
// an FAQ without title supersedes nothing, and neither does one of
// another type.
func TestFAQCatalogSupersede(t *testing.T) {
	const question = "¿Cómo funcionan los requisitos de LDT y ZC de las Habilidades?"
	const answer = "Los Requisitos de LDT deben cumplirse al declarar las Habilidades."
	untitled := wikirules.FAQ{Type: "faq", Question: "Q: " + question, Answer: answer}
	untitled.ID = wikirules.FAQID(untitled.Type, "", "", question)
	titled := wikirules.FAQ{Type: "faq", Title: "N4 FAQ", Version: "1.0, enero 2021", Question: question, Answer: answer}
	titled.ID = wikirules.FAQID(titled.Type, titled.Title, titled.Version, question)
	errata := titled
	errata.Type = "errata"
	errata.ID = wikirules.FAQID(errata.Type, errata.Title, errata.Version, question)

	c := NewFAQCatalog(untitled)
	if got := c.Supersede(untitled); got != nil {
		t.Errorf("an untitled FAQ supersedes %v, want nothing", got)
	}
	if got := c.Supersede(errata); got != nil {
		t.Errorf("an errata supersedes %v, want nothing (another type)", got)
	}
	if got := c.Supersede(titled); len(got) != 1 || got[0] != untitled.ID {
		t.Fatalf("Supersede(titled) = %v, want [%s]", got, untitled.ID)
	}
	if got := c.Supersede(titled); got != nil {
		t.Errorf("second Supersede = %v, want nothing", got)
	}
	c.Add(titled)
	if got, ok := c.Lookup("faq", question, answer); !ok || got.ID != titled.ID {
		t.Errorf("Lookup after Supersede = %s, %v; want %s", got.ID, ok, titled.ID)
	}
}
