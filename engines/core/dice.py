"""Dice anyone can verify (docs/architecture.md, "Dice anyone can verify").

Each match has a secret 32-byte seed; the channel sees ``commitment(seed)`` at the start.
Draw number ``i`` is ``HMAC-SHA256(seed, i as 8 bytes big-endian)`` read as a 256-bit
unsigned integer, reduced modulo the size. The modulo bias for sizes below 2**32 is under
2**-224, so no draw is ever rejected and index ``i`` always means exactly one number.

>>> seed = bytes(32)
>>> commitment(seed)[:16]
'66687aadf862bd77'
>>> [draw(seed, i, 6) + 1 for i in range(5)]
[3, 4, 6, 4, 4]
"""

from __future__ import annotations

import hashlib
import hmac

SEED_BYTES = 32


def commitment(seed: bytes) -> str:
    """The public promise made at match start: hex SHA-256 of the seed."""
    return hashlib.sha256(seed).hexdigest()


def draw(seed: bytes, index: int, size: int) -> int:
    """Draw number ``index`` of this seed, as a number in ``range(size)``."""
    if size < 1:
        raise ValueError(f"size must be at least 1, got {size}")
    if index < 0:
        raise ValueError(f"index must be non-negative, got {index}")
    digest = hmac.new(seed, index.to_bytes(8, "big"), hashlib.sha256).digest()
    return int.from_bytes(digest, "big") % size


def draws(seed: bytes, first_index: int, sizes: tuple[int, ...]) -> tuple[int, ...]:
    """Consecutive draws starting at ``first_index``, one per size."""
    return tuple(draw(seed, first_index + k, size) for k, size in enumerate(sizes))
