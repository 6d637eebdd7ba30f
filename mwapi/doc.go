// Package mwapi reads a live MediaWiki wiki over its Action API
// (api.php), as MediaWiki 1.35 and later serve it: meta=siteinfo,
// list=allpages, prop=revisions (rvslots=main) and prop=langlinks,
// list=recentchanges, with the continuation protocol
// of API:Continue, in formatversion 2 where the server knows it and 1
// otherwise. It relies on nothing but the documented parameters and
// replies.
//
// A Client is polite as API:Etiquette and Manual:Maxlag_parameter ask:
// one request at a time, maxlag=5 with the wait the server asks for,
// Retry-After honoured on 429 and 503 replies, bounded exponential
// backoff with jitter (github.com/cenkalti/backoff's intervals) on other
// 5xx replies, network errors and replies cut short, then an error that
// names the request; a User-Agent naming the tool and its operator's
// contact; gzip; an optional cap on the request rate. Its waits go
// through an injectable Sleep, so that tests never wait for real.
//
// The retry loop is this package's own, not a retrying HTTP client's:
// the outcome of a request is known only once its JSON is read (a maxlag
// error comes as a 200 reply, a reply cut short may have a good status),
// and the waits must be injectable.
//
// Package mwapitest is a MediaWiki API server for tests.
package mwapi
