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
