"""Skipping docs blocks and example scripts that need an optional extra which is not installed."""

from __future__ import annotations

import pytest

EXTRAS = {
    "pyspiel": "openspiel",
    "pettingzoo": "pettingzoo",
    "gymnasium": "gymnasium",
    "numpy": "vector",
    "starlette": "server",
    "torch": "learn",
}
"""Module of each optional extra, and the name the adapter module uses for it."""


def skip_without_extras(code: str) -> None:
    """Skip the running test when `code` uses an extra whose module is not installed."""
    for module, adapter in EXTRAS.items():
        if (
            f"import {module}" in code
            or f"interop.{adapter}" in code
            or f"tablefeast.{adapter}" in code
        ):
            pytest.importorskip(module)
