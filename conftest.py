"""Collection settings for the whole repository (the doctests in src/ included).

The OpenSpiel and PettingZoo adapters and the server need their extras: without them, their
modules are not collected for doctests (their tests skip themselves).
"""

from __future__ import annotations

import importlib.util

collect_ignore = [
    path
    for module, path in (
        ("pyspiel", "src/tablefeast/interop/openspiel.py"),
        ("pettingzoo", "src/tablefeast/interop/pettingzoo.py"),
        ("starlette", "src/tablefeast/server"),
    )
    if importlib.util.find_spec(module) is None
]
