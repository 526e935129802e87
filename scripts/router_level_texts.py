#!/usr/bin/env python3
"""Reads every Rapid Router level's words against what the level really is.

    python3 scripts/router_level_texts.py          # every level
    python3 scripts/router_level_texts.py 1 4 13   # just these levels
    python3 scripts/router_level_texts.py --check  # only the automatic checks (exit 1 on a problem)

For each level it prints the lesson and hint beside the map (road, depot, houses, lights, cows),
the toolbox as the page names its blocks (with limits), the page's button names, and the reference
solution from Sources/RouterKit/Levels/solutions with its moves counted, so a person can read each
sentence against the level. A lesson that says "two squares" while the solution drives three is
the kind of mistake this is for; the automatic checks catch only the mechanical ones (a button or
block named differently from the page, a quoted block name that does not exist).

The texts themselves are written in the episode files in scripts/levels (run
scripts/router_levels.py after changing them). Their Spanish words are in Sources/Languages/catalogues/es/levels.json (written by
hand, not generated): --check also requires a Spanish name, lesson and hint for every level and a
name and summary for every episode, blocks quoted «…» as the Spanish page labels them
(Sources/Languages/catalogues/es/router.json), buttons named as the Spanish page names them, and every number the English says.
"""

from __future__ import annotations

import html
import json
import os
import re
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import router_levels as rl  # noqa: E402

ROOT = os.path.dirname(HERE)
PAGE = os.path.join(ROOT, "Sources", "TesseraServer", "Public", "router")
ACTION_WORDS = {"F": "forwards", "L": "left", "R": "right", "A": "around", "W": "wait", "D": "deliver", "H": "horn"}


def page_buttons() -> dict[str, str]:
    """data-testid → the words on the button, from the page's HTML."""
    with open(os.path.join(PAGE, "index.html"), encoding="utf-8") as f:
        text = f.read()
    buttons = {}
    for match in re.finditer(r"<button\b([^>]*)>(.*?)</button>", text, re.S):
        testid = re.search(r'data-testid="([^"]+)"', match.group(1))
        words = html.unescape(re.sub(r"<[^>]+>", "", match.group(2))).strip()
        words = re.sub(r"^[^\w“]+\s*", "", words)  # drop the icon (▶, ↺ …)
        if testid and words:
            buttons[testid.group(1)] = words
    return buttons


CATALOGUES = os.path.join(ROOT, "Sources", "Languages", "catalogues")


def page_messages(language: str) -> dict:
    """The page's words in a language: Rapid Router's part of the language's catalogue,
    Sources/Languages/catalogues/<language>/router.json, which the pages load through words.js."""
    with open(os.path.join(CATALOGUES, language, "router.json"), encoding="utf-8") as f:
        return json.load(f)


def english_messages() -> dict:
    return page_messages("en")


def spanish_messages() -> dict:
    return page_messages("es")


SPANISH_TEXTS = os.path.join(CATALOGUES, "es", "levels.json")


def spanish_texts() -> dict:
    """Our levels' and episodes' Spanish words (the catalogue's es/levels.json), as
    {"episodes": {number: …}, "levels": {id: …}}."""
    with open(SPANISH_TEXTS, encoding="utf-8") as f:
        read = json.load(f)
    return {"episodes": read["episode"], "levels": read["level"]}


def spanish_names() -> tuple[set[str], set[str]]:
    """What a Spanish text may quote between « »: the Spanish blocks' labels, their conditions as the
    blocks show them, a block with its condition ("Repetir hasta que en la casa") and the buttons on
    the blocks ("+ si no, si"); and the first words of the run buttons ("jugar", "paso"…)."""
    messages = spanish_messages()
    blocks = messages["blocks"]
    labels = blocks["label"]
    conditions = [labels[k] for k in ("at_destination", "dead_end", "cow_crossing")]
    conditions += list(blocks["conditions"]["road"].values()) + list(blocks["conditions"]["light"].values())
    conditions += [blocks["conditions"]["not"].replace("{condition}", c) for c in conditions]
    names = set(labels.values()) | set(conditions)
    names |= {value for value in blocks["parts"].values() if isinstance(value, str) and value.startswith("+ ")}
    for block in ("controls_repeat_until", "controls_repeat_while", "controls_if"):
        names |= {f"{labels[block]} {c}" for c in conditions}
    buttons = {re.sub(r"^[^\w]+\s*", "", words).split()[0].lower()
               for words in messages["player"]["run"].values() if isinstance(words, str) and words.strip() and not words.startswith("{")}
    return names, buttons


