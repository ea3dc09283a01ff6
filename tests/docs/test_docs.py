"""Every Python block in the docs runs, and prints what its comments say it prints; the built
site loads nothing from another host, and its pages' titles are its own."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.support.extras import skip_without_extras

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
BLOCK = re.compile(r"```python\n(.*?)```", re.S)
COMMENT = re.compile(r"\)\s+#\s(.+)$")


def expectations(code: str) -> list[str]:
    """The comment ending each ``print(...)`` statement that has one, in order. A print may span
    lines (the formatter wraps long ones): its comment follows the closing parenthesis."""
    lines = code.splitlines()
    found = []
    for node in ast.walk(ast.parse(code)):
        call = node.value if isinstance(node, ast.Expr) else None
        if isinstance(call, ast.Call) and getattr(call.func, "id", None) == "print":
            match = COMMENT.search(lines[call.end_lineno - 1])  # type: ignore[operator]
            if match:
                found.append((call.lineno, match.group(1).strip()))
    return [comment for _, comment in sorted(found)]


def blocks() -> list[tuple[str, str]]:
    found = []
    for page in sorted(DOCS.rglob("*.md")):
        for i, code in enumerate(BLOCK.findall(page.read_text(encoding="utf-8"))):
            found.append((f"{page.relative_to(DOCS)}#{i}", code))
    return found


@pytest.mark.parametrize(("where", "code"), blocks(), ids=[w for w, _ in blocks()])
def test_docs_code_runs_and_prints_what_it_says(where: str, code: str) -> None:
    skip_without_extras(code)  # pages and examples of the optional extras
    printed: list[str] = []

    def capture(*args: object, sep: str = " ", **_: object) -> None:
        printed.append(sep.join(map(str, args)))

    exec(compile(code, where, "exec"), {"__name__": "__docs__", "print": capture})
    expected = expectations(code)
    # A comment shows the printed text, possibly followed by an explanation ("(0, 1): why").
    if expected:
        assert len(expected) == len(printed), (
            f"{where}: {len(printed)} lines printed, {len(expected)} commented"
        )
        for out, comment in zip(printed, expected, strict=True):
            assert comment.startswith(out), f"{where}: printed {out!r}, the docs say {comment!r}"


def test_the_limits_table_lists_every_server_setting_with_its_default() -> None:
    """docs/play_online.md's table of limits cannot drift from `ServerSettings`."""
    pytest.importorskip("starlette")
    import attrs

    from tablefeast.server.settings import ServerSettings

    page = (DOCS / "play_online.md").read_text()
    table = page[page.index("### Limits") : page.index("### On a public server")]
    rows = {
        name.strip("` "): row.split("|")[2].strip()
        for row in table.splitlines()
        if row.startswith("| `")
        for name in row.split("|")[1].split(",")
    }
    defaults = ServerSettings()
    for field in attrs.fields(ServerSettings):
        assert field.name in rows, f"{field.name} is missing from the limits table"
        value = getattr(defaults, field.name)
        shown = rows[field.name]
        if isinstance(value, bool):
            assert shown == str(value).lower(), field.name
        elif isinstance(value, int | float):
            numbers = shown.replace("/s", "").split(",")[0].split(" ")[0]
            assert float(numbers) == value or str(value) in shown, (field.name, shown)


def test_the_examples_page_names_every_example_script() -> None:
    page = (DOCS / "examples.md").read_text(encoding="utf-8")
    for script in sorted((ROOT / "examples").glob("*.py")):
        assert f"`{script.name}`" in page, f"docs/examples.md does not name {script.name}"


# The built site.

EXTERNAL = re.compile(r"^\s*(?:[a-z][a-z0-9+.-]*:)?//", re.I)
"""A URL on another host: ``https://host``, ``http://host``, any scheme's ``//host``, ``//host``."""
CSS_URL = re.compile(r"""@import\s+(?:url\(\s*)?["']?([^"')\s;]+)|url\(\s*["']?([^"')]+)""", re.I)
"""The URL of each ``@import`` and ``url(...)`` of a style sheet (a data: URL's start only)."""
LOADS = {"src", "srcset", "data", "poster"}
"""The attributes by which any element makes the browser fetch something (``link`` also by href)."""


