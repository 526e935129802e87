// Why a post matched a search: the parts of its title or author email that contain the search, as
// <mark> elements. The server matches case-insensitively ("contains", lower-cased on both sides);
// this finds the same places. Lower-casing can change a string's length (İ becomes i̇), so the
// text is lowered one character at a time with a map back to the original positions.

/** The text as nodes, each occurrence of `query` (case-insensitive) wrapped in <mark>. */
export function highlighted(text, query) {
  const ranges = matchRanges(text, query);
  if (!ranges.length) return [document.createTextNode(text)];
  const nodes = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) nodes.push(document.createTextNode(text.slice(at, start)));
    const mark = document.createElement("mark");
    mark.textContent = text.slice(start, end);
    nodes.push(mark);
    at = end;
  }
  if (at < text.length) nodes.push(document.createTextNode(text.slice(at)));
  return nodes;
}

/** [start, end) pairs of `text` (UTF-16 offsets, not overlapping) where `query` occurs. */
export function matchRanges(text, query) {
  const needle = (query ?? "").toLowerCase();
  if (!needle || !text) return [];
  let lowered = "";
  const origin = []; // origin[i]: the offset in `text` of the character that made lowered[i]
  for (let index = 0; index < text.length;) {
    const char = String.fromCodePoint(text.codePointAt(index));
    const lower = char.toLowerCase();
    for (let k = 0; k < lower.length; k++) origin.push(index);
    lowered += lower;
    index += char.length;
  }
  origin.push(text.length);
  const ranges = [];
  let from = 0;
  for (;;) {
    const found = lowered.indexOf(needle, from);
    if (found < 0) break;
    const start = origin[found];
    const last = origin[found + needle.length - 1];
    const end = last + String.fromCodePoint(text.codePointAt(last)).length;
    if (!ranges.length || start >= ranges[ranges.length - 1][1]) ranges.push([start, end]);
    from = found + needle.length;
  }
  return ranges;
}
