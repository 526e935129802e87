"""The level content's source: the episode files in scripts/levels (one TOML file per episode)
read into `Spec`s, the form scripts/router_levels.py checks and writes. The file format is told in
router_levels.py's docstring; a key left out of a level takes the default below.
"""

from __future__ import annotations

import ast
import os
import tomllib
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@dataclass
class Spec:
    id: str
    episode: int
    name: str
    lesson: str
    hint: str
    theme: str
    map: str
    solution: object = None                            # None: a Python level with python_solution only
    extra_blocks: list = field(default_factory=list)   # distractors, in toolbox order after the needed ones
    limits: dict = field(default_factory=dict)         # block name -> cap
    lights: list = field(default_factory=list)         # ((x, y), heading, "RED"/"GREEN", start, red, green)
    max_fuel: int = 50
    algorithm: bool = True
    python: bool = False
    python_view: bool = False                          # show the Python of the blocks beside them
    model_solutions: list | None = None                # defaults to the solution's own count
    character: str = "van"
    # A hand-written reference program for a Python level (real Python: print, lists, def with
    # parameters…). It is run here by CPython against the same simulator (router_sim.run_python)
    # and written to Solutions/<id>.json instead of the Python generated from `solution`. Its
    # blocks are counted as the engine counts that very file (router_python_mirror.py): that
    # count is the model solution and its blocks the toolbox. `solution`, if given too, must
    # also deliver on the shortest route.
    python_solution: str | None = None


LEVELS_SOURCE = os.path.join(ROOT, "scripts", "levels")


class SourceError(ValueError):
    """An episode file that cannot be read: the message names the file, the level and the key."""


def spec_from_table(number: int, table: dict) -> Spec:
    """A level as an episode file writes it: the program in the nested form is a Python literal
    (tuples, lists and a dict of procedures, read with ast.literal_eval), a light is
    [[x, y], heading, colour, start, red, green]; everything left out takes Spec's default."""
    fields = dict(table)
    unknown = sorted(set(fields) - set(Spec.__dataclass_fields__) - {"episode"})
    if unknown or "episode" in fields:
        raise SourceError(f"level {fields.get('id', '?')}: unknown key {(unknown or ['episode'])[0]!r} "
                          f"(the episode is the file's `number`; keys: {', '.join(Spec.__dataclass_fields__)})")
    fields["id"] = str(fields.get("id", ""))
    try:
        if "solution" in fields:
            fields["solution"] = ast.literal_eval(fields["solution"])
        if "lights" in fields:
            fields["lights"] = [(tuple(at), *rest) for at, *rest in fields["lights"]]
        return Spec(episode=number, **fields)
    except (ValueError, SyntaxError, TypeError) as error:
        raise SourceError(f"level {fields['id']}: {error}") from None


def load_specs():
    """Every episode file in scripts/levels, in episode order: [(number, name, summary)], [Spec]."""
    episodes, levels = [], []
    for name in sorted(os.listdir(LEVELS_SOURCE)):
        if not name.endswith(".toml"):
            continue
        path = os.path.join(LEVELS_SOURCE, name)
        try:
            with open(path, "rb") as file:
                episode = tomllib.load(file)
            episodes.append((episode["number"], episode["name"], episode["summary"]))
            levels += [spec_from_table(episode["number"], table) for table in episode.get("level", [])]
        except tomllib.TOMLDecodeError as error:
            raise SourceError(f"{path}: {error}") from None
        except KeyError as error:
            raise SourceError(f"{path}: the episode needs {error} (number, name and summary)") from None
        except SourceError as error:
            raise SourceError(f"{path}: {error}") from None
    return episodes, levels
