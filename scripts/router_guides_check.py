#!/usr/bin/env python3
"""Checks the Rapid Router lesson guides against the episodes they describe.

    python3 scripts/router_guides_check.py      # exit 1 and one line per problem, else "ok"

The guides' words are the catalogues' `guides` area (Sources/Languages/catalogues/<code>/guides.json,
English written by hand, one guide per episode, for a teacher to print); which levels each does in
class is Sources/RouterKit/Levels/guides.json, the same in every language. The server serves them with each level's name filled in, so a
guide that names a level outside its episode, leaves one out, or spells its episode's title
differently from the game would show a teacher the wrong lesson; this catches those slips and
keeps every guide inside the shape the route expects (counts and lengths), so that a page of
text stays a page.

Stdlib only: it runs anywhere the repository is checked out, without the Swift build.
"""

from __future__ import annotations

import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEVELS = os.path.join(ROOT, "Sources", "RouterKit", "Levels")
CATALOGUES = os.path.join(ROOT, "Sources", "Languages", "catalogues")
GUIDES = CATALOGUES
EPISODES = 17
KEYS = {"episode", "title", "goals", "words", "unplugged", "levels", "questions", "extension", "previous", "next"}
MAX_CHARS = 1500  # a string longer than this would not fit the printed page
TAG = re.compile(r"</?[A-Za-z][^>]*>")  # an HTML tag; "count < 5 ... n > 0" in Python is fine


def load(path):
    with open(path, encoding="utf-8") as file:
        return json.load(file)


def languages():
    """The catalogues that have guides, English first."""
    found = sorted(name for name in os.listdir(CATALOGUES) if os.path.isfile(os.path.join(CATALOGUES, name, "guides.json")))
    return sorted(found, key=lambda code: (code != "en", code))


def episode_titles():
    """{number: {language: title}} and {number: [level ids]} from the game's own files."""
    episodes = load(os.path.join(LEVELS, "episodes.json"))
    titles = {e["number"]: {"en": e["name"]} for e in episodes}
    for language in languages():
        if language == "en":
            continue
        path = os.path.join(CATALOGUES, language, "levels.json")
        named = load(path)["episode"] if os.path.exists(path) else {}
        for e in episodes:
            titles[e["number"]][language] = named.get(str(e["number"]), {}).get("name")
    levels = {e["number"]: [str(i) for i in e["levelIDs"]] for e in episodes}
    return titles, levels


def numbered(group):
    """{"1": a, "2": b} → [a, b] (the catalogue numbers list items from 1)."""
    if not isinstance(group, dict):
        return group
    return [group[key] for key in sorted(group, key=lambda k: int(k) if k.isdigit() else 0)]


def guides_of(language, plans):
    """A language's guides in the shape checked below: a list, episode order, with the plans."""
    words = load(os.path.join(CATALOGUES, language, "guides.json"))
    entries = []
    for n in range(1, EPISODES + 1):
        guide = dict(words.get(str(n), {}))
        guide["episode"] = n
        for key in ("goals", "questions", "words"):
            guide[key] = numbered(guide.get(key))
        guide["levels"] = plans.get(n)
        entries.append(guide)
    return entries


def text(problems, where, value):
    if not isinstance(value, str) or not value.strip():
        problems.append(f"{where}: must be a non-empty string")
    elif len(value) >= MAX_CHARS:
        problems.append(f"{where}: {len(value)} characters (must be under {MAX_CHARS})")
    elif TAG.search(value) or "**" in value or "`" in value:
        # Plain text only: the page shows the words as they are, never as HTML or markdown.
        problems.append(f"{where}: looks like HTML or markdown; guides are plain text")


def strings(problems, where, value, low, high):
    if not isinstance(value, list) or not low <= len(value) <= high:
        count = len(value) if isinstance(value, list) else "not a list"
        wanted = f"exactly {low}" if low == high else f"{low} to {high}"
        problems.append(f"{where}: {count} items (wanted {wanted})")
        return
    for n, item in enumerate(value):
        text(problems, f"{where}[{n}]", item)


def check_guide(problems, language, n, guide, titles, levels):
    where = f"{language} episode {n}"
    if not isinstance(guide, dict):
        problems.append(f"{where}: not an object")
        return
    if set(guide) != KEYS:
        missing, extra = sorted(KEYS - set(guide)), sorted(set(guide) - KEYS)
        problems.append(f"{where}: keys differ (missing {missing}, unexpected {extra})")
    if guide.get("episode") != n:
        problems.append(f"{where}: numbered {guide.get('episode')!r} (entries go 1 to {EPISODES} in order)")
    text(problems, f"{where} title", guide.get("title"))
    if guide.get("title") != titles.get(n, {}).get(language):
        problems.append(f"{where}: title {guide.get('title')!r} is not the episode's name "
                        f"{titles.get(n, {}).get(language)!r}")
    strings(problems, f"{where} goals", guide.get("goals"), 2, 4)
    words = guide.get("words")
    if not isinstance(words, list) or not 3 <= len(words) <= 6:
        problems.append(f"{where} words: {len(words) if isinstance(words, list) else 'not a list'} items (wanted 3 to 6)")
    else:
        for k, entry in enumerate(words):
            if not isinstance(entry, dict) or set(entry) != {"word", "meaning"}:
                problems.append(f"{where} words[{k}]: must be {{\"word\", \"meaning\"}}")
                continue
            text(problems, f"{where} words[{k}].word", entry["word"])
            text(problems, f"{where} words[{k}].meaning", entry["meaning"])
    for key in ("unplugged", "extension", "previous", "next"):
        text(problems, f"{where} {key}", guide.get(key))
    strings(problems, f"{where} questions", guide.get("questions"), 2, 2)
    plan = guide.get("levels")
    if not isinstance(plan, dict) or set(plan) != {"inClass", "quickOnes"}:
        problems.append(f"{where} levels: must be {{\"inClass\": [...], \"quickOnes\": [...]}}")
        return
    in_class, quick = plan["inClass"], plan["quickOnes"]
    if not isinstance(in_class, list) or not isinstance(quick, list) or not all(
            isinstance(i, str) for i in in_class + quick):
        problems.append(f"{where} levels: ids must be lists of strings")
        return
    expected = levels.get(n, [])
    if not in_class:
        problems.append(f"{where} levels: inClass is empty")
    if not 1 <= len(quick) <= 3:
        problems.append(f"{where} levels: {len(quick)} quickOnes (wanted 1 to 3)")
    if sorted(in_class + quick, key=str) != sorted(expected, key=str) or len(set(in_class + quick)) != len(in_class + quick):
        problems.append(f"{where} levels: inClass {in_class} + quickOnes {quick} are not the episode's levels {expected}, each once")
    for name, ids in (("inClass", in_class), ("quickOnes", quick)):
        order = [i for i in expected if i in ids]
        if ids != order:
            problems.append(f"{where} levels: {name} {ids} is not in level order {order}")


def main():
    titles, levels = episode_titles()
    plans = {entry["episode"]: entry["levels"] for entry in load(os.path.join(LEVELS, "guides.json"))}
    problems = []
    codes = languages()
    for language in codes:
        try:
            entries = guides_of(language, plans)
        except (OSError, json.JSONDecodeError, AttributeError) as error:
            problems.append(f"{language}/guides.json: {error}")
            continue
        for n, guide in enumerate(entries, start=1):
            check_guide(problems, language, n, guide, titles, levels)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s) in the guides")
        return 1
    print(f"ok: {EPISODES} guides in {', '.join(codes)} match episodes.json and each language's levels.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
