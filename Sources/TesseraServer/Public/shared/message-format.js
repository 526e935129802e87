// The message syntax every page's words are written in, and formatting them: a subset of ICU
// MessageFormat, the same as the server's (Sources/Languages; both pass the shared cases in
// Tests/Fixtures/words/messageformat-cases.json). words.js (the page's language and catalogue) is
// the only importer; pages use words.js.
// - `{name}` (a number is formatted for the language); `{name, number}`;
//   `{name, plural, =0 {…} one {…} other {…}}` (exact `=N` first, then the language's CLDR category;
//   `#` in a branch is the number); `{name, select, a {…} other {…}}`. `''` is one apostrophe; a `'`
//   right before `{`, `}` (or `#` in a plural branch) quotes up to the next `'`; any other `'` is
//   just an apostrophe. A missing argument stays as written (`{name}`). Each message is parsed once.
// - Plural categories come from the catalogue's `language.plural` (CLDR rules, restricted to n, i, v,
//   %, =, !=, ranges, lists, and/or), so a new language needs no code. Numbers go through
//   Intl.NumberFormat with Latin digits (0–9) in every language.

const FALLBACK = "en";
const CATEGORIES = ["zero", "one", "two", "few", "many"];

// ---- the message syntax -------------------------------------------------------------------------
class MessageError extends Error {}

/** A message's parts: strings, and {type: "arg"|"number"|"plural"|"select"|"pound", …}. */
function parse(source) {
  let at = 0;
  const fail = (why) => { throw new MessageError(`${why} at ${at} in ${JSON.stringify(source)}`); };
  const spaces = () => { while (at < source.length && /\s/.test(source[at])) at += 1; };
  const word = () => {
    const match = /^[\p{L}\p{N}_-]+/u.exec(source.slice(at));
    if (!match) fail("a name was expected");
    at += match[0].length;
    return match[0];
  };
  const expect = (char) => {
    if (source[at] !== char) fail(`"${char}" was expected`);
    at += 1;
  };

  // Text and arguments up to the end, or up to the `}` that closes a branch (`nested`); `plural` says
  // whether `#` is the number (inside a plural's branch, and in a select nested there).
  function message(nested, plural) {
    const parts = [];
    let text = "";
    const flush = () => { if (text) parts.push(text); text = ""; };
    while (at < source.length) {
      const char = source[at];
      if (char === "'") {
        const next = source[at + 1];
        if (next === "'") { text += "'"; at += 2; continue; }
        if (next === "{" || next === "}" || (plural && next === "#")) {
          at += 1; // quoted text, up to the next single ' ('' inside is one apostrophe)
          while (at < source.length) {
            if (source[at] === "'") {
              if (source[at + 1] === "'") { text += "'"; at += 2; continue; }
              at += 1;
              break;
            }
            text += source[at];
            at += 1;
          }
          continue;
        }
        text += char;
        at += 1;
      } else if (char === "{") {
        flush();
        parts.push(argument(plural));
      } else if (char === "}") {
        if (!nested) fail("a } without its {");
        break;
      } else if (char === "#" && plural) {
        flush();
        parts.push({ type: "pound" });
        at += 1;
      } else {
        text += char;
        at += 1;
      }
    }
    if (nested && at >= source.length) fail("a { without its }");
    flush();
    return parts;
  }

  function argument(plural) {
    const start = at;
    expect("{");
    spaces();
    const name = word();
    spaces();
    if (source[at] === "}") {
      at += 1;
      return { type: "arg", name, written: source.slice(start, at) };
    }
    expect(",");
    spaces();
    const kind = word();
    spaces();
    if (kind === "number") {
      expect("}");
      return { type: "number", name };
    }
    if (kind !== "plural" && kind !== "select") fail(`"${kind}" is not number, plural or select`);
    expect(",");
    const branches = new Map();
    for (;;) {
      spaces();
      if (source[at] === "}") { at += 1; break; }
      if (at >= source.length) fail("a { without its }");
      let selector;
      if (kind === "plural" && source[at] === "=") {
        at += 1;
        const match = /^-?\d+(\.\d+)?/.exec(source.slice(at));
        if (!match) fail("a number was expected after =");
        at += match[0].length;
        selector = `=${Number(match[0])}`;
      } else {
        selector = word();
        if (kind === "plural" && selector !== "other" && !CATEGORIES.includes(selector)) fail(`"${selector}" is not a plural category`);
      }
      if (branches.has(selector)) fail(`"${selector}" twice`);
      spaces();
      expect("{");
      branches.set(selector, message(true, kind === "plural" || plural));
      expect("}");
    }
    if (!branches.has("other")) fail(`the ${kind} has no "other"`);
    return { type: kind, name, branches };
  }

  const parts = message(false, false);
  return parts;
}

const parsed = new Map(); // message → its parts (a message is parsed once)
function parts(message) {
  let found = parsed.get(message);
  if (!found) {
    found = parse(message);
    parsed.set(message, found);
  }
  return found;
}

