// The level designer's draft and every edit on it, with no DOM. A draft is a road as a map from
// square ("x,y") to the set of headings it joins ("N" | "E" | "S" | "W"), the depot's square and
// heading, and the rest of a level in Tessera's level JSON form (see RouterKit's Level.swift).
// `toLevel` and `fromLevel` convert both ways; the designer keeps drafts in localStorage as a level.

import { COLS, ROWS, headingBetween, key } from "../map/map-geometry.js";
import { rules } from "../shared/rules.js";
import { list, t } from "../shared/i18n.js";

export const HEADINGS = ["N", "E", "S", "W"];
export const STEP = { N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0] };
export const OPPOSITE = { N: "S", E: "W", S: "N", W: "E" };
export const DECOR_CYCLE = ["tree1", "tree2", "bush", "pond"];
/** A heading in words: "north (up)". */
export const headingName = (heading) => t(`common.headings.${heading}`);

/** Blocks a toolbox may offer, grouped as the designer lists them (names: blocks.groups.*, blocks.toolbox.*). */
export const TOOLBOX_GROUPS = [
  { group: "moves", blocks: ["move_forwards", "turn_left", "turn_right", "turn_around", "wait", "deliver", "sound_horn"] },
  { group: "loops", blocks: ["controls_repeat", "controls_repeat_while", "controls_repeat_until", "controls_if", "logic_negate"] },
  { group: "questions", blocks: ["at_destination", "road_exists", "dead_end", "traffic_light", "cow_crossing"] },
  { group: "procedures", blocks: ["declare_proc", "call_proc"] },
  { group: "numbers", blocks: ["variables_numeric_set", "variables_increment", "variables_get", "math_number", "math_arithmetic",
    "logic_compare"] },
];
const KNOWN_BLOCKS = new Set(TOOLBOX_GROUPS.flatMap((group) => group.blocks));
/** How the designer names a block ("Repeat … times"); a block it does not know (an imported level's) by its type. */
export const blockName = (type) => (KNOWN_BLOCKS.has(type) ? t(`blocks.toolbox.${type}`) : type);
const DEFAULT_TOOLBOX = ["move_forwards", "turn_left", "turn_right", "turn_around", "wait", "deliver",
  "controls_repeat", "controls_repeat_until", "controls_if", "at_destination", "road_exists", "dead_end", "traffic_light"];

export const parse = (squareKey) => squareKey.split(",").map(Number);
export const onGrid = ([x, y]) => x >= 0 && y >= 0 && x < COLS && y < ROWS;
export const moved = ([x, y], heading) => [x + STEP[heading][0], y + STEP[heading][1]];
/** How a child reads a square: "(3, 4)" — 3 across from the left, 4 up from the bottom, as the level JSON says. */
export const place = (square) => `(${square[0]}, ${square[1]})`;

export function emptyDraft() {
  return {
    name: t("designer.defaultName"), theme: "grass", character: "van", maxFuel: 50, lesson: "", hint: "",
    pythonEnabled: false, depot: null, originHeading: "E", links: new Map(), houses: [], lights: [], cows: [], decor: [],
    toolbox: DEFAULT_TOOLBOX.map((block) => ({ block, limit: null })),
  };
}

/** What is on a square, in words (for screen readers, as the keyboard cursor moves). */
export function squareInWords(draft, square) {
  const things = [];
  const ways = [...roadOut(draft, square)].map((h) => t(`common.headingWords.${h}`));
  const here = (squares) => squares.some((other) => key(other) === key(square));
  if (isRoad(draft, square)) things.push(ways.length ? t("designer.square.roadGoing", { ways: list(ways), count: ways.length }) : t("designer.square.road"));
  if (draft.depot === key(square)) things.push(t("designer.square.depot", { heading: t(`common.headingWords.${draft.originHeading}`) }));
  if (here(draft.houses)) things.push(t("designer.square.house"));
  if (here(draft.lights.map((light) => light.source))) things.push(t("designer.square.light"));
  if (draft.cows.some((group) => here(group.potentialCoordinates))) things.push(t("designer.square.cow"));
  return t("designer.square.says", { place: place(square), things: things.length ? list(things) : t("designer.square.grass") });
}

export function isRoad(draft, square) { return draft.links.has(key(square)); }
export function roadOut(draft, square) { return draft.links.get(key(square)) ?? new Set(); }

/** Lays a road tile on `square` (no joins). Returns whether anything changed. */
export function addTile(draft, square) {
  if (!onGrid(square) || isRoad(draft, square)) return false;
  draft.links.set(key(square), new Set());
  draft.decor = draft.decor.filter((item) => key(item.coordinate) !== key(square));
  if (!draft.depot) draft.depot = key(square);
  return true;
}

