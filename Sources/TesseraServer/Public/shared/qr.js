// QR codes (ISO/IEC 18004) for the two-step sign-in setup: a teacher scans an otpauth:// URI with
// an authenticator app. Only what that needs: byte mode, error correction level M, versions 1–10
// (up to 213 bytes), written from the specification so the pages keep having no dependencies.

const SVG_NS = "http://www.w3.org/2000/svg";
const QUIET_ZONE = 4; // modules of light margin the specification requires around the symbol

// Level M per version: [error correction codewords per block, [blocks, data codewords each]…].
// From the specification's block table; blocks of the second group hold one more data codeword.
const LEVEL_M_BLOCKS = [
  null,
  [10, [1, 16]],
  [16, [1, 28]],
  [26, [1, 44]],
  [18, [2, 32]],
  [24, [2, 43]],
  [16, [4, 27]],
  [18, [4, 31]],
  [22, [2, 38], [2, 39]],
  [22, [3, 36], [2, 37]],
  [26, [4, 43], [1, 44]],
];
const MAX_VERSION = LEVEL_M_BLOCKS.length - 1;

// Centre rows/columns of the alignment patterns per version.
const ALIGNMENT_CENTRES = [
  null, [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34],
  [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50],
];

const LEVEL_M_FORMAT_BITS = 0b00; // level M's two bits in the format information (L=01, Q=11, H=10)

// The eight data masks; true inverts the module at row i, column j.
const MASKS = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i + j) % 2) + ((i * j) % 3)) % 2 === 0,
];

// ---- GF(256) with the specification's field polynomial x^8 + x^4 + x^3 + x^2 + 1 ----

const EXP = new Uint8Array(510); // doubled so a product's log sum needs no modulo
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++) {
  EXP[i] = EXP[i + 255] = x;
  LOG[x] = i;
  x <<= 1;
  if (x & 0x100) x ^= 0x11d;
}

const gfMul = (a, b) => (a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]]);

const generators = new Map();

/** (x − α⁰)(x − α¹)…(x − α^(degree−1)), coefficients from the highest power down. */
function generatorPolynomial(degree) {
  if (!generators.has(degree)) {
    let poly = [1];
    for (let i = 0; i < degree; i++) {
      const next = new Array(poly.length + 1).fill(0);
      poly.forEach((c, k) => {
        next[k] ^= c;
        next[k + 1] ^= gfMul(c, EXP[i]);
      });
      poly = next;
    }
    generators.set(degree, poly);
  }
  return generators.get(degree);
}

/** The remainder of data(x)·x^degree divided by the generator: the block's error correction. */
function errorCorrection(data, degree) {
  const generator = generatorPolynomial(degree);
  const remainder = new Array(degree).fill(0);
  for (const codeword of data) {
    const factor = codeword ^ remainder.shift();
    remainder.push(0);
    for (let k = 0; k < degree; k++) remainder[k] ^= gfMul(generator[k + 1], factor);
  }
  return remainder;
}

// ---- From text to the codeword sequence ----

const dataCapacity = (version) =>
  LEVEL_M_BLOCKS[version].slice(1).reduce((sum, [blocks, size]) => sum + blocks * size, 0);

// Byte mode's character count is 8 bits wide up to version 9 and 16 bits from version 10.
const countBits = (version) => (version < 10 ? 8 : 16);

/** The smallest version whose level M data capacity holds `length` bytes, or 0 when none does. */
function smallestVersion(length) {
  for (let version = 1; version <= MAX_VERSION; version++) {
    if (4 + countBits(version) + 8 * length <= 8 * dataCapacity(version)) return version;
  }
  return 0;
}

function dataCodewords(bytes, version) {
  const capacity = dataCapacity(version);
  const bits = [];
  const put = (value, width) => {
    for (let b = width - 1; b >= 0; b--) bits.push((value >>> b) & 1);
  };
  put(0b0100, 4); // byte mode indicator
  put(bytes.length, countBits(version));
  for (const byte of bytes) put(byte, 8);
  put(0, Math.min(4, capacity * 8 - bits.length)); // terminator, shortened when the symbol is full
  put(0, (8 - (bits.length % 8)) % 8);
  const codewords = [];
  for (let b = 0; b < bits.length; b += 8) codewords.push(parseInt(bits.slice(b, b + 8).join(""), 2));
  for (let pad = 0; codewords.length < capacity; pad ^= 1) codewords.push(pad ? 0x11 : 0xec);
  return codewords;
}

/** Splits the data into the version's blocks, adds each block's error correction and interleaves
 * both (first codewords of every block, then the second ones…), as readers expect. */
function finalSequence(data, version) {
  const [ecPerBlock, ...groups] = LEVEL_M_BLOCKS[version];
  const blocks = [];
  let at = 0;
  for (const [count, size] of groups) {
    for (let b = 0; b < count; b++) {
      const block = data.slice(at, at + size);
      at += size;
      blocks.push({ data: block, ec: errorCorrection(block, ecPerBlock) });
    }
  }
  const sequence = [];
  const longest = Math.max(...blocks.map((block) => block.data.length));
  for (let k = 0; k < longest; k++) {
    for (const block of blocks) if (k < block.data.length) sequence.push(block.data[k]);
  }
  for (let k = 0; k < ecPerBlock; k++) for (const block of blocks) sequence.push(block.ec[k]);
  return sequence;
}

