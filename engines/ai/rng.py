"""A small seeded random generator for the search (engines may not import ``random``).

SplitMix64 (Steele, Lea, Flood 2014): one 64-bit state, good enough statistics for sampling
worlds and rollouts, and the same numbers on every machine for the same seed.

>>> a, b = Rng(1), Rng(1)
>>> [a.randrange(100) for _ in range(4)] == [b.randrange(100) for _ in range(4)]
True
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
MASK = (1 << 64) - 1


class Rng:
    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) / float(1 << 53)

    def randrange(self, size: int) -> int:
        """A number in ``range(size)`` (the bias for sizes far below 2**64 is negligible)."""
        if size < 1:
            raise ValueError("empty range")
        return self.next64() % size if size <= 1 << 32 else int(self.random() * size)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randrange(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """An independent generator drawn from this one."""
        return Rng(self.next64())