/** Joins two neighbouring squares, laying road on both. Returns whether anything changed. */
export function connect(draft, a, b) {
  const heading = headingBetween(a, b);
  if (!heading || !onGrid(a) || !onGrid(b)) return false;
  let changed = addTile(draft, a);
  changed = addTile(draft, b) || changed;
  const out = draft.links.get(key(a));
  if (!out.has(heading)) {
    out.add(heading);
    draft.links.get(key(b)).add(OPPOSITE[heading]);
    changed = true;
  }
  settleDepot(draft);
  return changed;
}

/** Rubs out the road on `square` and whatever stood on it (houses, lights, cows). */
export function removeTile(draft, square) {
  const k = key(square);
  const out = draft.links.get(k);
  if (!out) return false;
  for (const heading of out) draft.links.get(key(moved(square, heading)))?.delete(OPPOSITE[heading]);
  draft.links.delete(k);
  draft.houses = draft.houses.filter((house) => key(house) !== k);
  draft.cows = draft.cows.map((group) => ({ ...group, potentialCoordinates: group.potentialCoordinates.filter((c) => key(c) !== k) }))
    .filter((group) => group.potentialCoordinates.length > 0);
  draft.lights = draft.lights.filter((light) => lightStillFits(draft, light));
  if (draft.depot === k) draft.depot = null;
  settleDepot(draft);
  return true;
}

function lightStillFits(draft, light) {
  return roadOut(draft, light.source).has(light.direction);
}

/** Keeps the depot on the road and facing along it: a new depot goes to a road end. */
export function settleDepot(draft) {
  if (draft.links.size === 0) { draft.depot = null; return; }
  if (!draft.depot || !draft.links.has(draft.depot)) {
    const ends = [...draft.links].filter(([, out]) => out.size === 1).map(([k]) => k).sort(bySquare);
    draft.depot = ends[0] ?? [...draft.links.keys()].sort(bySquare)[0];
  }
  const out = draft.links.get(draft.depot);
  if (!out.has(draft.originHeading) && out.size > 0) draft.originHeading = HEADINGS.find((h) => out.has(h));
}

function bySquare(a, b) {
  const [ax, ay] = parse(a), [bx, by] = parse(b);
  return ax - bx || ay - by;
}

export function moveDepot(draft, square) {
  if (!isRoad(draft, square)) return false;
  draft.depot = key(square);
  settleDepot(draft);
  return true;
}

export function toggleHouse(draft, square) {
  const k = key(square);
  const index = draft.houses.findIndex((house) => key(house) === k);
  if (index >= 0) { draft.houses.splice(index, 1); return "removed"; }
  if (!isRoad(draft, square)) return "off-road";
  if (draft.houses.length >= rules.level?.destinations) return "full";
  draft.houses.push([...square]);
  return "added";
}

/** A new light on `square`, facing a joined direction no light there controls yet; null if none is free. */
export function addLight(draft, square) {
  if (draft.lights.length >= rules.level?.trafficLights) return null;
  const taken = new Set(draft.lights.filter((light) => key(light.source) === key(square)).map((light) => light.direction));
  const direction = HEADINGS.find((h) => roadOut(draft, square).has(h) && !taken.has(h));
  if (!direction) return null;
  const light = { source: [...square], direction, startingState: "RED", startTime: 0, redDuration: 3, greenDuration: 3 };
  draft.lights.push(light);
  return light;
}

/** Puts a cow on `square` in group `groupIndex` (a new group if there is none), or takes it away. */
export function toggleCow(draft, square, groupIndex, kind = "WHITE") {
  const k = key(square);
  for (const group of draft.cows) {
    const at = group.potentialCoordinates.findIndex((c) => key(c) === k);
    if (at >= 0) {
      group.potentialCoordinates.splice(at, 1);
      draft.cows = draft.cows.filter((g) => g.potentialCoordinates.length > 0);
      return "removed";
    }
  }
  if (!isRoad(draft, square)) return "off-road";
  let group = draft.cows[groupIndex];
  if (!group) { group = { kind, minCows: 1, maxCows: 1, potentialCoordinates: [] }; draft.cows.push(group); }
  group.potentialCoordinates.push([...square]);
  return "added";
}

/** Scenery on grass: none → tree → pine → bush → pond → none. */
export function cycleDecor(draft, square) {
  if (isRoad(draft, square) || !onGrid(square)) return false;
  const k = key(square);
  const index = draft.decor.findIndex((item) => key(item.coordinate) === k);
  const next = index < 0 ? DECOR_CYCLE[0] : DECOR_CYCLE[DECOR_CYCLE.indexOf(draft.decor[index].name) + 1];
  if (index >= 0) draft.decor.splice(index, 1);
  if (next) draft.decor.push({ name: next, coordinate: [...square] });
  return true;
}

