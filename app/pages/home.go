package pages

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/online"
	"longhall/app/ui"
	"longhall/rules"
)

// homePage lists the games, the player's name, and games to continue.
type homePage struct {
	app.Compo
	// saves is the "continue" list: games on this device and rooms it
	// hosts, most recent first.
	saves   []online.Entry
	openErr string // why the record file offered last was refused
	openMsg string // what a saves file offered last brought back
	// mayDelete: the browser has not promised to keep this site's storage
	// (navigator.storage.persisted), so it may delete the saves: Safari
	// after seven days without a visit, others when space runs short.
	mayDelete bool
}

// storageNote is said beside the saves when the browser may delete them.
const storageNote = "This browser may delete saved games and rooms after a while without a visit (Safari after seven days). To keep them, add Longhall to your home screen, or keep them in a file: Save every game to a file, below."

func (h *homePage) OnMount(ctx app.Context) {
	h.saves = online.Saves(ctx.LocalStorage())
	// longhall.js asks the browser to keep the storage when a game is
	// saved; whether it promised is a promise (nothing here natively).
	if st := app.Window().Get("navigator").Get("storage"); st.Truthy() && st.Get("persisted").Truthy() {
		st.Call("persisted").Then(func(kept app.Value) {
			ctx.Dispatch(func(app.Context) { h.mayDelete = !kept.Bool() })
		})
	}
}

// renderStorageNote says that saves may go, above the list of them.
func (h *homePage) renderStorageNote() app.UI {
	return app.P().ID("storage-note").Class("hint").Text(storageNote)
}

func (h *homePage) OnNav(ctx app.Context) {
	ctx.Page().SetTitle("Longhall: Viking board games with friends")
	ui.MarkClient(ctx)
}

func (h *homePage) Render() app.UI {
	return ui.Page("home",
		app.Section().Class("hero").Body(
			app.H1().Text("Gather in the longhall"),
			app.P().Class("lead").Text("Viking board games for friends around one screen, or against bots, online or offline. Nothing to install and no account: open a game and play."),
		),
		app.Section().Class("panel").Aria("labelledby", "you").Body(
			app.H2().ID("you").Text("Who is playing"),
			&ui.NameField{},
		),
		app.If(len(h.saves) > 0, h.renderSaves),
		h.renderOpen(),
		app.Section().Aria("labelledby", "games").Body(
			app.H2().ID("games").Text("Games"),
			app.Ul().Class("games").Body(
				app.Range(ui.Games()).Slice(func(i int) app.UI {
					return gameCard(ui.Games()[i].Info)
				}),
			),
		),
		app.Section().Class("panel rooms").Aria("labelledby", "rooms").Body(
			app.H2().ID("rooms").Text("Play with friends far away"),
			app.P().Text("Open a room from a game's page: you get a link to send, and friends who open it sit at your table from their own devices. The game runs in the host's browser and travels peer to peer; no account, no game server."),
		),
	)
}

// renderSaves is the "continue" list: each game on this device opens its
// table, each room this device hosts its room page (the guests come back
// by themselves).
func (h *homePage) renderSaves() app.UI {
	return app.Section().Class("panel").Aria("labelledby", "continue").Body(
		app.H2().ID("continue").Text("Continue"),
		app.If(h.mayDelete, h.renderStorageNote),
		app.Ul().Class("saves").Body(
			app.Range(h.saves).Slice(func(i int) app.UI {
				s := h.saves[i]
				state := fmt.Sprintf("%d moves", s.Moves)
				switch {
				case s.Over:
					state = "finished"
				case s.Room && !s.Started:
					state = "in the lobby"
				}
				what, href, forget := gameName(s.Game), tableURL(s.Game, s.Key), "Forget this game"
				if s.Room {
					what, href, forget = what+" room", hostURL(s.Key), "Forget this room"
				}
				who := ""
				if len(s.Names) > 0 {
					who = " with " + joinNames(s.Names)
				}
				return app.Li().Body(
					app.A().Class(saveClass(s)).Href(href).Body(
						app.Strong().Text(what),
						app.Span().Text(who),
						app.Small().Text(" · "+state+" · "+s.Updated.Local().Format("2 Jan 15:04")),
					),
					app.If(!s.Room, func() app.UI {
						return elem("a", "class", "button quiet", "href", replaySaveURL(s.Key)).Text("Watch")
					}),
					app.Button().Class("button quiet").Aria("label", forget).Text("Forget").
						// Scoped by the save, or go-app would keep the
						// first handler at this place in the list.
						OnClick(func(ctx app.Context, e app.Event) {
							if err := online.Forget(ctx.LocalStorage(), s); err != nil {
								app.Log("forgetting a save:", err)
							}
							h.saves = online.Saves(ctx.LocalStorage())
						}, app.EventScope(s.Key)),
				)
			}),
		),
	)
}