// ---- The symbol ----

const grid = (size, value) => Array.from({ length: size }, () => new Array(size).fill(value));

/** Function patterns of a version: `dark` and `fixed` grids; fixed modules hold no data and are
 * never masked (format and version areas are fixed but drawn later, once the mask is known). */
function functionPatterns(version) {
  const size = 17 + 4 * version;
  const dark = grid(size, false);
  const fixed = grid(size, false);
  const set = (row, col, isDark) => {
    dark[row][col] = isDark;
    fixed[row][col] = true;
  };

  // Finder patterns with their light separators (the separator ring may fall outside the symbol).
  for (const [top, left] of [[0, 0], [0, size - 7], [size - 7, 0]]) {
    for (let r = -1; r <= 7; r++) {
      for (let c = -1; c <= 7; c++) {
        const row = top + r;
        const col = left + c;
        if (row < 0 || row >= size || col < 0 || col >= size) continue;
        const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3)); // 0 centre … 4 separator
        set(row, col, ring !== 2 && ring !== 4);
      }
    }
  }

  for (let k = 8; k < size - 8; k++) {
    set(6, k, k % 2 === 0);
    set(k, 6, k % 2 === 0);
  }

  // Alignment patterns, except the three corners the finder patterns occupy.
  const centres = ALIGNMENT_CENTRES[version];
  const last = centres[centres.length - 1];
  for (const row of centres) {
    for (const col of centres) {
      if ((row === 6 && (col === 6 || col === last)) || (col === 6 && row === last)) continue;
      for (let r = -2; r <= 2; r++) {
        for (let c = -2; c <= 2; c++) set(row + r, col + c, Math.max(Math.abs(r), Math.abs(c)) !== 1);
      }
    }
  }

  // Reserve the format (and from version 7 the version) areas; the one always-dark module too.
  for (const [row, col] of formatPositions(size).flat()) set(row, col, false);
  set(size - 8, 8, true);
  if (version >= 7) for (const [row, col] of versionPositions(size).flat()) set(row, col, false);
  return { size, dark, fixed };
}

/** Where format bit k (k = 0 least significant) goes, in each of its two copies. */
function formatPositions(size) {
  const positions = [];
  for (let k = 0; k < 15; k++) {
    const nearFinder = k < 6 ? [k, 8] : k < 8 ? [k + 1, 8] : k === 8 ? [8, 7] : [8, 14 - k];
    const split = k < 8 ? [8, size - 1 - k] : [size - 15 + k, 8];
    positions.push([nearFinder, split]);
  }
  return positions;
}

/** Where version bit k goes: a 6×3 block above the bottom-left finder and its transpose. */
function versionPositions(size) {
  const positions = [];
  for (let k = 0; k < 18; k++) {
    const a = Math.floor(k / 3);
    const b = size - 11 + (k % 3);
    positions.push([[b, a], [a, b]]);
  }
  return positions;
}

/** Appends the BCH remainder of `value` (shifted left by the generator's degree). */
function bch(value, generator, degree) {
  let remainder = value << degree;
  for (let bit = 31 - Math.clz32(remainder); bit >= degree; bit--) {
    if (remainder & (1 << bit)) remainder ^= generator << (bit - degree);
  }
  return (value << degree) | remainder;
}

// 0x5412 keeps the format information from being all light whatever the level and mask.
const formatBits = (mask) => bch((LEVEL_M_FORMAT_BITS << 3) | mask, 0x537, 10) ^ 0x5412;
const versionBits = (version) => bch(version, 0x1f25, 12);

/** Places the codewords' bits in two-module-wide columns, from the bottom right, going up and down
 * in turn and stepping over the vertical timing pattern; leftover modules stay light. */
function placeData(pattern, sequence) {
  const { size, fixed } = pattern;
  const dark = pattern.dark.map((row) => row.slice());
  let bit = 0;
  let upward = true;
  for (let right = size - 1; right > 0; right -= 2) {
    if (right === 6) right = 5;
    for (let step = 0; step < size; step++) {
      const row = upward ? size - 1 - step : step;
      for (const col of [right, right - 1]) {
        if (fixed[row][col]) continue;
        const codeword = sequence[bit >> 3];
        dark[row][col] = codeword !== undefined && ((codeword >> (7 - (bit & 7))) & 1) === 1;
        bit++;
      }
    }
    upward = !upward;
  }
  return dark;
}

function applyMask(pattern, unmasked, mask, version) {
  const { size, fixed } = pattern;
  const invert = MASKS[mask];
  const dark = unmasked.map((row, i) => row.map((isDark, j) => (fixed[i][j] ? isDark : isDark !== invert(i, j))));
  const format = formatBits(mask);
  formatPositions(size).forEach((copies, k) => {
    for (const [row, col] of copies) dark[row][col] = ((format >> k) & 1) === 1;
  });
  if (version >= 7) {
    const bits = versionBits(version);
    versionPositions(size).forEach((copies, k) => {
      for (const [row, col] of copies) dark[row][col] = ((bits >> k) & 1) === 1;
    });
  }
  return dark;
}

