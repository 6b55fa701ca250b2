"""The production build's pages talk to the backend at their own origin (grocer.web.own_origin);
the browser side is shown by the scaled shop's browser test, whose pages come from a build made
for another port and reach their workers through nginx."""

from __future__ import annotations

import pytest

from grocer.web.own_origin import ANCHOR, BEGIN, END, own_origin_code, with_own_origin

STATE_JS = f"""export const getBackendURL = (url_str) => {{
  {ANCHOR}
  if (typeof window !== "undefined") {{ endpoint.hostname = window.location.hostname; }}
  return endpoint;
}};
"""


def test_a_production_build_uses_the_pages_origin() -> None:
    code = with_own_origin(STATE_JS, production=True)
    rule = code[code.index(BEGIN) : code.index(END)]
    assert code.index(ANCHOR) < code.index(BEGIN) < code.index("endpoint.hostname =")
    assert "endpoint.host = window.location.host" in rule  # host and port
    assert '"wss:"' in rule and '"https:"' in rule


def test_compiling_again_replaces_the_rule_of_the_last_build() -> None:
    production = with_own_origin(STATE_JS, production=True)
    assert with_own_origin(production, production=True) == production
    development = with_own_origin(production, production=False)
    assert "window.location.host;" not in development
    assert development.count(BEGIN) == 1
    assert with_own_origin(development, production=True) == production
    assert own_origin_code(False) == BEGIN + END


def test_a_changed_reflex_script_stops_the_build() -> None:
    with pytest.raises(RuntimeError, match="Reflex upgrade"):
        with_own_origin("export const getBackendURL = () => null;", production=True)