# A Spanish quote is « … »; code in a Python level's text is quoted the same way and not checked.
SPANISH_QUOTED = re.compile(r"«([^»]+)»")


def spanish_problems(spec, texts: dict, names: set[str], buttons: set[str]) -> list[str]:
    """The Spanish words of one level: present and not empty, quoting blocks and buttons as the
    Spanish page names them, with the same numbers as the English words (the map's numbers)."""
    words = texts["levels"].get(spec.id)
    if words is None:
        return ["es: no Spanish words (es/levels.json)"]
    problems = [f"es: {field} is empty" for field in ("name", "lesson", "hint") if not str(words.get(field, "")).strip()]
    for field in ("lesson", "hint"):
        text = words.get(field, "")
        for match in re.finditer(r"\bpulsa\s+(el botón\s+)?«?(\w+)", text, re.I):
            if match.group(2).lower() not in buttons:
                problems.append(f"es: {field} says '{match.group(0)}' but the page has no such button")
        # A number in the English words is a fact about the map: the Spanish words say it too.
        missing = set(re.findall(r"\d+", getattr(spec, field))) - set(re.findall(r"\d+", text))
        if missing:
            problems.append(f"es: {field} lacks the number(s) {', '.join(sorted(missing, key=int))} that the English says")
        if spec.python:
            continue
        for quoted in SPANISH_QUOTED.findall(text):
            parts = [part.strip() for part in quoted.split(",")]
            if quoted not in names and not all(part in names for part in parts):
                problems.append(f"es: {field} quotes «{quoted}», which is not a Spanish block name on the page")
    return problems


def spanish_file_problems(specs, episodes, texts: dict) -> list[str]:
    """Levels or episodes the Spanish file has that we don't, episodes without Spanish words."""
    ids = {spec.id for spec in specs}
    problems = [f"es/levels.json: level {id} is not one of ours" for id in sorted(set(texts["levels"]) - ids, key=int)]
    numbers = {str(episode[0]) for episode in episodes}  # (number, name, summary)
    for number in sorted(numbers, key=int):
        words = texts["episodes"].get(number)
        if not words or not str(words.get("name", "")).strip() or not str(words.get("summary", "")).strip():
            problems.append(f"es/levels.json: episode {number} has no Spanish name or summary")
    problems += [f"es/levels.json: episode {n} is not one of ours" for n in sorted(set(texts["episodes"]) - numbers, key=int)]
    return problems


def page_block_labels() -> dict[str, str]:
    """Block type → its label on the page in English (the English catalogue's router.blocks.label, which block-labels.js reads)."""
    return dict(english_messages()["blocks"]["label"])


def block_buttons() -> set[str]:
    """The small buttons on the blocks themselves ("+ else if", "+ else"), from the English catalogue's router.blocks.parts."""
    parts = english_messages()["blocks"]["parts"]
    return {value for value in parts.values() if isinstance(value, str) and value.startswith("+ ")}


OPERATORS = {"EQ": "=", "NEQ": "≠", "LT": "<", "LTE": "≤", "GT": ">", "GTE": "≥",
             "ADD": "+", "MINUS": "−", "MULTIPLY": "×", "DIVIDE": "÷", "POWER": "^", "MODULO": "%"}


def value_text(e) -> str:
    """A number expression as the blocks show it: 3, n, (n + 1)."""
    if isinstance(e, tuple) and e[0] == "var":
        return e[1]
    if isinstance(e, tuple) and e[0] == "arith":
        return f"({value_text(e[2])} {OPERATORS[e[1]]} {value_text(e[3])})"
    return str(e)


def condition_text(c) -> str:
    if isinstance(c, tuple) and c[0] == "cmp":
        return f"{value_text(c[2])} {OPERATORS[c[1]]} {value_text(c[3])}"
    if isinstance(c, tuple):
        return "not " + condition_text(c[1])
    return {"dest": "at the house", "fwd": "road forwards", "left": "road to the left", "right": "road to the right",
            "dead": "at a dead end", "red": "light is red", "green": "light is green", "cow": "cow on the road"}[c]


