"""The classroom's words (issue 38): the teachers' page, a class, the school, two-step sign-in, an
invitation, the login cards and the picture sign-in page speak the catalogues' `classroom.*`.

- In the pseudo-language (?lang=en-XA) every word of ours shows inside ⟦ ⟧: each page in its main
  states (signed out with an invitation and a form's error, "My classes" with the school, two-step
  and an invitation link open, a class with a question asked and new passwords shown, a picture
  class, a teacher invited to a school, a pupil on the teachers' page, both kinds of login card and
  none, the picture page's code box, names, pictures and a wrong pair) has no visible text outside
  them but people's names, codes, addresses, passwords and dates, and nothing cut off, at desktop
  1280×800, tablet 1024×768 (touch) and phone 390×844 (touch, mobile).
- In Spanish the same states show no English: no visible text is an English message of ours (or of
  the pupils' sign-in on Rapid Router) that Spanish says differently, and no English little words.
- The login card names Rapid Router's button in the router's own words, in every language: what it
  says to press is what the pupil's page shows, on a computer and on a phone.
- Changing the language on a class's page keeps the new passwords shown once, in the new language.
- A word a page asks for that the catalogue lacks is reported by words.js (console warning): none.
Screenshots of every state go to /tmp/issue38/shots/classroom-<language>-<size>-<state>.png."""
import json
import os
import re
import uuid

import pytest
from playwright.sync_api import expect

from conftest import browser_contexts, checked_sizes, own_server
from pseudo import cut_off, untranslated

SHOTS = "/tmp/issue38/shots"
PASSWORD = "a long enough password"
SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "tablet": {"viewport": {"width": 1024, "height": 768}, "has_touch": True},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
# The browser logs every refused request itself; these the test provokes on purpose.
WRONG_PAIR = "401 (Unauthorized)"
NOT_FOUND = "404 (Not Found)"
CARDS_KEY = "tessera.classroom.cards"

HEAD, COLLEAGUE, NEWCOMER = "Ms Rivera", "Mr Jones", "Mrs Osei"
SCHOOL = "Hill School"
WORDS_CLASS, PICTURE_CLASS, OLD_CLASS = "5B", "Ducks", "4A"
WORDS_PUPILS = ["Ann Smith", "Bob K"]
PICTURE_PUPILS = ["Cleo W", "Dan P", "Eva R"]  # one for each size's wrong pair

# English little words no Spanish sentence of ours has (a Spanish page showing one has English left).
ENGLISH_WORDS = re.compile(r"\b(the|and|your|you|with|is|are|of|to|for|pupils?|passwords?|sign|class|classes|school|teachers?|"
                           r"new|print|cards?|code|name|open|save|cancel|close|remove|move|add|make|this|that|here|now|not|tap|pictures?)\b",
                           re.IGNORECASE)


# ---- the school, made through the API ------------------------------------------------------------
def call(context, method, path, body=None):
    """The API as this context's browser calls it (its cookies), repeating the CSRF token: (status, JSON)."""
    token = next((cookie["value"] for cookie in context.cookies() if cookie["name"] == "tessera_csrf"), "")
    response = context.request.fetch(path, method=method, data=body, headers={"X-CSRF-Token": token} if token else {})
    try:
        return response.status, response.json()
    except Exception:
        return response.status, None


def ok(answer, *statuses):
    status, body = answer
    assert status in (statuses or (200, 201)), (status, body)
    return body


def new_teacher(context, name):
    email = f"{name.split()[-1].lower()}-{uuid.uuid4().hex[:8]}@school.org"
    ok(call(context, "POST", "/api/auth/teachers", {"name": name, "email": email, "password": PASSWORD}), 201)
    return email


