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
//   - a process killed mid-file (kill -9) loses that file's uncommitted
//     transaction only: SQLite discards the write-ahead log's uncommitted
//     frames when the database is next opened, the files committed before
//     stay, and a rerun stores every revision exactly once, since
//     revisions are keyed by id and the ones already stored are skipped.
//     A power loss may also undo the last commits (synchronous=NORMAL
//     syncs the log at checkpoints, not at every commit) but leaves a
//     consistent database.
//
// One transaction per file holds at any size: the writer's page cache is
// bounded (16 MiB) and pages beyond it spill into the write-ahead log,
// which grows to about the size of the data written for that file and is
// checkpointed and truncated after the commit, so resident memory stays
// flat (BENCHMARKS.md, Ingest); the disk needs room for the log meanwhile.
// Committing in chunks would bound the log but needs a way to hide or
// undo a failed file's committed chunks (FAQ rows are merged in place),
// which the store does not have.
package pipeline
