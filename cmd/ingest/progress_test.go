package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/pipeline"
)

// TestProgressSilentWhenNotTerminal runs an ingest whose stderr is a
// regular file, as under a pipe, cron or CI: nothing is written to it.
func TestProgressSilentWhenNotTerminal(t *testing.T) {
	dump := seedDump(t)
	errf, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer errf.Close()
	var out bytes.Buffer
	if err := Run(context.Background(), []string{"-db", filepath.Join(t.TempDir(), "rules.db"), dump}, &out, errf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "revisions    50 in the input: 50 new") {
		t.Errorf("summary does not report the 50 revisions:\n%s", out.String())
	}
	st, err := errf.Stat()
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() != 0 {
		b, _ := os.ReadFile(errf.Name())
		t.Errorf("stderr is not a terminal but got %d bytes:\n%q", st.Size(), b)
	}
}

// TestBarShowsRevisionsRateETA feeds the bar the progress of a 4 MB file
// read in two steps and checks what it draws: the file and the revisions
// stored, the bytes read with the rate in MB/s, and the elapsed:ETA pair.
func TestBarShowsRevisionsRateETA(t *testing.T) {
	var buf bytes.Buffer
	b := newBar(&buf)
	b.update(pipeline.Progress{File: "export.xml", Revisions: 120, Bytes: 1e6, Size: 4e6})
	time.Sleep(150 * time.Millisecond) // past the bar's 100 ms redraw throttle
	b.update(pipeline.Progress{File: "export.xml", Revisions: 250, Bytes: 2e6, Size: 4e6})
	got := buf.String()
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`export\.xml: 250 revisions`),
		regexp.MustCompile(`2\.0/4\.0 MB`),
		regexp.MustCompile(`[\d.]+ MB/s`),
		regexp.MustCompile(`\[\d+m?s:\d+m?s\]`),
		regexp.MustCompile(`50%`),
	} {
		if !want.MatchString(got) {
			t.Errorf("bar output lacks %s:\n%q", want, got)
		}
	}
}
