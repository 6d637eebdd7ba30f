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

// TestFAQCatalogIdentify: seed 001 shows its FAQ on LDT and ZC
// requirements without title or version; read before the seed dump, it is
// catalogued as an FAQ of its own (FAQID with no title and version). Once
// titled entries with the same question are known, Identify names the one
// Lookup would have given (the same answer before another version of the
// question, an errata when no FAQ of the entry's type has it) and drops
// the untitled entry; Lookup prefers titled entries meanwhile.
func TestFAQCatalogIdentify(t *testing.T) {
	const question = "¿Cómo funcionan los requisitos de LDT y ZC de las Habilidades?"
	const answer = "Los Requisitos de LDT deben cumplirse al declarar las Habilidades."
	faq := func(typ, title, version, ans string) wikirules.FAQ {
		f := wikirules.FAQ{Type: typ, Title: title, Version: version, Question: question, Answer: ans}
		f.ID = wikirules.FAQID(typ, title, version, question)
		return f
	}
	untitled := faq("faq", "", "", answer)
	old := faq("faq", "N4 FAQ", "1.0, enero 2021", "Antes se cumplían al final.")
	current := faq("faq", "N4 FAQ", "1.1, diciembre 2021", answer)
	errata := faq("errata", "N4 Errata", "1.0, enero 2021", answer)

	c := NewFAQCatalog(untitled)
	if got := c.Identify(); got != nil {
		t.Errorf("nothing titled yet: Identify = %v", got)
	}
	c.Add(old, current)
	if got, ok := c.Lookup("faq", question, answer); !ok || got.ID != current.ID {
		t.Errorf("Lookup = %s, want the titled FAQ with the same answer %s", got.ID, current.ID)
	}
	if got := c.Identify(); len(got) != 1 || got[untitled.ID] != current.ID {
		t.Errorf("Identify = %v, want %s → %s (same answer, not the older version)", got, untitled.ID, current.ID)
	}
	if got := c.Identify(); got != nil {
		t.Errorf("second Identify = %v, want nothing", got)
	}

	c = NewFAQCatalog(untitled, errata)
	if got := c.Identify(); got[untitled.ID] != errata.ID {
		t.Errorf("only an errata has the question: Identify = %v, want %s", got, errata.ID)
	}
}
