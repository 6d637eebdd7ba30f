package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/pipeline"
)

// TestShowRedirect: show of a redirect page says what it is and where it
// leads, instead of printing an empty page.
func TestShowRedirect(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	dump := filepath.Join(dir, "dump.txt")
	in := "Infinity - Contribuciones del usuario [es]\n\nRegla Vieja\n\n2021-02-11T10:26:28Z\n\nHellLois2:\n\n#REDIRECCIÓN [[Esquivar]]\n"
	if err := os.WriteFile(dump, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "rules.db")
	writeKB(t, path, false, pipeline.Options{}, dump)
	var out, errb bytes.Buffer
	if err := Run(ctx, []string{"show", "-db", path, "Regla Vieja"}, &out, &errb); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	if !strings.Contains(out.String(), "a redirect to Esquivar") {
		t.Errorf("show printed %q", out.String())
	}
	out.Reset()
	if err := Run(ctx, []string{"show", "-json", "-db", path, "Regla Vieja"}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	var v struct {
		RedirectTo string `json:"redirect_to"`
	}
	decodeJSON(t, out.String(), &v)
	if v.RedirectTo != "Esquivar" {
		t.Errorf("show -json: redirect_to %q", v.RedirectTo)
	}
}
