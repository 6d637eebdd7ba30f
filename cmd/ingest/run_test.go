package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/sample"
)

// seedDump writes the embedded seed dump to a temporary file and returns
// its path.
func seedDump(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "sample", "seeds", sample.DumpName))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), sample.DumpName)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

type summary struct {
	Pages            int            `json:"pages"`
	Revisions        int            `json:"revisions"`
	Records          int            `json:"records"`
	FAQs             int            `json:"faqs"`
	Occurrences      int            `json:"faq_occurrences"`
	Added            int            `json:"added"`
	Skipped          int            `json:"skipped"`
	UnknownTemplates map[string]int `json:"unknown_templates"`
	Coverage         float64        `json:"coverage"`
}

func ingestJSON(t *testing.T, args ...string) summary {
	t.Helper()
	var out, errb bytes.Buffer
	if err := Run(context.Background(), append([]string{"-json"}, args...), &out, &errb); err != nil {
		t.Fatalf("ingest %v: %v\n%s", args, err, errb.String())
	}
	var s summary
	if err := json.Unmarshal(out.Bytes(), &s); err != nil {
		t.Fatalf("summary is not JSON: %v\n%s", err, out.String())
	}
	return s
}

// TestIngestSeedDump checks the counts issue 2 asks for on the real seed
// dump, and that a second ingest of the same file adds nothing.
func TestIngestSeedDump(t *testing.T) {
	dump := seedDump(t)
	db := filepath.Join(t.TempDir(), "rules.db")
	s := ingestJSON(t, "-db", db, dump)
	if s.Pages != 45 || s.Revisions != 50 || s.FAQs != 33 || s.Occurrences != 66 {
		t.Errorf("pages/revisions/faqs/occurrences = %d/%d/%d/%d, want 45/50/33/66", s.Pages, s.Revisions, s.FAQs, s.Occurrences)
	}
	if s.Added != 50 || s.Records < 500 {
		t.Errorf("added %d revisions, %d records", s.Added, s.Records)
	}
	if s.UnknownTemplates == nil {
		t.Error("unknown_templates missing from the summary")
	}
	if s.Coverage != 1 {
		t.Errorf("coverage %.4f, want 1", s.Coverage)
	}
	again := ingestJSON(t, "-db", db, dump)
	if again.Added != 0 || again.Skipped != 50 {
		t.Errorf("re-ingest added %d, skipped %d; want 0 and 50", again.Added, again.Skipped)
	}
}

func TestIngestErrors(t *testing.T) {
	var out, errb bytes.Buffer
	missing := filepath.Join(t.TempDir(), "nope.xml")
	err := Run(context.Background(), []string{"-db", filepath.Join(t.TempDir(), "x.db"), missing}, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "nope.xml") {
		t.Errorf("missing file: err = %v, want one naming the file", err)
	}
	err = Run(context.Background(), []string{"-format", "docx", "x"}, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "docx") {
		t.Errorf("bad -format: err = %v", err)
	}
	if err := Run(context.Background(), nil, &out, &errb); err == nil {
		t.Error("no arguments must be a usage error")
	}
}