@pytest.fixture(scope="module")
def school(browser):
    """A head teacher's school: a typed-password class (with a co-teacher), a picture class and an
    archived one; a teacher with no school and an unused invitation for her; a pupil's sign-in."""
    with own_server("tessera-words-classroom-", "words-classroom-server.log") as base, browser_contexts(browser, base) as make:
        head, colleague, newcomer = make(), make(), make()
        made = {"base": base, "head": new_teacher(head, HEAD), "colleague": new_teacher(colleague, COLLEAGUE),
                "newcomer": new_teacher(newcomer, NEWCOMER)}
        home = ok(call(head, "POST", "/api/schools", {"name": SCHOOL}))
        token = ok(call(head, "POST", f"/api/schools/{home['id']}/invites"))["link"].split("invite=")[1]
        ok(call(colleague, "POST", "/api/schools/join", {"invite": token}))
        colleague_id = ok(call(colleague, "GET", "/api/auth/me"))["user"]["id"]
        words = ok(call(head, "POST", "/api/classes", {"name": WORDS_CLASS}))
        made["passwords"] = {pupil["name"]: pupil["password"]
                             for pupil in ok(call(head, "POST", f"/api/classes/{words['id']}/pupils", {"names": WORDS_PUPILS}))["pupils"]}
        ok(call(head, "POST", f"/api/classes/{words['id']}/teachers", {"teacher": colleague_id}))
        pictures = ok(call(head, "POST", "/api/classes", {"name": PICTURE_CLASS}))
        ok(call(head, "POST", f"/api/classes/{pictures['id']}/pupils", {"names": PICTURE_PUPILS}))
        changed = ok(call(head, "PATCH", f"/api/classes/{pictures['id']}", {"signIn": "pictures"}))
        made["pictures"] = {pupil["name"]: pupil["pictures"] for pupil in changed["pupils"]}
        old = ok(call(head, "POST", "/api/classes", {"name": OLD_CLASS}))
        ok(call(head, "PATCH", f"/api/classes/{old['id']}", {"archived": True}))
        made["invite"] = ok(call(head, "POST", f"/api/schools/{home['id']}/invites"))["link"].split("invite=")[1]
        made.update(words=words, picture_class=pictures)
        # Each person's session, signed in once (a sign-in is slow on purpose) and reused by every pass.
        pupil = make()
        ok(call(pupil, "POST", "/api/auth/login", {"classCode": words["code"], "name": "Bob K", "password": made["passwords"]["Bob K"]}))
        made["sessions"] = {"head": head.storage_state(), "newcomer": newcomer.storage_state(), "pupil": pupil.storage_state()}
        yield made


def context_for(make, size, session=None, cards=None):
    """A browser context at `size`, with a `session` from school["sessions"] (signed in), and
    `cards` waiting in sessionStorage as the class's page leaves them."""
    context = make(**SIZES[size], **({"storage_state": session} if session else {}))
    if cards is not None:
        context.add_init_script(f"sessionStorage.setItem({json.dumps(CARDS_KEY)}, {json.dumps(json.dumps(cards))})")
    return context


def cards_data(school, base):
    words = school["words"]
    return {"className": WORDS_CLASS, "code": words["code"], "origin": base, "pupils": [
        {"name": "Ann Smith", "password": school["passwords"]["Ann Smith"]},
        {"name": "Cleo W", "password": None, "pictures": school["pictures"]["Cleo W"]},
    ]}


# ---- what a state must show -------------------------------------------------------------------------
def data_patterns(school):
    """What is people's own data, never words of ours: names, codes, addresses, passwords (each a
    regular expression for a part of a text)."""
    names = [HEAD, COLLEAGUE, NEWCOMER, SCHOOL, WORDS_CLASS, PICTURE_CLASS, OLD_CLASS, *WORDS_PUPILS, *PICTURE_PUPILS]
    values = names + [school["words"]["code"], school["picture_class"]["code"], *school["passwords"].values()]
    return [re.escape(value) for value in sorted(values, key=len, reverse=True)] + [
        r"Tessera|Rapid Router",                     # the products' names
        r"[\w.+-]+@school\.org",                     # an email
        r"https?://\S+", r"/c/\S+",                  # an address, a class's short link
    ]


def pseudo_allowed(school):
    """What may stand outside ⟦ ⟧ in the pseudo-language: people's data (whole texts), dates Intl
    writes, and the parts of one message around an element inside it (a name in <strong>, a link)."""
    return [rf"^({pattern})$" for pattern in data_patterns(school)] + [
        r"^[A-Z0-9]{6}$",                            # a class code (each class's own)
        r"^[a-z0-9]{5}-[a-z0-9]{5}$",                # a new password, made on the way
        r"^\w{4}( \w{4})+$",                         # the two-step secret, grouped in fours
        r"^\w+, \w+ \d{1,2}, \d{4}( at|,)? \d{1,2}:\d{2}( [AP]M)?$",  # a date, as Intl writes it for en-XA
        # A message's start, end or middle part, around an element: accented throughout, so ours
        # (pseudo.py looks at one text node at a time, and ⟦ and ⟧ are then in different nodes).
        r"^⟦?[^⟦⟧aeiouAEIOU]*⟧?$",
    ]


