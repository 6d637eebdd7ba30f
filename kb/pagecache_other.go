//go:build !linux

package kb

import "errors"

// mapPageCache is not implemented outside Linux: SQLite keeps its own
// allocator there.
func mapPageCache(int) ([]byte, error) { return nil, errors.ErrUnsupported }

func unmapPageCache([]byte) {}
