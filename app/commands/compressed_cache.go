//go:build !wasm

package commands

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// The disk cache of serve's compressed copies, so that a start finds the
// copies a start before made (the browser tests start the server about 25
// times a run, on two cores; compressing the wasm costs 1.5 s of each).
//
// Where: build/compressed/ under the served directory (the repository,
// when `make run` serves it), laid out like web/. The copies belong to
// that tree's build: `make clean` removes them with the rest of build/,
// git ignores build/ already, and a test's temporary tree takes its copies
// with it, where the user's cache directory would keep the 2.7 + 3.3 MB of
// every temporary tree's wasm for ever. A tree that cannot be written to
// keeps the copies in memory only.
//
// One file per source file and version: web/app.wasm of 12991065 bytes
// modified at t (Unix nanoseconds) is build/compressed/app.wasm@12991065-t,
// and holds
//
//	cacheMagic
//	size, t, len(gz), len(br)    4 × 8 bytes, big-endian
//	gz, br                       the copies
//	CRC-32C of all the above     4 bytes
//
// It is written to a temporary file and renamed, so that servers starting
// at once never read half of each other's; writing a version removes the
// others of the same file. Nothing is synced to disk: a crash may leave an
// empty or torn file, and the lengths and checksum catch that (0.7 ms for
// the wasm's copies, where decoding them to check would add 200 ms to every
// start). A bad file is never served: the source is compressed anew and
// the file replaced.
var cacheMagic = fmt.Sprintf("longhall compressed copies 1: gzip %d, brotli %d\n", serveGzip, serveBrotli)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// tmpAge is how old a temporary cache file must be to be taken for the
// leftover of a crash rather than the work of a server starting now.
const tmpAge = time.Minute

// cacheFile is the cache's name for one version of rel.
func (c *compressedFiles) cacheFile(rel string, size int64, mod time.Time) string {
	root := c.cache
	if !filepath.IsAbs(root) {
		root = filepath.Join(c.dir, root)
	}
	return filepath.Join(root, filepath.FromSlash(rel)) + "@" + strconv.FormatInt(size, 10) + "-" + strconv.FormatInt(mod.UnixNano(), 10)
}

// load returns the cached copies of rel at this size and modification
// time; ok is false when there are none or they are damaged.
func (c *compressedFiles) load(rel string, size int64, mod time.Time) (gz, br []byte, ok bool) {
	data, err := os.ReadFile(c.cacheFile(rel, size, mod))
	if err != nil {
		return nil, nil, false
	}
	return decodeCached(data, size, mod)
}

// decodeCached checks a cache file against its checksum, its lengths and
// the version it must hold, and returns its copies.
func decodeCached(data []byte, size int64, mod time.Time) (gz, br []byte, ok bool) {
	head := len(cacheMagic) + 32
	if len(data) < head+4 || string(data[:len(cacheMagic)]) != cacheMagic {
		return nil, nil, false
	}
	body := data[:len(data)-4]
	if crc32.Checksum(body, castagnoli) != binary.BigEndian.Uint32(data[len(body):]) {
		return nil, nil, false
	}
	f := body[len(cacheMagic):head]
	gzLen, brLen := binary.BigEndian.Uint64(f[16:]), binary.BigEndian.Uint64(f[24:])
	rest := uint64(len(body) - head)
	if int64(binary.BigEndian.Uint64(f)) != size || int64(binary.BigEndian.Uint64(f[8:])) != mod.UnixNano() ||
		gzLen > rest || brLen != rest-gzLen {
		return nil, nil, false
	}
	end := head + int(gzLen)
	return body[head:end:end], body[end:], true
}

// store writes the copies of one version of rel into the cache, and
// removes the other versions of rel there.
func (c *compressedFiles) store(rel string, size int64, mod time.Time, gz, br []byte) error {
	name := c.cacheFile(rel, size, mod)
	dir := filepath.Dir(name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, filepath.Base(name)+".tmp")
	if err != nil {
		return err
	}
	err = writeCached(f, size, mod, gz, br)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), name)
	}
	if err != nil {
		os.Remove(f.Name())
		return err
	}
	c.prune(dir, filepath.Base(name))
	return nil
}

func writeCached(w io.Writer, size int64, mod time.Time, gz, br []byte) error {
	sum := crc32.New(castagnoli)
	var head bytes.Buffer
	head.WriteString(cacheMagic)
	for _, v := range []uint64{uint64(size), uint64(mod.UnixNano()), uint64(len(gz)), uint64(len(br))} {
		binary.Write(&head, binary.BigEndian, v)
	}
	out := io.MultiWriter(w, sum)
	for _, b := range [][]byte{head.Bytes(), gz, br} {
		if _, err := out.Write(b); err != nil {
			return err
		}
	}
	return binary.Write(w, binary.BigEndian, sum.Sum32())
}

// prune removes, from a cache directory, the versions of the file whose
// current version is keep (as name@size-time), and temporary files that a
// crash left; another server's temporary file of the last minute stays.
func (c *compressedFiles) prune(dir, keep string) {
	// (The key after the last @ has none: a name under web/ may.)
	base := keep[:strings.LastIndex(keep, "@")]
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		if name == keep {
			continue
		}
		key, ok := strings.CutPrefix(name, base+"@")
		if !ok {
			continue
		}
		key, _, tmp := strings.Cut(key, ".tmp")
		sizeText, modText, ok := strings.Cut(key, "-")
		if _, err := strconv.ParseInt(sizeText, 10, 64); err != nil || !ok {
			continue // another file's, whose name goes on after base@
		}
		if _, err := strconv.ParseInt(modText, 10, 64); err != nil {
			continue
		}
		if tmp {
			if info, err := e.Info(); err != nil || time.Since(info.ModTime()) < tmpAge {
				continue
			}
		}
		os.Remove(filepath.Join(dir, name))
	}
}
