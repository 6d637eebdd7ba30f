package extract

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImports: the wikitext extractor imports the wikitext package, the
// root types and the standard library only (DESIGN.md, dependency
// direction). The rendered-page files (rendered*.go) belong to the
// rendered-page extractor and are checked by their owner.
func TestImports(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{"github.com/wikirules/wikirules": true, "github.com/wikirules/wikirules/wikitext": true}
	for _, name := range files {
		if strings.HasPrefix(name, "rendered") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, is := range f.Imports {
			imp, _ := strconv.Unquote(is.Path.Value)
			if !allowed[imp] && strings.Contains(strings.SplitN(imp, "/", 2)[0], ".") {
				t.Errorf("%s imports %s", name, imp)
			}
		}
	}
}
