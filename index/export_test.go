package index

import "time"

// SetChunkPages sets the number of pages BuildFrom, Check and Sync read at
// once, for a test; the returned function restores it.
func SetChunkPages(n int) (restore func()) {
	old := chunkPages
	chunkPages = n
	return func() { chunkPages = old }
}

// SetListPage sets the number of documents Check lists from the index per
// request, for a test; the returned function restores it.
func SetListPage(n int) (restore func()) {
	old := listPage
	listPage = n
	return func() { listPage = old }
}

// SetLockWait sets how long Open and OpenReadOnly wait for a lock, for a
// test; the returned function restores it.
func SetLockWait(d time.Duration) (restore func()) {
	old := lockWait
	lockWait = d
	return func() { lockWait = old }
}
