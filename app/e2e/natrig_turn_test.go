//go:build linux

package e2e

import (
	"slices"
	"strings"
	"testing"
)

// natTURNServeFlags are serve's flags that give the site's rooms the rig's
// coturn as a TURN server, with its username and credential, and as a
// STUN server.
func natTURNServeFlags(rig *natRig) []string {
	return []string{"-stun", rig.STUN + "," + rig.TURN, "-turn-user", rig.TURNUser, "-turn-credential", rig.TURNCredential}
}

// TestNATRoomSymmetricNATsConnectThroughTURN: host and guest each behind a
// symmetric NAT, through which no hole can be punched, on a site that
// gives coturn as its TURN server with credentials: the guest is seated,
// moves go both ways, and the link runs through coturn (its selected
// candidate pair has a relay candidate at coturn's address), with the
// credentials given to the browser.
func TestNATRoomSymmetricNATsConnectThroughTURN(t *testing.T) {
	t.Parallel()
	rig := newNATRig(t, natSymmetric, natSymmetric)
	base := rig.StartApp(t, natTURNServeFlags(rig)...)
	run := natRoom(t, rig, base, rig.Homes[0], rig.Homes[1])
	for _, side := range []struct {
		who  string
		link peerLink
	}{{"the host", run.HostLink}, {"the guest", run.GuestLink}} {
		l := side.link
		if !l.Relayed() {
			t.Errorf("%s's link is not relayed: %v", side.who, l)
		}
		if (l.Local.Type != "relay" || l.Local.Address != natTURNAddr) && (l.Remote.Type != "relay" || l.Remote.Address != natTURNAddr) {
			t.Errorf("%s's link has no relay candidate at coturn's %s: %v", side.who, natTURNAddr, l)
		}
		given := false
		for _, s := range l.Servers {
			if slices.ContainsFunc(s.URLs, func(u string) bool { return strings.HasPrefix(u, "turn:") }) {
				given = given || (s.Username == rig.TURNUser && s.Credential)
			}
		}
		if !given {
			t.Errorf("%s's peer connection was not given the TURN server with its credentials: %+v", side.who, l.Servers)
		}
	}
	screenshot(t, run.Guest, "nat-symmetric-turn-guest")
}