/** Squares reachable by road from the depot. */
export function reachable(draft) {
  const seen = new Set();
  if (!draft.depot) return seen;
  const queue = [draft.depot];
  seen.add(draft.depot);
  while (queue.length) {
    const k = queue.shift();
    for (const heading of draft.links.get(k) ?? []) {
      const next = key(moved(parse(k), heading));
      if (!seen.has(next) && draft.links.has(next)) { seen.add(next); queue.push(next); }
    }
  }
  return seen;
}

/** The draft as Tessera level JSON: road[0] is the depot, then the road in the order it is reached. */
export function toLevel(draft) {
  const order = [...reachable(draft)];
  for (const k of [...draft.links.keys()].sort(bySquare)) if (!order.includes(k)) order.push(k);
  const index = new Map(order.map((k, i) => [k, i]));
  const road = order.map((k) => {
    const square = parse(k);
    const connections = HEADINGS.filter((h) => draft.links.get(k).has(h)).map((h) => index.get(key(moved(square, h))))
      .filter((i) => i !== undefined);
    return { coordinate: square, connections };
  });
  return {
    id: "draft", name: draft.name.trim() || t("designer.defaultName"), episode: null, lesson: draft.lesson ?? "", hint: draft.hint ?? "",
    theme: draft.theme, character: draft.character || "van", road, originHeading: draft.originHeading,
    destinations: draft.houses.map((h) => [...h]),
    trafficLights: draft.lights.map((light) => ({ source: [...light.source], direction: light.direction, startingState: light.startingState,
      startTime: light.startTime ?? 0, redDuration: light.redDuration, greenDuration: light.greenDuration })),
    cows: draft.cows.map((group) => ({ kind: group.kind, minCows: Math.min(group.minCows, group.potentialCoordinates.length),
      maxCows: group.potentialCoordinates.length, potentialCoordinates: group.potentialCoordinates.map((c) => [...c]) })),
    maxFuel: draft.maxFuel, toolbox: draft.toolbox.map(({ block, limit }) => (limit ? { block, limit } : { block })),
    scoring: { routeMax: 10, algorithmMax: 0, modelSolutions: [] },
    blocklyEnabled: true, pythonEnabled: Boolean(draft.pythonEnabled), pythonViewEnabled: Boolean(draft.pythonEnabled),
    decor: draft.decor.map((item) => ({ name: item.name, coordinate: [...item.coordinate] })),
  };
}

/** A level (ours, custom, imported or a stored draft) as a draft. Connections between squares that
 *  are not neighbours are dropped; everything else is kept as it is, even if it is wrong, so the
 *  problems list can say what to fix. */
export function fromLevel(level) {
  const draft = emptyDraft();
  const road = Array.isArray(level?.road) ? level.road : [];
  for (const node of road) if (onGrid(node.coordinate)) draft.links.set(key(node.coordinate), draft.links.get(key(node.coordinate)) ?? new Set());
  for (const node of road) {
    for (const index of node.connections ?? []) {
      const other = road[index]?.coordinate;
      const heading = other && headingBetween(node.coordinate, other);
      if (heading && draft.links.has(key(node.coordinate)) && draft.links.has(key(other))) {
        draft.links.get(key(node.coordinate)).add(heading);
        draft.links.get(key(other)).add(OPPOSITE[heading]);
      }
    }
  }
  draft.depot = road[0] && draft.links.has(key(road[0].coordinate)) ? key(road[0].coordinate) : null;
  if (HEADINGS.includes(level?.originHeading)) draft.originHeading = level.originHeading;
  Object.assign(draft, {
    name: String(level?.name ?? t("designer.defaultName")).slice(0, rules.level?.nameLength), theme: ["grass", "snow", "farm", "city"].includes(level?.theme) ? level.theme : "grass",
    character: level?.character || "van", lesson: level?.lesson ?? "", hint: level?.hint ?? "",
    maxFuel: Number.isInteger(level?.maxFuel) ? level.maxFuel : 50, pythonEnabled: Boolean(level?.pythonEnabled),
    houses: (level?.destinations ?? []).map((h) => [...h]),
    lights: (level?.trafficLights ?? []).map((light) => ({ startTime: 0, ...light, source: [...light.source] })),
    cows: (level?.cows ?? []).map((group) => ({ ...group, potentialCoordinates: group.potentialCoordinates.map((c) => [...c]) })),
    decor: (level?.decor ?? []).map((item) => ({ name: item.name, coordinate: [...item.coordinate] })),
    toolbox: Array.isArray(level?.toolbox) ? level.toolbox.map(({ block, limit }) => ({ block, limit: limit ?? null })) : draft.toolbox,
  });
  settleDepot(draft);
  return draft;
}