def program_text(body, depth=1) -> list[str]:
    pad = "  " * depth
    lines = []
    for s in body:
        if isinstance(s, str):
            lines.append(pad + rl.ACTIONS[s])
        elif s[0] == "repeat":
            lines.append(f"{pad}repeat {value_text(s[1])} times:")
            lines += program_text(s[2], depth + 1)
        elif s[0] in ("until", "while"):
            lines.append(f"{pad}repeat {s[0]} {condition_text(s[1])}:")
            lines += program_text(s[2], depth + 1)
        elif s[0] == "if":
            for i, (c, b) in enumerate(s[1]):
                lines.append(f"{pad}{'if' if i == 0 else 'else if'} {condition_text(c)}:")
                lines += program_text(b, depth + 1)
            if s[2] is not None:
                lines.append(f"{pad}else:")
                lines += program_text(s[2], depth + 1)
        elif s[0] == "call":
            lines.append(f"{pad}call {s[1]}")
        elif s[0] in ("set", "change"):
            lines.append(f"{pad}{s[0]} {s[1]} {'to' if s[0] == 'set' else 'by'} {value_text(s[2])}")
    return lines


def light_text(light) -> str:
    (x, y), heading, state, start, red, green = light
    way = {"N": "up", "S": "down", "E": "right", "W": "left"}[heading]
    return f"light at ({x}, {y}) for vans driving {way} the map: starts {state.lower()} (t={start}), red {red}, green {green}"


def run_summary(spec, built) -> tuple[str, dict]:
    if spec.solution is None:  # a Python level with only its hand-written program: CPython drives the simulator
        ok, reason, sim = rl.run_python(spec, built, spec.python_solution)
    else:
        sim = rl.Sim(spec, built)
        ok, reason = sim.run(spec.solution)
    counts = {word: sim.log.count(a) for a, word in ACTION_WORDS.items() if sim.log.count(a)}
    moves = sum(sim.log.count(a) for a in "FLRA")
    squares = [c for c in sim.visited[2:]]
    text = (f"{'delivers' if ok else 'FAILS: ' + reason}; actions {''.join(sim.log)}; "
            f"{moves} moves ({', '.join(f'{n} {w}' for w, n in counts.items())}); "
            f"blocks {'—' if spec.solution is None else rl.program_blocks(spec.solution)}; fuel {spec.max_fuel} → {sim.fuel}")
    return text, {"moves": moves, "squares": squares, "counts": counts}


# A quote opens after a space or a bracket and closes before one ("That's" is no quote).
QUOTED = re.compile(r"(?<![\w])'([^']+?)'(?![\w])")
PYTHONISH = re.compile(r"[()_:=]|^(from|for|while|if|elif|else|def|my_van|not)\b")


def problems_in(spec, labels: dict[str, str], buttons: dict[str, str]) -> list[str]:
    """The mechanical checks: a button the page doesn't have, a quoted block name it doesn't show."""
    problems = []
    # Exactly as the page writes them (a block's label starts with a capital, a condition does not).
    conditions = [labels[k] for k in ("at_destination", "dead_end", "cow_crossing")]
    conditions += ["road forwards", "road to the left", "road to the right", "light is red", "light is green"]
    conditions += ["not " + c for c in conditions]
    names = set(labels.values()) | set(conditions) | block_buttons()
    # A block with its condition chosen reads as one phrase on the page: "Repeat until at the house".
    for block in ("controls_repeat_until", "controls_repeat_while", "controls_if"):
        names |= {f"{labels[block]} {c}" for c in conditions}
    button_words = {words.split()[0].lower() for words in buttons.values()}
    for field, text in (("lesson", spec.lesson), ("hint", spec.hint)):
        for match in re.finditer(r"\b(press|click|tap|hit)\s+(the\s+)?'?(\w+)", text, re.I):
            if match.group(3).lower() not in button_words | {"go"}:
                problems.append(f"{field} says '{match.group(0)}' but the page has no such button")
        # "Go" as a button (the page's is Play); "Go right round the ring" is only a verb.
        if re.search(r"\b(press|click|tap|hit)\s+(the\s+)?'?Go\b|\bGo button|'Go'", text, re.I):
            problems.append(f"{field} names a 'Go' button: the page's is '{buttons.get('play', '?')}'")
        if spec.python:
            continue
        for quoted in QUOTED.findall(text):
            if PYTHONISH.search(quoted):
                continue
            parts = [part.strip() for part in quoted.split(",")]
            if not all(part in names or part in _procedure_names(spec) for part in parts):
                problems.append(f"{field} quotes '{quoted}', which is not a block name on the page")
    return problems