// saveClass marks a line of the list: a room's is a "save room".
func saveClass(s online.Entry) string {
	if s.Room {
		return "save room"
	}
	return "save"
}

// renderOpen opens a game record from a file, picked here or dropped
// anywhere on the page (longhall.js hands it to the file input); a saves
// file opened the same way brings its games and rooms back. With saves on
// the device, it offers to write them all to one such file.
func (h *homePage) renderOpen() app.UI {
	return elem("section", "id", "open", "class", "panel", "aria-label", "Game records and saves").Body(ui.Heading("", "Game records and saves"),
		ui.Para("", "A saved game is a record file (.json): open one, or drop it on this page, to watch the game move by move. A file of every save, made here, opens the same way and brings its games and rooms back, on this device or another."),
		app.Div().Class("buttons").Body(
			elem("label", "class", "button open-record").Body(app.Text("Open a file…"),
				elem("input", "id", "open-record", "class", "visually-hidden", "type", "file", "accept", ".json,application/json",
					"data-max", strconv.Itoa(online.MaxSavesFileBytes)).On("lh-record", h.picked)),
			app.If(len(h.saves) > 0, func() app.UI {
				return elem("button", "type", "button", "id", "export-saves", "class", "button quiet").Text("Save every game to a file").On("click", h.exportSaves)
			}),
		),
		elem("p", "id", "open-error", "class", "error", "role", "alert", "hidden", strconv.FormatBool(h.openErr == "")).Text(h.openErr),
		elem("p", "id", "open-done", "class", "hint", "role", "status", "hidden", strconv.FormatBool(h.openMsg == "")).Text(h.openMsg),
	)
}

// exportSaves hands every save on the device to the browser as one file
// (online.ExportSaves), which holds the rooms' secrets: the file lets its
// holder host them.
func (h *homePage) exportSaves(ctx app.Context, e app.Event) {
	f, skipped := online.ExportSaves(ctx.LocalStorage(), time.Now())
	data, err := json.Marshal(f)
	h.openErr, h.openMsg = "", ""
	switch {
	case err != nil:
		h.openErr = "The saves could not be written to a file: " + err.Error()
		return
	case app.IsClient:
		app.Window().Call("longhallDownload", "longhall-saves-"+time.Now().Format("2006-01-02")+".json", string(data))
	}
	h.openMsg = fmt.Sprintf("Saved %s and %s to a file. Keep it to yourself: it lets whoever holds it host your rooms.",
		rules.Count(len(f.Games), "game"), rules.Count(len(f.Rooms), "room"))
	if skipped > 0 {
		h.openMsg += fmt.Sprintf(" %s could not be read and stayed out.", rules.Count(skipped, "save"))
	}
}

// picked checks a file: a saves file brings its saves back; a record that
// the app can replay is kept and watched; else it says why, and nothing
// kept before is lost.
func (h *homePage) picked(ctx app.Context, e app.Event) {
	data, err := recordPicked(e)
	h.openErr, h.openMsg = "", ""
	if err == nil && online.IsSavesFile(data) {
		var in online.Imported
		in, err = online.ImportSaves(ctx.LocalStorage(), data)
		h.saves = online.Saves(ctx.LocalStorage())
		switch {
		case errors.Is(err, online.ErrSavesFile):
			h.openErr = "This saves file cannot be read, and nothing was changed: " + err.Error()
		case err != nil:
			h.openErr = fmt.Sprintf("This browser's storage failed after %s and %s came back: %v.", rules.Count(in.Games, "game"), rules.Count(in.Rooms, "room"), err) + notFitWords(in)
		default:
			h.openMsg = fmt.Sprintf("Brought back %s and %s.", rules.Count(in.Games, "game"), rules.Count(in.Rooms, "room"))
			if in.Kept > 0 {
				h.openMsg += fmt.Sprintf(" %s here already, as new or newer, stayed as it is.", rules.Count(in.Kept, "save"))
			}
			h.openMsg += notFitWords(in)
			return
		}
		ctx.ScrollTo("open")
		return
	}
	var r *replayer
	if err == nil {
		r, err = readRecordFile(data)
	}
	if err == nil {
		err = handOver(ctx, slotOpened, replayHandoff{Record: r.rec})
	}
	if err != nil {
		h.openErr = err.Error()
		// A file dropped anywhere: its refusal comes into view.
		ctx.ScrollTo("open")
	}
}

