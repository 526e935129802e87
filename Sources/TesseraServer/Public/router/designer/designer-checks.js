// What is wrong with a draft, in words a child or a teacher can act on. `errors` stop Save and Test
// drive (the server would refuse the level, or the level could not be finished); `warnings` are
// advice. Each names the squares it is about, so the designer can ring them on the map.
// The server checks again (RouterKit's LevelValidation.swift) and its 422 reason is shown as is.
// The words are the page language's (i18n.js: designer.checks.*). The limits are the kit's, as the server sends them (rules.js); until they arrive, the checks that
// need one are left to the server.

import { key } from "../map/map-geometry.js";
import { blockName, headingName, parse, place, reachable, roadOut } from "./designer-model.js";
import { rules } from "../shared/rules.js";
import { list, t } from "../shared/i18n.js";

/** Whether `value` is a whole number in the kit's `range` ({min, max}); true while the range is unknown. */
const within = (value, range) => !range || (Number.isInteger(value) && value >= range.min && value <= range.max);

export function checkDraft(draft) {
  const errors = [], warnings = [];
  const { fuel, lightDuration, blockLimit } = rules.level ?? {};
  const error = (text, squares = []) => errors.push({ text, squares });
  const warn = (text, squares = []) => warnings.push({ text, squares });
  const tiles = [...draft.links.keys()];

  if (tiles.length < 2) {
    error(t("designer.checks.noRoad"));
  } else {
    const joined = reachable(draft);
    const apart = tiles.filter((k) => !joined.has(k)).map(parse);
    if (apart.length) {
      const squares = list(apart.slice(0, 4).map(place)) + (apart.length > 4 ? "…" : "");
      error(t("designer.checks.apart", { count: apart.length, squares }), apart);
    }
    const depot = draft.depot && parse(draft.depot);
    if (depot && !roadOut(draft, depot).has(draft.originHeading)) {
      error(t("designer.checks.depotFacing", { place: place(depot), heading: headingName(draft.originHeading) }), [depot]);
    } else if (depot && roadOut(draft, depot).size > 1) {
      warn(t("designer.checks.depotMiddle", { place: place(depot) }), [depot]);
    }
    for (const [k, out] of draft.links) {
      if (out.size === 0) error(t("designer.checks.loneSquare", { place: place(parse(k)) }), [parse(k)]);
    }
  }

  if (draft.houses.length === 0) error(t("designer.checks.noHouse"));
  const joined = reachable(draft);
  for (const house of draft.houses) {
    if (!draft.links.has(key(house))) error(t("designer.checks.houseOffRoad", { place: place(house) }), [house]);
    else if (!joined.has(key(house)) && tiles.length >= 2) error(t("designer.checks.houseApart", { place: place(house) }), [house]);
    else if (key(house) === draft.depot) warn(t("designer.checks.houseOnDepot", { place: place(house) }), [house]);
  }

  draft.lights.forEach((light) => {
    if (!roadOut(draft, light.source).has(light.direction)) {
      error(t("designer.checks.lightFacing", { place: place(light.source), heading: headingName(light.direction) }), [light.source]);
    }
    for (const field of ["redDuration", "greenDuration"]) {
      if (!within(light[field], lightDuration)) {
        error(t(field === "redDuration" ? "designer.checks.lightRed" : "designer.checks.lightGreen",
          { place: place(light.source), min: lightDuration.min, max: lightDuration.max }), [light.source]);
      }
    }
  });

  if (!within(draft.maxFuel, fuel)) error(t("designer.checks.fuel", { min: fuel.min, max: fuel.max }));
  if (draft.toolbox.length === 0) error(t("designer.checks.noBlocks"));
  for (const entry of draft.toolbox) {
    if (entry.limit !== null && !within(entry.limit, blockLimit)) {
      error(t("designer.checks.limit", { block: blockName(entry.block), min: blockLimit.min, max: blockLimit.max }));
    }
  }
  const offered = new Set(draft.toolbox.map((entry) => entry.block));
  if (draft.toolbox.length && !offered.has("move_forwards")) warn(t("designer.checks.noMove", { block: blockName("move_forwards") }));
  if (draft.houses.length > 1 && !offered.has("deliver")) warn(t("designer.checks.noDeliver", { block: blockName("deliver") }));
  if (draft.lights.length && !offered.has("wait")) warn(t("designer.checks.noWait", { block: blockName("wait") }));
  if (draft.cows.length && !offered.has("sound_horn")) warn(t("designer.checks.noHorn", { block: blockName("sound_horn") }));
  if (!(draft.name ?? "").trim()) warn(t("designer.checks.noName"));
  const steps = tiles.length;
  if (Number.isInteger(draft.maxFuel) && steps > 1 && draft.maxFuel < Math.min(steps, 10)) {
    warn(t("designer.checks.lowFuel", { fuel: draft.maxFuel }));
  }
  return { errors, warnings };
}
