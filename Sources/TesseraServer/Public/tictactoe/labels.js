// The page's labels, derived from its state on every render (the same texts as the Swift
// GameViewModel), in the catalogue's words: who plays, whose turn it is, who won, what game this is.
const LEVELS = ["easy", "medium", "perfect"];

/** The label functions for the page's `state`, speaking through `t`; `canStart()` says whether
 *  the setup card's names are in. */
export function labelsFor(state, t, canStart) {
  const levelName = (level) => (LEVELS.includes(level) ? t(`setup.level.${level}`) : level);
  const label = (player) => t("player", { name: player.name, marker: player.marker });
  /** A player's label as a message argument asked when said (so it follows a change of language). */
  const labelLater = (player) => () => label(player);
  const playerFor = (marker) => state.game?.players.find((p) => p.marker === marker);

  function namesText() {
    const game = state.game;
    // Once the names are in, say what to do next (as the Swift GameViewModel does).
    if (!game) return canStart() ? t("names.ready") : t("names.enter");
    const second = playerFor("O");
    return t("names.versus", { first: label(game.players[0]), second: second ? label(second) : t("names.waiting") });
  }

  function turnText() {
    const game = state.game;
    if (!game) return t("turn.none");
    if (game.waitingForOpponent) return t("turn.waiting");
    if (!game.turn) return t("turn.over");
    const mover = label(playerFor(game.turn));
    return t(game.mode === "online" && game.turn === state.marker ? "turn.yours" : "turn.current", { player: mover });
  }

  function winnerText() {
    const game = state.game;
    if (!game || game.status === "playing") return t("winner.none");
    if (game.status === "draw") return t("winner.draw");
    return t("winner.won", { player: label(playerFor(game.winner)) });
  }

  function summaryText() {
    const game = state.game;
    if (!game) return "";
    if (game.mode === "ai") return t("summary.ai", { level: levelName(game.difficulty) });
    if (game.mode === "online") return state.marker ? t("summary.onlineAs", { marker: state.marker }) : t("summary.online");
    return t("summary.local");
  }

  return { label, labelLater, playerFor, namesText, turnText, winnerText, summaryText };
}
