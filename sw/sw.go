// Package sw holds Longhall's service worker template. It replaces go-app's
// default worker so that the installed app works offline on every page: the
// default one answers only exact cache hits, so a page opened with a query
// string, or any page but the ones listed, failed without a network.
package sw

import _ "embed"

// AppWorkerJS is the template go-app fills in ({{.Version}},
// {{.ResourcesToCache}}) and serves as /app-worker.js.
//
//go:embed app-worker.js
var AppWorkerJS string
