package index

import (
	"bytes"
	"context"
	"os"
	"testing"
)

func loadRelevance(t testing.TB) []Case {
	t.Helper()
	f, err := os.Open("testdata/relevance.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cases, err := LoadCases(f, "testdata/relevance.json")
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestRelevance builds the index from the whole seed dump (source →
// extract → index) and checks the ranking against testdata/relevance.json.
// Run with -v to print the figures and the cases that missed rank 1.
func TestRelevance(t *testing.T) {
	cases := loadRelevance(t)
	if len(cases) < 40 {
		t.Fatalf("relevance set has %d cases, want at least 40", len(cases))
	}
	idx := buildSeed(t)
	m := Evaluate(context.Background(), idx, cases)
	var buf bytes.Buffer
	m.Print(&buf)
	t.Log("\n" + buf.String())
	if m.RecallAt3 < 0.95 || m.MRR < 0.85 {
		t.Errorf("recall@3 %.3f (want ≥ 0.95), MRR %.3f (want ≥ 0.85)", m.RecallAt3, m.MRR)
	}
}
