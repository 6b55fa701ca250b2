"""Reading Prometheus' text exposition in the tests of the metrics (issue 18)."""

from __future__ import annotations

import re


def metric(text: str, name: str, **labels: str) -> float | None:
    """The value of one sample of the exposition, None when absent."""
    wanted = ",".join(f'{k}="{v}"' for k, v in sorted(labels.items()))
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        sample, _, value = line.rpartition(" ")
        found = re.fullmatch(r"([a-z_]+)(?:\{(.*)\})?", sample)
        if not found or found.group(1) != name:
            continue
        have = ",".join(sorted(filter(None, (found.group(2) or "").split(","))))
        if have == wanted:
            return float(value)
    return None
