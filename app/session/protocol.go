package session

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"longhall/rules"
)

// ProtocolVersion is the version of the wire format this package speaks.
// Every envelope carries it; a peer speaking another version is refused.
const ProtocolVersion = 1

// MaxMessageSize bounds one message in either direction, in bytes. Larger
// messages are refused before they are decoded. It matches the message size
// every WebRTC implementation accepts.
const MaxMessageSize = 64 << 10

// Message kinds sent by a guest.
const (
	KindHello    = "hello"
	KindIntent   = "intent"
	KindSit      = "sit"
	KindStand    = "stand"
	KindReady    = "ready"
	KindChat     = "chat" // also sent by the host, with the sender filled in
	KindPing     = "ping"
	KindResync   = "resync"   // the guest cannot apply a patch: send the whole view
	KindPrefs    = "prefs"    // how the player wants the host to answer for them (Prefs)
	KindClaim    = "claim"    // a watcher asks for an away player's seat, as its own (Claim)
	KindTookOver = "tookover" // the guest the host hands the table to has it, kept (HandOver)
)

// Message kinds sent by the host.
const (
	KindWelcome  = "welcome"
	KindLobby    = "lobby"
	KindState    = "state"
	KindLog      = "log"
	KindError    = "error"
	KindKicked   = "kicked"
	KindPaused   = "paused"
	KindResumed  = "resumed"
	KindPong     = "pong"
	KindRecord   = "record"
	KindClock    = "clock"
	KindHandOver = "handover" // a part of the table the host hands to this guest (HandOver)
)

// Envelope is every message on the wire: {"v":1,"kind":"…","body":{…}}.
type Envelope struct {
	V    int             `json:"v"`
	Kind string          `json:"kind"`
	Body json.RawMessage `json:"body,omitempty"`
}

// Hello is a guest's first message. Token is empty the first time and the
// token from Welcome when reconnecting.
type Hello struct {
	Name  string `json:"name"`
	Token string `json:"token,omitempty"`
	// Resume is the link this guest held its seat on until that link
	// dropped (Welcome.Link). Coming back after a drop, it takes the seat
	// only if no other link has taken it since; a phone that wakes up must
	// not take the seat from the laptop its player moved to. Zero for a
	// new tab, a reload, or a player who asks for the seat back: then the
	// newest connection wins.
	Resume int64 `json:"resume,omitempty"`
	// Build is the guest's build of the app (ThisBuild when left zero);
	// a host welcomes any build that speaks its protocol.
	Build Build `json:"build,omitzero"`
}

// Intent asks the host to apply an action for a seat the guest holds. Seq
// must be exactly one more than the guest's previous intent (Welcome.Seq
// tells where to continue after a reconnect).
type Intent struct {
	Seq    int64        `json:"seq"`
	Seat   rules.Seat   `json:"seat"`
	Action rules.Action `json:"action"`
	// Step is the table's step the guest decided at (StateMsg.Step): an
	// intent decided on a table that an undo has since taken back is
	// refused, so that nobody acts on a move that no longer stands.
	Step int `json:"step,omitempty"`
}

// Sit asks for a seat in the lobby.
type Sit struct {
	Seat rules.Seat `json:"seat"`
}

// Claim is a watcher's request, after the start, for the seat of a player
// who is away: a player whose browser lost its seat's token (a phone that
// cleared the site's storage, a profile wiped) comes back as a stranger and
// asks for the seat by name. The host alone decides (Host.GiveSeat); the
// request is shown to everyone in the lobby (SeatStatus.Claims).
type Claim struct {
	Seat rules.Seat `json:"seat"`
}

// Prefs are a player's wishes for the host to act on. AutoPass says when
// the host answers a prompt that may time out (a reaction; see
// rules.Expiring) for the player, with the answer a time out would give:
// AutoPassOff never, AutoPassNothing when that answer is the only one the
// player has (the default), AutoPassAlways every time. An automatic answer
// comes after a delay drawn from one human-like distribution, whether or
// not the player had another answer, and reads like one given by hand; at
// once when nobody else is in the room to see it come.
//
// PassUntil asks for a standing pass (the seat's own choice, made at one of
// its prompts that may time out): the host answers it as a time out would
// at once, and then every such prompt of the seat's after a delay from
// that same distribution, until the seat's next turn (PassTurn, for games
// with turns: rules.Turns) or until the table next waits on a prompt that
// cannot time out, the round of answers over (PassRound); PassOff calls
// it off. With PassUntil set, an empty AutoPass leaves the choice as it was.
type Prefs struct {
	AutoPass  string `json:"autoPass"`
	PassUntil string `json:"passUntil,omitempty"`
}

