package raiders

// The rulebook is condensed; where it is silent or says two things, each
// answer this package gives is one named constant here, and README.md says
// why. The code reads ActionsOptional, ThresholdReachedOnEqual,
// OneRerollPerBrawler and FinalRoundIncludesTrigger, so changing one
// changes the game; the others name a reading the code is written to (see
// the function each names).

// ActionsOptional: a building's action, and a Town Hall ability's choices,
// may be declined ("skip"). Placing a worker where you cannot pay is then
// still a legal (if weak) move, as at the table. Actions that only give
// (the Gate House, the Silversmith, the Mill with a black or grey worker)
// happen at once.
const ActionsOptional = true

// ThresholdReachedOnEqual: a strength equal to a threshold scores it. The
// book says "equals or exceeds" and then "does not exceed the lowest
// threshold, you gain no points"; the first, explicit rule wins.
const ThresholdReachedOnEqual = true

// RaidSwapsWorkers: a raid puts the raider's worker on the raided space's
// worker spot and gives them the worker that stood there. Every space
// starts with a worker and is raided at most once, so the book's "put your
// worker on an empty spot, take the worker from any raiding space of the
// settlement" comes to this swap.
const RaidSwapsWorkers = true // raid, in raid.go

// OneRerollPerBrawler: each Brawler in a crew allows one reroll of one die
// per raid.
const OneRerollPerBrawler = true

// AvengedLossIsNotADeath: the crew member an Avenger makes an opponent lose
// is discarded by that opponent's choice; it is not killed in a raid, so it
// moves no Valkyrie track and triggers no "if killed" ability.
const AvengedLossIsNotADeath = true // apply, StepYield

// MerchantUsesPlacedColour: the Merchant's "use any building's action as if
// your workers were there" uses the colour of the worker standing at the
// Town Hall for the player (for the Mill and the Silversmith), and any
// building but the Town Hall.
const MerchantUsesPlacedColour = true // applyAbility, KindUse

// OfferingsArePublic: taken offerings lie face down, but everyone saw them
// taken from the open row, so views show them to all.
const OfferingsArePublic = true // view

// FinalRoundIncludesTrigger: after the turn that meets an end condition,
// every player, the one who met it included, takes one more turn, in turn
// order starting with the next player.
const FinalRoundIncludesTrigger = true

// The modules' rulings, where the comprehensive book is silent or short.

// DraftWithAnyModule: the comprehensive book's starting hand (the draft,
// Setup 5, "Draft Option") is the default start of a game with a module
// on, and the base book's "keep 3 of 5" the other choice (HandOption); a
// game with no module always keeps 3 of 5.
const DraftWithAnyModule = true // newState, HandOption

// MeadOnlyWithDice: mead is declared before a roll, so it is offered only
// at spaces that roll dice; a harbour's 1 VP does not depend on strength.
const MeadOnlyWithDice = true // raid

// QuestSpacesStayRaided: a quest tile lies on a raided space, which has no
// plunder left and so is not raided again; the FAQ's "Do I get a new
// Worker when raiding a Quest space? Yes" is read as: the raid that
// places a quest still swaps workers, as every raid does.
const QuestSpacesStayRaided = true // canRaidWith

// ReputationAtTheMeadHall: a reputation tile is claimed at the Mead Hall,
// as a third choice beside Charm the Crowd and Complete a Quest, by a
// player who meets its demand; it joins the quest tiles above the board.
const ReputationAtTheMeadHall = true // legalMeadHall

// WoundsMustFit: a Jarl may be killed or subdued only if the crew can
// take the wounds (each member up to its printed strength, a Jarl
// subdued this turn none); otherwise the raider must flee.
const WoundsMustFit = true // legalJarl

// FleeWithNothingToLose: a raider with no fame and no VP may still flee,
// losing nothing (VP does not go below 0).
const FleeWithNothingToLose = true // legalJarl

// JarlsOutOfTheCrewAreDiscarded: a Jarl that leaves a crew (dismissed,
// killed by a Valkyrie, lost to an Avenger or a Brawler) goes to the Jarl
// discards, which are shuffled into a new Jarl deck when it runs out; a
// Jarl is never in a hand.
const JarlsOutOfTheCrewAreDiscarded = true // discardCard