// notFitWords says what bringing back a saves file could not keep, as
// this browser keeps only its most recent games and rooms: the file's
// saves left in it, and this browser's own that went. Nothing goes
// without a word. Its sentences follow another's: each starts with a
// space.
func notFitWords(in online.Imported) string {
	var left, gone []string
	for _, s := range in.GamesLeftInFile {
		left = append(left, saveLabel(s))
	}
	for _, s := range in.GamesPushedOut {
		gone = append(gone, saveLabel(s))
	}
	words := notFit("game", online.MaxGames, left, gone)
	left, gone = nil, nil
	for _, r := range in.RoomsLeftInFile {
		left = append(left, roomLabel(r))
	}
	for _, r := range in.RoomsPushedOut {
		gone = append(gone, roomLabel(r))
	}
	return words + notFit("room", online.MaxRooms, left, gone)
}

// notFit says which saves of a kind (noun) did not fit among the max most
// recent: left, in the file, and gone, from this browser.
func notFit(noun string, max int, left, gone []string) string {
	n := len(left) + len(gone)
	if n == 0 {
		return ""
	}
	s := fmt.Sprintf(" %s did not fit: only the %d most recent are kept.", rules.Count(n, "older "+noun), max)
	if len(left) > 0 {
		s += " Not brought back, still in the file: " + strings.Join(left, "; ") + "."
	}
	if len(gone) > 0 {
		s += " Removed from this browser: " + strings.Join(gone, "; ") + "."
	}
	return s
}

// saveLabel names a saved game in a sentence: its game, players and date.
func saveLabel(s online.Entry) string {
	return gameName(s.Game) + " with " + joinNames(s.Names) + ", " + s.Updated.Local().Format("2 Jan 15:04")
}

// roomLabel names a hosted room in a sentence.
func roomLabel(r online.Entry) string {
	who := ""
	if len(r.Names) > 0 {
		who = " with " + joinNames(r.Names)
	}
	return gameName(r.Game) + " room" + who + ", " + r.Updated.Local().Format("2 Jan 15:04")
}

// gameName is a game's name, or its id for a game this version lacks.
func gameName(id string) string {
	if g, err := rules.Lookup(id); err == nil {
		return g.Info().Name
	}
	return id
}

func gameCard(info rules.Info) app.UI {
	return app.Li().Class("game").Body(
		app.H3().Text(info.Name),
		app.P().Class("facts").Body(
			app.Span().Text(players(info)),
			app.Span().Text(fmt.Sprintf("%d–%d min", info.Minutes[0], info.Minutes[1])),
		),
		app.P().Class("pitch").Text(info.Pitch),
		app.Div().Class("actions").Body(
			app.A().Class("button").Href(ui.Path(gamePath+info.ID+"/")+"#setup").Text("Play "+info.Name),
			app.A().Class("button quiet").Href(ui.Path(gamePath+info.ID+"/")+"#rules").Text("Rules summary"),
		),
	)
}

func players(info rules.Info) string {
	if info.MinPlayers == info.MaxPlayers {
		return fmt.Sprintf("%d players", info.MinPlayers)
	}
	return fmt.Sprintf("%d–%d players", info.MinPlayers, info.MaxPlayers)
}

func joinNames(names []string) string {
	if len(names) == 0 {
		return "nobody"
	}
	return rules.And(names)
}

func tableURL(gameID, saveID string) string {
	return ui.Path(tablePath+gameID+"/") + "?save=" + saveID
}
