#!/usr/bin/env python3
"""Checks the Rapid Router lesson guides against the episodes they describe.

    python3 scripts/router_guides_check.py      # exit 1 and one line per problem, else "ok"

The guides (Sources/RouterKit/Levels/guides/en.json and es.json) are written by hand, one per
episode, for a teacher to print. The server serves them with each level's name filled in, so a
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
GUIDES = os.path.join(LEVELS, "guides")
LANGUAGES = ("en", "es")
EPISODES = 17
KEYS = {"episode", "title", "goals", "words", "unplugged", "levels", "questions", "extension", "previous", "next"}
MAX_CHARS = 1500  # a string longer than this would not fit the printed page
TAG = re.compile(r"</?[A-Za-z][^>]*>")  # an HTML tag; "count < 5 ... n > 0" in Python is fine


def load(path):
    with open(path, encoding="utf-8") as file:
        return json.load(file)


def episode_titles():
    """{number: {language: title}} and {number: [level ids]} from the game's own files."""
    episodes = load(os.path.join(LEVELS, "episodes.json"))
    spanish = load(os.path.join(LEVELS, "texts", "es.json"))["episodes"]
    titles = {e["number"]: {"en": e["name"], "es": spanish.get(str(e["number"]), {}).get("name")} for e in episodes}
    levels = {e["number"]: [str(i) for i in e["levelIDs"]] for e in episodes}
    return titles, levels


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
    problems = []
    guides = {}
    for language in LANGUAGES:
        path = os.path.join(GUIDES, f"{language}.json")
        try:
            guides[language] = load(path)
        except (OSError, json.JSONDecodeError) as error:
            problems.append(f"{os.path.relpath(path, ROOT)}: {error}")
            continue
        entries = guides[language]
        if not isinstance(entries, list) or len(entries) != EPISODES:
            problems.append(f"{language}: {len(entries) if isinstance(entries, list) else 'not a list'} "
                            f"entries (wanted {EPISODES})")
            continue
        for n, guide in enumerate(entries, start=1):
            check_guide(problems, language, n, guide, titles, levels)
    if len(guides) == len(LANGUAGES):
        # The same plan in both languages: a class split by language still does the same levels.
        for n, (en, es) in enumerate(zip(guides["en"], guides["es"]), start=1):
            if isinstance(en, dict) and isinstance(es, dict) and en.get("levels") != es.get("levels"):
                problems.append(f"episode {n}: en levels {en.get('levels')} differ from es levels {es.get('levels')}")
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s) in {os.path.relpath(GUIDES, ROOT)}")
        return 1
    print(f"ok: {EPISODES} guides in {', '.join(LANGUAGES)} match episodes.json and texts/es.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
