package wikirules_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/wikirules/wikirules"

// allowed lists, for each package directory, the project packages it may
// import (docs/DESIGN.md, "Dependency direction"), and which outside modules.
// "" is the root package. Test files are checked too, except that tests
// may use the pipeline to load real data (they are not part of the
// package's import graph for users).
var allowed = map[string]struct {
	project  []string
	external []string
}{
	"wikitext":        {nil, nil},
	"docs":            {nil, nil},
	"lang":            {[]string{"docs"}, nil},
	"source":          {[]string{""}, []string{"github.com/PuerkitoBio/goquery", "golang.org/x/net/html"}},
	"extract":         {[]string{"", "wikitext", "lang"}, []string{"github.com/PuerkitoBio/goquery", "golang.org/x/net/html"}},
	"kb":              {[]string{"", "lang"}, []string{"modernc.org/sqlite", "github.com/klauspost/compress"}},
	"index":           {[]string{"", "lang"}, []string{"github.com/blevesearch/"}},
	"diff":            {[]string{""}, []string{"github.com/sergi/go-diff"}},
	"engine":          {[]string{"", "lang"}, nil},
	"report":          {[]string{"", "engine", "diff"}, nil},
	"pairs":           {[]string{"", "kb", "lang", "diff", "wikitext"}, nil},
	"web":             {[]string{"", "engine", "diff", "report", "lang"}, []string{"github.com/yuin/goldmark"}},
	"web/twins":       {[]string{"", "kb", "pairs", "web"}, nil},
	"sample":          {nil, nil},
	"mwapi":           {[]string{"", "source"}, []string{"github.com/cenkalti/backoff/"}},
	"mwapi/mwapitest": {[]string{""}, nil},
}

// wikitextExtractor is the stricter rule for extract's wikitext files
// (all but rendered*.go, which read rendered HTML): the root types, the
// wikitext and lang packages and the standard library only.
var wikitextExtractor = struct {
	project  []string
	external []string
}{[]string{"", "wikitext", "lang"}, nil}

func TestDependencyDirection(t *testing.T) {
	for dir, rule := range allowed {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			rule := rule
			if dir == "extract" && !strings.HasPrefix(filepath.Base(f), "rendered") {
				rule = wikitextExtractor
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			af, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			for _, imp := range af.Imports {
				path := strings.Trim(imp.Path.Value, `"`)
				if !ok(path, rule.project, rule.external) {
					t.Errorf("%s imports %s: not allowed for package %s (docs/DESIGN.md, Dependency direction)", f, path, dir)
				}
			}
		}
	}
}

func ok(path string, project, external []string) bool {
	if path == module || strings.HasPrefix(path, module+"/") {
		rel := strings.TrimPrefix(strings.TrimPrefix(path, module), "/")
		for _, p := range project {
			if rel == p {
				return true
			}
		}
		return false
	}
	first := strings.Split(path, "/")[0]
	if !strings.Contains(first, ".") { // standard library
		return true
	}
	for _, e := range external {
		if strings.HasPrefix(path, e) {
			return true
		}
	}
	return false
}

// TestNoCommandImports checks that nothing imports cmd/.
func TestNoCommandImports(t *testing.T) {
	filepath.WalkDir(".", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasPrefix(p, "cmd/") {
			return nil
		}
		src, _ := os.ReadFile(p)
		af, err := parser.ParseFile(token.NewFileSet(), p, src, parser.ImportsOnly)
		if err != nil {
			return nil
		}
		for _, imp := range af.Imports {
			if strings.Contains(imp.Path.Value, module+"/cmd/") {
				t.Errorf("%s imports %s: nothing may import cmd/", p, imp.Path.Value)
			}
		}
		return nil
	})
}
