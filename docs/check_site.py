"""Open every page of the built site in headless Chromium and report what a reader would
trip over.

    python docs/check_site.py [SITE] [--screenshot PNG] [--chromium PATH]
                              [--browser {required,optional}] [--quick]

SITE (default ``site``, where ``make site`` builds it) is served on 127.0.0.1 at a free
port.  Every page the sources promise (each ``docs/*.md`` and the API reference page of
each module) is opened, and so is every page they link to.  One line is printed per
problem: a missing page, a link to a file or an anchor that is not there, an image that
does not load, a console error, a failed request or an error status, and any request that
would leave this machine (it is blocked).  The chapter page is opened once more with
JavaScript off: its live figures must show their equations, the Python beside them and
a note (``check_without_javascript``).  The home page, and the chapter's first live
figure without JavaScript, are saved as screenshots for a person to look at.

``--quick`` (``make test``) opens in Chromium only the pages the sources promise at the
top (each ``docs/*.md`` and the 404 page); every other page, the API reference's among
them, is read from its HTML file (:class:`Scanned`): its links, anchors and images are
checked all the same, its scripts are not run.  Each page Chromium opens costs some
0.6 s of its CPU; ``make test-site-rest`` (CI) opens them all.

The browser is ``--chromium``, else ``$CHROMIUM``, else ``chromium`` on the PATH, else
Debian's ``/usr/bin/chromium``.  Where none is found, ``--browser optional`` prints one
line saying the check was skipped and how to get one, and succeeds; ``--browser required``
(the default, and CI's) fails.

Exit status: 0 no problem (or skipped), 1 problems (one line each), 2 Chromium is missing.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urldefrag, urljoin, urlsplit

from figures import FIGURES
from playwright.sync_api import (
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    Request,
    Response,
    Route,
    sync_playwright,
)

__all__ = [
    "Report",
    "Scanned",
    "check",
    "check_without_javascript",
    "expected_pages",
    "file_for",
    "find_chromium",
    "main",
]

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--renderer-process-limit=2",  # fewer processes to start, as pages come and go
]
INSTALL = "get one with `sudo apt-get install chromium` (Debian) or name one with CHROMIUM=PATH"

# Every same-origin link, every id (an anchor), every image that did not load.
SCAN = """() => {
  const links = [...document.querySelectorAll("a[href]")].map(a => a.href);
  const ids = [...document.querySelectorAll("[id], a[name]")].map(e => e.id || e.name);
  const broken = [...document.images].filter(i => !i.complete || i.naturalWidth === 0);
  return {links, ids, broken: broken.map(i => i.currentSrc || i.src)};
}"""
# The search index is one file for every page: the first page fetches it and indexes it
# all (1,000 entries, a second of work); the others are given it with no entries.
SEARCH_INDEX = "/search/search_index.json"
AT_ONCE = 6  # pages loading side by side: each waits half a second of quiet to be loaded
EAGER = """() => Promise.all([...document.images].map(i => {
  i.loading = "eager";
  return i.decode().catch(() => null);
}))"""


def expected_pages(docs: Path, modules: list[str]) -> list[str]:
    """The URL paths the sources promise: each top-level page, the reference pages, and
    the page a host shows for a URL that is not there.

    >>> expected_pages(Path("docs"), ["pearls.search"])[-3:]
    ['/reference/', '/reference/pearls.search/', '/404.html']
    """
    pages = sorted(p.stem for p in docs.glob("*.md"))
    paths = ["/" if page == "index" else f"/{page}/" for page in pages]
    return [*paths, "/reference/", *(f"/reference/{name}/" for name in modules), "/404.html"]


def file_for(site: Path, path: str) -> Path:
    """The file that serves URL ``path``: a directory is served by its ``index.html``.

    >>> file_for(Path("site"), "/install/").as_posix()
    'site/install/index.html'
    """
    target = site / unquote(path).lstrip("/")
    return target / "index.html" if path.endswith("/") or target.is_dir() else target


def find_chromium(given: str | None) -> str | None:
    """The Chromium to drive: ``given`` (``--chromium`` or ``$CHROMIUM``) when it names a
    program, else ``chromium`` on the PATH, else Debian's ``/usr/bin/chromium``; ``None``
    where there is none (a ``given`` that is no program is never replaced by another).

    >>> find_chromium("/nonexistent/chromium") is None
    True
    """
    if given:
        return given if runnable(given) else None
    return shutil.which("chromium") or (CHROMIUM if runnable(CHROMIUM) else None)


def runnable(path: str) -> bool:
    """Whether ``path`` is a file this user may run.

    >>> runnable(sys.executable), runnable("/nonexistent/chromium")
    (True, False)
    """
    return Path(path).is_file() and os.access(path, os.X_OK)


@dataclass
class Report:
    """What the visits found: problems, and each page's anchors and outgoing links."""

    problems: list[str] = field(default_factory=list)
    anchors: dict[str, set[str]] = field(default_factory=dict)
    links: list[tuple[str, str]] = field(default_factory=list)  # (page, href), same origin

    def add(self, problem: str) -> None:
        """Record ``problem`` once."""
        if problem not in self.problems:
            self.problems.append(problem)


