"""Every built page carries the script that keeps a tap made before the app runs
(grocer/web/tap_replay.py), allowed by the Content-Security-Policy; the preview's cards carry
the key of the live card's add button."""

from __future__ import annotations

from pathlib import Path

from starlette.responses import PlainTextResponse

from grocer.views.catalogue import card_view
from grocer.web import preview_html
from grocer.web import security_headers as sh
from grocer.web.tap_replay import MARKER, STYLE, TapReplayPlugin, add_tap_replay, script_code

PAGE = '<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"/></head><body>x</body></html>'


def test_the_script_goes_once_at_the_end_of_the_head() -> None:
    page = add_tap_replay(PAGE)
    head = page.split("</head>")[0]
    assert f"<style>{STYLE}</style><script {MARKER}>{script_code()}</script>" in head
    assert head.startswith('<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"/>')
    assert add_tap_replay(page) == page
    assert add_tap_replay("<p>no head</p>") == "<p>no head</p>"


def test_the_written_script_is_the_file_without_its_comments() -> None:
    code = script_code()
    assert "grocer:ready" in code and "data-tap" in code and "__reactProps$" in code
    assert not any(line.lstrip().startswith("//") for line in code.splitlines())
    assert "</script" not in code


def test_the_plugin_writes_every_built_page_and_the_policy_allows_it(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text(PAGE)
    (tmp_path / "produit").mkdir()
    (tmp_path / "produit" / "index.html").write_text(PAGE)
    TapReplayPlugin().post_build(static_dir=tmp_path)
    for page in (tmp_path / "index.html", tmp_path / "produit" / "index.html"):
        assert sh.inline_scripts(page.read_text()) == [script_code()]
    guard = sh.SecurityHeaders(PlainTextResponse("x"), pages=tmp_path, tile_url="", api_url="")
    policy = dict(guard.headers_for("shop.example", tls=False))[b"content-security-policy"]
    assert sh.script_hash(script_code()) in policy.decode()


def test_a_preview_card_add_button_has_the_live_cards_key() -> None:
    article = card_view({"id": 42, "name": "Mangue", "price": 500, "imageUrls": []})
    row = {"title": "Sélection", "articles": [article]}
    data = {
        "main": {"id": 1, "name": "Fruits", "children": [{"id": 10, "name": "Mangues"}]},
        "current": {"id": 10, "name": "Mangues", "children": []},
        "leaves": [],
        "row": row,
    }
    page = preview_html.category(data)  # type: ignore[arg-type]
    assert '<button type="button" data-tap="add-42" ' in page
    assert 'aria-label="Ajouter au panier" title="Mangue"' in page
