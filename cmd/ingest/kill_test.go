package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/wikirules/wikirules/bench/gen"
	"github.com/wikirules/wikirules/kb"
)

// checkedStats opens the knowledge base at path, checks its integrity
// (an error names when) and returns its statistics and content hash.
func checkedStats(t *testing.T, path, when string) (kb.Stats, string) {
	t.Helper()
	ctx := context.Background()
	db, err := kb.Open(ctx, path)
	if err != nil {
		t.Fatalf("open %s: %v", when, err)
	}
	defer db.Close()
	if err := db.Integrity(ctx); err != nil {
		t.Errorf("%s: %v", when, err)
	}
	stats, err := db.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	hash, err := db.ContentHash(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return stats, hash
}

// asIngestEnv makes the test binary run this command's main instead of
// the tests (TestMain), so that a test can run the command as a process
// of its own and kill it without building it.
const asIngestEnv = "WIKIRULES_TEST_AS_INGEST"

func TestMain(m *testing.M) {
	if os.Getenv(asIngestEnv) == "1" {
		main() // os.Args[1:] are the command's arguments
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// ingestBinary returns the path of an executable that runs this command:
// the test binary, run with asIngestEnv set, which the processes the test
// starts inherit until it ends.
func ingestBinary(t *testing.T) string {
	t.Helper()
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(asIngestEnv, "1")
	return bin
}

// TestKillMidIngest really kills the ingest process (SIGKILL) while its
// transaction over a generated export of about 3 MB is open and has
// revisions written, after the seed dump (the first file) was committed.
// The export is fed through a named pipe so that the kill falls mid-file
// whatever the speed of the machine: the test writes half of it and kills
// the process while it waits for the rest. Then the database must open
// and pass Integrity, hold the dump only, and a rerun over the whole
// export must store every revision exactly once: its content hash equals
// that of a clean ingest of the same files.
func TestKillMidIngest(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command as a process: not in -short")
	}
	bin := ingestBinary(t)
	dir := t.TempDir()
	dump := seedDump(t)
	var export bytes.Buffer
	st, err := gen.Write(&export, gen.Options{Size: 3 << 20, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	exportPath := filepath.Join(dir, "export.xml")
	if err := os.WriteFile(exportPath, export.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "pipe.xml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	dbPath := filepath.Join(dir, "rules.db")

	cmd := exec.Command(bin, "-quiet", "-db", dbPath, dump, fifo)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	// Opening the pipe for writing waits for the ingest to open it, that
	// is, to be done with the dump.
	opened := make(chan *os.File, 1)
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			t.Error(err)
			f = nil
		}
		opened <- f
	}()
	var pipe *os.File
	select {
	case pipe = <-opened:
	case err := <-exited:
		t.Fatalf("ingest exited before reading the pipe: %v\n%s", err, stderr.String())
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatal("ingest did not open the pipe within 60 s")
	}
	if pipe == nil {
		cmd.Process.Kill()
		t.FailNow()
	}
	half := export.Len() / 2
	if _, err := pipe.Write(export.Bytes()[:half]); err != nil {
		t.Fatalf("writing half the export: %v\n%s", err, stderr.String())
	}
	// The write returns once the ingest has read all but a pipe buffer
	// of it; give its store a moment to put what was read.
	time.Sleep(300 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	err = <-exited
	pipe.Close()
	ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("ingest was not killed mid-file: %v\n%s", err, stderr.String())
	}

	if stats, _ := checkedStats(t, dbPath, "after kill"); stats.Revisions != 50 {
		t.Errorf("after kill: %d revisions stored, want the dump's 50 (nothing of the killed file)", stats.Revisions)
	}

	// Rerun over the complete export.
	out, err := exec.Command(bin, "-json", "-db", dbPath, dump, exportPath).Output()
	if err != nil {
		t.Fatalf("rerun: %v", err)
	}
	var sum summary
	if err := json.Unmarshal(out, &sum); err != nil {
		t.Fatalf("rerun summary: %v\n%s", err, out)
	}
	if sum.Added != st.Revisions || sum.Skipped != 50 {
		t.Errorf("rerun added %d, skipped %d; want the export's %d and the dump's 50", sum.Added, sum.Skipped, st.Revisions)
	}
	stats, got := checkedStats(t, dbPath, "after rerun")
	if stats.Revisions != 50+st.Revisions {
		t.Errorf("after rerun: %d revisions, want 50 + %d", stats.Revisions, st.Revisions)
	}
	// The clean ingest is the reference of the content hash, which the
	// search index is no part of.
	cleanPath := filepath.Join(dir, "clean.db")
	ingestJSON(t, "-no-index", "-db", cleanPath, dump, exportPath)
	if _, want := checkedStats(t, cleanPath, "clean ingest"); got != want {
		t.Errorf("killed-and-rerun database differs from a clean ingest of the same files")
	}
}
