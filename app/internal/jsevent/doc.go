// Package jsevent sets event handler properties (onopen, onmessage…) on
// the browser's objects for Go functions, and takes them all off and
// releases them again: what peer's RTCPeerConnection and signal's
// WebSocket both need. It is the browser build's alone; natively it is
// empty.
package jsevent
