// The map: one SVG drawn from a level (Tessera's level JSON), and the van's moves for the player.
// Our own simple art: a checkered ground per theme, roads joined as the road graph says, a depot,
// houses, traffic lights, cows, trees, bushes and ponds, and a top-down van.
//
// Geometry: a square is 100 units; x grows to the east, y to the north, so square (x, y) has its
// top-left corner at (100·x, 100·(7 − y)). The engine's van is a directed edge (previous → current):
// it waits with its nose on the border between the two squares, about to cross `current`. We
// draw exactly that: the van's anchor is its front bumper, on that border. A move drives across
// `current` — straight, on a quarter circle for a turn (the same curve as a corner road), or out
// and back for turning around — to the border on the other side.

import { NS, T, ROWS, COLS, VECTORS, ANGLES, THEMES, svgEl, centre, headingBetween, key, add, fmt } from "./map-geometry.js";
import { decorArt, houseArt, depotArt, lightArt, cowArt, burstArt } from "./map-art.js";
import { characterArt, characterOf, smokeArt } from "./character-art.js";
import { t } from "../shared/i18n.js";

/** Which headings each road square connects to: Map "x,y" → Set of "N" | "E" | "S" | "W". */
export function roadLinks(level) {
  const links = new Map();
  level.road.forEach((node) => {
    const set = links.get(key(node.coordinate)) ?? new Set();
    for (const index of node.connections) {
      const other = level.road[index];
      const heading = other && headingBetween(node.coordinate, other.coordinate);
      if (heading) set.add(heading);
    }
    links.set(key(node.coordinate), set);
  });
  return links;
}

/** The road shape of one square as SVG path data, and whether it is a junction. */
function roadPiece(square, headings) {
  const c = centre(square);
  const list = [...headings];
  const edge = (h) => add(c, VECTORS[h], T / 2);
  if (list.length === 0) return { d: `M${fmt(c[0] - 1)},${c[1]}h2`, kind: "lone" };
  if (list.length === 1) {
    const e = edge(list[0]);
    return { d: `M${fmt(e[0])},${fmt(e[1])}L${fmt(c[0])},${fmt(c[1])}`, kind: "dead-end" };
  }
  if (list.length === 2) {
    const [a, b] = list;
    const va = VECTORS[a], vb = VECTORS[b];
    const A = edge(a), B = edge(b);
    if (va[0] + vb[0] === 0 && va[1] + vb[1] === 0) {
      return { d: `M${A[0]},${A[1]}L${B[0]},${B[1]}`, kind: "straight" };
    }
    const O = add(add(c, va, T / 2), vb, T / 2);
    const cross = (A[0] - O[0]) * (B[1] - O[1]) - (A[1] - O[1]) * (B[0] - O[0]);
    return { d: `M${A[0]},${A[1]}A${T / 2},${T / 2} 0 0 ${cross > 0 ? 1 : 0} ${B[0]},${B[1]}`, kind: "corner" };
  }
  return { d: list.map((h) => { const e = edge(h); return `M${e[0]},${e[1]}L${c[0]},${c[1]}`; }).join(""), kind: list.length === 3 ? "t-junction" : "cross" };
}

// ---- art ------------------------------------------------------------------------------------

export class MapView {
  constructor(container) {
    this.container = container;
    this.level = null;
    this.van = null;
    this.character = null; // the player's choice of vehicle; null: the level's own (character-art.js)
  }

  /** The vehicle drawn: the player's choice, else the level's `character`. */
  get vehicle() { return this.character ?? characterOf(this.level?.character); }

  /** Drives another vehicle from here on, in place (where it is, which way it faces, crashed or not). */
  setCharacter(character) {
    this.character = character;
    if (!this.van) return;
    const art = characterArt(this.vehicle);
    art.setAttribute("transform", this.van.getAttribute("transform") ?? "");
    if (this.van.classList.contains("crashed")) art.classList.add("crashed");
    this.van.replaceWith(art);
    this.van = art;
  }

