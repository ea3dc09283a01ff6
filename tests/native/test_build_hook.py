"""The native build is on by default and falls back to pure Python with one warning where the
cores cannot be compiled (issue 48, item 5; issue 49, item 1): `hatch_build.py`, the build hook
that `pip install .` and `pip install -e .` run."""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from setuptools.errors import CompileError, ExecError

ROOT = Path(__file__).resolve().parents[2]


def _hook_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_native_build_is_on_by_default() -> None:
    hooks = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]
    assert hooks["targets"]["wheel"]["hooks"]["custom"]["enable-by-default"] is True


@pytest.mark.parametrize(
    ("value", "native"), [(None, True), ("", True), ("0", True), ("1", False), ("yes", False)]
)
def test_tablefeast_pure_opts_out(
    monkeypatch: pytest.MonkeyPatch, value: Any, native: bool
) -> None:
    hook = _hook_module()
    if value is None:
        monkeypatch.delenv("TABLEFEAST_PURE", raising=False)
    else:
        monkeypatch.setenv("TABLEFEAST_PURE", value)
    assert hook.wants_native() is native


@pytest.mark.parametrize(
    "error",
    [
        CompileError("command '/usr/bin/gcc' failed: No such file or directory"),
        ExecError("command 'cc' failed with exit code 1"),
        OSError("Python.h: No such file or directory"),
    ],
)
def test_no_compiler_gives_one_warning_and_a_pure_wheel(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], error: Exception
) -> None:
    hook = _hook_module()
    monkeypatch.delenv("TABLEFEAST_PURE", raising=False)

    def fails(out: Path) -> list[Path]:
        raise error

    monkeypatch.setattr(hook, "compile_cores", fails)
    build_data: dict[str, Any] = {"force_include": {}, "pure_python": True, "infer_tag": False}
    builder = hook.NativeBuildHook.__new__(hook.NativeBuildHook)
    builder.initialize("standard", build_data)
    assert build_data == {"force_include": {}, "pure_python": True, "infer_tag": False}
    builder.finalize("standard", build_data, "tablefeast.whl")  # cleans its empty folder
    warning = capsys.readouterr().err.strip().splitlines()
    assert len(warning) == 1 and warning[0].startswith("WARNING: tablefeast's native cores")
    assert str(error).splitlines()[0] in warning[0] and "TABLEFEAST_PURE=1" in warning[0]


def test_a_cython_error_is_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a missing compiler or headers fall back: a core that does not compile is a bug."""
    hook = _hook_module()

    def fails(out: Path) -> list[Path]:
        raise ValueError("Cython: undeclared name")

    monkeypatch.setattr(hook, "compile_cores", fails)
    with pytest.raises(ValueError, match="undeclared"):
        hook.compile_or_warn(ROOT / "src")


def test_a_pure_build_asks_for_no_compiler(monkeypatch: pytest.MonkeyPatch) -> None:
    hook = _hook_module()
    monkeypatch.setenv("TABLEFEAST_PURE", "1")
    monkeypatch.setattr(hook, "compile_cores", lambda out: pytest.fail("compiled"))
    build_data: dict[str, Any] = {"force_include": {}}
    hook.NativeBuildHook.__new__(hook.NativeBuildHook).initialize("editable", build_data)
    hook.NativeBuildHook.__new__(hook.NativeBuildHook).initialize("standard", build_data)
    assert build_data == {"force_include": {}}
