package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEvalVerboseSaysWhereLost checks that eval -v says, for a case whose
// expected text none of the answer's sources holds, where it falls out:
// here no text of the page holds the phrase.
func TestEvalVerboseSaysWhereLost(t *testing.T) {
	cases := `{"cases": [{"id": "L1", "q": "¿Se puede declarar Berserk estando trabado?", "edition": "n4",
		"expect": {"kind": "rule", "page_any": ["Berserk"], "contains": "una frase que ninguna página escribe"}}]}`
	path := filepath.Join(t.TempDir(), "cases.json")
	if err := os.WriteFile(path, []byte(cases), 0o644); err != nil {
		t.Fatal(err)
	}
	out := runQuery(t, "eval", "-v", "-cases", path)
	if !strings.Contains(out, "L1     rank 0") || !strings.Contains(out, "       lost: missing: no text of Berserk holds the phrase\n") {
		t.Errorf("eval -v does not say where L1's text is lost:\n%s", out)
	}
}
