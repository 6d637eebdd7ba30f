package kb

import (
	"fmt"

	"golang.org/x/sys/unix"
)

// mapPageCache maps size bytes of anonymous memory for ReservePageCache
// and asks for transparent huge pages on it. A kernel without them (or
// with them set to "never") answers EINVAL: the buffer is used with 4 KB
// pages then.
func mapPageCache(size int) ([]byte, error) {
	if size <= 0 {
		return nil, fmt.Errorf("kb: page cache buffer: size %d", size)
	}
	buf, err := unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return nil, fmt.Errorf("kb: page cache buffer: mmap %d bytes: %w", size, err)
	}
	_ = unix.Madvise(buf, unix.MADV_HUGEPAGE)
	return buf, nil
}

func unmapPageCache(buf []byte) { _ = unix.Munmap(buf) }
