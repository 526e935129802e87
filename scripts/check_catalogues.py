#!/usr/bin/env python3
"""Checks a language's catalogue against English before it ships: the translator's tool.

    scripts/check_catalogues.py            every language in Sources/Languages/catalogues
    scripts/check_catalogues.py fr ar      only these
    scripts/check_catalogues.py --dir D    languages in another folder (as --languages-dir reads them)

For each language folder (`<code>/language.json` and one `<area>.json` per area, as the server reads
them) it says what is wrong, message by message:
- a key English has and the language lacks, or one English does not have;
- a message that does not parse (the same ICU MessageFormat subset as Sources/Languages);
- an argument English passes that the translation drops or renames; a select that is not one in
  both, or lacks English's branches;
- a plural by category without a branch for each of the language's own categories (its CLDR rules
  in language.json: Arabic needs zero, one, two, few, many and other); exact branches (=1) with
  other are fine alone.
Exit status 0 when every language is complete. The server's own test (Tests/LanguagesTests) checks
keys and arguments again; this script is for the translator, who needs no Swift toolchain.
"""
import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOGUES = os.path.join(ROOT, "Sources", "Languages", "catalogues")
CATEGORIES = ["zero", "one", "two", "few", "many"]


class Problem(Exception):
    pass


def parse(text):
    """The message's arguments: {name: kind or (kind, {branch: parts})}, as Sources/Languages parses it."""
    found = {}

    def parts(at, in_plural, nested):
        while at < len(text):
            char = text[at]
            if char == "'":
                nxt = text[at + 1] if at + 1 < len(text) else ""
                if nxt == "'":
                    at += 2
                elif nxt in "{}" or (in_plural and nxt == "#"):
                    at += 1
                    while at < len(text):
                        if text[at] == "'":
                            if text[at + 1:at + 2] == "'":
                                at += 2
                                continue
                            at += 1
                            break
                        at += 1
                else:
                    at += 1
            elif char == "{":
                at = argument(at + 1, in_plural)
            elif char == "}":
                if not nested:
                    raise Problem("a } with no { before it")
                return at
            else:
                at += 1
        if nested:
            raise Problem("a { … } that is not closed")
        return at

    def word(at):
        while at < len(text) and text[at].isspace():
            at += 1
        start = at
        while at < len(text) and (text[at].isalnum() or text[at] in "_-=."):
            at += 1
        name = text[start:at]
        while at < len(text) and text[at].isspace():
            at += 1
        return name, at

    def expect(at, char):
        while at < len(text) and text[at].isspace():
            at += 1
        if at >= len(text) or text[at] != char:
            raise Problem(f"“{char}” expected at character {at + 1}")
        return at + 1

    def argument(at, in_plural):
        name, at = word(at)
        if not name:
            raise Problem(f"an argument with no name at character {at + 1}")
        if at < len(text) and text[at] == "}":
            found.setdefault(name, "argument")
            return at + 1
        at = expect(at, ",")
        kind, at = word(at)
        if kind == "number":
            found.setdefault(name, "number")
            return expect(at, "}")
        if kind not in ("plural", "select"):
            raise Problem(f"“{kind}” is not number, plural or select")
        at = expect(at, ",")
        branches = set()
        while True:
            while at < len(text) and text[at].isspace():
                at += 1
            if at < len(text) and text[at] == "}":
                at += 1
                break
            selector, at = word(at)
            if not selector:
                raise Problem(f"a branch name expected in {name}'s {kind} at character {at + 1}")
            at = expect(at, "{")
            at = parts(at, kind == "plural" or in_plural, True) + 1
            branches.add(selector)
        if "other" not in branches:
            raise Problem(f"{name}'s {kind} has no “other” branch")
        previous = found.get(name)
        if isinstance(previous, tuple):
            branches |= previous[1]
        found[name] = (kind, branches)
        return at

    parts(0, False, False)
    return found


