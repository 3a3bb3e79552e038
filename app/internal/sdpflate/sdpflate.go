// Package sdpflate is the compression of Longhall's sealed wire formats:
// deflate at its best level, primed with a dictionary of the lines every
// browser's data-channel SDP repeats. The room's sealed payloads and
// manual codes (app/signal) and a relayed link's frames (app/relay) are
// all compressed with it, and one pool of compressors serves them all.
package sdpflate

import (
	"bytes"
	"compress/flate"
	"errors"
	"io"
	"sync"
)

// Dict primes deflate with the lines that every browser's data-channel
// SDP repeats, so a sealed payload or a manual code shrinks by about a
// third. It is part of the wire format (v1): changing it breaks old codes,
// and old builds in the same room. The commonest text sits at the end,
// where back-references are shortest.
const Dict = "o=mozilla...THIS_IS_SDPARTA-" +
	"a=sendrecv\r\na=end-of-candidates\r\na=ice-options:trickle\r\n" +
	" typ srflx raddr 0.0.0.0 rport 0 generation 0 network-id 1 network-cost 10\r\n" +
	"a=candidate:1 1 udp 2122260223 192.168.1.2 50000 typ host generation 0 network-id 1 network-cost 10\r\n" +
	"a=candidate:2 1 tcp 1518280447 192.168.1.2 9 typ host tcptype active generation 0 network-id 1\r\n" +
	".local 50000 typ host generation 0 network-id 1\r\n" +
	"v=0\r\no=- 1234567890123456789 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n" +
	"a=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\n" +
	"m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n" +
	"a=ice-ufrag:\r\na=ice-pwd:\r\na=fingerprint:sha-256 \r\n" +
	"a=setup:actpass\r\na=setup:active\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"

// MaxInflated caps what Inflate will produce, against a decompression bomb.
const MaxInflated = 64 << 10

// ErrTooBig is Inflate's error for text that inflates past MaxInflated.
// Callers refuse such a payload in words of their own.
var ErrTooBig = errors.New("sdpflate: the inflated text is over the limit")

// Compressors are pooled: a deflate writer at its best level holds about
// 650 KB of tables, and one primed with Dict per frame of a relayed link
// (several a second while a room meets, or while it plays over the relays)
// was that much garbage each time, in a phone's wasm heap. A writer Reset
// keeps its level and dictionary; a reader is reset with the dictionary.
var (
	deflaters = sync.Pool{New: func() any {
		w, err := flate.NewWriterDict(nil, flate.BestCompression, []byte(Dict))
		if err != nil {
			panic("sdpflate: flate: " + err.Error()) // only for a bad level
		}
		return w
	}}
	inflaters = sync.Pool{New: func() any { return flate.NewReaderDict(nil, []byte(Dict)) }}
)

// Deflate compresses p with the dictionary.
func Deflate(p []byte) []byte {
	var buf bytes.Buffer
	w := deflaters.Get().(*flate.Writer)
	defer deflaters.Put(w)
	w.Reset(&buf)
	w.Write(p) // a bytes.Buffer never fails
	w.Close()
	return buf.Bytes()
}

// Inflate undoes Deflate, refusing more than MaxInflated bytes (ErrTooBig)
// and anything that is not deflate with the dictionary.
func Inflate(p []byte) ([]byte, error) {
	r := inflaters.Get().(io.ReadCloser)
	defer inflaters.Put(r)
	if err := r.(flate.Resetter).Reset(bytes.NewReader(p), []byte(Dict)); err != nil {
		return nil, err
	}
	out, err := io.ReadAll(io.LimitReader(r, MaxInflated+1))
	if err != nil {
		return nil, err
	}
	if len(out) > MaxInflated {
		return nil, ErrTooBig
	}
	return out, nil
}
