// Package online runs one player's side of a room: the host's or a guest's.
//
// A Table is a game this device runs: the session.Host (new, or resumed
// from the Saved kept in browser storage), the people at this device, each
// attached through an in-memory pipe, and the save written after every
// applied action, so a reload or a visit from the home page's "continue"
// list resumes the game where it was. A game on one device is a table with
// all its people here. A room is a table served to a network (Table.Serve,
// which Host calls): on every relay of its signal.Signaler through
// room.ServeWith (retrying while none can be reached), and by connection
// codes.
//
// A Joining is a guest. It reaches the host through the relays, keeps the
// reconnect token in storage, and when the link drops (the host reloaded,
// a network changed, the guest's own tab reloaded) it joins again by
// itself with that token and re-takes its seat.
//
// Both present the room to the UI the same way, as a View of what the
// player's session.Guest last heard plus the state of the link, and both
// accept the player's intents. Either can also connect one device by hand:
// a guest shows an offer code, the host answers it with an answer code.
//
// The package has no UI and no browser-only code: the room page renders
// View and calls the methods; native tests drive it over the in-process
// BroadcastChannel twin and real pion data channels on loopback.
package online
