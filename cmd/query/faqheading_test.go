package main

import (
	"testing"

	"github.com/wikirules/wikirules"
)

// TestFAQHeading: the list line of an FAQ names its title, version and
// related pages; one seen only on a rendered page without title or version
// (seed 001 ingested alone) is labelled by its type and lists the pages
// showing it, with no empty brackets or dangling dash.
func TestFAQHeading(t *testing.T) {
	for _, tt := range []struct {
		f    wikirules.FAQ
		want string
	}{
		{wikirules.FAQ{Type: "faq", Title: "N4 FAQ", Version: "1.0, enero 2021", Related: []string{"Activación de una Tropa", "Zona de Control"}},
			"[N4 FAQ] 1.0, enero 2021 — Activación de una Tropa, Zona de Control"},
		{wikirules.FAQ{Type: "faq", Pages: []string{"Activación de una Tropa"}},
			"[FAQ, no title or version shown] — Activación de una Tropa"},
		{wikirules.FAQ{Type: "errata", Title: "N4 Errata"}, "[N4 Errata]"},
		{wikirules.FAQ{Type: "errata"}, "[Errata, no title or version shown]"},
	} {
		if got := faqHeading(&tt.f); got != tt.want {
			t.Errorf("faqHeading(%+v) = %q, want %q", tt.f, got, tt.want)
		}
	}
}
