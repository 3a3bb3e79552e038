package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Path turns an app path ("/games/rednorth/") into a URL path that works
// where the site is hosted, at the root or under a sub-path such as a GitHub
// project page. go-app publishes the prefix as GOAPP_ROOT_PREFIX.
func Path(p string) string {
	return strings.TrimRight(app.Getenv("GOAPP_ROOT_PREFIX"), "/") + p
}

// AppPath strips the hosting prefix from a URL path.
func AppPath(urlPath string) string {
	p := strings.TrimPrefix(urlPath, strings.TrimRight(app.Getenv("GOAPP_ROOT_PREFIX"), "/"))
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return p
}
