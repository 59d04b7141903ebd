"""The repository stands on its own: a fresh clone has no ``shared`` folder beside it, so no file
names that folder or the design notes kept there, and every relative link of the README and the
docs pages points at a file of the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUTSIDE = ("../" + "shared", "DESIGN" + ".md")  # spelt in two, so this file does not name them itself
SKIPPED = {".git", ".venv", "__pycache__", ".ruff_cache", ".mypy_cache", ".pytest_cache", "node_modules"}
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|!\[[^\]]*\]\(([^)\s]+)\)")


def text_files() -> list[Path]:
    files = []
    for path in ROOT.rglob("*"):
        if any(part in SKIPPED for part in path.relative_to(ROOT).parts) or not path.is_file():
            continue
        if path.stat().st_size > 2_000_000:
            continue
        try:
            path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue  # a picture, a database
        files.append(path)
    return files


def test_no_file_names_the_folder_outside_the_repository_or_its_design_notes():
    named = [
        f"{path.relative_to(ROOT)}: {word}"
        for path in text_files() if path != Path(__file__).resolve()
        for word in OUTSIDE if word in path.read_text(encoding="utf-8")
    ]
    assert named == []


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def test_every_relative_link_of_the_readme_and_the_docs_resolves():
    broken, checked = [], 0
    for page in pages():
        for found in LINK.finditer(page.read_text(encoding="utf-8")):
            target = found.group(1) or found.group(2)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                continue  # a web address, mail, or a place in the same page
            path = target.split("#", 1)[0]
            checked += 1
            if not (page.parent / path).exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert broken == []
    assert len(pages()) > 10 and checked > 20  # the docs and their links were read, not an empty folder


def test_the_link_pattern_reads_links_and_pictures():
    assert [m.group(1) or m.group(2) for m in LINK.finditer('see [a](docs/a.md#x) and ![b](p.png) and [c](https://x.y "t")')] == [
        "docs/a.md#x", "p.png", "https://x.y"]
