// Colours for the Python editor: splits a program into keywords, strings, numbers, comments, the
// van's commands and Python's own functions, as spans for the highlight layer under the textarea.
// It only colours: a half-typed program (an open string, a stray bracket) is shown as it is, and
// what is a mistake is the server's to say.
import { VAN_METHODS } from "./python-commands-list.js";

const KEYWORDS = new Set(["False", "None", "True", "and", "as", "assert", "break", "class", "continue", "def", "del", "elif", "else",
  "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise",
  "return", "try", "while", "with", "yield"]);
// Python's own functions and list methods that RouterKit's interpreter knows (PythonBuiltins.swift).
const BUILTINS = new Set(["print", "range", "len", "int", "str", "bool", "list", "abs", "min", "max", "sum"]);
const METHODS = new Set([...VAN_METHODS, "append", "pop"]);

// One alternative per kind; whatever lies between matches is plain text. A string stops at the end
// of its line even when its closing quote is missing, so one open quote does not colour the rest.
const TOKENS = /(#[^\n]*)|("(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?)|\b(\d+(?:\.\d+)?)\b|([A-Za-z_][A-Za-z0-9_]*)/g;

/** The kind of each coloured piece of `text`: [{start, end, kind}], in order. `kind` is one of
 *  "comment", "string", "number", "keyword", "builtin", "method". */
export function tokens(text) {
  const found = [];
  for (const match of text.matchAll(TOKENS)) {
    const [whole, comment, string, number, name] = match;
    const start = match.index;
    let kind = null;
    if (comment !== undefined) kind = "comment";
    else if (string !== undefined) kind = "string";
    else if (number !== undefined) kind = "number";
    else if (KEYWORDS.has(name)) kind = "keyword";
    else if (METHODS.has(name) && /\.\s*$/.test(text.slice(Math.max(0, start - 8), start))) kind = "method";
    else if (BUILTINS.has(name) && !/\.\s*$/.test(text.slice(Math.max(0, start - 8), start))) kind = "builtin";
    if (kind) found.push({ start, end: start + whole.length, kind });
  }
  return found;
}

/** `text` as text nodes and coloured spans (class "py-<kind>"), for the highlight layer. */
export function highlighted(text) {
  const fragment = document.createDocumentFragment();
  let at = 0;
  for (const { start, end, kind } of tokens(text)) {
    if (start > at) fragment.append(text.slice(at, start));
    const span = document.createElement("span");
    span.className = `py-${kind}`;
    span.textContent = text.slice(start, end);
    fragment.append(span);
    at = end;
  }
  // A last empty line still takes a line's height (a <pre> drops a final newline), so the layer
  // scrolls exactly as far as the textarea does.
  fragment.append(text.slice(at) + (text.endsWith("\n") || text === "" ? " " : ""));
  return fragment;
}