// ---- Choosing the mask (the specification's four penalty rules) ----

const FINDER_LIKE = [true, false, true, true, true, false, true];

/** Rules 1 and 3 along one row or column. */
function linePenalty(line) {
  let points = 0;
  let run = 1;
  for (let k = 1; k <= line.length; k++) {
    if (k < line.length && line[k] === line[k - 1]) {
      run++;
    } else {
      if (run >= 5) points += 3 + (run - 5);
      run = 1;
    }
  }
  const light = (from, to) => from >= 0 && to <= line.length && line.slice(from, to).every((m) => !m);
  for (let k = 0; k + 7 <= line.length; k++) {
    if (!FINDER_LIKE.every((m, d) => line[k + d] === m)) continue;
    // One penalty per 1:1:3:1:1 pattern with 4 light modules before or after it, inside the
    // symbol: the quiet zone is not part of what is evaluated.
    if (light(k - 4, k) || light(k + 7, k + 11)) points += 40;
  }
  return points;
}

/** The penalty of a complete symbol, format and version information included (the specification
 * evaluates the complete symbol although only the encoding region is masked). */
function penalty(dark) {
  const size = dark.length;
  let points = 0;
  let darkCount = 0;
  for (let i = 0; i < size; i++) {
    points += linePenalty(dark[i]) + linePenalty(dark.map((row) => row[i]));
    for (let j = 0; j < size; j++) {
      if (dark[i][j]) darkCount++;
      // Rule 2: an m×n block of one colour counts as its (m−1)(n−1) overlapping 2×2 blocks.
      if (i > 0 && j > 0) {
        const c = dark[i][j];
        if (dark[i - 1][j] === c && dark[i][j - 1] === c && dark[i - 1][j - 1] === c) points += 3;
      }
    }
  }
  // Rule 4: 10 points per whole 5 % that the dark share lies away from 50 % (in integers).
  points += 10 * Math.floor(Math.abs(20 * darkCount - 10 * size * size) / (size * size));
  return points;
}

// ---- Public interface ----

/**
 * Encodes `text` (as UTF-8, byte mode, level M) in the smallest version that holds it.
 * `mask` (0–7) forces a data mask; otherwise the one with the lowest penalty wins (the lowest
 * number on a tie). Returns {version, mask, modules (true = dark), penalties (per mask evaluated)}.
 */
export function qrEncode(text, { mask } = {}) {
  const bytes = new TextEncoder().encode(String(text));
  const version = smallestVersion(bytes.length);
  if (version === 0) {
    const most = Math.floor((8 * dataCapacity(MAX_VERSION) - 4 - countBits(MAX_VERSION)) / 8);
    throw new Error(`Text too long for a QR code here: ${bytes.length} bytes (UTF-8), at most ${most} fit.`);
  }
  if (mask !== undefined && !(Number.isInteger(mask) && mask >= 0 && mask < MASKS.length)) {
    throw new Error(`A QR mask is a number from 0 to 7, not ${mask}.`);
  }
  const pattern = functionPatterns(version);
  const unmasked = placeData(pattern, finalSequence(dataCodewords(bytes, version), version));
  const candidates = mask === undefined ? MASKS.map((_, k) => k) : [mask];
  let best = null;
  const penalties = [];
  for (const candidate of candidates) {
    const modules = applyMask(pattern, unmasked, candidate, version);
    const points = penalty(modules);
    penalties[candidate] = points;
    if (best === null || points < best.points) best = { mask: candidate, modules, points };
  }
  return { version, mask: best.mask, modules: best.modules, penalties };
}

/** The QR code of `text` as rows of modules, true = dark. Throws when the text does not fit. */
export function qrMatrix(text) {
  return qrEncode(text).modules;
}

/**
 * The QR code of `text` as an <svg> that CSS sizes (viewBox only): a light square with the quiet
 * zone and one path for all dark modules, so it stays crisp and light to draw.
 */
export function qrSVG(text, { label = "QR code" } = {}) {
  const modules = qrMatrix(text);
  const side = modules.length + 2 * QUIET_ZONE;
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${side} ${side}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");

  // Scanners need the quiet zone light even on a dark page, so the background is drawn.
  const background = document.createElementNS(SVG_NS, "rect");
  background.setAttribute("width", side);
  background.setAttribute("height", side);
  background.setAttribute("fill", "#fff");
  svg.append(background);

  // One rectangle per horizontal run of dark modules keeps the path short.
  const parts = [];
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      const start = x;
      while (x + 1 < row.length && row[x + 1]) x++;
      parts.push(`M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x + 1 - start}v1h-${x + 1 - start}z`);
    }
  });
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", parts.join(""));
  path.setAttribute("fill", "#000");
  svg.append(path);
  return svg;
}
