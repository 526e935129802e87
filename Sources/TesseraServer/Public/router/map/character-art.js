// The vehicles a child can drive, our own top-down SVG art: the van, a scooter, a tractor and a
// delivery robot. Each faces east and is anchored at its front bumper (0, 0), about 60 units long
// and 44 wide, as map-view.js expects: it moves and turns the outer group (`.van`, kept for every
// character so the map's styles and tests find "the vehicle" whatever it is).
// A level names its vehicle in its `character` field ("van", "scooter", "tractor", "robot"; an
// imported level may say "Electric van" and gets the van); the player may pick another
// (character-picker.js). `.damage` shows only after a crash (router.css), on every vehicle.
import { t } from "../shared/i18n.js";
import { svgEl } from "./map-geometry.js";

export const CHARACTERS = ["van", "scooter", "tractor", "robot"];
/** A vehicle's name in the page's language. */
export const characterName = (character) => t(`player.characters.${character}`);

const INK = "#2b2f38";

/** The character a level's `character` field means (unknown names drive the van). */
export function characterOf(name) {
  const text = String(name ?? "").toLowerCase();
  return CHARACTERS.find((character) => text.includes(character)) ?? "van";
}

const wheel = (x, y, width = 9, height = 7) => svgEl("rect", { x, y, width, height, rx: 2, fill: "#262a33" });
const lamp = (x, y) => svgEl("circle", { cx: x, cy: y, r: 2.6, fill: "#ffe27a" });

function van() {
  return [
    wheel(-58, -22), wheel(-58, 15), wheel(-16, -22), wheel(-16, 15),
    svgEl("rect", { x: -62, y: -19, width: 44, height: 38, rx: 5, fill: "#f2f2f2", stroke: INK, "stroke-width": 2.5 }),
    svgEl("rect", { x: -56, y: -6, width: 32, height: 12, rx: 3, fill: "#e8553d" }),
    svgEl("rect", { x: -21, y: -17, width: 20, height: 34, rx: 7, fill: "#e8553d", stroke: INK, "stroke-width": 2.5 }),
    svgEl("rect", { x: -11, y: -13, width: 6, height: 26, rx: 2, fill: "#bfe6ff" }),
    lamp(-2, -11), lamp(-2, 11),
  ];
}

function scooter() {
  return [
    svgEl("rect", { x: -54, y: -4, width: 12, height: 8, rx: 3, fill: "#262a33" }), // back wheel
    svgEl("rect", { x: -9, y: -4, width: 10, height: 8, rx: 3, fill: "#262a33" }), // front wheel
    svgEl("path", { d: "M-46,-9H-14Q-5,-9 -5,0Q-5,9 -14,9H-46Z", fill: "#1f9e8f", stroke: INK, "stroke-width": 2.5 }),
    // The parcel box on the back, taped crosswise.
    svgEl("rect", { x: -58, y: -15, width: 20, height: 30, rx: 3, fill: "#c98b4a", stroke: "#6b4b2a", "stroke-width": 2 }),
    svgEl("path", { d: "M-58,0H-38M-48,-15V15", stroke: "#6b4b2a", "stroke-width": 2 }),
    svgEl("path", { d: "M-11,-18V18", stroke: INK, "stroke-width": 4, "stroke-linecap": "round" }), // handlebars
    svgEl("rect", { x: -14, y: -21, width: 6, height: 6, rx: 2, fill: "#262a33" }),
    svgEl("rect", { x: -14, y: 15, width: 6, height: 6, rx: 2, fill: "#262a33" }),
    svgEl("ellipse", { cx: -27, cy: 0, rx: 8, ry: 14, fill: "#3470c8", stroke: INK, "stroke-width": 2 }), // the rider's shoulders
    svgEl("circle", { cx: -24, cy: 0, r: 8.5, fill: "#ffcf3f", stroke: INK, "stroke-width": 2 }), // and helmet
    svgEl("path", { d: "M-19,-5Q-16,0 -19,5", fill: "none", stroke: INK, "stroke-width": 2.5, "stroke-linecap": "round" }),
    lamp(-1, 0),
  ];
}

function tractor() {
  const tyre = (x, y, width, height) => svgEl("g", {},
    svgEl("rect", { x, y, width, height, rx: 3, fill: "#262a33" }),
    svgEl("path", { d: Array.from({ length: Math.floor(width / 5) }, (_, i) => `M${x + 3 + i * 5},${y + 1}v${height - 2}`).join(""),
      stroke: "#5b6170", "stroke-width": 1.5 }));
  return [
    tyre(-60, -27, 24, 11), tyre(-60, 16, 24, 11), // big back wheels
    tyre(-17, -21, 13, 7), tyre(-17, 14, 13, 7),
    svgEl("rect", { x: -28, y: -10, width: 27, height: 20, rx: 4, fill: "#3f9a4a", stroke: INK, "stroke-width": 2.5 }), // bonnet
    svgEl("path", { d: "M-24,-5H-6M-24,0H-6M-24,5H-6", stroke: "#2f7d3d", "stroke-width": 1.5 }),
    svgEl("circle", { cx: -16, cy: -6, r: 3, fill: "#262a33" }), // the exhaust pipe, seen from above
    svgEl("rect", { x: -56, y: -16, width: 30, height: 32, rx: 4, fill: "#3f9a4a", stroke: INK, "stroke-width": 2.5 }), // cab
    svgEl("rect", { x: -52, y: -12, width: 22, height: 24, rx: 3, fill: "#ffd166", stroke: INK, "stroke-width": 1.5 }), // its roof
    lamp(-3, -7), lamp(-3, 7),
  ];
}

