//go:build linux

package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

func TestTmpStall(t *testing.T) {
	bin, root := theTestBuild(t)
	srv := startServer(t, bin, root)
	ctx := newBrowser(t)
	within(t, ctx, "setup", chromedp.EmulateViewport(1280, 800),
		chromedp.Navigate(srv.URL+"/games/northerners/?pace=0"), clientReady(), chromedp.WaitVisible("#start", chromedp.ByQuery),
		chromedp.Click("#start", chromedp.ByQuery), chromedp.WaitVisible("#table", chromedp.ByQuery))
	c, cancel := context.WithTimeout(ctx, 40*time.Second)
	defer cancel()
	end, err := drive(c, 0, nil)
	t.Logf("%s %v", end, err)
	var status, html string
	chromedp.Run(ctx, chromedp.Text("#status", &status, chromedp.ByQuery), chromedp.Evaluate(`document.querySelector('#choice').outerHTML + document.querySelector('.nn-own') ?.outerHTML`, &html))
	t.Logf("status %q", status)
	t.Logf("%s", html)
	screenshot(t, ctx, "tmp-stall")
}