// The choices of Prefs.PassUntil.
const (
	PassTurn  = "turn"
	PassRound = "round"
	PassOff   = "off"
)

// The choices of Prefs.AutoPass.
const (
	AutoPassOff     = "off"
	AutoPassNothing = "nothing"
	AutoPassAlways  = "always"
)

// Ready says whether a seated guest is ready to start.
type Ready struct {
	Ready bool `json:"ready"`
}

// Chat is a short line of chat. A guest sends only Text; the host relays it
// to everyone with From, Name and Seat filled in.
type Chat struct {
	From int        `json:"from,omitempty"`
	Name string     `json:"name,omitempty"`
	Seat rules.Seat `json:"seat"`
	Text string     `json:"text"`
	// System marks a line from the host's rules, not a person (who was
	// cut off, and why); only the host sends it.
	System bool `json:"system,omitempty"`
}

// Ping asks the host for a Pong carrying the same N.
type Ping struct {
	N int64 `json:"n"`
}

// Pong answers a Ping.
type Pong struct {
	N int64 `json:"n"`
}

// Welcome answers a hello: the guest's member id, its seat (rules.Spectator
// when watching), the token to keep for reconnecting, and the last intent
// sequence number the host accepted from this token.
type Welcome struct {
	You   int        `json:"you"`
	Seat  rules.Seat `json:"seat"`
	Token string     `json:"token"`
	Seq   int64      `json:"seq"`
	// Link names this connection among all those the host has welcomed
	// (see Hello.Resume).
	Link int64 `json:"link,omitempty"`
	// Build is the host's build of the app.
	Build Build `json:"build,omitzero"`
}

// Lobby is the room: the game, its public options, and who sits where.
// The seed and any fixed set-up are never sent: they would reveal hidden
// cards.
type Lobby struct {
	Game       string            `json:"game"`
	Name       string            `json:"name"`
	Players    int               `json:"players"`
	Options    map[string]string `json:"options,omitempty"`
	AnswerTime int               `json:"answerTime,omitempty"` // seconds to answer a prompt that may time out; 0 for no limit
	Started    bool              `json:"started"`
	Paused     bool              `json:"paused"`
	Seats      []SeatStatus      `json:"seats"`
	Spectators int               `json:"spectators"`
}

// Seat kinds in SeatStatus.
const (
	SeatEmpty = "empty"
	SeatHuman = "human"
	SeatBot   = "bot"
)

// SeatStatus is one seat of the lobby. Member is the id of the human in it
// (0 otherwise); Host marks the host's own player.
type SeatStatus struct {
	Seat      rules.Seat `json:"seat"`
	Kind      string     `json:"kind"`
	Name      string     `json:"name,omitempty"`
	Level     string     `json:"level,omitempty"` // a bot's: rules.Hard, or empty for Easy
	Member    int        `json:"member,omitempty"`
	Host      bool       `json:"host,omitempty"`
	Connected bool       `json:"connected"`
	Ready     bool       `json:"ready"`
	// Build is the human's build of the app, as its hello said (zero
	// for a build from before builds were said).
	Build Build `json:"build,omitzero"`
	// Claims are the watchers who ask for this seat (Claim), oldest
	// first, while its player is away.
	Claims []SeatClaim `json:"claims,omitempty"`
}

// SeatClaim is one watcher's request for a seat: its member id and name.
type SeatClaim struct {
	Member int    `json:"member"`
	Name   string `json:"name"`
}

