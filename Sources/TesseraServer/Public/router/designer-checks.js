// What is wrong with a draft, in words a child or a teacher can act on. `errors` stop Save and Test
// drive (the server would refuse the level, or the level could not be finished); `warnings` are
// advice. Each names the squares it is about, so the designer can ring them on the map.
// The server checks again (RouterKit's LevelValidation.swift) and its 422 reason is shown as is.
// The limits are the kit's, as the server sends them (rules.js); until they arrive, the checks that
// need one are left to the server.

import { key } from "./map-geometry.js";
import { BLOCK_LABELS, HEADING_NAMES, parse, place, reachable, roadOut } from "./designer-model.js";
import { rules } from "./rules.js";

/** Whether `value` is a whole number in the kit's `range` ({min, max}); true while the range is unknown. */
const within = (value, range) => !range || (Number.isInteger(value) && value >= range.min && value <= range.max);

export function checkDraft(draft) {
  const errors = [], warnings = [];
  const { fuel, lightDuration, blockLimit } = rules.level ?? {};
  const error = (text, squares = []) => errors.push({ text, squares });
  const warn = (text, squares = []) => warnings.push({ text, squares });
  const tiles = [...draft.links.keys()];

  if (tiles.length < 2) {
    error("Draw a road: press on a square and drag across the grid to the next squares.");
  } else {
    const joined = reachable(draft);
    const apart = tiles.filter((k) => !joined.has(k)).map(parse);
    if (apart.length) {
      error(`Part of the road is not joined to the depot (${apart.length === 1 ? "the square" : "squares"} ${apart.slice(0, 4).map(place).join(", ")}${apart.length > 4 ? "…" : ""}). Draw a road that joins it up, or rub it out.`, apart);
    }
    const depot = draft.depot && parse(draft.depot);
    if (depot && !roadOut(draft, depot).has(draft.originHeading)) {
      error(`The van at the depot ${place(depot)} faces ${HEADING_NAMES[draft.originHeading]}, where there is no road. Turn it with the Depot tool.`, [depot]);
    } else if (depot && roadOut(draft, depot).size > 1) {
      warn(`The depot ${place(depot)} is in the middle of a road. Levels are easier to read when the van starts at a road end.`, [depot]);
    }
    for (const [k, out] of draft.links) {
      if (out.size === 0) error(`The road square ${place(parse(k))} is not joined to any other. Drag from it to a neighbour, or rub it out.`, [parse(k)]);
    }
  }

  if (draft.houses.length === 0) error("Add a house for the van to deliver to: choose House, then tap a road square.");
  const joined = reachable(draft);
  for (const house of draft.houses) {
    if (!draft.links.has(key(house))) error(`The house at ${place(house)} is not on the road.`, [house]);
    else if (!joined.has(key(house)) && tiles.length >= 2) error(`The van cannot drive to the house at ${place(house)}: join its road to the depot.`, [house]);
    else if (key(house) === draft.depot) warn(`The house at ${place(house)} is on the depot, so the van has nowhere to go.`, [house]);
  }

  draft.lights.forEach((light) => {
    if (!roadOut(draft, light.source).has(light.direction)) {
      error(`The traffic light at ${place(light.source)} points ${HEADING_NAMES[light.direction]}, where there is no road. Turn it or remove it.`, [light.source]);
    }
    for (const field of ["redDuration", "greenDuration"]) {
      if (!within(light[field], lightDuration)) {
        error(`The traffic light at ${place(light.source)} needs a ${field === "redDuration" ? "red" : "green"} time from ${lightDuration.min} to ${lightDuration.max} moves.`, [light.source]);
      }
    }
  });

  if (!within(draft.maxFuel, fuel)) error(`The fuel tank must hold a whole number from ${fuel.min} to ${fuel.max}.`);
  if (draft.toolbox.length === 0) error("Choose at least one block for the toolbox.");
  for (const entry of draft.toolbox) {
    if (entry.limit !== null && !within(entry.limit, blockLimit)) {
      error(`The limit for “${BLOCK_LABELS[entry.block] ?? entry.block}” must be ${blockLimit.min} to ${blockLimit.max} (or empty for no limit).`);
    }
  }
  const offered = new Set(draft.toolbox.map((entry) => entry.block));
  if (draft.toolbox.length && !offered.has("move_forwards")) warn("The toolbox has no “Move forwards” block, so the van cannot drive.");
  if (draft.houses.length > 1 && !offered.has("deliver")) warn("With more than one house the van must deliver at each: add the “Deliver” block.");
  if (draft.lights.length && !offered.has("wait")) warn("There are traffic lights but no “Wait” block: how will the van wait for green?");
  if (draft.cows.length && !offered.has("sound_horn")) warn("There are cows on the road but no “Sound the horn” block to move them.");
  if (!(draft.name ?? "").trim()) warn("Give your level a name so you can find it in the level list.");
  const steps = tiles.length;
  if (Number.isInteger(draft.maxFuel) && steps > 1 && draft.maxFuel < Math.min(steps, 10)) {
    warn(`The tank holds ${draft.maxFuel}; each move uses 1, so the van may run out before it gets there.`);
  }
  return { errors, warnings };
}