VISIBLE_TEXTS = r"""
() => {
  const visible = (element) => {
    for (let node = element; node && node.nodeType === 1; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === "none" || style.visibility === "hidden" || node.hidden) return false;
    }
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || ["SCRIPT", "STYLE", "OPTION"].includes(parent.tagName) || !node.textContent.trim() || !visible(parent)) continue;
    out.push(node.textContent.trim());
  }
  for (const element of document.querySelectorAll("[placeholder], [aria-label], [title], img[alt]")) {
    if (!visible(element)) continue;
    for (const name of ["placeholder", "aria-label", "title", "alt"]) if (element.getAttribute(name)?.trim()) out.push(element.getAttribute(name).trim());
  }
  // Whole sentences too: a message written around an element (a name in <strong>) is one text.
  for (const element of document.querySelectorAll("p, h1, h2, h3, li, label, legend, summary, button, a, td, th, span")) {
    if (visible(element) && element.innerText.trim()) out.push(element.innerText.trim());
  }
  out.push(document.title);
  return out;
}
"""


def message_patterns(message):
    """Regular expressions for every text an ICU message can make (each branch; an argument is anything)."""
    def parse(text, at, pound):
        # Alternatives for text[at:] up to an unmatched "}" (or the end): ([regex], end).
        alternatives, literal = [""], ""
        while at < len(text) and text[at] != "}":
            char = text[at]
            if char == "{":
                close, depth = at, 0
                while True:
                    if text[close] == "{":
                        depth += 1
                    elif text[close] == "}":
                        depth -= 1
                        if depth == 0:
                            break
                    close += 1
                inside = text[at + 1:close]
                head = re.match(r"\s*[\w-]+\s*,\s*(plural|select)\s*,", inside)
                if head:
                    branches, where = [], at + 1 + head.end()
                    while True:
                        match = re.compile(r"\s*(=?[\w-]+)\s*\{").match(text, where)
                        if not match:
                            break
                        found, where = parse(text, match.end(), pound or head.group(1) == "plural")
                        branches += found
                        where += 1  # its "}"
                    alternatives = [done + re.escape(literal) + branch for done in alternatives for branch in branches]
                else:
                    alternatives = [done + re.escape(literal) + ".+?" for done in alternatives]
                literal, at = "", close + 1
            elif char == "#" and pound:
                alternatives = [done + re.escape(literal) + r"[\d.,]+" for done in alternatives]
                literal, at = "", at + 1
            else:
                literal += char
                at += 1
        return [done + re.escape(literal) for done in alternatives], at

    found, _ = parse(message, 0, False)
    return [re.compile(rf"^{pattern}$", re.DOTALL) for pattern in found]


def flat(node, prefix=""):
    for key, value in node.items():
        if isinstance(value, dict):
            yield from flat(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


@pytest.fixture(scope="module")
def english_only(school, browser):
    """Patterns of our English messages (and the pupils' sign-in words on Rapid Router) that Spanish
    says differently: none of them may show on a Spanish page."""
    with browser_contexts(browser, school["base"]) as make:
        request = make().request
        en, es = (request.get(f"/api/languages/{code}").json()["messages"] for code in ("en", "es"))
    pick = lambda messages: {**dict(flat(messages["classroom"], "classroom.")),  # noqa: E731
                             **dict(flat(messages["router"]["player"]["classSignIn"], "router.player.classSignIn."))}
    english, spanish = pick(en), pick(es)
    assert english.keys() == spanish.keys()
    return [(key, pattern) for key, message in english.items() if message != spanish[key] for pattern in message_patterns(message)]


class Pass:
    """One language at one size: checks each state and takes its screenshot."""

    def __init__(self, school, english_only, lang, size):
        self.school, self.english_only, self.lang, self.size = school, english_only, lang, size
        self.allow = pseudo_allowed(school)
        self.data = re.compile("|".join(data_patterns(school)))
        self.problems = []

    def url(self, path, **query):
        joined = "&".join([f"lang={self.lang}", *(f"{key}={value}" for key, value in query.items())])
        head, _, fragment = path.partition("#")
        return f"{head}{'&' if '?' in head else '?'}{joined}" + (f"#{fragment}" if fragment else "")

    def watch(self, page, allow=()):
        """Console errors, uncaught exceptions and words.js's reports of a missing message."""
        def on_console(message):
            if message.type == "error" and not any(pattern in message.text for pattern in allow):
                self.problems.append(f"{self.lang} {self.size}: {message.text}")
            if message.type == "warning" and message.text.startswith("i18n:"):
                self.problems.append(f"{self.lang} {self.size}: {message.text}")
        page.on("console", on_console)
        page.on("pageerror", lambda error: self.problems.append(f"{self.lang} {self.size}: {error}"))
        return page

    def check(self, page, state):
        page.wait_for_timeout(50)  # a focus or a scroll settles
        expect(page.locator("html")).to_have_attribute("lang", self.lang)
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"classroom-{self.lang}-{self.size}-{state}.png"), full_page=True)
        where = f"{self.lang} {self.size} {state}"
        assert cut_off(page) == [], where
        if self.lang == "en-XA":
            assert untranslated(page, allow=self.allow) == [], where
        else:
            texts = set(page.evaluate(VISIBLE_TEXTS))
            english = sorted({f"{key}: {text!r}" for text in texts for key, pattern in self.english_only if pattern.match(text)})
            assert english == [], where
            little = sorted({text for text in texts if ENGLISH_WORDS.search(self.data.sub(" ", text))})
            assert little == [], where