function robot() {
  const track = (y) => svgEl("g", {},
    svgEl("rect", { x: -56, y, width: 52, height: 8, rx: 4, fill: "#262a33" }),
    svgEl("path", { d: Array.from({ length: 8 }, (_, i) => `M${-51 + i * 6},${y + 1}v6`).join(""), stroke: "#5b6170", "stroke-width": 1.5 }));
  return [
    track(-24), track(16),
    svgEl("rect", { x: -54, y: -18, width: 50, height: 36, rx: 11, fill: "#dfe3ea", stroke: INK, "stroke-width": 2.5 }),
    svgEl("rect", { x: -47, y: -12, width: 28, height: 24, rx: 5, fill: "#8e5bd0", stroke: INK, "stroke-width": 1.5 }), // the parcel lid
    svgEl("path", { d: "M-47,0H-19", stroke: "#6c3fae", "stroke-width": 2 }),
    svgEl("rect", { x: -14, y: -13, width: 9, height: 26, rx: 3, fill: "#262a33" }), // the face
    svgEl("circle", { cx: -9.5, cy: -6, r: 2.8, fill: "#3ee06a" }),
    svgEl("circle", { cx: -9.5, cy: 6, r: 2.8, fill: "#3ee06a" }),
    svgEl("path", { d: "M-52,-2V-12", stroke: INK, "stroke-width": 2 }), // the flag on its aerial
    svgEl("path", { d: "M-52,-12l9,3l-9,3Z", fill: "#ff4b3e", stroke: INK, "stroke-width": 1 }),
  ];
}

const PARTS = { van, scooter, tractor, robot };

/** Dents, cracks and a bent bumper over any vehicle, shown by `.van.crashed`: the front crumpled,
 *  a crack across the middle and a black scorch, so the damage reads beside the crash's burst. */
function damage() {
  return svgEl("g", { class: "damage", "data-testid": "damage" },
    svgEl("path", { d: "M-2,-17l-7,5l6,4l-7,4l6,4l-7,4l7,5", fill: "none", stroke: "#1d2433", "stroke-width": 3, "stroke-linejoin": "round" }),
    svgEl("path", { d: "M-44,-16l7,8l-5,5l8,6l-4,7M-37,-8l9,-4M-34,3l7,2", fill: "none", stroke: "#1d2433", "stroke-width": 2.2,
      "stroke-linecap": "round", "stroke-linejoin": "round" }),
    svgEl("ellipse", { cx: -22, cy: 6, rx: 9, ry: 6, fill: "#1d2433", "fill-opacity": 0.45 }),
    svgEl("path", { d: "M2,-16l9,-6M2,16l9,6", stroke: "#d0473c", "stroke-width": 3, "stroke-linecap": "round" }));
}

/** The whole vehicle group the map moves (`character`: one of CHARACTERS). */
export function characterArt(character) {
  const name = PARTS[character] ? character : "van";
  return svgEl("g", { class: `van character-${name}`, "data-testid": "van", "data-character": name },
    svgEl("g", { class: "van-body" }, ...PARTS[name]()),
    damage(),
    svgEl("g", { class: "bubble", transform: "translate(-30 -34)" }));
}

/** A small picture of a character for the picker (facing right, fits a 70×50 box). */
export function characterIcon(character) {
  const name = PARTS[character] ? character : "van";
  return svgEl("svg", { viewBox: "-66 -28 72 56", class: "character-icon", "aria-hidden": "true", focusable: "false" },
    svgEl("g", {}, ...PARTS[name]()));
}

/** Smoke rising from a crashed vehicle at (x, y): drawn upright in the effects layer, so it rises
 *  up the screen whichever way the vehicle faces. The puffs drift and fade in CSS (router.css),
 *  and stand still for people who ask for less motion. */
export function smokeArt(x, y) {
  // Each puff's delay is its class (puff-1…4): the page's CSP allows no style attributes.
  const puff = (dx, dy, r, n) => svgEl("circle", { class: `puff puff-${n}`, cx: dx, cy: dy, r });
  return svgEl("g", { class: "crash-smoke", "data-testid": "crash-smoke", transform: `translate(${x} ${y})` },
    puff(-8, -4, 16, 1), puff(8, -20, 19, 2), puff(-4, -38, 22, 3), puff(10, -54, 18, 4));
}
