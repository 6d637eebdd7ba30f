package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/wikirules/wikirules/engine"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
	"github.com/wikirules/wikirules/web"
)

// ExampleNew wires the server as `query serve` does — a knowledge base
// (here the embedded sample corpus, in memory), the judge engine and a
// cached searcher — and asks the JSON API where the errata on Berserk
// while Engaged stands.
func ExampleNew() {
	ctx := context.Background()
	db, err := kb.Open(ctx, ":memory:")
	if err != nil {
		panic(err)
	}
	defer db.Close()
	if _, err := pipeline.LoadSample(ctx, db); err != nil {
		panic(err)
	}
	search := web.NewCachedSearcher(db, web.NewCache(16<<20), "sample")
	srv, err := web.New(web.Deps{Store: db, Judge: engine.New(db, search), Search: search})
	if err != nil {
		panic(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()

	res, err := http.Get(ts.URL + "/api/search?q=berserk+trabado&kind=errata&n=1")
	if err != nil {
		panic(err)
	}
	defer res.Body.Close()
	var out struct {
		Results []struct {
			Citation struct{ Page, Anchor string }
		}
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		panic(err)
	}
	c := out.Results[0].Citation
	fmt.Println(res.StatusCode, "/page/"+c.Page+"#"+c.Anchor)
	// Output: 200 /page/Trabado#faq-c5f30a4ffcb7833e
}