def flatten(node, prefix, out, where):
    if isinstance(node, str):
        out[prefix] = node
    elif isinstance(node, dict):
        for key, value in node.items():
            flatten(value, f"{prefix}.{key}" if prefix else key, out, where)
    else:
        raise Problem(f"{where}: {prefix} is neither a message nor a group of messages")


def load(folder):
    """(language.json, {key: message}) of a language folder."""
    with open(os.path.join(folder, "language.json"), encoding="utf-8") as handle:
        language = json.load(handle)
    messages = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json") and name != "language.json":
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                flatten(json.load(handle), name[:-5], messages, name)
    return language, messages


def check(code, folder, english):
    problems = []
    try:
        language, messages = load(folder)
    except (OSError, ValueError, Problem) as error:
        return [f"cannot read the catalogue: {error}"]
    if language.get("code") != code:
        problems.append(f"language.json says code {language.get('code')!r}, its folder is {code!r}")
    if language.get("dir") not in ("ltr", "rtl") or not language.get("name"):
        problems.append("language.json needs a name and a dir (ltr or rtl)")
    categories = [each for each in CATEGORIES if each in language.get("plural", {})]
    unknown = set(language.get("plural", {})) - set(CATEGORIES)
    if unknown:
        problems.append(f"language.json: unknown plural categories {sorted(unknown)}")
    for key in sorted(set(english) - set(messages)):
        problems.append(f"{key}: missing")
    for key in sorted(set(messages) - set(english)):
        problems.append(f"{key}: not in English (a typo, or English lost it)")
    for key in sorted(set(english) & set(messages)):
        try:
            theirs = parse(messages[key])
        except Problem as error:
            problems.append(f"{key}: does not parse: {error}")
            continue
        ours = parse(english[key])
        if set(ours) != set(theirs):
            problems.append(f"{key}: arguments {sorted(theirs)}, English has {sorted(ours)}")
            continue
        for name, kind in theirs.items():
            english_kind = ours[name]
            # A translation may count what English only shows ({n} → {n, plural, …}) for its grammar,
            # but a select chooses by words, not numbers, and stays a select.
            is_select = isinstance(kind, tuple) and kind[0] == "select"
            english_select = isinstance(english_kind, tuple) and english_kind[0] == "select"
            if is_select != english_select:
                problems.append(f"{key}: {name} must be a select exactly when English's is")
            elif is_select:
                missing = english_kind[1] - kind[1]
                if missing:
                    problems.append(f"{key}: {name}'s select lacks {', '.join(sorted(missing))}")
            elif isinstance(kind, tuple):
                # Exact branches (=1) and other alone say every count right; a category branch
                # (here or in English) means the language's own categories are wanted.
                english_categories = isinstance(english_kind, tuple) and any(b in CATEGORIES for b in english_kind[1])
                if english_categories or any(b in CATEGORIES for b in kind[1]):
                    missing = [each for each in categories if each not in kind[1]]
                    if missing:
                        problems.append(f"{key}: {name}'s plural lacks {', '.join(missing)} (this language's categories)")
                stray = [each for each in kind[1] if each in CATEGORIES and each not in categories]
                if stray:
                    problems.append(f"{key}: {name}'s plural has {', '.join(stray)}, which this language never picks")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("codes", nargs="*", help="languages to check (default: all but English)")
    parser.add_argument("--dir", default=CATALOGUES, help="the folder holding <code>/ catalogues")
    options = parser.parse_args()
    _, english = load(os.path.join(CATALOGUES, "en"))
    for key, message in english.items():
        parse(message)  # English must parse, or nothing can be compared
    codes = options.codes or sorted(name for name in os.listdir(options.dir)
                                    if name != "en" and os.path.isdir(os.path.join(options.dir, name)))
    failed = False
    for code in codes:
        problems = check(code, os.path.join(options.dir, code), english)
        if problems:
            failed = True
            print(f"{code}: {len(problems)} problem(s)")
            for problem in problems[:200]:
                print(f"  {problem}")
        else:
            print(f"{code}: complete, {len(english)} messages")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