# ---- the passes -----------------------------------------------------------------------------------
def ready(page):
    expect(page.locator("body[data-ready=true]")).to_have_count(1)


@pytest.mark.parametrize("size", checked_sizes(SIZES))
@pytest.mark.parametrize("lang", ["en-XA", "es"])
def test_every_state_in_the_language(browser, school, english_only, lang, size):
    run = Pass(school, english_only, lang, size)
    base = school["base"]
    with browser_contexts(browser, base) as make:
        # Signed out, with an invitation in the address; then a form's own error.
        page = run.watch(context_for(make, size).new_page())
        page.goto(run.url("/classroom/", invite=school["invite"]))
        expect(page.get_by_test_id("invite-note")).to_be_visible()
        run.check(page, "signed-out")
        page.get_by_test_id("sign-in").click()
        expect(page.get_by_test_id("sign-in-error")).not_to_be_empty()
        run.check(page, "form-error")

        # My classes: the school as its admin sees it, the archived classes, two-step, an invitation link.
        page = run.watch(context_for(make, size, school["sessions"]["head"]).new_page())
        page.goto(run.url("/classroom/"))
        expect(page.get_by_test_id("school-teacher")).to_have_count(2)
        page.locator("#archived-summary").click()
        page.get_by_test_id("two-step").locator("summary").click()
        expect(page.get_by_test_id("two-step-start-submit")).to_be_visible()
        page.get_by_test_id("make-invite").click()
        expect(page.get_by_test_id("invite-expires")).to_be_visible()
        run.check(page, "classes")

        # One class: its pupils and teachers; a question asked; new passwords shown once.
        page.goto(run.url(f"/classroom/#class={school['words']['id']}"))
        expect(page.get_by_test_id("pupil")).to_have_count(len(WORDS_PUPILS))
        expect(page.get_by_test_id("class-teacher")).to_have_count(2)
        run.check(page, "class")
        page.get_by_test_id("pupil").first.get_by_test_id("reset-password").click()
        expect(page.get_by_test_id("ask")).to_be_visible()
        run.check(page, "class-asks")
        page.get_by_test_id("ask-yes").click()
        expect(page.get_by_test_id("new-passwords")).to_be_visible()
        run.check(page, "class-new-password")

        # A picture class: how its pupils sign in, with its link.
        page.goto(run.url(f"/classroom/#class={school['picture_class']['id']}"))
        expect(page.get_by_test_id("class-link")).to_be_visible()
        run.check(page, "picture-class")

        # A teacher with no school opens an invitation.
        page = run.watch(context_for(make, size, school["sessions"]["newcomer"]).new_page())
        page.goto(run.url("/classroom/", invite=school["invite"]))
        expect(page.get_by_test_id("invitation")).to_be_visible()
        run.check(page, "invitation")

        # A pupil on the teachers' page.
        page = run.watch(context_for(make, size, school["sessions"]["pupil"]).new_page())
        page.goto(run.url("/classroom/"))
        expect(page.get_by_test_id("pupil-here")).to_be_visible()
        run.check(page, "pupil-here")

        # The login cards, both kinds; then none.
        page = run.watch(context_for(make, size, cards=cards_data(school, base)).new_page())
        page.goto(run.url("/classroom/cards.html"))
        ready(page)
        expect(page.get_by_test_id("login-card")).to_have_count(2)
        run.check(page, "cards")
        page.get_by_test_id("forget").click()
        expect(page.get_by_test_id("login-card")).to_have_count(0)
        run.check(page, "cards-none")

        # The picture page: the code box, a code that is no class, the names, the pictures, a wrong pair.
        page = run.watch(context_for(make, size).new_page(), allow=(WRONG_PAIR, NOT_FOUND))
        page.goto(run.url("/classroom/pictures.html"))
        ready(page)
        run.check(page, "pictures-code")
        page.goto(run.url("/classroom/pictures.html", code="NOSUCH"))
        ready(page)
        expect(page.get_by_test_id("message")).not_to_be_empty()
        run.check(page, "pictures-not-found")
        page.goto(run.url("/classroom/pictures.html", code=school["picture_class"]["code"]))
        ready(page)
        expect(page.get_by_test_id("name-button")).to_have_count(len(PICTURE_PUPILS))
        run.check(page, "pictures-names")
        name = PICTURE_PUPILS[list(SIZES).index(size)]
        page.get_by_test_id("name-button").filter(has=page.get_by_text(name, exact=True)).click()
        expect(page.get_by_test_id("picture")).to_have_count(12)
        run.check(page, "pictures-pictures")
        right = school["pictures"][name]
        wrong = [next(each for each in ["apple", "boat", "cat"] if each != right[0]), right[1]]
        for picture in wrong:
            page.get_by_test_id("picture-grid").locator(f"[data-picture='{picture}']").click()
        expect(page.get_by_test_id("picture-message")).not_to_be_empty()
        run.check(page, "pictures-wrong")
    assert run.problems == []


