// Sheet 2 of a level's pack: the level's toolbox as cards to cut out, so children can lay a program
// out on the table and drive it on the printed map with a finger.
// - One card design per block the level offers, in the toolbox's order (the palette's groups:
//   steps, then conditions, then numbers), with a Start card first. A road or light question is one
//   card per choice ("road to the left", "light is red"); a loop or an "if" comes with an end card,
//   so the blocks inside go between the two.
// - Each card carries its block's words (block-labels.js, in the page's language) in its colour
//   family (the editor's, print.css), a box to write in where the block takes a number, a name or
//   a condition, and "only N allowed" where the level limits the block.
// - Copies: plenty of moves and turns (a program is mostly those), two of the other steps, one of
//   each question; never more than the level allows. One sheet holds 27 cards (3 × 9), or 44 smaller
//   ones (4 × 11) when a level offers a great many blocks; the most copied cards give way first.
// - On Python-only levels each card also shows its Python (which stays English, as in the game).
import { el } from "/shared/api.js";
import { t } from "../shared/i18n.js";
import { LABELS } from "../blocks/block-labels.js";
import { BLOCKS, conditionTypes, socketTypes, statementTypes } from "../blocks/program.js";

const WANTED = { move_forwards: 8, turn_left: 4, turn_right: 4, call_proc: 3 };
const STEP_COPIES = 2;
const ROOM = 27;
const DENSE_ROOM = 44;
/** Where a card has a box to write in (a number, a name, a condition). */
const BLANK = Symbol("blank");

// The van's Python for each card, for Python-only levels ("…" where the child writes something).
const PYTHON = {
  move_forwards: "my_van.move_forwards()", turn_left: "my_van.turn_left()", turn_right: "my_van.turn_right()",
  turn_around: "my_van.turn_around()", wait: "my_van.wait()", deliver: "my_van.deliver()", sound_horn: "my_van.sound_horn()",
  controls_repeat: "for count in range(…):", controls_repeat_while: "while …:", controls_repeat_until: "while not …:",
  controls_if: "if …:", else: "else:", declare_proc: "def …():", call_proc: "…()",
  variables_numeric_set: "… = …", variables_increment: "… += …",
  at_destination: "my_van.at_destination()", dead_end: "my_van.at_dead_end()", cow_crossing: "my_van.is_animal_crossing()",
  "road_exists:FORWARD": "my_van.is_road_forward()", "road_exists:LEFT": "my_van.is_road_left()", "road_exists:RIGHT": "my_van.is_road_right()",
  "traffic_light:RED": "my_van.at_red_traffic_light()", "traffic_light:GREEN": "my_van.at_green_traffic_light()",
  logic_negate: "not …", logic_operation: "… and / or …", logic_boolean: "True / False",
  math_number: "…", variables_get: "…", math_arithmetic: "… + − * / …",
};

/** The words of a step block's card. */
function stepWords(type) {
  const parts = LABELS.parts;
  const label = BLOCKS[type].label;
  switch (type) {
    case "controls_repeat": return [label, BLANK, parts.times];
    case "controls_repeat_while": case "controls_repeat_until": return [label, BLANK];
    case "controls_if": return [parts.if, BLANK, parts.do];
    case "declare_proc": return [parts.define, BLANK];
    case "call_proc": return [parts.call, BLANK];
    case "variables_numeric_set": return [label, BLANK, parts.to, BLANK];
    case "variables_increment": return [label, BLANK, parts.by, BLANK];
    default: return [label];
  }
}

/** The cards of a condition or number block: one per choice for the road and light questions. */
function questionCards(type) {
  const parts = LABELS.parts;
  const kind = BLOCKS[type].kind === "value" ? "value" : "condition";
  const card = (key, words) => ({ key, type, kind, words, python: PYTHON[key] });
  switch (type) {
    case "road_exists": return ["FORWARD", "LEFT", "RIGHT"].map((way) => card(`${type}:${way}`, [LABELS.conditions.road[way]]));
    case "traffic_light": return ["RED", "GREEN"].map((colour) => card(`${type}:${colour}`, [LABELS.conditions.light[colour]]));
    case "logic_negate": {
      // "not {condition}": the box goes where the condition does, in either language's order.
      const [before, after] = LABELS.conditions.not.split("{condition}");
      return [card(type, [before.trim(), BLANK, after?.trim()].filter((word) => word !== ""))];
    }
    case "logic_operation": return [card(type, [BLANK, `${parts.and} / ${parts.or}`, BLANK])];
    case "logic_boolean": return [card(type, [`${parts.true} / ${parts.false}`])];
    case "logic_compare": return [card(type, [BLANK, "= ≠ < >", BLANK])];
    case "math_arithmetic": return [card(type, [BLANK, "+ − × ÷", BLANK])];
    case "math_number": case "variables_get": return [card(type, [BLOCKS[type].palette, BLANK])];
    default: return [card(type, [BLOCKS[type].palette])];
  }
}