def _procedure_names(spec) -> set[str]:
    _, procs = rl.split_program(spec.solution)
    return set(procs)


def solution_file(spec) -> str:
    """The written reference solution: a Python level's program as text, blocks as their JSON."""
    path = os.path.join(rl.SOLUTIONS_DIR, f"{spec.id}.json")
    if not os.path.exists(path):
        return "(missing)"
    with open(path, encoding="utf-8") as f:
        text = f.read().strip()
    return json.loads(text).get("python", text).strip()


def main(argv) -> int:
    EPISODES, LEVELS = rl.load_specs()
    check_only = "--check" in argv
    wanted = {a for a in argv if a.isdigit()}
    buttons, labels = page_buttons(), page_block_labels()
    texts, (es_names, es_buttons) = spanish_texts(), spanish_names()
    if not check_only:
        run_bar = ", ".join(buttons[k] for k in ("play", "step", "stop", "reset") if k in buttons)
        print(f"Buttons on the page: {run_bar}; the result card: {buttons.get('try-again')}, {buttons.get('next-level')}")
        print("Block names on the page: " + ", ".join(f"{k}={v!r}" for k, v in labels.items()))
    failures = 0
    for spec in LEVELS:
        if wanted and spec.id not in wanted:
            continue
        # `check` pythonizes Python levels' solutions in place; work on a copy of the spec.
        level, build_problems, _ = rl.check(rl.Spec(**{**spec.__dict__}))
        built = rl.build(spec)
        problems = build_problems + problems_in(spec, labels, buttons) + spanish_problems(spec, texts, es_names, es_buttons)
        failures += bool(problems)
        if check_only:
            for problem in problems:
                print(f"level {spec.id}: {problem}")
            continue
        summary, _ = run_summary(rl.Spec(**{**spec.__dict__}), built)
        print("=" * 100)
        print(f"Level {spec.id} · episode {spec.episode} · {spec.name} · {spec.theme} · {'Python' if spec.python else 'blocks'}"
              f"{' + Python view' if spec.python_view else ''}")
        print(f"  lesson: {spec.lesson}")
        print(f"  hint:   {spec.hint}")
        spanish = texts["levels"].get(spec.id, {})
        print(f"  es:     {spanish.get('name', '—')} · {spanish.get('lesson', '—')}")
        print(f"  es hint: {spanish.get('hint', '—')}")
        print("  map (north up; D depot, H house, o road, w/n cow, T t b p scenery):")
        for line in spec.map.strip("\n").split("\n"):
            print("    " + line)
        houses = ", ".join(str(h) for h in built["houses"])
        print(f"  depot {built['depot']} facing {built['heading']}; houses {houses}; road squares {len(built['neighbours'])}")
        for light in spec.lights:
            print("  " + light_text(light))
        for kind, squares in built["cows"].items():
            print(f"  {kind.lower()} cows at {', '.join(map(str, squares))}")
        toolbox = [f"{labels.get(e['block'], e['block'])}{' ×' + str(e['limit']) if 'limit' in e else ''}" for e in level["toolbox"]]
        print(f"  toolbox: {', '.join(toolbox)}")
        print(f"  solution ({summary}):")
        main_body, procs = rl.split_program(spec.solution or [])
        for name, body in procs.items():
            print(f"    define {name}:")
            print("\n".join("  " + line for line in program_text(body)))
        print("\n".join(program_text(main_body, 2)))
        if spec.python:
            print("  " + solution_file(spec).replace("\n", "\n    "))
        for problem in problems:
            print(f"  PROBLEM: {problem}")
    if not wanted:
        for problem in spanish_file_problems(LEVELS, EPISODES, texts):
            print(problem)
            failures += 1
    if failures:
        print(f"{failures} level(s) with problems")
        return 1
    if check_only:
        print("every level's words, English and Spanish, name buttons and blocks as the page does")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
