"""The native build (issue 32): compiles the games' native cores (Cython) into the wheel.

Off by default, so that a plain ``pip install .`` needs no compiler. Turned on with
``HATCH_BUILD_HOOK_ENABLE_CUSTOM=1 pip install .`` (or ``HATCH_BUILD_HOOKS_ENABLE=1``, which also
runs the mypyc build). For work on the sources, ``python hatch_build.py`` compiles the cores in
place, beside their ``.pyx`` files (``git clean -X`` or deleting the ``.so`` files undoes it).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run as a script, outside a build (hatchling lives in the build's env)
    BuildHookInterface = object  # type: ignore[assignment,misc]

ROOT = Path(__file__).resolve().parent
CORES = sorted((ROOT / "src/tablefeast/games").glob("*/_core.pyx"))
"""The native cores' sources, one in each game's package (the module its
``Capabilities.core`` names, ``_core``)."""
KERNEL = ROOT / "src/tablefeast/native"
"""The parts every core includes (``_random.pxi``, ``_search.pxi``, ...): a kernel for cores."""


def compile_cores(out: Path) -> list[Path]:
    """Compile every core into `out` (laid out as the package is); return the built modules."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    with tempfile.TemporaryDirectory() as work:
        extensions = [
            Extension(
                ".".join(source.relative_to(ROOT / "src").with_suffix("").parts),
                [str(source.relative_to(ROOT))],
                # No contracted multiply-adds: the search in the core must round every product
                # and sum as Python does (`native/_search.pxi`).
                extra_compile_args=["-O2", "-ffp-contract=off"],
            )
            for source in CORES
        ]
        modules = cythonize(
            extensions,
            language_level=3,
            build_dir=work,
            quiet=True,
            include_path=[str(KERNEL)],  # the kernel's parts, beside each core's own
        )
        command = build_ext(Distribution({"ext_modules": modules}))
        command.build_lib = str(out)
        command.build_temp = work
        command.ensure_finalized()
        command.run()
        return [Path(path) for path in command.get_outputs()]


class NativeBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Puts the compiled cores in the wheel, which is then one for this platform only."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version == "editable":  # the package is imported from src: compile beside the sources
            compile_cores(ROOT / "src")
            return
        self._out = Path(tempfile.mkdtemp(prefix="tablefeast-native-"))
        for module in compile_cores(self._out):
            build_data["force_include"][str(module)] = str(module.relative_to(self._out))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        out = getattr(self, "_out", None)
        if out is not None:  # the wheel holds the modules now
            shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    for built in compile_cores(ROOT / "src"):
        print(built.relative_to(ROOT), file=sys.stderr)
