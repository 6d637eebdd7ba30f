//go:build linux

package kb

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// pageCacheEnv tells a helper run of TestReservePageCache what to do:
// "first" reserves the buffer before opening a database, "late" after.
// ReservePageCache changes SQLite's configuration for the whole process,
// so it runs in a process of its own.
const pageCacheEnv = "WIKIRULES_PAGECACHE_HELPER"

func TestReservePageCache(t *testing.T) {
	if mode := os.Getenv(pageCacheEnv); mode != "" {
		pageCacheHelper(mode)
		return
	}
	for mode, want := range map[string]string{
		"first": "reserved: in use after an open, the mapping advised for huge pages, a second call too late",
		"late":  "too late after an open",
	} {
		cmd := exec.Command(os.Args[0], "-test.run", "^TestReservePageCache$")
		cmd.Env = append(os.Environ(), pageCacheEnv+"="+mode, "DIR="+t.TempDir())
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), want) {
			t.Errorf("%s: %v\n%s\nwant %q", mode, err, out, want)
		}
	}
}

// pageCacheHelper is the helper process of TestReservePageCache: it prints
// what it found, or an error and exits 1.
func pageCacheHelper(mode string) {
	fail := func(format string, args ...any) {
		fmt.Printf(format+"\n", args...)
		os.Exit(1)
	}
	ctx := context.Background()
	path := filepath.Join(os.Getenv("DIR"), "kb.db")
	if mode == "late" {
		db, err := Open(ctx, path)
		if err != nil {
			fail("open: %v", err)
		}
		db.Close()
		if err := ReservePageCache(1 << 20); !errors.Is(err, ErrPageCacheTooLate) {
			fail("reserve after an open: %v", err)
		}
		if used, high := pageCacheUse(); used != 0 || high != 0 {
			fail("slots in use without a buffer: %d, %d", used, high)
		}
		fmt.Println("too late after an open")
		os.Exit(0)
	}
	const size = 8 << 20
	if err := ReservePageCache(size); err != nil {
		fail("reserve: %v", err)
	}
	db, err := OpenBulk(ctx, path)
	if err != nil {
		fail("open: %v", err)
	}
	if _, err := db.Stats(ctx); err != nil {
		fail("stats: %v", err)
	}
	_, high := pageCacheUse()
	if err := db.Close(); err != nil {
		fail("close: %v", err)
	}
	if high == 0 {
		fail("no slot of the buffer was used")
	}
	if flags := vmFlags(uintptr(unsafe.Pointer(&pageCache.buf[0]))); !adviseHuge(flags) {
		fail("mapping flags %q: no hg (MADV_HUGEPAGE)", flags)
	}
	if err := ReservePageCache(size); !errors.Is(err, ErrPageCacheTooLate) {
		fail("second reserve: %v", err)
	}
	fmt.Println("reserved: in use after an open, the mapping advised for huge pages, a second call too late")
	os.Exit(0)
}

// adviseHuge reports whether VmFlags show MADV_HUGEPAGE ("hg"), or the
// kernel has transparent huge pages off, when madvise refuses it.
func adviseHuge(flags string) bool {
	if strings.Contains(" "+flags+" ", " hg ") {
		return true
	}
	b, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	return err != nil || strings.Contains(string(b), "[never]")
}

// vmFlags returns the VmFlags line of /proc/self/smaps for the mapping
// holding address a.
func vmFlags(a uintptr) string {
	b, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		return ""
	}
	in := false
	for _, line := range strings.Split(string(b), "\n") {
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x", &lo, &hi); n == 2 && strings.Contains(strings.Fields(line)[0], "-") {
			in = lo <= a && a < hi
			continue
		}
		if in && strings.HasPrefix(line, "VmFlags:") {
			return strings.TrimSpace(strings.TrimPrefix(line, "VmFlags:"))
		}
	}
	return ""
}

// pageCacheUse returns how many slots of the ReservePageCache buffer are in
// use and the most that were at once (sqlite3_status64
// SQLITE_STATUS_PAGECACHE_USED); 0, 0 when none was reserved. The two
// counters are written into memory outside the Go heap.
func pageCacheUse() (used, highwater int64) {
	tls := libc.NewTLS()
	defer tls.Close()
	p := libc.Xmalloc(tls, 16)
	if p == 0 {
		return -1, -1
	}
	defer libc.Xfree(tls, p)
	sqlite3.Xsqlite3_status64(tls, sqlite3.SQLITE_STATUS_PAGECACHE_USED, p, p+8, 0)
	v := unsafe.Slice((*int64)(unsafe.Add(unsafe.Pointer(nil), p)), 2)
	return v[0], v[1]
}