  /** Draws the level from scratch: the state before a run. */
  draw(level) {
    this.level = level;
    const colours = THEMES[level.theme] ?? THEMES.grass;
    const links = roadLinks(level);
    const root = svgEl("svg", { viewBox: `0 0 ${COLS * T} ${ROWS * T}`, class: `map theme-${level.theme}`, "data-theme": level.theme,
      "data-testid": "map-svg", "aria-hidden": "true", focusable: "false", preserveAspectRatio: "xMidYMid meet" });

    const ground = svgEl("g", { class: "ground" });
    for (let y = 0; y < ROWS; y += 1) {
      for (let x = 0; x < COLS; x += 1) {
        ground.append(svgEl("rect", { x: x * T, y: y * T, width: T, height: T, fill: (x + y) % 2 ? colours.ground2 : colours.ground }));
      }
    }
    if (level.theme === "farm") {
      for (let y = 0; y < ROWS * T; y += 50) ground.append(svgEl("path", { d: `M0,${y + 25}H${COLS * T}`, stroke: "#c2c46e", "stroke-width": 3, "stroke-opacity": 0.5 }));
    }
    if (level.theme === "snow") {
      for (let i = 0; i < 60; i += 1) ground.append(svgEl("circle", { cx: (i * 173) % 1000, cy: (i * 97) % 800, r: 3, fill: "#ffffff" }));
    }
    root.append(ground);

    const decor = svgEl("g", { class: "decor-layer" });
    for (const item of level.decor ?? []) if (!links.has(key(item.coordinate))) decor.append(decorArt(item, colours, level.theme));
    if (level.road[0]) root.append(depotArt(level.road[0].coordinate, level.originHeading));

    const kerbs = svgEl("g", { class: "kerbs", fill: "none", stroke: colours.kerb, "stroke-width": 72 });
    const asphalt = svgEl("g", { class: "roads", fill: "none", stroke: colours.road, "stroke-width": 60 });
    const lines = svgEl("g", { class: "road-lines", fill: "none", stroke: colours.line, "stroke-width": 4, "stroke-dasharray": "14 12", "stroke-dashoffset": 7 });
    for (const [squareKey, headings] of links) {
      const square = squareKey.split(",").map(Number);
      const piece = roadPiece(square, headings);
      const cap = piece.kind === "dead-end" || piece.kind === "lone" ? "round" : "butt";
      kerbs.append(svgEl("path", { d: piece.d, "stroke-linecap": cap }));
      asphalt.append(svgEl("path", { d: piece.d, "stroke-linecap": cap, class: "road", "data-kind": piece.kind, "data-x": square[0], "data-y": square[1] }));
      if (piece.kind === "t-junction" || piece.kind === "cross") {
        const [cx, cy] = centre(square);
        kerbs.append(svgEl("rect", { x: cx - 36, y: cy - 36, width: 72, height: 72, fill: colours.kerb, stroke: "none" }));
        asphalt.append(svgEl("rect", { x: cx - 30, y: cy - 30, width: 60, height: 60, fill: colours.road, stroke: "none" }));
      } else {
        lines.append(svgEl("path", { d: piece.d }));
      }
    }
    // Joined kerbs: redraw the asphalt over them so neighbouring squares read as one road.
    root.append(kerbs, asphalt, lines, decor);

    this.houses = level.destinations.map((square, index) => houseArt(square, links.get(key(square)) ?? new Set(), index));
    root.append(svgEl("g", { class: "houses" }, ...this.houses));
    this.lights = (level.trafficLights ?? []).map(lightArt);
    root.append(svgEl("g", { class: "lights" }, ...this.lights));
    this.cows = new Map();
    const cowLayer = svgEl("g", { class: "cows" });
    for (const group of level.cows ?? []) {
      for (const square of group.potentialCoordinates) {
        if (this.cows.has(key(square))) continue;
        const art = cowArt(square, group.kind);
        this.cows.set(key(square), art);
        cowLayer.append(art);
      }
    }
    root.append(cowLayer);

    this.effects = svgEl("g", { class: "effects" });
    this.van = characterArt(this.vehicle);
    root.append(this.van, this.effects);
    this.container.replaceChildren(root);
    this.svg = root;

    const start = level.road[0]?.coordinate ?? [0, 0];
    this.setVan(add(centre(start), VECTORS[level.originHeading], T / 2), ANGLES[level.originHeading]);
  }

