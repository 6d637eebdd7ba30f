// Package pipeline wires the stages together: it reads revisions from
// files (package source), extracts their records (package extract) and
// stores them (package kb). Both commands use it: ingest on the files it is
// given, query on the embedded sample corpus when there is no database.
//
// An ingest streams: one goroutine reads a file revision by revision,
// runtime.NumCPU() goroutines parse and extract the wikitext ones, and the
// results are put back in file order before they are written through a
// kb.Writer, so memory holds a bounded number of revisions (8 per worker)
// whatever the size of the file or of a page's history.
//
// Transactions and failures. Each file is written in one SQLite
// transaction (kb.Begin … Commit), so:
//
//   - a file that fails to read (truncated XML, invalid UTF-8, malformed
//     JSON or HTML, a revision whose SHA-1 disagrees) leaves the database
//     as it was, and the error names the file and the byte offset or line;
//   - with Options.KeepGoing, a bad revision is skipped and listed, and a
//     file that breaks mid-way keeps the revisions read before the break
//     (listed in Summary.Bad with Kept, their count); the other files are
//     ingested;
//   - a process killed mid-file (kill -9; a power loss, for an existing
//     database) loses that file's uncommitted transaction only: SQLite
//     discards it when the database is next opened (the WAL's uncommitted
//     frames, or for a new database the hot rollback journal, see
//     kb.OpenBulk, where a power loss has a very small chance of
//     corrupting the new file), the files committed before stay, and a
//     rerun stores every revision exactly once, since revisions are keyed
//     by id and the ones already stored are skipped.
//
// One transaction per file was kept at 1 GB (measured, BENCHMARKS.md
// "Ingest"): the writer's page cache is bounded (16 MiB) and pages beyond
// it spill, into the WAL of an existing database (which grows to about
// the size of the data written for that file and is checkpointed and
// truncated after the commit) or, for a new database, which ingest loads
// with a rollback journal, straight into the database file (new pages
// need no journal). Resident memory stays flat (BENCHMARKS.md); in WAL
// mode cache misses pay a WAL-index lookup that grows with the WAL.
// Committing in chunks would bound that but needs a way to hide or undo a
// failed file's committed chunks (FAQ rows are merged in place), which
// the store does not have yet.
package pipeline
