"""nginx's configuration for several workers (deploy/nginx-grocer.conf, grocer.scaled): every
placeholder filled, and nginx itself accepts it (`nginx -t`)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from grocer.scaled import SITE_TEMPLATE, TEMP_KINDS, main_config, nginx_program, site_config


def test_every_placeholder_is_filled_and_the_comments_stay_comments(tmp_path: Path) -> None:
    site = site_config("127.0.0.1:3000", [8001, 8002], tmp_path / "client")
    assert re.search(r"@[A-Z]+@", SITE_TEMPLATE.read_text(encoding="utf-8"))
    assert not re.search(r"@[A-Z]+@", site)
    assert "server 127.0.0.1:8001 max_fails=1 fail_timeout=5s;" in site
    assert "server 127.0.0.1:8002 max_fails=1 fail_timeout=5s;" in site
    assert f"root {tmp_path / 'client'};" in site
    template = SITE_TEMPLATE.read_text(encoding="utf-8")
    comments = [line for line in template.splitlines() if line.startswith("#")]
    assert comments and all(line in site.splitlines() for line in comments)


def test_nginx_accepts_the_configuration(tmp_path: Path) -> None:
    assert Path(nginx_program()).exists(), "nginx is missing: `make install-test` installs it"
    runtime = tmp_path / "run"
    for kind in TEMP_KINDS:
        (runtime / "tmp" / kind).mkdir(parents=True)
    site = runtime / "site.conf"
    site.write_text(site_config("127.0.0.1:3999", [8001, 8002, 8003], tmp_path), encoding="utf-8")
    config = runtime / "nginx.conf"
    config.write_text(main_config(runtime, site), encoding="utf-8")
    checked = subprocess.run(
        [nginx_program(), "-t", "-p", str(runtime), "-c", str(config)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stderr
    assert "syntax is ok" in checked.stderr
