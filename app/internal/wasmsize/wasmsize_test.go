package wasmsize

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"
)

func TestPackageOf(t *testing.T) {
	for _, c := range []struct{ fn, want string }{
		{"runtime.mallocgc", "runtime"},
		{"main.__roomPage_.Render", "main"},
		{"longhall_app_ui.Table", "longhall_app_ui"},
		{"longhall_rules_rednorth.__State_.Apply", "longhall_rules_rednorth"},
		{"github.com_pion_ice_v4.__CandidateHost_.Extensions", "github.com_pion_ice_v4"},
		{"rsc.io_qr_coding.Encode", "rsc.io_qr_coding"},
		{"slices.pdqsortCmpFunc_go", "slices"},
		{"crypto_internal_fips140_aes_gcm.seal", "crypto_internal_fips140_aes_gcm"},
		{"go_buildid", "go_buildid"},
	} {
		if got := PackageOf(c.fn); got != c.want {
			t.Errorf("PackageOf(%q) = %q, want %q", c.fn, got, c.want)
		}
	}
}

// tinyWasm builds a tiny wasm binary: one imported function, then the given
// bodies named by names (index 0 is the import).
func tinyWasm(names []string, bodies ...[]byte) []byte {
	var out bytes.Buffer
	out.WriteString("\x00asm\x01\x00\x00\x00")
	section := func(id byte, b []byte) {
		out.WriteByte(id)
		out.Write(binary.AppendUvarint(nil, uint64(len(b))))
		out.Write(b)
	}
	str := func(b []byte, s string) []byte { return append(binary.AppendUvarint(b, uint64(len(s))), s...) }
	imp := binary.AppendUvarint(nil, 1)
	imp = str(imp, "go")
	imp = str(imp, "debug")
	imp = append(imp, 0, 0)
	section(2, imp)
	code := binary.AppendUvarint(nil, uint64(len(bodies)))
	for _, b := range bodies {
		code = append(binary.AppendUvarint(code, uint64(len(b))), b...)
	}
	section(10, code)
	var fn []byte
	fn = binary.AppendUvarint(fn, uint64(len(names)))
	for i, n := range names {
		fn = str(binary.AppendUvarint(fn, uint64(i)), n)
	}
	custom := str(nil, "name")
	custom = append(custom, 1)
	custom = append(binary.AppendUvarint(custom, uint64(len(fn))), fn...)
	section(0, custom)
	return out.Bytes()
}

func TestByPackageAddsBodiesUp(t *testing.T) {
	wasm := tinyWasm([]string{"go.debug", "runtime.a", "longhall_app_ui.B", "runtime.c"},
		make([]byte, 10), make([]byte, 5), make([]byte, 7))
	got, err := ByPackage(wasm)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Name != "runtime" || got[0].Code != 17 || got[0].Funcs != 2 ||
		got[1].Name != "longhall_app_ui" || got[1].Code != 5 || got[1].Funcs != 1 {
		t.Fatalf("got %+v", got)
	}
	if got[0].Gzip == 0 {
		t.Error("no gzip size")
	}
}

func TestByPackageRefusesBadInput(t *testing.T) {
	good := tinyWasm([]string{"go.debug", "runtime.a"}, make([]byte, 10))
	if _, err := ByPackage([]byte("not wasm")); err == nil {
		t.Error("text accepted as wasm")
	}
	for n := 8; n < len(good); n++ {
		if _, err := ByPackage(good[:n]); err == nil {
			t.Errorf("a binary cut at %d bytes of %d was read", n, len(good))
		}
	}
	stripped := tinyWasm(nil, make([]byte, 10))
	if _, err := ByPackage(stripped); !errors.Is(err, ErrNoNames) {
		t.Errorf("stripped binary: %v, want ErrNoNames", err)
	}
}

func FuzzByPackage(f *testing.F) {
	f.Add(tinyWasm([]string{"go.debug", "runtime.a"}, make([]byte, 10)))
	f.Fuzz(func(t *testing.T, b []byte) { ByPackage(b) })
}
