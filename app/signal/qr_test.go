package signal

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"rsc.io/qr/coding"
)

// Byte-mode capacities at level L from the QR standard (ISO/IEC 18004
// table 7): the longest text that fits each version, and the size it gives.
func TestQRSizes(t *testing.T) {
	for _, c := range []struct{ n, size int }{
		{1, 21}, {17, 21}, {18, 25}, {32, 25}, {33, 29},
		{230, 53}, {231, 57}, {271, 57}, {272, 61}, {2953, 177},
	} {
		q, err := NewQR(strings.Repeat("x", c.n))
		if err != nil {
			t.Fatalf("%d bytes: %v", c.n, err)
		}
		if q.size != c.size {
			t.Errorf("%d bytes: size %d, want %d", c.n, q.size, c.size)
		}
	}
	if _, err := NewQR(strings.Repeat("x", 2954)); !errors.Is(err, ErrQRTooLong) {
		t.Fatalf("2954 bytes: %v, want ErrQRTooLong", err)
	}
}

// TestQRDecodes draws a manual code as SVG, reads the picture back into
// modules, checks the standard's fixed patterns and format bits, and reads
// the text back out of the data modules.
func TestQRDecodes(t *testing.T) {
	text := EncodeOffer(testSDP)
	q, err := NewQR(text)
	if err != nil {
		t.Fatal(err)
	}
	n := q.size
	version := (n - 17) / 4
	if (n-17)%4 != 0 || version < 1 || version > 40 {
		t.Fatalf("size %d is no QR version", n)
	}
	t.Logf("%d-character code → version %d, %d×%d modules", len(text), version, n, n)

	m := parseSVG(t, q.SVG(), n)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			if m[y][x] != q.Black(x, y) {
				t.Fatalf("SVG module (%d,%d) = %v, code says %v", x, y, m[y][x], q.Black(x, y))
			}
		}
	}

	// Finder patterns in three corners: 7×7, dark ring, light ring, dark 3×3.
	finder := func(x0, y0 int) {
		for y := 0; y < 7; y++ {
			for x := 0; x < 7; x++ {
				ring := max(abs(x-3), abs(y-3))
				want := ring != 2
				if m[y0+y][x0+x] != want {
					t.Fatalf("finder at (%d,%d): module (%d,%d) wrong", x0, y0, x, y)
				}
			}
		}
	}
	finder(0, 0)
	finder(n-7, 0)
	finder(0, n-7)
	// Timing patterns alternate along row 6 and column 6.
	for i := 8; i < n-8; i++ {
		if m[6][i] != (i%2 == 0) || m[i][6] != (i%2 == 0) {
			t.Fatalf("timing pattern broken at %d", i)
		}
	}

	// Format information next to the top-left finder, most significant bit
	// first (x, y): 15 bits, masked with
	// 0x5412, a BCH(15,5) code word whose top 5 bits are level and mask.
	var format uint
	for _, p := range [][2]int{{0, 8}, {1, 8}, {2, 8}, {3, 8}, {4, 8}, {5, 8}, {7, 8}, {8, 8}, {8, 7}, {8, 5}, {8, 4}, {8, 3}, {8, 2}, {8, 1}, {8, 0}} {
		format <<= 1
		if m[p[1]][p[0]] {
			format |= 1
		}
	}
	format ^= 0x5412
	if bchRemainder(format) != 0 {
		t.Fatalf("format bits %015b are not a BCH code word", format)
	}
	level, mask := format>>13, coding.Mask(format>>10&7)
	if level != 1 { // the standard spells L as 01
		t.Fatalf("error-correction level bits %02b, want 01 (L)", level)
	}

	// Read the data modules back into the bit stream.
	plan, err := coding.NewPlan(coding.Version(version), coding.L, mask)
	if err != nil {
		t.Fatal(err)
	}
	stream := make([]byte, (plan.DataBytes+plan.CheckBytes)*8)
	for y, row := range plan.Pixel {
		for x, pix := range row {
			if r := pix.Role(); r != coding.Data && r != coding.Check {
				continue
			}
			dark := m[y][x]
			if pix&coding.Invert != 0 {
				dark = !dark
			}
			if dark {
				stream[pix.Offset()] = 1
			}
		}
	}
	bits := func(from, count int) int {
		v := 0
		for _, b := range stream[from : from+count] {
			v = v<<1 | int(b)
		}
		return v
	}
	if mode := bits(0, 4); mode != 4 {
		t.Fatalf("mode %04b, want 0100 (bytes)", mode)
	}
	countBits := 8
	if version >= 10 {
		countBits = 16
	}
	count := bits(4, countBits)
	got := make([]byte, count)
	for i := range got {
		got[i] = byte(bits(4+countBits+8*i, 8))
	}
	if string(got) != text {
		t.Fatalf("decoded %q, want %q", got, text)
	}
	if sdp, err := DecodeOffer(string(got)); err != nil || sdp != testSDP {
		t.Fatalf("the scanned code does not decode to the offer: %v", err)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// bchRemainder divides by the format code's generator x^10+x^8+x^5+x^4+x^2+x+1.
func bchRemainder(v uint) uint {
	const g = 0x537
	for i := 14; i >= 10; i-- {
		if v&(1<<i) != 0 {
			v ^= g << (i - 10)
		}
	}
	return v
}

var svgRun = regexp.MustCompile(`M(\d+) (\d+)h(\d+)v1h-(\d+)z`)

// parseSVG reads the modules of an SVG drawn by QR.SVG.
func parseSVG(t *testing.T, svg string, n int) [][]bool {
	t.Helper()
	side := strconv.Itoa(n + 2*qrQuiet)
	if !strings.HasPrefix(svg, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 `+side+" "+side+`"`) ||
		!strings.HasSuffix(svg, "</svg>") {
		t.Fatalf("unexpected SVG frame: %.120s", svg)
	}
	m := make([][]bool, n)
	for i := range m {
		m[i] = make([]bool, n)
	}
	runs := svgRun.FindAllStringSubmatch(svg, -1)
	if len(runs) == 0 {
		t.Fatal("no dark modules in the SVG")
	}
	for _, r := range runs {
		x, _ := strconv.Atoi(r[1])
		y, _ := strconv.Atoi(r[2])
		w, _ := strconv.Atoi(r[3])
		if r[3] != r[4] {
			t.Fatalf("run %q does not close", r[0])
		}
		x, y = x-qrQuiet, y-qrQuiet
		if y < 0 || y >= n || x < 0 || x+w > n {
			t.Fatalf("run %q lies in the quiet zone", r[0])
		}
		for i := 0; i < w; i++ {
			m[y][x+i] = true
		}
	}
	return m
}