@pytest.mark.parametrize("lang", ["en", "es", "en-XA"])
def test_the_card_names_the_button_the_pupil_sees(browser, school, lang):
    """The card's “press …” names Rapid Router's button as a computer and a phone show it, and its
    labels are the sign-in form's."""
    base = school["base"]
    with browser_contexts(browser, base) as make:
        phone = make(**SIZES["phone"]).new_page()
        phone.goto(f"/router/?lang={lang}")
        ready(phone)
        short = phone.get_by_test_id("class-sign-in").inner_text().strip()
        page = make(**SIZES["desktop"]).new_page()
        page.goto(f"/router/?lang={lang}")
        ready(page)
        long = page.get_by_test_id("class-sign-in").inner_text().strip()
        assert long and short and long != short
        page.get_by_test_id("class-sign-in").click()
        dialog = page.get_by_test_id("class-dialog")
        labels = [dialog.locator("label", has=page.get_by_test_id(testid)).locator("span").first.inner_text().strip()
                  for testid in ("class-code-input", "pupil-name-input", "pupil-password-input")]
        cards = context_for(make, "desktop", cards=cards_data(school, base)).new_page()
        cards.goto(f"/classroom/cards.html?lang={lang}")
        ready(cards)
        card = cards.get_by_test_id("login-card").first
        how = card.get_by_test_id("card-how").inner_text()
        assert any(f"{left}{long}{right}" in how for left, right in ("“”", "«»")), (how, long)
        assert any(f"{left}{short}{right}" in how for left, right in ("“”", "«»")), (how, short)
        assert card.locator(".card-label").all_inner_texts() == labels
        expect(card).to_have_attribute("lang", lang)


def test_a_new_language_keeps_the_passwords_shown_once(browser, school):
    with browser_contexts(browser, school["base"]) as make:
        page = context_for(make, "desktop", school["sessions"]["head"]).new_page()
        page.goto(f"/classroom/?lang=en#class={school['words']['id']}")
        expect(page.get_by_test_id("pupil")).to_have_count(len(WORDS_PUPILS))
        page.get_by_test_id("pupil").first.get_by_test_id("reset-password").click()  # Ann: Bob's session stays
        page.get_by_test_id("ask-yes").click()
        shown = page.get_by_test_id("shown-password")
        expect(shown).to_have_count(1)
        password = shown.inner_text()
        expect(page.get_by_test_id("passwords-warning")).to_contain_text("shown only now")
        page.get_by_test_id("language").select_option("es")
        expect(page.locator("html")).to_have_attribute("lang", "es")
        expect(page.get_by_test_id("shown-password")).to_have_text(password)
        expect(page.get_by_test_id("passwords-warning")).to_contain_text("solo se muestran ahora")
        expect(page.locator("#passwords-title")).to_have_text("Una contraseña nueva para Ann Smith")
        expect(page.get_by_test_id("pupils-title")).to_have_text("2 alumnos")
        expect(page.get_by_test_id("message")).to_have_text("Una contraseña nueva para Ann Smith: imprime ahora las tarjetas de acceso.")
        expect(page.get_by_test_id("who")).to_have_text(f"Has entrado como {HEAD}")
        # Back to English for the next visit (the choice is remembered in this browser only).
        page.get_by_test_id("language").select_option("en")
        expect(page.get_by_test_id("pupils-title")).to_have_text("2 pupils")
