package kb

import (
	"context"
	"database/sql"
	"sync"
)

// Prepared statements of the read path.
//
// SQLite compiles every statement it is given; the read path (Records,
// FAQs, the page-name rows) runs the same few statements on every call,
// and compiling them took a tenth of a warm Ask's time. A DB keeps them
// prepared: a statement is prepared on the database handle the second
// time its text is run (a process that answers one question and exits
// runs most statements once, and preparing them on the handle would
// compile them twice), and database/sql then keeps it compiled on each
// connection it has run on.

// querier runs queries: a *sql.Tx, or a cachedTx over one.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// maxStmts caps the statements a DB keeps prepared: the texts differ by
// the number of values of their IN lists, so there are a few hundred.
const maxStmts = 512

// stmtCache holds the prepared statements of a DB, by text.
type stmtCache struct {
	mu    sync.Mutex
	seen  map[string]bool      // texts run once, not prepared yet
	stmts map[string]*sql.Stmt // texts prepared
}

// cachedTx runs the queries of a read transaction through the
// statements its DB keeps prepared. A statement is one compiled program
// per connection: a query must not run again in the same transaction
// while the rows of its previous run are still open (every caller reads
// its rows to the end, or closes them, before the next query).
type cachedTx struct {
	tx *sql.Tx
	db *DB
}

// cached returns tx running its queries through db's prepared statements.
func (db *DB) cached(tx *sql.Tx) querier { return cachedTx{tx: tx, db: db} }

// stmt returns the statement of query prepared on the database handle,
// or nil when it is run for the first time (or cannot be prepared: the
// transaction then runs it itself and reports its error). An in-memory
// database keeps none: its one connection is the transaction's, and
// preparing on the handle would wait for it.
func (db *DB) stmt(ctx context.Context, query string) *sql.Stmt {
	if db.path == ":memory:" {
		return nil
	}
	c := &db.stmts
	c.mu.Lock()
	defer c.mu.Unlock()
	if st := c.stmts[query]; st != nil {
		return st
	}
	if !c.seen[query] {
		if c.seen == nil || len(c.seen) >= maxStmts {
			c.seen = map[string]bool{}
		}
		c.seen[query] = true
		return nil
	}
	st, err := db.db.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	if c.stmts == nil {
		c.stmts = map[string]*sql.Stmt{}
	}
	if len(c.stmts) >= maxStmts {
		// A statement in use by a transaction stays valid until that
		// transaction ends (database/sql closes it on its connection
		// when the connection is released).
		for q, old := range c.stmts {
			old.Close()
			delete(c.stmts, q)
			break
		}
	}
	c.stmts[query] = st
	delete(c.seen, query)
	return st
}

// closeStmts closes the prepared statements.
func (db *DB) closeStmts() {
	c := &db.stmts
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, st := range c.stmts {
		st.Close()
	}
	c.stmts, c.seen = nil, nil
}

// QueryContext runs query in the transaction, prepared.
func (t cachedTx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := t.db.stmt(ctx, query); st != nil {
		return t.tx.StmtContext(ctx, st).QueryContext(ctx, args...)
	}
	return t.tx.QueryContext(ctx, query, args...)
}

// QueryRowContext runs query in the transaction, prepared.
func (t cachedTx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := t.db.stmt(ctx, query); st != nil {
		return t.tx.StmtContext(ctx, st).QueryRowContext(ctx, args...)
	}
	return t.tx.QueryRowContext(ctx, query, args...)
}