  setVan(nose, angle) {
    this.nose = nose;
    this.angle = angle;
    this.van.setAttribute("transform", `translate(${fmt(nose[0])} ${fmt(nose[1])}) rotate(${fmt(angle)})`);
  }

  setLight(index, colour) {
    const light = this.lights[index];
    if (!light) return;
    light.dataset.colour = colour;
    light.classList.toggle("green", colour === "GREEN");
    light.classList.toggle("red", colour !== "GREEN");
  }

  markDelivered(square) {
    const index = this.level.destinations.findIndex((d) => d[0] === square[0] && d[1] === square[1]);
    this.houses[index]?.classList.add("delivered");
  }

  /** A new language: the depot's sign says it (the van's bubble is drawn afresh each time). */
  relabel() {
    for (const sign of this.container.querySelectorAll(".depot-sign")) sign.textContent = t("player.level.depotSign");
  }

  say(text, kind = "") {
    const bubble = this.van.querySelector(".bubble");
    bubble.replaceChildren();
    if (!text) return;
    // Keep the words upright whichever way the van faces.
    bubble.setAttribute("transform", `rotate(${fmt(-this.angle)}) translate(0 -44)`);
    const words = svgEl("text", { x: 0, y: 0, "text-anchor": "middle", "dominant-baseline": "central", class: "bubble-text" }, document.createTextNode(text));
    const box = svgEl("rect", { y: -16, height: 30, rx: 12, class: `bubble-box ${kind}` });
    bubble.append(box, words);
    // As wide as the words need (they differ by language), measured once drawn; about 10 units a letter otherwise.
    const width = Math.max(68, Math.ceil((words.getComputedTextLength?.() || text.length * 10) + 20));
    box.setAttribute("x", String(-width / 2));
    box.setAttribute("width", String(width));
  }

  /** Runs `frame(p)` for p from 0 to 1 over `ms`; resolves early (false) when `isStopped()`. */
  tween(ms, frame, isStopped) {
    return new Promise((resolve) => {
      const start = performance.now();
      const step = (now) => {
        if (isStopped()) { resolve(false); return; }
        const p = Math.min(1, (now - start) / ms);
        frame(p);
        if (p < 1) requestAnimationFrame(step); else resolve(true);
      };
      requestAnimationFrame(step);
    });
  }

  /** A `move` event: across `from`, straight, on a curve or out and back. */
  async move(event, ms, isStopped) {
    const c = centre(event.from);
    const f = VECTORS[event.fromHeading], t = VECTORS[event.heading];
    const S = add(c, f, -T / 2), E = add(c, t, T / 2);
    const a0 = ANGLES[event.fromHeading];
    const ease = (p) => p < 0.5 ? 2 * p * p : 1 - 2 * (1 - p) * (1 - p);
    if (event.fromHeading === event.heading) {
      return this.tween(ms, (p) => { const q = ease(p); this.setVan([S[0] + (E[0] - S[0]) * q, S[1] + (E[1] - S[1]) * q], a0); }, isStopped);
    }
    if (f[0] + t[0] === 0 && f[1] + t[1] === 0) { // turning around inside the square
      return this.tween(ms, (p) => {
        if (p < 0.4) { const q = ease(p / 0.4); this.setVan(add(S, f, (T / 2) * q), a0); }
        else if (p < 0.7) { this.setVan(c, a0 + 180 * ease((p - 0.4) / 0.3)); }
        else { const q = ease((p - 0.7) / 0.3); this.setVan(add(c, f, -(T / 2) * q), a0 + 180); }
      }, isStopped);
    }
    const O = add(add(c, f, -T / 2), t, T / 2);
    const startAngle = Math.atan2(S[1] - O[1], S[0] - O[0]);
    const cross = f[0] * t[1] - f[1] * t[0]; // > 0: a right turn (clockwise on screen)
    const sweep = cross > 0 ? Math.PI / 2 : -Math.PI / 2;
    return this.tween(ms, (p) => {
      const q = ease(p);
      const a = startAngle + sweep * q;
      this.setVan([O[0] + Math.cos(a) * T / 2, O[1] + Math.sin(a) * T / 2], a0 + (cross > 0 ? 90 : -90) * q);
    }, isStopped);
  }

