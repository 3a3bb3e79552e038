package signal

import (
	"bytes"
	"compress/flate"
	"io"
	"sync"
)

// sdpDict primes deflate with the lines that every browser's data-channel
// SDP repeats, so a sealed payload or a manual code shrinks by about a
// third. It is part of the wire format (v1): changing it breaks old codes.
// The commonest text sits at the end, where back-references are shortest.
const sdpDict = "o=mozilla...THIS_IS_SDPARTA-" +
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

// maxInflated caps what inflate will produce, against a decompression bomb.
const maxInflated = 64 << 10

var errTooBig = newError("the message is too large")

// Compressors are pooled: a deflate writer at its best level holds about
// 650 KB of tables, and one primed with sdpDict per frame of a relay link
// (several a second while a room meets, or while it plays over the relays)
// was that much garbage each time, in a phone's wasm heap. A writer Reset
// keeps its level and dictionary; a reader is reset with the dictionary.
var (
	deflaters = sync.Pool{New: func() any {
		w, err := flate.NewWriterDict(nil, flate.BestCompression, []byte(sdpDict))
		if err != nil {
			panic("signal: flate: " + err.Error()) // only for a bad level
		}
		return w
	}}
	inflaters = sync.Pool{New: func() any { return flate.NewReaderDict(nil, []byte(sdpDict)) }}
)

func deflate(p []byte) []byte {
	var buf bytes.Buffer
	w := deflaters.Get().(*flate.Writer)
	defer deflaters.Put(w)
	w.Reset(&buf)
	w.Write(p) // a bytes.Buffer never fails
	w.Close()
	return buf.Bytes()
}

func inflate(p []byte) ([]byte, error) {
	r := inflaters.Get().(io.ReadCloser)
	defer inflaters.Put(r)
	if err := r.(flate.Resetter).Reset(bytes.NewReader(p), []byte(sdpDict)); err != nil {
		return nil, err
	}
	out, err := io.ReadAll(io.LimitReader(r, maxInflated+1))
	if err != nil {
		return nil, err
	}
	if len(out) > maxInflated {
		return nil, errTooBig
	}
	return out, nil
}
