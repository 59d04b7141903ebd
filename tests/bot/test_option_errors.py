"""An engine's check of several options together that raises no catalog code is still answered in
our words, its English reason quoted once (``core.options_conflict``), never as a pydantic dump."""

from __future__ import annotations

from pydantic import BaseModel, ValidationError, model_validator

from bot.i18n import catalog
from bot.services.option_errors import option_problems


class Pair(BaseModel):
    low: int = 0
    high: int = 1

    @model_validator(mode="after")
    def _ordered(self) -> Pair:
        if self.low >= self.high:
            raise ValueError("low must stay below high")
        return self


def test_a_check_without_a_code_is_introduced_in_our_words() -> None:
    try:
        Pair(low=3, high=2)
    except ValidationError as error:
        lines = option_problems("battle_island", Pair, error)
    else:  # pragma: no cover - the model must refuse
        raise AssertionError("Pair accepted low >= high")
    english, dutch = (catalog().render(lines[0], language) for language in ("en", "nl"))
    assert "low must stay below high" in english and "Value error" not in english
    assert "Slag om het Eiland" in dutch and "low must stay below high" in dutch and dutch != english
