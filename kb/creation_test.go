package kb

import (
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestCreationSQL: the creation summaries are used as GLOB prefixes, so
// they must hold none of GLOB's metacharacters, and the predicate must
// match what wikirules.IsCreationSummary matches.
func TestCreationSQL(t *testing.T) {
	for _, p := range wikirules.CreationSummaries {
		if strings.ContainsAny(p, "*?[]") {
			t.Errorf("creation summary %q holds a GLOB metacharacter", p)
		}
	}
	db, err := Open(context.Background(), t.TempDir()+"/kb.db")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, tc := range []string{`Created page with "{{section-fireteams}}"`, "Página creada con «x»", "PDF 2.1", "", "created page with x"} {
		var got bool
		if err := db.db.QueryRow(`SELECT `+creationSQL("r")+` FROM (SELECT ? AS comment) r`, tc).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != wikirules.IsCreationSummary(tc) {
			t.Errorf("%q: creationSQL %v, IsCreationSummary %v", tc, got, !got)
		}
	}
}
