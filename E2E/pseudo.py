"""The pseudo-language check (issue 38): a page opened with ?lang=en-XA shows every word of ours as
⟦áççéñtéd·~~~⟧, so visible text outside ⟦ ⟧ is text that does not come from the catalogues — unless
it is the person's own data (a name, a class code, a number), which a test names with `allow`.
Also finds text that is cut off or overflows its box (the pseudo words are 40% longer than English).

    from pseudo import untranslated, cut_off
    assert untranslated(page, allow=[r"^5B$"]) == []
    assert cut_off(page) == []
"""
import re

# Visible text nodes, each with the nearest element's description; text inside ⟦…⟧ removed first
# (a node may hold several messages, and an argument inside a message is inside its brackets).
_TEXTS = r"""
() => {
  const visible = (element) => {
    for (let node = element; node && node.nodeType === 1; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === "none" || style.visibility === "hidden" || node.hidden) return false;
      if (node.getAttribute("aria-hidden") === "true" && node !== document.body) return false;
    }
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || ["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"].includes(parent.tagName)) continue;
    if (!node.textContent.trim() || !visible(parent)) continue;
    out.push({ text: node.textContent, where: parent.tagName.toLowerCase() + (parent.id ? "#" + parent.id : "")
      + (parent.dataset.testid ? `[data-testid=${parent.dataset.testid}]` : "") });
  }
  // Words people read that are not text nodes: placeholders, labels, titles, button values.
  for (const element of document.querySelectorAll("[placeholder], [aria-label], [title], input[type=button], input[type=submit]")) {
    if (!visible(element)) continue;
    for (const name of ["placeholder", "aria-label", "title", "value"]) {
      if (name === "value" && !["button", "submit"].includes(element.type)) continue;
      const value = element.getAttribute(name);
      if (value && value.trim()) out.push({ text: value, where: `${element.tagName.toLowerCase()}[${name}]` });
    }
  }
  out.push({ text: document.title, where: "title" });
  return out;
}
"""

# What is never a word of ours: numbers, times, punctuation, symbols, single letters (a key
# cap, a grid label) and arrows.
_NEUTRAL = re.compile(r"^[\s\d.,:;!?%+\-–—×÷=/\\()\[\]{}<>#*'\"“”‘’«»·•…~|→←↑↓↻⟲⟳▸▾◂▴✓✗★☆♪⌫⏎␣]*$|^\s*\S\s*$")
_MESSAGE = re.compile(r"⟦[^⟦⟧]*(?:⟦[^⟦⟧]*⟧[^⟦⟧]*)*⟧")


_INNERMOST = re.compile(r"⟦[^⟦⟧]*⟧")


def without_messages(text):
    """`text` with every ⟦…⟧ taken out, nested ones too (a message's argument may be a message). A
    message an element splits (a `<code>` or link inside it) leaves a text node with only its ⟦ or
    its ⟧: what follows an unclosed ⟦, and what precedes an unopened ⟧, is inside a message too."""
    while True:
        shorter = _INNERMOST.sub(" ", text)
        if shorter == text:
            break
        text = shorter
    if "⟦" in text:
        text = text[:text.index("⟦")]
    if "⟧" in text:
        text = text[text.rindex("⟧") + 1:]
    # The middle of a split message has neither bracket, but its words are accented throughout.
    if re.search(r"[áéíóúñçÅ]", text) and not re.search(r"[aeiouAEIOU]", text):
        return ""
    return text.strip()


def untranslated(page, allow=()):
    """Visible texts with something outside ⟦ ⟧ that is not neutral and not `allow`ed (regexes
    matched against the leftover text): [(where, leftover)]."""
    problems = []
    for item in page.evaluate(_TEXTS):
        leftover = without_messages(item["text"])
        if not leftover or _NEUTRAL.match(leftover):
            continue
        if any(re.search(pattern, leftover) for pattern in allow):
            continue
        problems.append((item["where"], leftover[:80]))
    return problems


_CUT = r"""
() => {
  const out = [];
  for (const element of document.querySelectorAll("body *")) {
    if (!element.childNodes.length || ![...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim())) continue;
    const style = getComputedStyle(element);
    if (style.display === "none" || style.visibility === "hidden") continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    // Visually hidden on purpose (read by screen readers only): not cut, just not drawn.
    if (box.width <= 1 || box.height <= 1 || style.clipPath === "inset(50%)") continue;
    // Text wider than its box, where the box hides what sticks out (or the page scrolls sideways).
    const clipped = ["hidden", "clip"].includes(style.overflowX) || style.textOverflow === "ellipsis";
    if (element.scrollWidth > element.clientWidth + 1 && clipped) {
      out.push(`${element.tagName.toLowerCase()}${element.dataset.testid ? `[data-testid=${element.dataset.testid}]` : ""}: `
        + element.textContent.trim().slice(0, 60));
    }
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) out.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${window.innerWidth})`);
  return out;
}
"""


def cut_off(page):
    """Text cut off by its box (overflow hidden or an ellipsis), and a page wider than the window."""
    return page.evaluate(_CUT)
