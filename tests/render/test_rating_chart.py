"""The rating-history chart of /profile (render/rating_chart.py): a pure function of its data."""

from __future__ import annotations

import io

from PIL import Image

from render.rating_chart import (
    COLOURS,
    HEIGHT,
    MARGIN_BOTTOM,
    MARGIN_TOP,
    WIDTH,
    ChartSeries,
    RatingChart,
    render_rating_chart,
)

RISING = ChartSeries(name="Militakiri", ratings=(1500, 1600, 1700, 1800), deviations=(100, 90, 80, 70))


def pixels(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.size == (WIDTH, HEIGHT)
    return image.convert("RGB")


def colours_in(data: bytes) -> set[tuple[int, int, int]]:
    return {colour for _, colour in pixels(data).getcolors(WIDTH * HEIGHT)}


def colour_rows(image: Image.Image, colour: tuple[int, int, int], columns: range) -> list[int]:
    """The rows where ``colour`` is drawn, per column in ``columns`` (the topmost such pixel)."""
    found = []
    for x in columns:
        rows = [y for y in range(MARGIN_TOP, HEIGHT - MARGIN_BOTTOM) if image.getpixel((x, y)) == colour]
        if rows:
            found.append(min(rows))
    return found


def test_the_same_chart_gives_the_same_bytes_and_another_chart_other_bytes():
    chart = RatingChart(title="Alice: rating after each rated match", series=(RISING,))
    assert render_rating_chart(chart) == render_rating_chart(chart)
    falling = RISING.model_copy(update={"ratings": tuple(reversed(RISING.ratings))})
    assert render_rating_chart(chart) != render_rating_chart(chart.model_copy(update={"series": (falling,)}))


def test_a_rising_rating_is_drawn_rising_from_left_to_right():
    image = pixels(render_rating_chart(RatingChart(title="t", series=(RISING,))))
    left = colour_rows(image, COLOURS[0], range(60, 120))
    right = colour_rows(image, COLOURS[0], range(WIDTH - 80, WIDTH - 20))
    assert left and right and min(right) < min(left)  # higher rating: nearer the top


def test_each_game_has_its_own_colour_and_a_game_without_history_is_left_out():
    two = RatingChart(title="t", series=(RISING, ChartSeries(name="Heroes", ratings=(1400, 1380), deviations=(300, 280))))
    image = pixels(render_rating_chart(two))
    drawn = {c for _, c in image.getcolors(WIDTH * HEIGHT)}
    assert COLOURS[0] in drawn and COLOURS[1] in drawn
    empty = RatingChart(title="t", series=(RISING, ChartSeries(name="Heroes", ratings=(), deviations=())))
    assert COLOURS[1] not in colours_in(render_rating_chart(empty))


def test_a_single_match_and_no_match_still_draw():
    one = RatingChart(title="Zoë", series=(ChartSeries(name="x", ratings=(1662,), deviations=(290,)),))
    assert COLOURS[0] in colours_in(render_rating_chart(one))
    none = RatingChart(title="nobody", series=())
    assert COLOURS[0] not in colours_in(render_rating_chart(none))


def test_games_interleave_at_their_places_and_no_band_hides_a_line():
    """Militakiri's matches 0 and 2, Heroes' match 1 and 3: each line at its matches' places; the
    second game's wide band lies under the first game's line, not over it."""
    first = ChartSeries(name="Militakiri", ratings=(1600, 1620), deviations=(50, 50), positions=(0, 2))
    second = ChartSeries(name="Heroes", ratings=(1600, 1610), deviations=(300, 300), positions=(1, 3))
    image = pixels(render_rating_chart(RatingChart(title="t", series=(first, second))))
    plot_left, plot_right = 52 + 8, WIDTH - 16 - 8
    at = lambda place: round(plot_left + (plot_right - plot_left) * place / 3)  # noqa: E731
    assert colour_rows(image, COLOURS[0], range(at(0) - 2, at(0) + 3))  # Militakiri's first match
    assert colour_rows(image, COLOURS[0], range(at(2) - 2, at(2) + 3))  # inside the Heroes band, drawn over it
    assert not colour_rows(image, COLOURS[1], range(at(0) - 2, at(0) + 3))  # Heroes has no match there
    assert colour_rows(image, COLOURS[1], range(at(3) - 2, at(3) + 1))
