//go:build linux

package kb

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// lockProbeEnv names the database file a helper run of TestBulkSyncKeepsLocks
// probes.
const lockProbeEnv = "WIKIRULES_LOCK_PROBE_DB"

// sqliteSharedFirst and sqliteSharedSize are the bytes of a database file
// SQLite's unix VFS takes its shared lock on (PENDING_BYTE + 2, 510 bytes,
// os_unix.c); an exclusive lock is a write lock on all of them.
const (
	sqliteSharedFirst = 0x40000000 + 2
	sqliteSharedSize  = 510
)

// lockedByOthers reports, from another process (this test binary run as a
// helper), whether some process holds a lock on the shared bytes of the
// database file at path: whether another process could take SQLite's
// exclusive lock.
func lockedByOthers(t *testing.T, path string) bool {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", "^TestBulkSyncKeepsLocks$")
	cmd.Env = append(os.Environ(), lockProbeEnv+"="+path)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("lock probe: %v\n%s", err, out)
	}
	switch s := string(out); {
	case strings.Contains(s, "probe: locked"):
		return true
	case strings.Contains(s, "probe: free"):
		return false
	default:
		t.Fatalf("lock probe said %q", s)
		return false
	}
}

// probeLock is the helper process of lockedByOthers.
func probeLock(path string) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		fmt.Println("probe:", err)
		os.Exit(2)
	}
	lk := syscall.Flock_t{Type: syscall.F_WRLCK, Whence: 0, Start: sqliteSharedFirst, Len: sqliteSharedSize}
	if err := syscall.FcntlFlock(f.Fd(), syscall.F_SETLK, &lk); err != nil {
		fmt.Println("probe: locked")
	} else {
		fmt.Println("probe: free")
	}
	os.Exit(0)
}

// TestBulkSyncKeepsLocks: closing a descriptor of a file releases every
// POSIX lock the process holds on it, SQLite's included. After a bulk
// load, EndBulk and Close, a read-only handle of this process that was
// open through all of it must still hold its shared lock in the eyes of
// other processes: without it, another process's last connection takes
// the exclusive lock, checkpoints into pages under this process's read
// transactions and deletes the -wal and -shm files it uses.
func TestBulkSyncKeepsLocks(t *testing.T) {
	if path := os.Getenv(lockProbeEnv); path != "" {
		probeLock(path)
		return
	}
	if testing.Short() {
		t.Skip("runs helper processes: not in -short")
	}
	ctx := context.Background()
	// The probe sees the lock of an open WAL connection.
	plain := openTest(t, corpus(t)...)
	if _, err := plain.Stats(ctx); err != nil {
		t.Fatal(err)
	}
	if !lockedByOthers(t, plain.path) {
		t.Fatal("an open WAL connection holds no shared lock: the probe cannot tell")
	}

	path := filepath.Join(t.TempDir(), "kb.db")
	db, err := OpenBulk(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range corpus(t) {
		if err := w.Put(ctx, it); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := db.EndBulk(); err != nil {
		t.Fatal(err)
	}
	ro, err := OpenReadOnly(ctx, path, SmallCache())
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if _, err := ro.Stats(ctx); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if !lockedByOthers(t, path) {
		t.Error("after the bulk load's Close, other processes no longer see this process's shared lock")
	}
}
