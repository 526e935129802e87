"""The QR encoder (/shared/qr.js) as the browser runs it, against matrices made by an independent
encoder: E2E/fixtures/qr/NAME.txt holds python-qrcode's own output (its automatic version and
mask, byte mode, level M, no quiet zone; `#` dark, `.` light), so CI needs no QR library. The three
texts cover version 1, version 8 (the size of a real otpauth URI) and version 10 (version
information, two block groups, a 16-bit character count). One page serves every test."""
import os

import pytest

from conftest import watch_errors

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "qr")
TEXTS = {
    "tessera": "Tessera",
    "otpauth-ann": "otpauth://totp/Tessera:ann.rivera%40hill-primary.example?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
                   "&issuer=Tessera&algorithm=SHA1&digits=6&period=30",
    "otpauth-long": "otpauth://totp/Tessera:mr.oluwaseun.adebayo-fitzgerald%40st-bartholomews-junior-school.example.org"
                    "?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Tessera&algorithm=SHA1&digits=6&period=30",
}


@pytest.fixture(scope="module")
def qr_page(browser, server):
    context = browser.new_context(base_url=server)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto("/")
    page.evaluate("async () => { window.qr = await import('/shared/qr.js'); }")
    yield page
    context.close()
    assert errors == []


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_matrix_matches_the_reference_encoder(qr_page, name):
    with open(os.path.join(FIXTURES, f"{name}.txt"), encoding="utf-8") as fixture:
        expected = fixture.read().split()
    rows = qr_page.evaluate("text => qr.qrMatrix(text).map(row => row.map(dark => dark ? '#' : '.').join(''))",
                            TEXTS[name])
    assert len(rows) == len(expected), f"{name}: {len(rows)} rows, the reference has {len(expected)}"
    wrong = [(r, c) for r, (ours, theirs) in enumerate(zip(rows, expected))
             for c, (a, b) in enumerate(zip(ours, theirs)) if a != b]
    assert not wrong, f"{name}: {len(wrong)} modules differ, first at (row, column) {wrong[:5]}"


def test_svg_is_one_labelled_path_with_a_quiet_zone(qr_page):
    svg = qr_page.evaluate("""text => {
        const svg = qr.qrSVG(text, { label: 'Two-step sign-in code' });
        return { tag: svg.tagName, ns: svg.namespaceURI, role: svg.getAttribute('role'),
                 label: svg.getAttribute('aria-label'), viewBox: svg.getAttribute('viewBox'),
                 rendering: svg.getAttribute('shape-rendering'), paths: svg.querySelectorAll('path').length,
                 rects: svg.querySelectorAll('rect').length };
    }""", TEXTS["otpauth-ann"])
    assert svg == {"tag": "svg", "ns": "http://www.w3.org/2000/svg", "role": "img", "label": "Two-step sign-in code",
                   "viewBox": "0 0 57 57", "rendering": "crispEdges", "paths": 1, "rects": 1}  # 49 + 2 × 4


def test_too_long_text_is_refused_clearly(qr_page):
    message = qr_page.evaluate("() => { try { qr.qrMatrix('x'.repeat(214)); } catch (e) { return e.message; } }")
    assert message and "too long" in message and "213" in message
    assert len(qr_page.evaluate("() => qr.qrMatrix('x'.repeat(213))")) == 57
