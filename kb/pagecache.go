package kb

import (
	"errors"
	"fmt"
	"sync"
	"unsafe"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// ErrPageCacheTooLate is returned by ReservePageCache when SQLite was
// already initialized in this process (a connection was opened) or a page
// cache buffer was reserved before: SQLite accepts SQLITE_CONFIG_PAGECACHE
// only before sqlite3_initialize.
var ErrPageCacheTooLate = errors.New("kb: page cache buffer: SQLite is already initialized in this process")

// pageSlotSize is the page size the reserved slots hold: SQLite's default,
// which every knowledge base this package creates uses.
const pageSlotSize = 4096

var pageCache struct {
	sync.Mutex
	done bool
	buf  []byte // the slots; kept for the life of the process
}

// ReservePageCache gives SQLite one buffer of size bytes, cut into slots
// of one 4 KiB page plus SQLite's per-page header (about 4.3 KiB each), for
// the page caches of every connection the process opens from then on
// (SQLITE_CONFIG_PAGECACHE, https://sqlite.org/c3ref/c_config_covering_index_scan.html#sqliteconfigpagecache).
// A cache takes a slot per page while slots remain free and falls back to
// SQLite's allocator after that; the buffer lives until the process exits.
//
// Why: SQLite's allocator (modernc.org/memory) maps every cached page
// separately, and a fresh 4 KB memory page costs a page fault the first
// time it is written. On Linux the buffer is one anonymous mapping the
// kernel is asked to back with transparent huge pages (madvise
// MADV_HUGEPAGE; it does when /sys/kernel/mm/transparent_hugepage/enabled
// is "always" or "madvise"), so a 16 MiB cache costs a few faults instead
// of thousands, and closing a connection frees its pages without a system
// call each (BENCHMARKS.md, Ingest, sixth pass). SQLite links every slot
// into its free list when it starts up, so the whole buffer is resident
// from the first open on: size it to the caches the process uses at once.
//
// It must be called before the process opens any database (cmd/ingest
// calls it first thing in main); it returns ErrPageCacheTooLate otherwise,
// and errors.ErrUnsupported outside Linux. The caches then work as before.
func ReservePageCache(size int) error {
	pageCache.Lock()
	defer pageCache.Unlock()
	if pageCache.done {
		return ErrPageCacheTooLate
	}
	buf, err := mapPageCache(size)
	if err != nil {
		return err
	}
	tls := libc.NewTLS()
	defer tls.Close()
	va := libc.Xmalloc(tls, 3*8)
	if va == 0 {
		unmapPageCache(buf)
		return errors.New("kb: page cache buffer: out of memory")
	}
	defer libc.Xfree(tls, va)
	// SQLITE_CONFIG_PCACHE_HDRSZ writes the header size into the first
	// bytes of the (off-heap) buffer: a Go variable could move.
	if rc := sqlite3.Xsqlite3_config(tls, sqlite3.SQLITE_CONFIG_PCACHE_HDRSZ, libc.VaList(va, uintptr(unsafe.Pointer(&buf[0])))); rc != sqlite3.SQLITE_OK {
		unmapPageCache(buf)
		return configError(rc)
	}
	hdr := int(*(*int32)(unsafe.Pointer(&buf[0])))
	clear(buf[:8])
	slot := (pageSlotSize + hdr + 7) &^ 7
	n := len(buf) / slot
	if n == 0 {
		unmapPageCache(buf)
		return fmt.Errorf("kb: page cache buffer: %d bytes hold no %d-byte slot", len(buf), slot)
	}
	if rc := sqlite3.Xsqlite3_config(tls, sqlite3.SQLITE_CONFIG_PAGECACHE, libc.VaList(va, uintptr(unsafe.Pointer(&buf[0])), int32(slot), int32(n))); rc != sqlite3.SQLITE_OK {
		unmapPageCache(buf)
		return configError(rc)
	}
	pageCache.done = true
	pageCache.buf = buf
	return nil
}

// configError explains a failed sqlite3_config: SQLITE_MISUSE is its answer
// once SQLite is initialized.
func configError(rc int32) error {
	pageCache.done = true // SQLite will not take one later either
	if rc == sqlite3.SQLITE_MISUSE {
		return ErrPageCacheTooLate
	}
	return fmt.Errorf("kb: page cache buffer: sqlite3_config returned %d", rc)
}
