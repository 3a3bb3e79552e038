package signal

import (
	"strconv"
	"strings"

	"rsc.io/qr/coding"
)

// QR is a QR code of a manual code (or any text), ready to draw. It uses
// error-correction level L, which keeps codes small enough for a phone to
// read off a screen, and byte mode, so the text scanned is exactly the
// text encoded.
type QR struct {
	size int
	code *coding.Code
}

// ErrQRTooLong is NewQR's error when the text does not fit in a QR code.
var ErrQRTooLong = newError("the code is too long for a QR code; copy it as text")

// NewQR encodes text in the smallest QR code that holds it.
func NewQR(text string) (*QR, error) {
	enc := coding.String(text)
	for v := coding.Version(coding.MinVersion); v <= coding.MaxVersion; v++ {
		if enc.Bits(v) > v.DataBytes(coding.L)*8 {
			continue
		}
		p, err := coding.NewPlan(v, coding.L, 0)
		if err != nil {
			return nil, err
		}
		c, err := p.Encode(enc)
		if err != nil {
			return nil, err
		}
		return &QR{size: c.Size, code: c}, nil
	}
	return nil, ErrQRTooLong
}

// Black says whether the module at column x, row y is dark.
func (q *QR) Black(x, y int) bool { return q.code.Black(x, y) }

// qrQuiet is the light margin the QR standard asks for, in modules.
const qrQuiet = 4

// SVG draws the code as a square SVG image, one user unit per module with
// the 4-module quiet zone around it; it scales to whatever size the page
// gives it. Dark modules are one path of horizontal runs.
func (q *QR) SVG() string {
	n := strconv.Itoa(q.size + 2*qrQuiet)
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ` + n + ` ` + n +
		`" shape-rendering="crispEdges"><rect width="` + n + `" height="` + n + `" fill="#fff"/><path fill="#000" d="`)
	for y := 0; y < q.size; y++ {
		for x := 0; x < q.size; {
			if !q.Black(x, y) {
				x++
				continue
			}
			run := 1
			for x+run < q.size && q.Black(x+run, y) {
				run++
			}
			r := strconv.Itoa(run)
			b.WriteString("M" + strconv.Itoa(x+qrQuiet) + " " + strconv.Itoa(y+qrQuiet) + "h" + r + "v1h-" + r + "z")
			x += run
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String()
}
