package kb

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// journalMode returns the journal mode of db's file as SQLite reports it.
func journalMode(t *testing.T, db *DB) string {
	t.Helper()
	var mode string
	if err := db.db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil {
		t.Fatal(err)
	}
	return strings.ToLower(mode)
}

// TestOpenBulk: a new database (no file, or an empty one) is loaded with
// the rollback journal and is in WAL mode once closed; an existing one is
// opened in WAL mode; what was put is there after Close either way.
func TestOpenBulk(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{filepath.Join(dir, "new.db"), empty} {
		db, err := OpenBulk(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		if m := journalMode(t, db); m != "delete" {
			t.Errorf("%s: journal mode %q during the bulk load, want delete", path, m)
		}
		if _, err := db.Put(ctx, corpus(t)); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(path + "-wal"); err == nil {
			t.Errorf("%s: a write-ahead log during the bulk load", path)
		}
		if path == empty {
			// EndBulk switches now; Close then only closes.
			if err := db.EndBulk(); err != nil {
				t.Fatal(err)
			}
			if m := journalMode(t, db); m != "wal" {
				t.Errorf("%s: journal mode %q after EndBulk, want wal", path, m)
			}
		}
		if err := db.Close(); err != nil {
			t.Fatalf("%s: Close: %v", path, err)
		}
		db, err = Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		if m := journalMode(t, db); m != "wal" {
			t.Errorf("%s: journal mode %q after the bulk load, want wal", path, m)
		}
		if st, err := db.Stats(ctx); err != nil || st.Revisions != len(corpus(t)) {
			t.Errorf("%s: %+v, %v after Close; want %d revisions", path, st, err, len(corpus(t)))
		}
		db.Close()

		// The file exists now: OpenBulk opens it as Open does.
		db, err = OpenBulk(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		if m := journalMode(t, db); m != "wal" {
			t.Errorf("%s: OpenBulk of an existing database gave journal mode %q, want wal", path, m)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// bulkKillEnv names the database a helper run of TestOpenBulkKilled
// loads and kills itself in.
const bulkKillEnv = "WIKIRULES_BULK_KILL_DB"

// TestOpenBulkKilled kills (SIGKILL) a process in the middle of a bulk
// load into a new database, once SQLite has spilled pages of the open
// transaction into the database file (the file has grown and the
// rollback journal exists). The next Open must roll the hot journal back:
// the database passes Integrity and holds what was committed before the
// killed transaction, and nothing of it.
func TestOpenBulkKilled(t *testing.T) {
	if path := os.Getenv(bulkKillEnv); path != "" {
		bulkLoadAndDie(t, path)
		return
	}
	if testing.Short() {
		t.Skip("runs a helper process and kills it: not in -short")
	}
	path := filepath.Join(t.TempDir(), "kb.db")
	cmd := exec.Command(os.Args[0], "-test.run", "^TestOpenBulkKilled$", "-test.v")
	cmd.Env = append(os.Environ(), bulkKillEnv+"="+path)
	out, err := cmd.CombinedOutput()
	ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("the helper was not killed mid-load: %v\n%s", err, out)
	}
	if st, err := os.Stat(path + "-journal"); err != nil || st.Size() == 0 {
		t.Fatalf("no hot journal after the kill (%v): the kill did not fall after a spill", err)
	}
	ctx := context.Background()
	// A reader (query) comes first: it cannot roll the journal back
	// itself (SQLITE_READONLY_ROLLBACK), OpenReadOnly does it for it.
	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatalf("open read-only after the kill: %v", err)
	}
	if st, err := ro.Stats(ctx); err != nil || st.Revisions != len(corpus(t)) {
		t.Errorf("read-only after the kill: %+v, %v; want %d revisions", st, err, len(corpus(t)))
	}
	ro.Close()
	if _, err := os.Stat(path + "-journal"); err == nil {
		t.Error("the hot journal is still there after a read-only opening")
	}
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("open after the kill: %v", err)
	}
	defer db.Close()
	if err := db.Integrity(ctx); err != nil {
		t.Errorf("after the kill: %v", err)
	}
	st, err := db.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := len(corpus(t)); st.Revisions != want {
		t.Errorf("after the kill: %d revisions, want the %d committed before the killed transaction", st.Revisions, want)
	}
	if m := journalMode(t, db); m != "wal" {
		t.Errorf("journal mode %q after reopening, want wal", m)
	}
}

// bulkLoadAndDie is the helper process of TestOpenBulkKilled: it commits
// the fixtures into a new database at path, then puts revisions of
// incompressible text, much more than the 16 MiB page cache, and kills
// itself once the database file has grown by 8 MiB during that
// transaction with the rollback journal present. It never returns.
func bulkLoadAndDie(t *testing.T, path string) {
	ctx := context.Background()
	die := func(err error) { fmt.Println(err); os.Exit(3) }
	db, err := OpenBulk(ctx, path)
	if err != nil {
		die(err)
	}
	if _, err := db.Put(ctx, corpus(t)); err != nil {
		die(err)
	}
	st, err := os.Stat(path)
	if err != nil {
		die(err)
	}
	committed := st.Size()
	go func() {
		for {
			st, err := os.Stat(path)
			j, jerr := os.Stat(path + "-journal")
			if err == nil && jerr == nil && j.Size() > 0 && st.Size() > committed+8<<20 {
				syscall.Kill(os.Getpid(), syscall.SIGKILL)
			}
			time.Sleep(time.Millisecond)
		}
	}()
	rng := rand.New(rand.NewPCG(1, 2))
	const letters = "abcdefghijklmnopqrstuvwxyzáéíóúñ ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789\n"
	page := wikirules.Page{Title: "Relleno", Language: "es"}
	var batch []Item
	for i := range 800 { // 800 × 100 KB: 80 MB
		var b strings.Builder
		for b.Len() < 100<<10 {
			b.WriteByte(letters[rng.IntN(len(letters))])
		}
		batch = append(batch, Item{Rev: wikirules.Revision{ID: fmt.Sprint(900000 + i), Page: page,
			Timestamp: time.Date(2024, 1, 1, 0, 0, i, 0, time.UTC), Text: b.String()}})
	}
	if _, err := db.Put(ctx, batch); err != nil {
		die(err)
	}
	die(fmt.Errorf("the load of %d revisions ended without the kill", len(batch)))
}

// TestSmallCache: OpenReadOnly with SmallCache gives its connections a
// 4 MiB page cache, without it 32 MiB.
func TestSmallCache(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "kb.db")
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	for _, c := range []struct {
		opts []ReadOption
		want int
	}{{nil, cacheSizeKiB}, {[]ReadOption{SmallCache()}, -4096}} {
		ro, err := OpenReadOnly(ctx, path, c.opts...)
		if err != nil {
			t.Fatal(err)
		}
		var got int
		if err := ro.db.QueryRow(`PRAGMA cache_size`).Scan(&got); err != nil {
			t.Fatal(err)
		}
		ro.Close()
		if got != c.want {
			t.Errorf("cache_size %d, want %d", got, c.want)
		}
	}
}

// TestOpenWaitsForBulkLoad: Open of a database that a bulk load is
// writing (rollback journal, write lock held) waits for the load's commit
// instead of failing at once with "database is locked" (SQLite does not
// wait when waiting could deadlock), and a handle used after EndBulk
// keeps the file in WAL mode whatever connections it opens.
func TestOpenWaitsForBulkLoad(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "kb.db")
	bulk, err := OpenBulk(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := bulk.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range corpus(t) {
		if err := w.Put(ctx, it); err != nil {
			t.Fatal(err)
		}
	}
	committed := make(chan error, 1)
	go func() {
		time.Sleep(300 * time.Millisecond)
		_, err := w.Commit()
		committed <- err
	}()
	other, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("Open during the bulk load: %v", err)
	}
	if err := <-committed; err != nil {
		t.Fatal(err)
	}
	if st, err := other.Stats(ctx); err != nil || st.Revisions != len(corpus(t)) {
		t.Errorf("after the load: %+v, %v", st, err)
	}
	other.Close()

	if err := bulk.EndBulk(); err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 8)
	for range 8 { // new connections of the bulk handle
		go func() { _, err := bulk.ContentHash(ctx); errs <- err }()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Errorf("read through the handle after EndBulk: %v", err)
		}
	}
	if m := journalMode(t, bulk); m != "wal" {
		t.Errorf("journal mode %q after EndBulk and new connections, want wal", m)
	}
	bulk.Close()
}
