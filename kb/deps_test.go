package kb

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImports checks the dependency direction of DESIGN.md: kb imports
// only the standard library, the root package and modernc.org/sqlite
// (never wikitext, extract or index).
func TestImports(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			first := strings.Split(path, "/")[0]
			switch {
			case path == "github.com/wikirules/wikirules", path == "modernc.org/sqlite":
			case !strings.Contains(first, "."):
			default:
				t.Errorf("%s imports %s", name, path)
			}
		}
	}
}
