//go:build !(js && wasm)

package online

import (
	"context"
	"fmt"
	"io"
	"net/http"
)

// deviceFetch is Fetcher over Go's HTTP client: the native twin of the
// browser's fetch (fetch_js.go), for tests and native tools.
type deviceFetch struct{}

func (deviceFetch) Fetch(ctx context.Context, url string, limit int) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, fmt.Errorf("the server answered %s", resp.Status)
	}
	return io.ReadAll(io.LimitReader(resp.Body, int64(limit)+1))
}
