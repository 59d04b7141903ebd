"""What every engine's ``parse_move`` does to typed text before reading it.

Phones and word processors turn a typed ``-`` into a typographic dash: ``e5–e6`` (en dash),
``e5—e6`` (em dash), or another hyphen-like character. They mean the plain hyphen, so they
are read as ``-`` in every game. Nothing else changes: a dash is the same character in
another shape, never a guess at a different move.

>>> plain_dashes("e5\\u2013e6"), plain_dashes("e5\\u2014e6"), plain_dashes("e5 \\u2212 e6")
('e5-e6', 'e5-e6', 'e5 - e6')
>>> plain_dashes("c2-d4")
'c2-d4'
"""

from __future__ import annotations

DASHES = {
    "\u2010": "-",  # hyphen
    "\u2011": "-",  # non-breaking hyphen
    "\u2012": "-",  # figure dash
    "\u2013": "-",  # en dash
    "\u2014": "-",  # em dash
    "\u2212": "-",  # minus sign
}
"""Characters typed (or auto-corrected) for the hyphen-minus ``-``."""

_PLAIN = str.maketrans(DASHES)


def plain_dashes(text: str) -> str:
    """``text`` with every typographic dash (``DASHES``) replaced by ``-``."""
    return text.translate(_PLAIN)
