"""The native build (issues 32, 48 and 49): compiles the games' native cores (Cython) into the
wheel, or beside their sources for an editable install.

On by default: ``pip install .`` and ``pip install -e .`` build the cores wherever a C compiler
and Python's headers exist, so the native engine and its tests are there in the usual developer
setup. Where the cores cannot be built (no compiler, no headers), the build says so in one
warning and installs pure Python, which plays the same games move for move, only slower.
``TABLEFEAST_PURE=1`` opts out (a pure build, no compiler asked for). For work on the sources,
``python hatch_build.py`` recompiles the cores in place after a change to a ``.pyx`` file
(``git clean -X`` or deleting the ``.so`` files undoes it).
"""

from __future__ import annotations

import os
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


PURE = "TABLEFEAST_PURE"
"""The environment variable that opts out of the native build (``TABLEFEAST_PURE=1``)."""


def wants_native() -> bool:
    """Whether this build compiles the cores: unless ``TABLEFEAST_PURE`` is set (not 0 or empty)."""
    return os.environ.get(PURE, "").strip() in ("", "0")


def compile_or_warn(out: Path) -> list[Path]:
    """`compile_cores`, or no module and one warning where this machine cannot build them."""
    from setuptools.errors import BaseError, CCompilerError  # BaseError: distutils' errors

    try:
        return compile_cores(out)
    except (CCompilerError, BaseError, OSError) as error:
        first = str(error).strip().splitlines()[:1] or [type(error).__name__]
        print(
            f"WARNING: tablefeast's native cores were not built ({first[0]}); installing pure "
            f"Python, which plays the same games more slowly. Install a C compiler and "
            f"Python's headers to build them, or set {PURE}=1 to skip this step.",
            file=sys.stderr,
        )
        return []


class NativeBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Puts the compiled cores in the wheel, which is then one for this platform only."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if not wants_native():
            return
        if version == "editable":  # the package is imported from src: compile beside the sources
            compile_or_warn(ROOT / "src")
            return
        self._out = Path(tempfile.mkdtemp(prefix="tablefeast-native-"))
        built = compile_or_warn(self._out)
        if not built:  # a pure wheel, as with TABLEFEAST_PURE=1
            return
        for module in built:
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
