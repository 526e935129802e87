// The options form: reads and checks it before anything is sent (the server would answer a 400,
// but a person should see which field is wrong and why), and fills it from the address bar so a
// link to a maze (`?seed=…&width=…`) opens with the same options. What is wrong is said as a message
// key of the catalogue (`maze.errors.*`) and its arguments, so the page says it in its language.

const MAX_SEED = 18446744073709551615n; // UInt64.max
const SIDE = { min: 5, max: 201 };
const CHOICES = {
  algorithm: ["hybrid", "backtracker", "prim", "aldousBroder", "wilson", "kruskal", "eller", "recursiveDivision",
    "sidewinder", "binaryTree", "growingTree"],
  latency: ["original", "fast", "slow", "none"],
  strategy: ["eventDriven", "levelSynchronous"],
};

function fail(input, key, args = {}) {
  return { error: { input, key, args } };
}

/** Returns `{options}` ready for the query string, or `{error: {input, key, args}}` for the first bad
 *  field (`key` is relative to `maze.`). */
export function readOptions(fields) {
  const seedText = fields.seed.value.trim();
  if (seedText !== "" && (!/^\d+$/.test(seedText) || BigInt(seedText) > MAX_SEED)) {
    return fail(fields.seed, "errors.seed", { max: MAX_SEED.toString() }); // as it is typed: no separators
  }
  const options = { seed: seedText === "" ? undefined : BigInt(seedText).toString() };
  for (const side of ["width", "height"]) {
    const input = fields[side];
    const text = input.value.trim();
    const value = Number(text);
    if (input.validity.badInput || (text !== "" &&
        (!Number.isInteger(value) || value < SIDE.min || value > SIDE.max || value % 2 === 0))) {
      return fail(input, `errors.${side}`, { min: SIDE.min, max: SIDE.max });
    }
    options[side] = text === "" ? undefined : value;
  }
  for (const name of Object.keys(CHOICES)) {
    const value = fields[name].value;
    if (!CHOICES[name].includes(value)) return fail(fields[name], `errors.${name}`);
    options[name] = value;
  }
  return { options };
}

/**
 * Fills the form from `?seed=&width=&height=&algorithm=&latency=&strategy=`, ignoring bad values.
 * True when the address names a maze (a usable seed), so the page can draw it straight away.
 */
export function prefill(fields, params) {
  const seed = params.get("seed");
  const linked = Boolean(seed && /^\d{1,20}$/.test(seed) && BigInt(seed) <= MAX_SEED);
  if (linked) fields.seed.value = seed;
  for (const side of ["width", "height"]) {
    const value = Number(params.get(side));
    if (Number.isInteger(value) && value >= SIDE.min && value <= SIDE.max && value % 2 === 1) fields[side].value = value;
  }
  for (const [name, allowed] of Object.entries(CHOICES)) {
    const value = params.get(name);
    if (allowed.includes(value)) fields[name].value = value;
  }
  return linked;
}

/** The address of the maze the server began, so reloading or sharing it gives the same maze. */
export function linkFor(began) {
  const query = new URLSearchParams();
  for (const name of ["seed", "width", "height", "algorithm", "latency", "strategy"]) {
    if (began[name] !== undefined && began[name] !== null) query.set(name, String(began[name]));
  }
  return `${location.pathname}?${query}`;
}
