package rednorth

// The rulebook leaves some questions open or says two things at once. Each
// answer this package gives is one named constant here, and README.md says
// why. Changing a constant changes the game the package plays.

// ExtraOutposts is how many Outposts beyond one per player are in play:
// players + ExtraOutposts in total, green always among them. The set-up text
// says "additional ... plus one", but its 4-player example ("all 5
// Outposts") and the summary ("number of players +1") give players + 1.
const ExtraOutposts = 1

// OutpostRaidPoints is the printed raid value of every Outpost tile, added to
// its controller's points in its colour. The book's text never gives the
// numbers (they are printed on the tiles); 1 makes the holder win a tie
// of cards, which matches "wins or retains control".
const OutpostRaidPoints = 1

// MinPointsToControl is the fewest raid points that can win an Outpost. With
// 1, an Outpost nobody raids stays with its holder on the tile's own points
// (and scores again), and one that nobody holds and nobody raids stays in
// the centre instead of going to the Tie Breaker holder on a 0-0 tie.
const MinPointsToControl = 1

// ReinforceNeedsHandCard: Reinforce both flips a card and adds one from
// hand, so it is offered only to a player who has a card in hand.
const ReinforceNeedsHandCard = true

// InvokeNeedsEffect: Invoke is offered only when the God's power would change
// something (Thor with a Hero set aside, Loki with a Raider or Hero in your
// Party, Freya and Tyr with cards in the deck, Nornir with Glory on your
// Party, Saga with an opponent's face-down card, Hel with a Jarl or Raider in
// the discard pile). Odin always has an effect.
const InvokeNeedsEffect = true

// DeckOutReshuffles: when the deck is empty and a card must be drawn, the
// discard pile is NOT shuffled into a new deck; the draw gives what is left.
// With the book's card counts the deck cannot run out (see README.md); this
// only matters for positions built by hand.
const DeckOutReshuffles = false

// RagnarokMovesFirstPlayer: at the end of Ragnarok only the Tie Breaker
// changes hands, so without the red Outpost the First Player token does not
// go to the player with the most VP either. The final tie-break "closest in
// turn order to the current First Player" uses the token as it stood.
const RagnarokMovesFirstPlayer = false

// WithdrawnGloryToOwner: Glory on a withdrawn card (only Loki can put Glory
// on a face-down card) goes back to the general supply, as Glory leaving a
// Party does at the end of a round, not to the player.
const WithdrawnGloryToOwner = false