// StateMsg is the game as one seat sees it. Version counts the actions
// applied since the start; Events are those of the action that produced this
// version, filtered for the seat (empty when the state is sent on joining).
// Legal lists the seat's own legal actions and is empty for spectators.
type StateMsg struct {
	Version int             `json:"version"`
	Seat    rules.Seat      `json:"seat"`
	View    json.RawMessage `json:"view,omitempty"`
	// Patch, when set instead of View, holds only the view's top-level
	// fields that changed since the state of version Base, the last this
	// guest was sent; Drop lists fields that are gone. The guest applies it
	// to the view it holds (Guest does; Latest shows the whole view).
	Patch   map[string]json.RawMessage `json:"patch,omitempty"`
	Drop    []string                   `json:"drop,omitempty"`
	Base    int                        `json:"base,omitempty"`
	Prompts []rules.Prompt             `json:"prompts"`
	Legal   []rules.Action             `json:"legal"`
	// Refused lists actions the seat may not take now, and why, where the
	// game can say (rules.Explainer).
	Refused []rules.Refusal `json:"refused,omitempty"`
	Events  []rules.Event   `json:"events"`
	// Actor is the seat whose action made this version (-1 before the
	// first): the log entry its Events make is that seat's, as LogMsg's
	// are, whoever the first event names.
	Actor  rules.Seat    `json:"actor"`
	Result *rules.Result `json:"result,omitempty"`
	// Step counts every change of the table, an action taken back
	// included (Version then goes down): an intent names the step it was
	// decided at (Intent.Step).
	Step int `json:"step"`
	// Undo, sent only to the seat it concerns, names that seat's last
	// action when the seat may take it back now (an intent of UndoKind):
	// it stays while bots answer in ways that may be taken back with it.
	Undo string `json:"undo,omitempty"`
	// Passes, sent only to the seat it concerns, lists the standing passes
	// (Prefs.PassUntil) the seat may ask for at its prompt now; Passing is
	// the one it holds.
	Passes  []string `json:"passes,omitempty"`
	Passing string   `json:"passing,omitempty"`
}

// LogMsg brings a guest's game log up to date on joining, reconnecting or
// changing seats: every action so far, filtered for the guest's seat. A
// long log comes in several messages; the first has First set (the guest
// drops what it had), and the last has More unset. Upto is the state
// version the log reaches; later StateMsg events extend it.
type LogMsg struct {
	First   bool             `json:"first,omitempty"`
	More    bool             `json:"more,omitempty"`
	Upto    int              `json:"upto"`
	Entries []rules.LogEntry `json:"entries"`
}

// ErrorMsg refuses one message of the guest it is sent to. Seq is the
// intent's sequence number, or 0 when the refused message was not an intent.
type ErrorMsg struct {
	Seq  int64  `json:"seq"`
	Code string `json:"code"`
	// Args are the refusal's particulars, from which a client words it
	// (with Code). A host of an older build leaves them out (nil).
	Args *Args `json:"args,omitempty"`
	// Text is the refusal in English, for clients older than Args and for
	// logs; a client that knows Code words the refusal itself.
	Text string `json:"text"`
	// Protocol, for CodeVersion, is the protocol version the other side
	// speaks, so that a player is told which device should reload. A
	// guest fills it in itself: it cannot read the envelope of another
	// version, only its version number.
	Protocol int `json:"protocol,omitempty"`
}

// Kicked tells a guest the host is closing its connection, and why: Why
// for the guest's program (one of the Kick constants, or empty from an
// older host), Reason for the player.
type Kicked struct {
	Reason string `json:"reason"`
	Why    string `json:"why,omitempty"`
	// Args are the particulars, as for an error: Args.Why the cause
	// (WhyFlood, WhyStrikes, WhySeatGiven), Limit the seconds to wait
	// (KickCutOff), Name who was given the seat, Reason the host's own
	// words. An older host leaves them out.
	Args *Args `json:"args,omitempty"`
}

// Err is the kick as an *Error with code kicked: what Guest.Err says
// once the link has closed, and what a client words for the player.
func (k *Kicked) Err() *Error {
	return &Error{Code: CodeKicked, Args: k.Args, Text: k.Reason, Why: k.Why}
}

// Why a host closed a guest's connection (Kicked.Why, Error.Why).
const (
	// KickElsewhere: the same player connected again, from another tab,
	// device or link; the newest connection holds the seat. The player
	// may take it back (connect again with the token).
	KickElsewhere = "elsewhere"
	// KickRemoved: the host removed the player, or the limits did, for
	// the rest of the room; the token is refused from now on.
	KickRemoved = "removed"
	// KickCutOff: the player broke the limits and may come back later
	// (the Reason says when).
	KickCutOff = "cut_off"
	// KickHostSeat: the token is the host's own player's.
	KickHostSeat = "host_seat"
	// KickNoHello: no hello came in time.
	KickNoHello = "no_hello"
	// KickHandedOver: the host handed the table to another player's
	// device (HandOver), which hosts the room from now on: the guest
	// connects again, through the same room link, to the new host.
	KickHandedOver = "handed_over"
)

