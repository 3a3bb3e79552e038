// Package wasmsize says where the bytes of a WebAssembly binary built by Go
// go: it reads the function bodies of the code section and the names of
// the name section, and adds them up by Go package. `make bench` uses it
// for the per-package breakdown of app.wasm; the binary must keep its
// names (built without -s).
package wasmsize

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Package is what one Go package's functions take in a binary.
type Package struct {
	Name  string // the import path, with the linker's "_" for "/"
	Funcs int    // functions
	Code  int    // bytes of function bodies
	Gzip  int    // those bodies alone, compressed with gzip -9
}

// ErrNoNames says the binary was stripped of its name section.
var ErrNoNames = errors.New("wasmsize: the binary has no function names (built with -s?)")

// ByPackage adds up the function bodies of a Go wasm binary by package,
// largest first. Data segments (constants, strings, type data) have no
// names and are not counted.
func ByPackage(wasm []byte) ([]Package, error) {
	m, err := parse(wasm)
	if err != nil {
		return nil, err
	}
	if len(m.names) == 0 {
		return nil, ErrNoNames
	}
	type acc struct {
		p    Package
		code bytes.Buffer
	}
	byName := map[string]*acc{}
	for i, body := range m.bodies {
		pkg := PackageOf(m.names[m.imported+i])
		a := byName[pkg]
		if a == nil {
			a = &acc{p: Package{Name: pkg}}
			byName[pkg] = a
		}
		a.p.Funcs++
		a.p.Code += len(body)
		a.code.Write(body)
	}
	out := make([]Package, 0, len(byName))
	for _, a := range byName {
		var z bytes.Buffer
		w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		w.Write(a.code.Bytes())
		w.Close()
		a.p.Gzip = z.Len()
		out = append(out, a.p)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Code != out[j].Code {
			return out[i].Code > out[j].Code
		}
		return out[i].Name < out[j].Name
	})
	return out, nil
}

// PackageOf returns the package of a function name as Go's wasm linker
// writes it: "/" in import paths becomes "_", so "longhall/app/ui.Table"
// is "longhall_app_ui.Table" and a method is "pkg.__T_.M". A path whose
// first element is a domain ("github.com_x_y.F") keeps its first dot.
func PackageOf(fn string) string {
	under := strings.IndexByte(fn, '_')
	dot := strings.IndexByte(fn, '.')
	if dot < 0 {
		return fn
	}
	if under > dot && isDomain(fn[:under]) {
		if end := strings.IndexByte(fn[under:], '.'); end >= 0 {
			return fn[:under+end]
		}
		return fn
	}
	return fn[:dot]
}

func isDomain(s string) bool {
	for _, tld := range []string{".com", ".org", ".io", ".net", ".dev", ".in"} {
		if strings.HasSuffix(s, tld) {
			return true
		}
	}
	return false
}

type module struct {
	imported int            // imported functions come first in the index space
	bodies   [][]byte       // the defined functions' bodies, in order
	names    map[int]string // function index to name
}

var errTruncated = errors.New("wasmsize: the binary is truncated")

// reader walks a byte slice, remembering the first error.
type reader struct {
	b   []byte
	err error
}

func (r *reader) u32() int {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 || v > 1<<32 {
		r.err = errTruncated
		return 0
	}
	r.b = r.b[n:]
	return int(v)
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > len(r.b) {
		r.err = errTruncated
		return nil
	}
	v := r.b[:n]
	r.b = r.b[n:]
	return v
}

func (r *reader) byte() byte {
	if b := r.bytes(1); len(b) == 1 {
		return b[0]
	}
	return 0
}

func (r *reader) limits() {
	if r.byte()&1 != 0 {
		r.u32()
		r.u32()
		return
	}
	r.u32()
}

func parse(wasm []byte) (*module, error) {
	if len(wasm) < 8 || !bytes.Equal(wasm[:4], []byte("\x00asm")) {
		return nil, errors.New("wasmsize: not a WebAssembly binary")
	}
	m := &module{names: map[int]string{}}
	r := &reader{b: wasm[8:]}
	for len(r.b) > 0 && r.err == nil {
		id := r.byte()
		sec := &reader{b: r.bytes(r.u32())}
		switch id {
		case 2: // imports
			for n := sec.u32(); n > 0 && sec.err == nil; n-- {
				sec.bytes(sec.u32()) // module
				sec.bytes(sec.u32()) // field
				switch kind := sec.byte(); kind {
				case 0: // function
					sec.u32()
					m.imported++
				case 1: // table
					sec.byte()
					sec.limits()
				case 2: // memory
					sec.limits()
				case 3: // global
					sec.bytes(2)
				default:
					return nil, fmt.Errorf("wasmsize: unknown import kind %d", kind)
				}
			}
		case 10: // code
			for n := sec.u32(); n > 0 && sec.err == nil; n-- {
				m.bodies = append(m.bodies, sec.bytes(sec.u32()))
			}
		case 0: // custom: the one named "name" holds function names
			if string(sec.bytes(sec.u32())) != "name" {
				continue
			}
			for len(sec.b) > 0 && sec.err == nil {
				sub := sec.byte()
				body := &reader{b: sec.bytes(sec.u32())}
				if sub != 1 {
					continue
				}
				for n := body.u32(); n > 0 && body.err == nil; n-- {
					i := body.u32()
					m.names[i] = string(body.bytes(body.u32()))
				}
				if body.err != nil {
					return nil, body.err
				}
			}
		}
		if sec.err != nil {
			return nil, sec.err
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	return m, nil
}
