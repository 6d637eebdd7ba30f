package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// asQueryEnv makes the test binary run the query command instead of the
// tests (TestMain): its value is the arguments as a JSON array. The
// read-only test runs it as another user.
const asQueryEnv = "WIKIRULES_TEST_AS_QUERY"

func runAsQuery(args string) int {
	var a []string
	if err := json.Unmarshal([]byte(args), &a); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	if err := Run(context.Background(), a, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "query:", err)
		return 2
	}
	return 0
}

// TestReadOnlyMedia puts a knowledge base and its search index in a
// directory nobody may write (directory 0555, files 0444, as a read-only
// USB stick shows them) and asks query to search it and answer a
// question: it answers, from the bleve index, and says it is reading
// read-only media. Root may write anything, so as root the command runs
// as the user nobody; the test fails rather than skip when it cannot.
func TestReadOnlyMedia(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "stick")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := sampleDBCopyIn(t, dir)
	buildIndex(t, path)
	for _, f := range []string{"-shm", "-wal"} {
		os.Remove(path + f)
	}
	// Everything read-only; the directories above it readable by anyone.
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			os.Chmod(p, 0o444)
		}
		return nil
	})
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			os.Chmod(p, 0o555)
		}
		return nil
	})
	t.Cleanup(func() {
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				os.Chmod(p, 0o755)
			}
			return nil
		})
	})
	for p := top; p != filepath.Dir(p) && strings.HasPrefix(p, os.TempDir()) && p != os.TempDir(); p = filepath.Dir(p) {
		os.Chmod(p, 0o755)
	}
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		// The test binary sits in a directory only root may enter: copy it
		// where nobody can run it.
		b, err := os.ReadFile(bin)
		if err != nil {
			t.Fatal(err)
		}
		bin = filepath.Join(top, "query.test")
		if err := os.WriteFile(bin, b, 0o755); err != nil {
			t.Fatal(err)
		}
		cred = &syscall.Credential{Uid: 65534, Gid: 65534}
	}
	if f, err := os.CreateTemp(dir, "probe"); err == nil && cred == nil {
		f.Close()
		t.Fatalf("%s is writable although its mode is 0555: the test cannot make read-only media here", dir)
	}
	run := func(args ...string) (string, string) {
		t.Helper()
		a, _ := json.Marshal(args)
		cmd := exec.Command(bin)
		cmd.Env = append(os.Environ(), asQueryEnv+"="+string(a), "HOME="+top)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			t.Fatalf("query %s on read-only media: %v\n%s", strings.Join(args, " "), err, errb.String())
		}
		return out.String(), errb.String()
	}
	out, stderr := run("search", "-json", "-db", path, "esquivar")
	var s struct {
		Engine  string `json:"engine"`
		Results []hit  `json:"results"`
	}
	decode(t, out, &s)
	if s.Engine != "bleve" || len(s.Results) == 0 || s.Results[0].Page != "Esquivar" {
		t.Errorf("search esquivar on read-only media: engine %q, %d results, want Esquivar first from bleve", s.Engine, len(s.Results))
	}
	if !strings.Contains(stderr, "read-only media") {
		t.Errorf("query does not say it reads read-only media; stderr:\n%s", stderr)
	}
	out, _ = run("ask", "-json", "-db", path, "¿Se puede declarar Berserk estando trabado?")
	var a struct {
		Verdict string `json:"verdict"`
	}
	decode(t, out, &a)
	if a.Verdict != "Sí" {
		t.Errorf("ask on read-only media: verdict %q, want Sí", a.Verdict)
	}
	if _, err := os.Stat(path + "-shm"); err == nil {
		t.Errorf("a -shm file appeared on the read-only media")
	}
}
