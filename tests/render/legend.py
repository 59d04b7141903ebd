"""Checks every board picture's legend strip passes: each mark a renderer declares (its ``MARKS``)
has a word in English and in Dutch, and a picture that draws a mark explains it under the board."""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from PIL import Image

from bot.services.presenter import picture_words
from render.common import LEGEND_ROW, BoardLabels, legend_entries, legend_height

LANGUAGES = ("en", "nl")
V = TypeVar("V")


def labels(slug: str, language: str, **fields: object) -> BoardLabels:
    """The labels the bot gives ``slug``'s picture in ``language`` (its ``picture_*`` words)."""
    return BoardLabels(words=picture_words(slug, language), **fields)  # type: ignore[arg-type]


def assert_every_mark_has_words(slug: str, marks: Sequence[str]) -> None:
    """Each mark of ``marks`` has a ``legend_<mark>`` word in both languages, no two marks the same
    word, and no ``legend_`` word is left over for a mark the renderer no longer declares."""
    assert len(set(marks)) == len(marks), "a mark declared twice"
    for language in LANGUAGES:
        words = dict(picture_words(slug, language))
        missing = [mark for mark in marks if not words.get(f"legend_{mark}")]
        assert not missing, (language, missing)
        assert len({words[f"legend_{mark}"] for mark in marks}) == len(marks), language
        extra = {key.removeprefix("legend_") for key in words if key.startswith("legend_")} - set(marks)
        assert not extra, (language, extra)


def assert_every_mark_has_an_icon(marks: Sequence[str], icon: Callable[[str], Image.Image]) -> None:
    for mark in marks:
        sprite = icon(mark)
        assert 0 < sprite.height <= LEGEND_ROW - 2 and sprite.width > 0, mark  # fits its row
        assert sprite.getbbox() is not None, f"{mark}: a blank icon"


def _icon_of(icon: Callable[[str, V], Image.Image], view: V, mark: str) -> Image.Image:
    return icon(mark, view)


def png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def assert_pictures_explain_their_marks(
    slug: str,
    views: Iterable[V],
    render: Callable[..., Image.Image],
    shown: Callable[[V], Sequence[str]],
    marks: Sequence[str],
    icon: Callable[[str, V], Image.Image],
) -> None:
    """Together ``views`` draw every mark; each view's picture with the bot's words is its picture
    without them plus the strip, the strip has a row for its marks and says them in the reader's
    language, and without words the picture keeps its size (symbols alone explain nothing).
    ``render`` is the renderer's ``render_image`` (pixels before the PNG's palette)."""
    seen: set[str] = set()
    for view in views:
        found = shown(view)
        assert found, "every picture draws some mark"
        seen |= set(found)
        bare = render(view, labels=BoardLabels(title="x")).convert("RGB")
        strips = []
        for language in LANGUAGES:
            text = labels(slug, language, title="x")
            image = render(view, labels=text).convert("RGB")
            entries = legend_entries(found, text, functools.partial(_icon_of, icon, view))
            assert [e.mark for e in entries] == list(found)
            grown = legend_height(entries, image.width)
            assert grown > 0 and image.size == (bare.width, bare.height + grown), language
            assert image.crop((0, 0, *bare.size)).tobytes() == bare.tobytes(), "the board above keeps its pixels"
            strip = image.crop((0, bare.height, image.width, image.height))
            assert len(set(strip.get_flattened_data())) > 20, "icons and words on the strip"
            strips.append(strip.tobytes())
        assert strips[0] != strips[1], "the words are the reader's"
    assert seen == set(marks), f"no view shows {sorted(set(marks) - seen)}"