/** Every card design of `level`'s toolbox, each with how many copies it wants. */
function designs(level) {
  const toolbox = level.toolbox ?? [];
  const limitOf = (type) => toolbox.find((entry) => entry.block === type)?.limit ?? null;
  const cards = [{ key: "start", type: "start", kind: "start", icon: "⚑", words: [LABELS.label.start], copies: 1, fixed: true }];
  const parts = LABELS.parts;
  for (const type of statementTypes(toolbox)) {
    const info = BLOCKS[type];
    const limit = limitOf(type);
    const head = { key: type, type, kind: info.kind, icon: info.icon, words: stepWords(type), python: PYTHON[type], limit,
      copies: Math.min(WANTED[type] ?? STEP_COPIES, limit ?? Infinity) };
    cards.push(head);
    // The end of a loop or an "if" (and an "else" to go between): as many as there are heads.
    if (info.kind === "if") cards.push({ key: "else", type, kind: "if", words: [parts.else], python: PYTHON.else, pairOf: head });
    const end = info.kind === "loop" ? parts.endRepeat : info.kind === "if" ? parts.endIf : null;
    if (end) cards.push({ key: `${type}:end`, type, kind: info.kind, words: [end], end: true, pairOf: head });
  }
  for (const type of [...conditionTypes(toolbox), ...socketTypes(toolbox, "condition"), ...socketTypes(toolbox, "value")]) {
    const limit = limitOf(type);
    for (const card of questionCards(type)) cards.push({ ...card, limit, copies: Math.min(1, limit ?? Infinity) });
  }
  return cards.filter((card) => (card.pairOf ?? card).copies > 0);
}

const countOf = (card) => (card.pairOf ?? card).copies;
const total = (cards) => cards.reduce((sum, card) => sum + countOf(card), 0);

/** Fewer copies until the cards fit `room`: one less of the most copied card each time (a head and
 *  its end cards count together). Answers whether they fit. */
function fit(cards, room) {
  for (;;) {
    if (total(cards) <= room) return true;
    const heads = cards.filter((card) => !card.pairOf && !card.fixed && card.copies > 1);
    if (!heads.length) return false;
    heads.reduce((most, card) => (card.copies >= most.copies ? card : most)).copies -= 1;
  }
}

function cardNode(card, python) {
  const words = card.words.map((word) => (word === BLANK
    ? el("span", { class: "blank", "aria-hidden": "true" })
    : el("span", { class: "card-word", text: word })));
  return el("li", { class: `block-card kind-${card.kind}${card.end ? " end" : ""}`, "data-testid": "block-card", "data-card": card.key, "data-type": card.type },
    el("span", { class: "card-face" },
      card.icon ? el("span", { class: "card-icon", "aria-hidden": "true", text: card.icon }) : "",
      el("span", { class: "card-words" }, ...words)),
    card.limit !== null && card.limit !== undefined && !card.pairOf
      ? el("span", { class: "card-limit", "data-testid": "card-limit", text: t("print.cards.limit", { count: card.limit }) }) : "",
    python && card.python ? el("code", { class: "card-python", text: card.python }) : "");
}

/** Fills `list` (the sheet's <ol>) with `level`'s cards and says how to use them in `intro`. */
export function drawCards(list, level, intro) {
  const python = level.blocklyEnabled === false;
  let cards = designs(level);
  let dense = false;
  if (!fit(cards, ROOM)) {
    cards = designs(level);
    dense = true;
    fit(cards, DENSE_ROOM);
  }
  list.classList.toggle("dense", dense);
  list.replaceChildren(...cards.flatMap((card) => Array.from({ length: countOf(card) }, () => cardNode(card, python))));
  intro.textContent = t(python ? "print.cards.howToPython" : "print.cards.howTo");
}
