"""No English sentence outside the English catalogue (issue 38): the pages' JavaScript and the Swift
that makes words for pupils (Rapid Router's engine and Python checker) hold no sentence of their
own; their words are catalogue keys. A scan, no browser: every string literal with three or more
words, two of them common English words, is a sentence. What is not words is passed over: code in
backticks, console and developer messages, addresses, selectors, keys.

`E2E/english_left.txt` lists the sentences still in code (file and sentence), each one work left
for issue 38; the test fails on any sentence not listed (so no new one comes in) and on a listed
one that is gone (so the list only shrinks: delete its line)."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEFT = os.path.join(ROOT, "E2E", "english_left.txt")
SCANNED = [
    (os.path.join("Sources", "TesseraServer", "Public"), ".js"),
    (os.path.join("Sources", "RouterKit"), ".swift"),
    (os.path.join("Sources", "RouterPython"), ".swift"),
]
COMMON = set("""the a an to of and or is are be your you it this that in on at for with not no can
can't don't isn't has have will was what which when where there here its from by as into more than
one each every first then so but if""".split())
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`((?:[^`\\]|\\.)*)`')
# Lines that are not for people: comments, console and thrown developer errors, imports, logs.
NOT_FOR_PEOPLE = re.compile(r"^\s*(//|/\*|\*|///|#)|console\.(log|warn|error|info)|^\s*import |logger\.|"
                            r"precondition|assert|fatalError|debugDescription|CustomStringConvertible")


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
                if name.endswith(extension):
                    path = os.path.join(directory, name)
                    with open(path, encoding="utf-8") as handle:
                        for _, literal in sentences(handle.read(), swift=extension == ".swift"):
                            found.add(f"{os.path.relpath(path, ROOT)}\t{literal}")
    return found


def listed():
    if not os.path.exists(LEFT):
        return set()
    with open(LEFT, encoding="utf-8") as handle:
        return {line.rstrip("\n") for line in handle if line.strip() and not line.startswith("#")}


def test_no_new_english_sentence_in_code():
    new = sorted(scan() - listed())
    assert new == [], "English in code (put it in Sources/Languages/catalogues/en/ and use its key):\n" + "\n".join(new[:40])


def test_the_list_of_english_left_only_shrinks():
    gone = sorted(listed() - scan())
    assert gone == [], "no longer in code, delete from E2E/english_left.txt:\n" + "\n".join(gone[:40])