// HandOver is one part of the table a host hands to a guest's device,
// which hosts the room from then on: the app's own save of the room
// (opaque to the session), cut in parts of at most HandOverPart bytes,
// each in base64 (Data), numbered from 0 of Parts. The guest says
// KindTookOver once it has kept the whole.
type HandOver struct {
	Part  int    `json:"part"`
	Parts int    `json:"parts"`
	Data  string `json:"data"`
	// Standby marks a copy of the table for the host's chosen successor,
	// who takes the room over only if the host's device goes quiet for a
	// while (SendStandby); Parts 0 takes the choice back.
	Standby bool `json:"standby,omitempty"`
}

// HandOverPart bounds a part of a hand-over (48 KB in base64: a message
// stays under MaxMessageSize); MaxHandOverParts bounds their number, 4.5
// MB in all, more than twice a record's limit.
const (
	HandOverPart     = 36 << 10
	MaxHandOverParts = 128
)

// ClockMsg says that Seat's time to answer runs for the state of Version:
// Ms milliseconds are left as the message leaves the host. Everyone is
// sent it, at the same moment: who is waited on is public (the prompts).
type ClockMsg struct {
	Version int        `json:"version"`
	Seat    rules.Seat `json:"seat"`
	Ms      int64      `json:"ms"`
}

// RecordMsg hands every guest the whole record once the game has ended,
// for its replay: every seat's cards may be seen then.
type RecordMsg struct {
	Record rules.Record `json:"record"`
}

// Paused tells guests the host has paused the game (the host is away).
type Paused struct {
	Reason string `json:"reason,omitempty"`
}

// Error codes carried by ErrorMsg and Error. Those marked "strike" count
// towards dropping the peer (Limits.MaxStrikes); the others are ordinary
// refusals that a correct client can run into through a race.
const (
	CodeBadJSON       = "bad_json"       // strike: not a JSON object, or a body of the wrong shape
	CodeTooBig        = "too_big"        // strike: over MaxMessageSize
	CodeBadKind       = "bad_kind"       // strike: unknown message kind
	CodeVersion       = "version"        // strike: another protocol version
	CodeHelloFirst    = "hello_first"    // strike: a message before hello
	CodeAlreadyJoined = "already_joined" // strike: a second hello
	CodeFlood         = "flood"          // strike: over the message rate limit
	CodeReplayed      = "replayed"       // strike: intent seq not above the last one
	CodeOutOfOrder    = "out_of_order"   // strike: intent seq skips ahead
	CodeWrongSeat     = "wrong_seat"     // intent for a seat the peer does not hold
	CodeNotStarted    = "not_started"    // intent before the game started
	CodePaused        = "paused"         // intent while the host has paused
	CodeIllegal       = "illegal"        // the rules refused the action
	CodeNotYourTurn   = "not_your_turn"  // the seat has nothing to decide now
	CodeGameOver      = "game_over"      // the game has ended
	CodeStarted       = "started"        // sit, stand or ready after the start
	CodeNoSeat        = "no_seat"        // sit with a seat number out of range
	CodeSeatTaken     = "seat_taken"     // sit where another player sits
	CodeNotSeated     = "not_seated"     // ready or stand while watching
	CodeBadChat       = "bad_chat"       // an empty chat line
	CodeTooLong       = "too_long"       // a chat line over Limits.ChatRunes
	CodeChatRate      = "chat_rate"      // chatting faster than Limits allow
	CodeFull          = "full"           // no room for another spectator
	CodeInternal      = "internal"       // the host could not build the answer
	CodeOutOfStep     = "out_of_step"    // (Guest only) a view change the guest could not apply; it asked to resync
	CodeKicked        = "kicked"         // (Guest.Err only) the host closed the link
	CodeHostSeat      = "host_seat"      // a hello with the token of the host's own player
	CodeBadPrefs      = "bad_prefs"      // prefs with an unknown choice
	CodeNoUndo        = "no_undo"        // an undo with nothing of the seat's own that may be taken back
	CodeTakenBack     = "taken_back"     // an intent decided on a move that has since been taken back
	CodeNoClaim       = "no_claim"       // a claim for a seat that is not open to one (not started, not away, not a watcher)
	CodeMovedOn       = "moved_on"       // an intent the rules refuse, decided on a table that has changed since
)

