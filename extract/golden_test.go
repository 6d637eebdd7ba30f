package extract

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current extraction")

// goldenPages are the pages whose extraction (newest seed revision) is kept
// under testdata/<slug>.golden and was checked by hand against the wikitext.
var goldenPages = []string{"Esquivar", "Trabado", "Suplantado", "GizmoKit", "Ruido Blanco", "Activación de una Tropa"}

// TestGolden compares the JSON of each golden page's Extraction with its
// golden file. Run `go test ./extract -run TestGolden -update` to rewrite
// them after a deliberate change, then review the diff.
func TestGolden(t *testing.T) {
	for _, title := range goldenPages {
		t.Run(title, func(t *testing.T) {
			x := ExtractText(seedRevision(t, title))
			got, err := json.MarshalIndent(x, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			path := filepath.Join("testdata", Slug(title)+".golden")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from the extraction; rerun with -update and review the diff", path)
			}
		})
	}
}