  /** `wait` or `horn`: the van stays; a bubble says what it does. */
  async stay(kind, ms, isStopped) {
    this.say(t(kind === "horn" ? "player.run.beep" : "player.run.waiting"), kind);
    const done = await this.tween(ms, () => {}, isStopped);
    this.say("");
    return done;
  }

  async deliver(event, ms, isStopped) {
    const from = this.nose;
    const to = centre(event.at);
    const parcel = svgEl("g", { class: "parcel" },
      svgEl("rect", { x: -10, y: -10, width: 20, height: 20, rx: 3, fill: "#c98b4a", stroke: "#6b4b2a", "stroke-width": 2 }),
      svgEl("path", { d: "M-10,0H10M0,-10V10", stroke: "#6b4b2a", "stroke-width": 2 }));
    this.effects.append(parcel);
    const done = await this.tween(ms, (p) => {
      const x = from[0] + (to[0] - from[0]) * p, y = from[1] + (to[1] - from[1]) * p - Math.sin(Math.PI * p) * 40;
      parcel.setAttribute("transform", `translate(${fmt(x)} ${fmt(y)})`);
    }, isStopped);
    parcel.remove();
    this.markDelivered(event.at);
    return done;
  }

  async cowLeaves(event, ms, isStopped) {
    const cow = this.cows.get(key(event.at));
    if (!cow) return true;
    const [x, y] = centre(event.at);
    const done = await this.tween(ms, (p) => {
      cow.setAttribute("transform", `translate(${fmt(x + 60 * p)} ${fmt(y - 30 * p)})`);
      cow.setAttribute("opacity", String(1 - p));
    }, isStopped);
    cow.classList.add("gone");
    return done;
  }

  /** A crash: the van lurches towards `into` and bumps. */
  async crash(event, ms, isStopped) {
    const start = this.nose, angle0 = this.angle;
    const target = ANGLES[event.heading];
    let delta = ((target - angle0) % 360 + 540) % 360 - 180;
    const v = VECTORS[event.heading];
    const distance = event.failure === "collision_with_cow" ? 12 : 38;
    const done = await this.tween(ms * 0.6, (p) => {
      this.setVan(add(start, v, distance * p), angle0 + delta * p * 0.5);
    }, isStopped);
    const burst = burstArt();
    const [bx, by] = add(this.nose, v, 18); // ahead of the bumper, so the dents show beside it
    burst.setAttribute("transform", `translate(${fmt(bx)} ${fmt(by)})`);
    this.effects.append(burst);
    this.van.classList.add("crashed");
    // Smoke from the middle of the vehicle (30 units behind its nose), rising up the screen.
    const [sx, sy] = add(this.nose, VECTORS[event.heading], -30);
    this.effects.append(smokeArt(fmt(sx), fmt(sy)));
    // The shudder is left out for people who ask for less motion (the smoke stands still for them too).
    const shake = matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : 6;
    return done && this.tween(ms * 0.4, (p) => this.setVan(this.nose, angle0 + delta * 0.5 + Math.sin(p * Math.PI * 4) * shake), isStopped);
  }
}
