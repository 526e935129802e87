"""No English sentence outside the English catalogue (issue 38): the pages' JavaScript and the Swift
that makes words for people (the server's routes and API errors, Rapid Router's engine and Python
checker) hold no sentence of their own; their words are catalogue keys. A scan, no browser: every
string literal with three or more words, two of them common English words, is a sentence. What is
not words is passed over: code in backticks, console, log and thrown developer messages, addresses,
selectors, keys, and the files written for whoever runs the server (OPERATORS below)."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCANNED = [
    (os.path.join("Sources", "TesseraServer"), ".js"),
    (os.path.join("Sources", "TesseraServer"), ".swift"),
    (os.path.join("Sources", "RouterKit"), ".swift"),
    (os.path.join("Sources", "RouterPython"), ".swift"),
]
# Words for whoever runs the server, read in a terminal or a log, not on a page: start-up checks of
# flags, secrets and shipped resources, and the metrics' HELP lines. Operators read English, as the
# CLI's help and the logs are.
OPERATORS = {os.path.join("Sources", *parts) for parts in [
    ("TesseraServer", "Core", "Limits", "RateLimits.swift"),      # --rate-limits parse errors
    ("TesseraServer", "Maze", "MazeServerOptions.swift"),          # the maze secret, --maze-latency
    ("TesseraServer", "Core", "HTTP", "Metrics.swift"),            # /metrics HELP text
    ("TesseraServer", "Core", "ServerTransport.swift"),            # --tls-cert/--tls-key checks at start
    ("RouterKit", "LevelCatalog.swift"),                           # shipped level files' checks at start
    ("RouterKit", "LevelCatalog+Teaching.swift"),                  # shipped guides' checks at start
]}
COMMON = set("""the a an to of and or is are be your you it this that in on at for with not no can
can't don't isn't has have will was what which when where there here its from by as into more than
one each every first then so but if""".split())
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`((?:[^`\\]|\\.)*)`')
# Lines that are not for people: comments, console and thrown developer errors, imports, logs.
NOT_FOR_PEOPLE = re.compile(r"^\s*(//|/\*|\*|///|#)|console\.(log|warn|error|info)|^\s*import |logger\.|"
                            r"precondition|assert|fatalError|debugDescription|CustomStringConvertible|"
                            r"throw new \w*Error\(|\bfail\(")


SWIFT_LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
TRAILING_COMMENT = re.compile(r"\s//\s.*$")  # " // why" after code ("http://" has no space before)


def sentences(text, swift=False):
    """The string literals of `text` that read as English sentences: (line number, literal)."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        if NOT_FOR_PEOPLE.search(line):
            continue
        line = TRAILING_COMMENT.sub("", line)
        for match in (SWIFT_LITERAL if swift else LITERAL).finditer(line):
            literal = next(group for group in match.groups() if group is not None)
            # Code inside backticks, interpolations and markup are not words.
            words_only = re.sub(r"`[^`]*`|\$\{[^}]*\}|\\\([^)]*\)|<[^>]+>", " ", literal)
            words = re.findall(r"[A-Za-z][A-Za-z']+", words_only)
            if len(words) >= 3 and sum(word.lower() in COMMON for word in words) >= 2 \
                    and not re.search(r"https?://|[#.][a-z-]+\[|data-testid|^[\w.-]+$|\brange\(", literal):
                found.append((number, literal.strip()))
    return found


def scan():
    found = set()
    for folder, extension in SCANNED:
        for directory, _, files in os.walk(os.path.join(ROOT, folder)):
            for name in files:
                path = os.path.join(directory, name)
                if name.endswith(extension) and os.path.relpath(path, ROOT) not in OPERATORS:
                    with open(path, encoding="utf-8") as handle:
                        for _, literal in sentences(handle.read(), swift=extension == ".swift"):
                            found.add(f"{os.path.relpath(path, ROOT)}\t{literal}")
    return found


def test_no_english_sentence_in_code():
    found = sorted(scan())
    assert found == [], "English in code (put it in Sources/Languages/catalogues/en/ and use its key):\n" + "\n".join(found[:40])


KEY = re.compile(r'"((?:shared|classroom|router|maze|posts|pentomino|tictactoe|program|run|home)\.(?:errors|stream|connection)\.[\w.]+)"')


def english_keys():
    keys = set()
    folder = os.path.join(ROOT, "Sources", "Languages", "catalogues", "en")

    def walk(prefix, node):
        for name, value in node.items():
            if isinstance(value, dict):
                walk(f"{prefix}.{name}", value)
            else:
                keys.add(f"{prefix}.{name}")
    for name in os.listdir(folder):
        if name.endswith(".json") and name != "language.json":
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                walk(name[:-5], __import__("json").load(handle))
    return keys


def test_every_error_key_said_in_code_is_in_the_english_catalogue():
    """A key the catalogue lacks would show as the key itself: every whole key the server or a page
    names (errors, stream and connection words) is in English. Keys built with \\(…) or ${…} are
    checked by the tests of the code that builds them."""
    known, missing = english_keys(), []
    for folder, extension in SCANNED:
        for directory, _, files in os.walk(os.path.join(ROOT, folder)):
            for name in files:
                if name.endswith(extension):
                    path = os.path.join(directory, name)
                    with open(path, encoding="utf-8") as handle:
                        for key in KEY.findall(handle.read()):
                            if key not in known:
                                missing.append(f"{os.path.relpath(path, ROOT)}: {key}")
    assert missing == [], "keys not in Sources/Languages/catalogues/en:\n" + "\n".join(sorted(set(missing))[:40])
