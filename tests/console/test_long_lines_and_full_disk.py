"""An over-long line is refused at once, and a picture that cannot be written does not end the console.

A line of a megabyte used to take shlex half a minute or more (its splitting is quadratic) while
the deadlines waited; a full disk under ``--out`` raised outside the command's handling and ended
the console. Now a line over ``MAX_LINE`` characters is refused before it is split, and a picture
that cannot be written is reported while play goes on.
"""

from __future__ import annotations

import errno
import io
from datetime import UTC, datetime
from pathlib import Path

from bot.clock import ManualClock
from bot.console import app as console_app
from bot.console.app import run_console

SEED = bytes(32)
START = (
    "as alice: /match create game:heroes_cities opponent:bob\n"
    "as bob: /match join\n"
    "as alice: /match start\n"
)


async def console(script: str, tmp_path: Path) -> str:
    out = io.StringIO()
    await run_console(
        str(tmp_path / "db.sqlite3"), str(tmp_path / "out"), io.StringIO(script), out, seed=SEED,
        clock=ManualClock(datetime(2026, 1, 1, tzinfo=UTC)),
    )
    return out.getvalue()


async def test_an_over_long_line_is_refused_before_it_is_split(tmp_path, monkeypatch):
    split: list[int] = []
    real = console_app.parse_line

    def counting(text):
        split.append(len(text))
        return real(text)

    monkeypatch.setattr(console_app, "parse_line", counting)
    huge = "as alice: /move text:\"" + "a1-a2 " * 200_000 + "\"\n"
    text = await console(START + huge + "as alice: /match status\n", tmp_path)
    assert max(split) <= console_app.MAX_LINE, "the long line never reaches the parser"
    assert f"the console takes at most {console_app.MAX_LINE:,} characters a line" in text
    assert f"that line has {len(huge.rstrip()):,} characters" in text
    assert "a1-a2 " * 100 not in text, "not echoed whole"
    assert text.rstrip().splitlines()[-1].strip() != "" and "is to move" in text.split("/match status")[-1]


async def test_the_longest_orders_text_fits_in_a_line(tmp_path):
    """A ``/orders`` text as long as Discord's box takes (4,000 characters) is not refused as too long."""
    orders = "x" * 4000
    line = f'as alice in thread-12: /orders text:"{orders}"'
    assert len(line) <= console_app.MAX_LINE
    text = await console(START + line + "\n", tmp_path)
    assert "characters a line" not in text


async def test_a_picture_that_cannot_be_written_is_reported_and_play_goes_on(tmp_path, monkeypatch):
    real = Path.write_bytes

    def full_disk(self, data):
        if self.suffix == ".png":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", full_disk)
    text = await console(START + "as alice: /match status\nas alice: /match resign\n", tmp_path)
    assert "could not be written" in text and "No space left on device" in text
    assert "resigns" in text or "resigned" in text, text[-1500:]