var strikeCodes = map[string]bool{
	CodeBadJSON: true, CodeTooBig: true, CodeBadKind: true, CodeVersion: true,
	CodeHelloFirst: true, CodeAlreadyJoined: true, CodeFlood: true,
	CodeReplayed: true, CodeOutOfOrder: true,
}

// Error is a refusal with a machine-readable code and its particulars
// (Args), from which the app words it where it is shown. Text starts with
// "session: ": the refusal in English, for older clients and logs.
type Error struct {
	Code string
	// Args are the particulars; nil when the refusal came from a host of
	// an older build, which sent its Text alone.
	Args *Args
	Text string
	// Why, for CodeKicked, says why the host closed the link (a Kick
	// constant).
	Why string
}

func (e *Error) Error() string { return e.Text }

func errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Args: &Args{}, Text: "session: " + fmt.Sprintf(format, args...)}
}

// with gives a refusal its particulars.
func (e *Error) with(a Args) *Error {
	e.Args = &a
	return e
}

// msg is the refusal as it goes on the wire, to seq's sender.
func (e *Error) msg(seq int64) ErrorMsg {
	return ErrorMsg{Seq: seq, Code: e.Code, Args: e.Args, Text: e.Text}
}

// Err is the refusal as an *Error, for errors.As.
func (m *ErrorMsg) Err() *Error {
	return &Error{Code: m.Code, Args: m.Args, Text: m.Text}
}