class _Page(HTMLParser):
    """What a built page makes the browser fetch, its <title>, its classes and its inline CSS."""

    def __init__(self) -> None:
        super().__init__()
        self.fetched: list[str] = []
        self.classes: set[str] = set()
        self.css: list[str] = []
        self.title = ""
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name in LOADS or (tag == "link" and name == "href"):
                urls = value.split(",") if name == "srcset" else [value]
                self.fetched += [url.strip().split(" ")[0] for url in urls]
            elif name == "class":
                self.classes.update(value.split())
            elif name == "style":
                self.css.append(value)
        if tag in {"title", "style"}:
            self._in = tag

    def handle_endtag(self, tag: str) -> None:
        self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "title":
            self.title += data
        elif self._in == "style":
            self.css.append(data)


def _css_urls(css: str) -> list[str]:
    return [first or second for first, second in CSS_URL.findall(css)]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built from mkdocs.yml, as CI builds it (strictly), outside the tree."""
    for module in ("mkdocs", "material", "mkdocstrings_handlers.python"):
        pytest.importorskip(module, reason="the docs extra is not installed")
    if any((ROOT / "src").rglob("*.so")):
        # The API pages are read from the sources; beside compiled modules (the optional build
        # CI tests second, with the same test command) they would be read from the binaries.
        # The pure run of the same CI builds and checks this site.
        pytest.skip("the compiled build is in the tree: the site is built from the sources")
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture(scope="module")
def pages(site: Path) -> dict[str, _Page]:
    found = {}
    for path in sorted(site.rglob("*.html")):
        page = _Page()
        page.feed(path.read_text(encoding="utf-8"))
        found[path.relative_to(site).as_posix()] = page
    assert "index.html" in found and "api/index.html" in found
    return found


def test_the_site_loads_no_font_script_or_style_from_another_host(
    site: Path, pages: dict[str, _Page]
) -> None:
    """Offline, the site works; online, no third party learns who reads it (no Google Fonts)."""
    for where, page in pages.items():
        external = [url for url in page.fetched if EXTERNAL.match(url)]
        assert not external, f"{where} loads {external}"
        external = [url for css in page.css for url in _css_urls(css) if EXTERNAL.match(url)]
        assert not external, f"{where}'s inline CSS loads {external}"
        # The theme's script fetches mermaid from a CDN for a diagram, and asks GitHub's API
        # about a repository when mkdocs.yml names one (repo_url).
        assert "mermaid" not in page.classes, f"{where} has a diagram the theme loads from unpkg"
        assert "md-source" not in page.classes, f"{where} shows a repository: api.github.com"
    for sheet in sorted(site.rglob("*.css")):
        external = [
            url for url in _css_urls(sheet.read_text(encoding="utf-8")) if EXTERNAL.match(url)
        ]
        assert not external, f"{sheet.relative_to(site)} loads {external}"


def test_every_page_has_a_title_of_its_own_that_names_the_site_once(
    pages: dict[str, _Page],
) -> None:
    """A browser tab or bookmark says which page it is ("tablefeast - tablefeast" said nothing),
    and the game pages' and their API pages' titles differ."""
    name = re.search(r"^site_name:\s*(.+)$", (ROOT / "mkdocs.yml").read_text(), re.M)
    assert name
    site_name = name.group(1).strip()
    seen: dict[str, str] = {}
    for where, page in pages.items():
        title = " ".join(page.title.split())
        assert title.count(site_name) == 1, f"{where}'s title is {title!r}"
        if where == "404.html":
            continue  # the theme titles the error page as the home page
        assert title not in seen, f"{where} and {seen[title]} are both titled {title!r}"
        seen[title] = where