// ---- plural rules (CLDR's syntax, restricted) ------------------------------------------------------
const compiledRules = new Map(); // JSON of the rules → [[category, test(n, i, v)]]

function relation(text) {
  const match = /^([niv])\s*(?:%\s*(\d+)\s*)?(!=|=)\s*(.+)$/.exec(text.trim());
  if (!match) throw new MessageError(`a plural rule this cannot read: ${JSON.stringify(text)}`);
  const [, operand, modulus, operator, list] = match;
  const ranges = list.split(",").map((item) => {
    const range = /^\s*(\d+)\s*(?:\.\.\s*(\d+)\s*)?$/.exec(item);
    if (!range) throw new MessageError(`a plural rule this cannot read: ${JSON.stringify(text)}`);
    return [Number(range[1]), Number(range[2] ?? range[1])];
  });
  return (operands) => {
    let value = operands[operand];
    if (modulus) value %= Number(modulus);
    const inside = ranges.some(([low, high]) => (low === high ? value === low : Number.isInteger(value) && value >= low && value <= high));
    return operator === "=" ? inside : !inside;
  };
}

function compileRules(rules = {}) {
  const key = JSON.stringify(rules);
  let compiled = compiledRules.get(key);
  if (compiled) return compiled;
  for (const category of Object.keys(rules)) {
    if (!CATEGORIES.includes(category)) throw new MessageError(`"${category}" is not a plural category`);
  }
  compiled = CATEGORIES.filter((category) => typeof rules[category] === "string").map((category) => {
    const rule = rules[category].split("@")[0]; // CLDR's samples (@integer …), if copied along
    const alternatives = rule.split(/\bor\b/).map((both) => both.split(/\band\b/).map(relation));
    return [category, (operands) => alternatives.some((all) => all.every((test) => test(operands)))];
  });
  compiledRules.set(key, compiled);
  return compiled;
}

/** How many fraction digits `n` shows when written out (1.5 → 1, 2 → 0). */
function visibleFractionDigits(n) {
  const text = String(n);
  const [mantissa, exponent] = text.split("e");
  const fraction = (mantissa.split(".")[1] ?? "").length;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

/** `value`'s plural category under `rules` ({"one": "i = 1 and v = 0"}): zero, one, two, few, many or other. */
export function pluralCategory(value, rules) {
  const number = Number(value);
  if (!Number.isFinite(number)) return "other";
  const n = Math.abs(number);
  const operands = { n, i: Math.trunc(n), v: visibleFractionDigits(n) };
  for (const [category, test] of compileRules(rules)) if (test(operands)) return category;
  return "other";
}

// ---- formatting ---------------------------------------------------------------------------------
/** The locale Intl is asked for: the language's code, with Latin digits (0–9) everywhere. */
export function intlLocale(lang) {
  try {
    return new Intl.Locale(lang, { numberingSystem: "latn" }).toString();
  } catch {
    return "en-u-nu-latn";
  }
}

const numberFormats = new Map();
export function numberText(value, lang) {
  const number = Number(value);
  if (typeof value !== "number" && typeof value !== "bigint" && !Number.isFinite(number)) return String(value);
  let format = numberFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(lang));
    numberFormats.set(lang, format);
  }
  return format.format(typeof value === "bigint" ? value : number);
}

const missing = (value) => value === undefined || value === null;

function render(nodes, args, options, pound) {
  let out = "";
  for (const node of nodes) {
    if (typeof node === "string") { out += node; continue; }
    switch (node.type) {
      case "pound":
        out += pound.missing ? `{${pound.name}}` : numberText(pound.value, options.lang);
        break;
      case "arg": {
        const value = args[node.name];
        if (missing(value)) out += node.written;
        else out += typeof value === "number" || typeof value === "bigint" ? numberText(value, options.lang) : String(value);
        break;
      }
      case "number": {
        const value = args[node.name];
        out += missing(value) ? `{${node.name}}` : numberText(value, options.lang);
        break;
      }
      case "select": {
        const value = args[node.name];
        const branch = (!missing(value) && node.branches.get(String(value))) || node.branches.get("other");
        out += render(branch, args, options, pound);
        break;
      }
      case "plural": {
        const value = args[node.name];
        if (missing(value)) {
          out += render(node.branches.get("other"), args, options, { missing: true, name: node.name });
          break;
        }
        const number = Number(value);
        const branch = node.branches.get(`=${number}`) ?? node.branches.get(pluralCategory(number, options.plural))
          ?? node.branches.get("other");
        out += render(branch, args, options, { value: Number.isFinite(number) ? number : value, name: node.name });
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/** `message` (the syntax above) with `args`, in language `lang` whose CLDR plural rules are `plural`.
 *  Throws on a message it cannot read. */
export function format(message, args = {}, { lang = FALLBACK, plural = {} } = {}) {
  return render(parts(message), args ?? {}, { lang, plural }, null);
}
