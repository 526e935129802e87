#!/usr/bin/env python3
"""Do Rapid Router's own reference solutions still succeed on its levels, imported into Tessera?

  scripts/original_solutions_check.py path/to/tessera game.json level_solutions.py

`game.json` is the original's database fixture (game/fixtures/game.json) and `level_solutions.py`
its reference solutions (game/views/level_solutions.py), both read from a copy of
ocadotechnology/rapid-router kept outside this repository (nothing of it is stored here). The
script imports the fixture into a fresh data folder with `tessera router import`, then runs every
solution with `tessera router run` on its level: Blockly XML for the Blockly levels, Python for the
Python Den. It prints how many of each succeeded and the ones that did not; exit 1 if any failed.
"""
import json
import os
import subprocess
import sys
import tempfile


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2].strip())
        return 2
    binary, fixture, solutions_file = argv
    namespace = {}
    # The solutions file is plain assignments of strings to names and one dict `solutions`.
    exec(compile(open(solutions_file, encoding="utf-8").read(), solutions_file, "exec"), namespace)
    solutions = {key: text for key, text in namespace["solutions"].items() if key.isdigit()}
    data = tempfile.mkdtemp(prefix="tessera-original-")
    imported = json.loads(subprocess.run([binary, "router", "import", fixture, "--data-dir", data, "--json"],
                                         check=True, capture_output=True, text=True).stdout)
    # The solutions are keyed by the level's name, which for the original's own levels is its number
    # ("62"), not its database pk.
    level_for_pk = {entry["name"]: entry["id"] for entry in imported}
    passed = {"xml": 0, "py": 0}
    failed = []
    for pk, text in sorted(solutions.items(), key=lambda item: int(item[0])):
        kind = "xml" if text.lstrip().startswith("<xml") else "py"
        level = level_for_pk.get(pk)
        if level is None:
            failed.append(f"level {pk}: not imported")
            continue
        path = os.path.join(data, f"solution-{pk}.{kind}")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        run = subprocess.run([binary, "router", "run", "--level", level, "--program", path, "--data-dir", data, "--json"],
                             capture_output=True, text=True)
        try:
            ended = json.loads(run.stdout)["outcome"]
            outcome = "success" if ended["success"] else ended["failure"]
        except (ValueError, KeyError, TypeError):
            outcome = (run.stderr.strip().splitlines() or ["no answer"])[-1]
        if outcome == "success":
            passed[kind] += 1
        else:
            failed.append(f"level {pk} ({kind}): {outcome}")
    print(f"{passed['xml']} Blockly and {passed['py']} Python reference solutions succeed; {len(failed)} do not")
    for line in failed:
        print("  " + line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
