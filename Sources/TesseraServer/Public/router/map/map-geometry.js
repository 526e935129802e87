// The map's geometry and SVG helper: a square is 100 units, x east, y north (row 7 drawn at the top).

export const NS = "http://www.w3.org/2000/svg";
export const T = 100;
export const ROWS = 8;
export const COLS = 10;
export const VECTORS = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
export const ANGLES = { E: 0, S: 90, W: 180, N: 270 };

export const THEMES = {
  grass: { ground: "#a6d784", ground2: "#9bcf79", kerb: "#ece6d3", road: "#5f6570", line: "#ffffff", tree: "#3f9a4a", tree2: "#2f7d3d", bush: "#5fb35a" },
  snow: { ground: "#f2f7fb", ground2: "#e6eff7", kerb: "#c4d2de", road: "#6a7482", line: "#ffffff", tree: "#5f9a86", tree2: "#3f7668", bush: "#9cc3b5" },
  farm: { ground: "#dcdc8e", ground2: "#d0d27f", kerb: "#a98a5e", road: "#8a7458", line: "#f3e6c4", tree: "#5b9b3c", tree2: "#477d2e", bush: "#86b34e" },
  city: { ground: "#cdd0d7", ground2: "#c3c7cf", kerb: "#f4f4f4", road: "#474b54", line: "#f2c94c", tree: "#4e9a5a", tree2: "#3a7a45", bush: "#6aae62" },
};

export function svgEl(tag, attributes = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(name, String(value));
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

/** Centre of square [x, y] in SVG units. */
export function centre([x, y]) {
  return [x * T + T / 2, (ROWS - 1 - y) * T + T / 2];
}

export function headingBetween(a, b) {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  if (dx === 1 && dy === 0) return "E";
  if (dx === -1 && dy === 0) return "W";
  if (dy === 1 && dx === 0) return "N";
  if (dy === -1 && dx === 0) return "S";
  return null;
}

export const key = ([x, y]) => `${x},${y}`;
export const add = (p, v, k = 1) => [p[0] + v[0] * k, p[1] + v[1] * k];
export const fmt = (n) => Math.round(n * 100) / 100;