class QuietServer(ThreadingHTTPServer):
    """A server that says nothing of a connection the browser closed before the reply
    was sent (it moved on to another page, or had the file already): a broken pipe or a
    reset is the browser's choice, not the site's fault.  Any other error is reported."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def serve(site: Path) -> Iterator[str]:
    """Serve ``site`` on 127.0.0.1 at a free port, quietly; yield its base URL."""

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = QuietServer(("127.0.0.1", 0), partial(Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def opened(context: BrowserContext, base: str, path: str, report: Report) -> Page:
    """A new page on its way to ``path``, its problems recorded as they come."""
    page = context.new_page()

    def console(message: ConsoleMessage) -> None:
        # "Failed to load resource" repeats what the request and response handlers report.
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            report.add(f"console error: {path}: {message.text}")

    def failed(request: Request) -> None:
        if request.url.startswith(base):  # the blocked ones are reported once, by the route
            report.add(f"failed request: {path}: {request.url} ({request.failure})")

    def response(answer: Response) -> None:
        if answer.status >= 400:
            report.add(f"HTTP {answer.status}: {path}: {answer.url}")

    page.on("console", console)
    page.on("pageerror", lambda error: report.add(f"script error: {path}: {error}"))
    page.on("requestfailed", failed)
    page.on("response", response)
    page.goto(base + path, wait_until="commit")
    return page


def scan(page: Page, base: str, path: str, report: Report) -> None:
    """Once ``page`` is loaded and quiet, record its anchors, broken images and
    same-origin links."""
    page.wait_for_load_state("networkidle")
    page.evaluate(EAGER)
    found = page.evaluate(SCAN)
    record(report, base, path, found["ids"], found["links"], found["broken"])


def record(
    report: Report, base: str, path: str, ids: list[str], links: list[str], broken: list[str]
) -> None:
    """Record a page's anchors, its images that do not load and its same-origin links
    (absolute URLs)."""
    report.anchors[path] = {str(i) for i in ids if i}
    for src in broken:
        report.add(f"broken image: {path}: {src}")
    for href in map(str, links):
        if href.startswith(base + "/"):
            report.links.append((path, href[len(base) :]))


class Scanned(HTMLParser):
    """A page's links, anchors and images as its HTML file has them, before any script
    runs: what :data:`SCAN` finds in the browser, for a page that is not opened there.

    >>> page = Scanned("http://h/a/")
    >>> page.feed('<h2 id="x">X</h2><a href="../b/#y">b</a><a name="n"></a><img src="i.png">')
    >>> page.links, page.ids, page.images
    (['http://h/b/#y'], ['x', 'n'], ['http://h/a/i.png'])
    """

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self.links: list[str] = []
        self.ids: list[str] = []
        self.images: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "a" and found.get("href") is not None:
            self.links.append(urljoin(self.url, found["href"]))
        anchor = found.get("id") or (found.get("name") if tag == "a" else None)
        if anchor:
            self.ids.append(anchor)
        if tag == "img" and found.get("src"):
            self.images.append(urljoin(self.url, found["src"]))


def read(site: Path, base: str, path: str, report: Report) -> None:
    """Record a page's anchors, images and links from its HTML file: an image is broken
    where it is on this site and no file serves it."""
    page = Scanned(base + path)
    page.feed(file_for(site, path).read_text(encoding="utf-8"))
    here = [src for src in page.images if src.startswith(base + "/")]
    broken = [src for src in here if not file_for(site, urlsplit(src[len(base) :]).path).is_file()]
    record(report, base, path, page.ids, page.links, broken)


# The chapter's live figures as a page shows them before any script runs.
FIGURES_PAGE = "/chapter/"
STATIC_FIGURES = """() => [...document.querySelectorAll("figure.explore")].map(figure => ({
  name: figure.dataset.explore,
  haskell: figure.querySelectorAll(".explore-haskell [data-rules]").length,
  python: figure.querySelectorAll(".explore-python .explore-line").length,
  places: figure.querySelectorAll(".explore-vars").length,
  note: (figure.querySelector(".explore-note") || {}).textContent || "",
  controls: figure.querySelectorAll("button").length,
}))"""


def check_without_javascript(
    pw: Playwright, chromium: str, base: str, report: Report, shots: Path
) -> None:
    """The chapter page with JavaScript off: each live figure shows its equations, every
    line of a rule marked, the Python beside them, a place for the variables, and a note
    that says what JavaScript adds; no button that could do nothing.  A screenshot of
    the first figure."""
    browser = pw.chromium.launch(executable_path=chromium, args=FLAGS, headless=True)
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": 1100, "height": 900}
    )

    def local_only(route: Route) -> None:
        if route.request.url.startswith(base + "/"):
            route.continue_()
        else:
            route.abort()

    context.route("**/*", local_only)
    page = context.new_page()
    page.goto(base + FIGURES_PAGE, wait_until="load")
    found = page.evaluate(STATIC_FIGURES)
    names, promised = sorted(str(figure["name"]) for figure in found), sorted(FIGURES)
    if names != promised:
        report.add(f"live figures: {FIGURES_PAGE} shows {names}, not {promised}")
    for figure in found:
        where = f"live figure without JavaScript: {FIGURES_PAGE}#explore-{figure['name']}"
        if not (figure["haskell"] and figure["python"] and figure["places"]):
            report.add(f"{where}: no equations, Python or variables ({figure})")
        if "JavaScript" not in figure["note"] or figure["controls"]:
            report.add(f"{where}: no note about JavaScript, or buttons that do nothing ({figure})")
    if found:
        shots.mkdir(parents=True, exist_ok=True)
        shot = shots / "chapter-figure-without-javascript.png"
        hidden = ".md-header { visibility: hidden }"  # the page's bar would cover the figure
        page.locator("figure.explore").first.screenshot(path=shot, style=hidden)
    context.close()
    browser.close()


def check(
    site: Path, chromium: str, screenshot: Path, modules: list[str], quick: bool = False
) -> Report:
    """Visit the promised pages and every page they link to; check every link.  Where
    ``quick``, only the top-level pages are opened in Chromium, the others read."""
    report = Report()
    with serve(site) as base, sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=FLAGS, headless=True
        )

        def local_only(route: Route) -> None:
            if route.request.url == base + SEARCH_INDEX and report.anchors and unindexed:
                route.fulfill(json=unindexed)
            elif route.request.url.startswith(base + "/"):
                route.continue_()
            else:
                report.add(f"network request blocked: {route.request.url}")
                route.abort()

        index = site / SEARCH_INDEX[1:]
        unindexed = {**json.loads(index.read_text("utf-8")), "docs": []} if index.is_file() else {}
        context.route("**/*", local_only)
        promised = expected_pages(ROOT / "docs", modules)
        top_level = {path for path in promised if not path.startswith("/reference/")}
        todo = list(promised)
        while todo:
            loading: dict[str, Page] = {}
            while todo and len(loading) < AT_ONCE:
                path = todo.pop(0)
                if path in report.anchors or path in loading:
                    continue
                if not file_for(site, path).is_file():  # a link to it is reported below
                    report.anchors[path] = set()
                    if path in promised:
                        report.add(f"missing page: {path}")
                    continue
                if quick and path not in top_level:
                    read(site, base, path, report)
                    continue
                loading[path] = opened(context, base, path, report)
            for path, page in loading.items():
                scan(page, base, path, report)
                if path == "/":
                    screenshot.parent.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=screenshot)
                page.close()
            pages = (urldefrag(href)[0] for _, href in report.links)
            todo += [p for p in pages if p.endswith(("/", ".html")) and p not in report.anchors]
        context.close()
        check_without_javascript(pw, chromium, base, report, screenshot.parent)
    broken: dict[str, list[str]] = {}  # href -> the pages that link to it
    for source, href in report.links:
        target, anchor = urldefrag(href)
        target = urlsplit(target).path
        missing = not file_for(site, target).is_file()
        if missing or (anchor and unquote(anchor) not in report.anchors.get(target, {anchor})):
            broken.setdefault(href, []).append(source)
    for href, sources in broken.items():
        on = sorted(set(sources))
        more = f" and {len(on) - 3} more pages" if len(on) > 3 else ""
        report.add(f"broken link: {href} (on {', '.join(on[:3])}{more})")
    return report


def main(argv: list[str] | None = None) -> int:
    """Check the site; print one line per problem, or one line of what was checked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", type=Path, default=ROOT / "site")
    parser.add_argument("--screenshot", type=Path, default=ROOT / "build/screenshots/index.png")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM"))
    parser.add_argument("--browser", choices=["required", "optional"], default="required")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    chromium = find_chromium(args.chromium)
    if chromium is None:
        where = f"at {args.chromium}" if args.chromium else f"on the PATH or at {CHROMIUM}"
        if args.browser == "optional":
            print(f"check_site: skipped, no Chromium {where}: {INSTALL}")
            return 0
        print(f"check_site: no Chromium {where}: {INSTALL}", file=sys.stderr)
        return 2
    if not (args.site / "index.html").is_file():
        print(f"check_site: no site at {args.site}: run `make site` first", file=sys.stderr)
        return 1
    sys.path.insert(0, str(ROOT / "docs"))
    from gen_ref_pages import modules

    report = check(args.site, chromium, args.screenshot, modules(ROOT / "pearls"), args.quick)
    for problem in report.problems:
        print(problem)
    links = len(report.links)
    where = "some read from their HTML" if args.quick else "in Chromium"
    summary = f"{len(report.anchors)} pages, {links} links checked, {where}"
    print(f"check_site: {summary}: {len(report.problems) or 'no'} problems", file=sys.stderr)
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