// Args are the particulars of a refusal (Error, ErrorMsg), each named for
// the codes it serves; a field a code does not use is left out. Seats are
// numbered from 0, as everywhere on the wire.
type Args struct {
	// Why says which of a code's causes it is, for the codes that have
	// several (the Why constants).
	Why string `json:"why,omitempty"`
	// Seat: the seat asked for (wrong_seat, no_seat, seat_taken,
	// no_claim, not_ready).
	Seat rules.Seat `json:"seat,omitempty"`
	// Held: the seat the refused player holds (wrong_seat, no_claim).
	Held rules.Seat `json:"held,omitempty"`
	// Name: the player it is about (seat_taken, no_claim, not_ready,
	// not_seated).
	Name string `json:"name,omitempty"`
	// Kind: the message kind refused (bad_kind, bad_json).
	Kind string `json:"kind,omitempty"`
	// Last: the last intent number the host took (replayed,
	// out_of_order).
	Last int64 `json:"last,omitempty"`
	// Size and Limit: how big, and how big it may be (too_big: bytes;
	// too_long: Limit in characters; version: Size is the version sent,
	// Limit the one spoken).
	Size  int `json:"size,omitempty"`
	Limit int `json:"limit,omitempty"`
	// Level: a bot level asked for (no_seat, WhyNoLevel).
	Level string `json:"level,omitempty"`
	// Member: a member id (no_member).
	Member int `json:"member,omitempty"`
	// Game and Reason: the game whose rules refused an action, and why in
	// the game's own words (illegal, not_your_turn, game_over, moved_on
	// when the rules said so).
	Game   string `json:"game,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// Why a refusal was made, for the codes with several causes (Args.Why).
const (
	WhyWatching     = "watching"      // wrong_seat, no_undo: the sender watches; not_seated: the one named watches
	WhyAnswered     = "answered"      // moved_on: the host answered for the seat (its time ran out, an automatic answer) after the intent was decided
	WhyOptions      = "options"       // started: the options are fixed
	WhyHasPlayers   = "has_players"   // started: the lobby already has players
	WhyBotLevel     = "bot_level"     // started: a bot keeps its level
	WhyBotLeaves    = "bot_leaves"    // started: a bot cannot leave a game in progress
	WhyNoBot        = "no_bot"        // no_seat: the seat has no bot
	WhyNoLevel      = "no_level"      // no_seat: no such bot level (Level)
	WhyNotConnected = "not_connected" // no_seat: that player is not connected
	WhyOnDevice     = "on_device"     // no_seat: that player plays on the host's device
	WhyNoTaker      = "no_taker"      // no_seat: no device has taken the table
	WhyEmpty        = "empty"         // not_ready, no_claim: the seat is empty
	WhyNotStarted   = "not_started"   // no_claim: before the start
	WhySeated       = "seated"        // no_claim: the claimer plays a seat (Held)
	WhyBot          = "bot"           // no_claim: a bot plays the seat
	WhyPresent      = "present"       // no_claim: the seat's player is at the table (Name)
	WhyLeft         = "left"          // no_claim: the watcher has left
	WhyHostPlayer   = "host_player"   // no_claim, no_member: the host's own player
	WhyAutoPass     = "auto_pass"     // bad_prefs: an unknown autoPass
	WhyPassUntil    = "pass_until"    // bad_prefs: an unknown passUntil
	WhyNoPrompt     = "no_prompt"     // bad_prefs: no prompt of the seat's to pass
	WhyHandOver     = "hand_over"     // too_big: the table's save is too big to hand over
	WhyStandby      = "standby"       // too_big: the table's save is too big to copy to a successor
	WhyUnreadable   = "unreadable"    // (Guest only) the host sent a message this version cannot read
	WhyFlood        = "flood"         // kicked (cut_off, removed): too many messages too fast
	WhyStrikes      = "strikes"       // kicked (cut_off, removed): too many bad messages
	WhySeatGiven    = "seat_given"    // kicked (removed): the host gave the seat to Name
)

// encode wraps a body in an envelope of the current version.
func encode(kind string, body any) ([]byte, error) {
	if body == nil {
		return envelope(kind, nil), nil
	}
	b, err := json.Marshal(body)
	if err != nil {
		return nil, failf("encoding %s: %w", kind, err)
	}
	return envelope(kind, b), nil
}

// envelope wraps an encoded body. It writes the envelope by hand: wrapping
// the body as a json.RawMessage would scan it all again to check it, and
// a state message is the host's hottest path. kind is one of this
// package's constants, which need no escaping.
func envelope(kind string, body []byte) []byte {
	out := make([]byte, 0, len(body)+len(kind)+32)
	out = append(out, `{"v":`...)
	out = strconv.AppendInt(out, ProtocolVersion, 10)
	out = append(out, `,"kind":"`...)
	out = append(out, kind...)
	out = append(out, '"')
	if body != nil {
		out = append(out, `,"body":`...)
		out = append(out, body...)
	}
	return append(out, '}')
}

// envelopeHead is how envelope starts every message, up to its kind.
var envelopeHead = []byte(`{"v":` + strconv.Itoa(ProtocolVersion) + `,"kind":"`)

// written reads an envelope in the form envelope writes it,
// {"v":1,"kind":"…"} or {"v":1,"kind":"…","body":…}, without reading
// its body: Body is a slice of data, unchecked, for body to decode (and
// check). ok is false for a message over MaxMessageSize or in any other
// form; decode reads those. A message written reads as decode reads it
// once its body decodes: the body is then one JSON value, so the whole is
// the object it looks like.
func written(data []byte) (env Envelope, ok bool) {
	if len(data) > MaxMessageSize || !bytes.HasPrefix(data, envelopeHead) || data[len(data)-1] != '}' {
		return Envelope{}, false
	}
	rest := data[len(envelopeHead) : len(data)-1]
	i := 0
	for i < len(rest) && (rest[i] >= 'a' && rest[i] <= 'z' || rest[i] == '_') {
		i++
	}
	if i == 0 || i == len(rest) || rest[i] != '"' {
		return Envelope{}, false
	}
	env = Envelope{V: ProtocolVersion, Kind: string(rest[:i])}
	rest = rest[i+1:]
	const bodyKey = `,"body":`
	switch {
	case len(rest) == 0:
		return env, true
	case bytes.HasPrefix(rest, []byte(bodyKey)) && len(bytes.TrimSpace(rest[len(bodyKey):])) > 0:
		env.Body = rest[len(bodyKey):]
		return env, true
	}
	return Envelope{}, false
}

// plainKeys says whether every key of fields is written by
// strconv.AppendQuote exactly as encoding/json writes it: printable ASCII
// that needs no escape. A struct's JSON names are.
func plainKeys(fields map[string]json.RawMessage) bool {
	for k := range fields {
		for i := 0; i < len(k); i++ {
			if !plain(k[i]) {
				return false
			}
		}
	}
	return true
}

// plain says whether a byte of a key is written by encoding/json as it is.
func plain(c byte) bool {
	return c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
}

// splitObject splits a JSON object written by json.Marshal (compact and
// valid) into its members, and returns their names sorted. It is the
// host's cheap stand-in for json.Unmarshal into a map, which in wasm costs
// more than the marshalling did. ok is false when data is not such an
// object or a name is not plain (see plainKeys); the caller then sends
// whole views. It never reads past data, whatever data holds.
func splitObject(data []byte) (keys []string, fields map[string]json.RawMessage, ok bool) {
	i := 0
	if len(data) < 2 || data[0] != '{' {
		return nil, nil, false
	}
	i = 1
	fields = map[string]json.RawMessage{}
	if data[i] == '}' {
		return nil, fields, i+1 == len(data)
	}
	for {
		// A plain name: no escapes, nothing plainKeys refuses.
		if i >= len(data) || data[i] != '"' {
			return nil, nil, false
		}
		start := i + 1
		for i = start; i < len(data) && data[i] != '"'; i++ {
			if !plain(data[i]) {
				return nil, nil, false
			}
		}
		if i+1 >= len(data) || data[i+1] != ':' {
			return nil, nil, false
		}
		name := string(data[start:i])
		i += 2
		// The value runs to the next ',' or '}' outside strings and nesting.
		vstart, depth := i, 0
	value:
		for ; i < len(data); i++ {
			switch data[i] {
			case '"':
				for i++; i < len(data) && data[i] != '"'; i++ {
					if data[i] == '\\' {
						i++
					}
				}
			case '{', '[':
				depth++
			case '}', ']':
				if depth == 0 {
					break value
				}
				depth--
			case ',':
				if depth == 0 {
					break value
				}
			case ' ', '\t', '\n', '\r':
				return nil, nil, false // not json.Marshal's compact form
			}
		}
		if i >= len(data) || i == vstart {
			return nil, nil, false
		}
		if _, dup := fields[name]; dup {
			return nil, nil, false
		}
		fields[name] = json.RawMessage(data[vstart:i:i])
		keys = append(keys, name)
		if data[i] == '}' {
			if i+1 != len(data) {
				return nil, nil, false
			}
			slices.Sort(keys)
			return keys, fields, true
		}
		i++ // the comma
	}
}

// appendObject appends the JSON object of the fields named by keys (in
// that order) for which keep is true (all of them when keep is nil). The
// values are written as they are: they must be compact, valid JSON, and
// the keys plain (see plainKeys).
func appendObject(dst []byte, keys []string, fields map[string]json.RawMessage, keep func(string) bool) []byte {
	dst = append(dst, '{')
	first := true
	for _, k := range keys {
		if keep != nil && !keep(k) {
			continue
		}
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = strconv.AppendQuote(dst, k)
		dst = append(dst, ':')
		dst = append(dst, fields[k]...)
	}
	return append(dst, '}')
}

// decode checks the size, the JSON and the version of a message, in that
// order, without looking at the body.
func decode(data []byte) (Envelope, *Error) {
	var env Envelope
	if len(data) > MaxMessageSize {
		return env, errorf(CodeTooBig, "message of %d bytes is over the limit of %d", len(data), MaxMessageSize).with(Args{Size: len(data), Limit: MaxMessageSize})
	}
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) == 0 || t[0] != '{' {
		return env, errorf(CodeBadJSON, "message is not a JSON object")
	}
	if err := json.Unmarshal(data, &env); err != nil {
		return env, errorf(CodeBadJSON, "message is not valid JSON")
	}
	if env.V != ProtocolVersion {
		return env, errorf(CodeVersion, "protocol version %d is not supported; this version speaks %d", env.V, ProtocolVersion).with(Args{Size: env.V, Limit: ProtocolVersion})
	}
	return env, nil
}

// body decodes an envelope's body; an absent or null body reads as {}.
func body(env Envelope, v any) *Error {
	b := bytes.TrimSpace(env.Body)
	if len(b) == 0 || bytes.Equal(b, []byte("null")) {
		b = []byte("{}")
	}
	if err := json.Unmarshal(b, v); err != nil {
		return errorf(CodeBadJSON, "the body of %s is malformed", env.Kind).with(Args{Kind: env.Kind})
	}
	return nil
}

// Clean makes text from a peer (or a link) safe to show and short: clean,
// then cut to at most n runes.
func Clean(s string, n int) string { return truncate(clean(s), n) }

// clean makes text from a peer safe to show: valid UTF-8, no control or
// formatting characters (which could spoof names with bidi overrides), and
// trimmed.
func clean(s string) string {
	s = strings.ToValidUTF8(s, "")
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\t' || r == '\r':
			return ' '
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
			return -1
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}

// truncate cuts s to at most n runes.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return strings.TrimSpace(string([]rune(s)[:n]))
}
