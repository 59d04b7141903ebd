"""The battle board of one Axis & Allies battle: ``render_battle_board(board) -> PNG bytes``.

Drawn after the rulebook's battle board ("gevechtsbord"): each side's units stand in columns of
their combat value (attack figures for the attacker, defence figures for the defender; a unit in
column 3 hits on a 3 or less). Under the units, one row per roll: the round, what rolled (the
support shot, the submarines' strike, the attack, the defence) and each die in the column of the
unit that threw it, a hit edged in red with a red mark, a miss grey. On the right of each round,
what the side lost in it. The header names the place, the round and, once over, the result.

AA fire, a strategic bombing raid and a rocket (``board.kind``) are drawn on the same board, once
over: the header names the place and the kind of fight and ends with the result (aircraft shot
down, or the IPCs of damage); the AA gun's dice stand in column 1 with their hits marked as a
battle's. Damage dice (a raid's bombers, a rocket) are no hits nor misses: they are edged in gold,
flow across the columns with their sum after them, and the damage (at most the victim's IPCs)
stands on the right. Each side's losses stand on the right of its units.

1200 px wide; as tall as the rounds need. Words come from the labels (``picture_battle_*``,
``power_*``), so a picture without labels carries only symbols and numbers. Sprites (chips, dice,
roundels) are the map's (``render.axis_allies``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engines.axis_allies.view import DAMAGE_ROLLS, BattleBoardView, BattleLossView, BattleRollView, BattleUnitView
from render.axis_allies import (
    BATTLE,
    CHIP_GAP,
    CHIP_H,
    PANEL_BOX,
    PANEL_LINE,
    TRAY,
    chip_sprite,
    chip_width,
    die_sprite,
    power_style,
    roundel_sprite,
    swords_sprite,
)
from render.common import (
    FRAME,
    FRAME_TEXT,
    FRAME_TEXT_DIM,
    GOLD,
    RGB,
    WHITE,
    BoardLabels,
    blend,
    bold_font,
    draw_text,
    encode_png,
    fit_text,
    font,
    text_width,
)

WIDTH = 1200
MARGIN = 12
HEADER = 64
LABEL_W = 150
"""The left column: which round and what rolled."""
LOST_W = 230
"""The right column: what the side lost in the round."""
DIE = 22
DIE_STEP = 26
SIDE_HEAD = 36
ROW_PAD = 8
MISS_EDGE = blend(FRAME, WHITE, 0.45)
DAMAGE_EDGE = GOLD
"""The edge of a damage die: its face counts as IPCs, neither hit (red) nor miss (grey)."""
SUM_W = 44
"""Room kept after a line of damage dice for their sum."""
RESULTS = ("attacker_won", "defender_held", "both_destroyed", "attacker_retreated")
FIGHTS = ("aa", "bombing", "rocket")
"""The kinds of fight other than a battle that get a board."""


@dataclass(frozen=True, slots=True)
class _Row:
    round: int
    roll: BattleRollView | None
    """``None``: the units row."""
    height: float


def _columns(board: BattleBoardView) -> tuple[int, ...]:
    """The combat values shown: 1-4 always (the rulebook's board), 0 and 5 when something stands
    or rolls there (an attacking transport; a jet fighter's defence)."""
    values = {1, 2, 3, 4}
    values |= {u.value for u in (*board.attackers, *board.defenders)}
    values |= {d.value for r in board.rolls for d in r.dice if d.value is not None}
    return tuple(sorted(values))


class _Board:
    def __init__(self, board: BattleBoardView, labels: BoardLabels) -> None:
        self.board = board
        self.labels = labels
        self.fight = board.kind != "battle"
        self.columns = _columns(board)
        self.col_w = (WIDTH - 2 * MARGIN - LABEL_W - LOST_W) / len(self.columns)
        self.sides = (("attacker", board.attackers, board.attacker), ("defender", board.defenders, board.defender))
        self.rows = {side: self._rows(side, units) for side, units, _ in self.sides}
        self.height = round(HEADER + sum(SIDE_HEAD + sum(r.height for r in rows) + 12 for rows in self.rows.values())
                            + 2 * MARGIN)

    # ----------------------------------------------------------------- layout

    def _col_x(self, value: int) -> float:
        return MARGIN + LABEL_W + self.columns.index(value) * self.col_w

    def _unit_lines(self, units: Sequence[BattleUnitView], value: int) -> list[list[BattleUnitView]]:
        """The column's units flowed into lines of chips (each with its losses after it)."""
        lines: list[list[BattleUnitView]] = []
        used = 0.0
        for u in units:
            if u.value != value:
                continue
            w = self._unit_width(u)
            if lines and used + 6 + w <= self.col_w - 12:
                lines[-1].append(u)
                used += 6 + w
            else:
                lines.append([u])
                used = w
        return lines

    @staticmethod
    def _unit_width(u: BattleUnitView) -> float:
        w = chip_width(u.kind, u.count)
        return w + (4 + text_width(f"-{u.lost}", bold_font(12)) if u.lost else 0)

    def _dice_per_line(self) -> int:
        return max(1, int((self.col_w - 12) // DIE_STEP))

    def _damage_per_line(self) -> int:
        """Damage dice flow across all the columns, leaving room for their sum."""
        return max(1, int((len(self.columns) * self.col_w - 12 - SUM_W) // DIE_STEP))

    def _side_losses(self, side: str) -> list[BattleLossView]:
        return [loss for loss in self.board.losses if loss.side == side]

    def _rows(self, side: str, units: Sequence[BattleUnitView]) -> list[_Row]:
        lines = max([len(self._unit_lines(units, v)) for v in self.columns] + [1])
        if self.fight:
            lines = max(lines, len(self._loss_lines(self._side_losses(side))))
        rows = [_Row(0, None, lines * (CHIP_H + 4) + 2 * ROW_PAD)]
        for roll in self.board.rolls:
            if roll.side != side:
                continue
            if self.fight and roll.kind in DAMAGE_ROLLS:
                dice_lines = max(1, math.ceil(len(roll.dice) / self._damage_per_line()))
                rows.append(_Row(roll.round, roll, max(dice_lines * DIE_STEP, 36) + ROW_PAD))
                continue
            per_col = [sum(1 for d in roll.dice if (d.value if d.value is not None else self.columns[0]) == v)
                       for v in self.columns]
            dice_lines = max(math.ceil(n / self._dice_per_line()) for n in per_col) if roll.dice else 1
            losses = self._losses(side, roll.round) if self._last_roll_of_round(side, roll) else []
            loss_lines = len(self._loss_lines(losses))
            height = max(dice_lines * DIE_STEP, loss_lines * (CHIP_H + 4), 36) + ROW_PAD
            rows.append(_Row(roll.round, roll, height))
        return rows

    def _last_roll_of_round(self, side: str, roll: BattleRollView) -> bool:
        same = [r for r in self.board.rolls if r.side == side and r.round == roll.round]
        return same[-1] is roll

    def _losses(self, side: str, round_: int) -> list[BattleLossView]:
        return [loss for loss in self.board.losses if loss.side == side and loss.round == round_]

    def _loss_lines(self, losses: Sequence[BattleLossView]) -> list[list[BattleLossView]]:
        lines: list[list[BattleLossView]] = []
        used = 0.0
        for loss in losses:
            w = chip_width(loss.kind, loss.count)
            if lines and used + CHIP_GAP + 1 + w <= LOST_W - 24:
                lines[-1].append(loss)
                used += CHIP_GAP + 1 + w
            else:
                lines.append([loss])
                used = w
        return lines

    # ----------------------------------------------------------------- drawing

    def render(self) -> Image.Image:
        self.image = Image.new("RGB", (WIDTH, self.height), FRAME)
        self.draw = ImageDraw.Draw(self.image)
        if self.fight:
            self._fight_header()
        else:
            self._header()
        y: float = MARGIN + HEADER
        for side, units, power in self.sides:
            y = self._side(side, units, power, y) + 12
        return self.image

    def _word(self, name: str, default: str = "") -> str:
        return self.labels.word(name) or default

    def _power_name(self, power: str) -> str:
        return self._word(f"power_{power}", power)

    def _header_frame(self) -> tuple[float, float]:
        """The header's box, the crossed swords and the place's name; returns the box's middle
        line and where the name ends."""
        x0, y0, x1 = MARGIN, MARGIN, WIDTH - MARGIN
        self.draw.rounded_rectangle((x0, y0, x1 - 1, y0 + HEADER - 10), radius=9, fill=PANEL_BOX, outline=BATTLE,
                                    width=2)
        mid = y0 + (HEADER - 10) / 2
        self.image.paste(*_centred(swords_sprite(28, BATTLE), (x0 + 26, mid)))
        title_font = bold_font(24)
        title = fit_text(self.board.name, title_font, 420)
        draw_text(self.draw, (x0 + 48, mid), title, title_font, WHITE, anchor="lm")
        return mid, x0 + 60 + text_width(title, title_font)

    def _header_result(self, text: str, winner: str | None, colour: RGB, mid: float) -> float:
        """The result at the header's right end (and the roundel of the side it favours); returns
        where the room left of it ends."""
        right: float = WIDTH - MARGIN - 16
        if text:
            text = fit_text(text, bold_font(18), 380)
            draw_text(self.draw, (right, mid), text, bold_font(18), colour, anchor="rm")
            right -= text_width(text, bold_font(18)) + 20
        if winner:
            self.image.paste(*_centred(roundel_sprite(winner, 26), (right - 6, mid)))
            right -= 32
        return right

    def _header(self) -> None:
        board, draw = self.board, self.draw
        x1 = WIDTH - MARGIN
        mid, x = self._header_frame()
        round_word = self._word("battle_round")
        draw_text(draw, (x, mid + 1), f"{round_word} {board.round}".strip() if round_word else f"#{board.round}",
                  font(17), FRAME_TEXT_DIM, anchor="lm")
        if board.result:
            text = self._word(f"battle_{board.result}")
            winner = {"attacker_won": board.attacker, "defender_held": board.defender}.get(board.result)
            self._header_result(text, winner, GOLD if winner else FRAME_TEXT, mid)
        elif board.waiting:
            text = self._word(f"battle_waiting_{board.waiting}")
            if text:
                draw_text(draw, (x1 - 16, mid), fit_text(text, font(16), 380), font(16), FRAME_TEXT, anchor="rm")

    def _side(self, side: str, units: Sequence[BattleUnitView], power: str, top: float) -> float:
        draw = self.draw
        rows = self.rows[side]
        bottom = top + SIDE_HEAD + sum(r.height for r in rows)
        draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN - 1, bottom - 1), radius=9, fill=PANEL_BOX,
                               outline=power_style(power).land, width=2)
        mid = top + SIDE_HEAD / 2
        self.image.paste(*_centred(roundel_sprite(power, 22), (MARGIN + 20, mid)))
        name = fit_text(self._power_name(power), bold_font(15), LABEL_W - 40)
        draw_text(draw, (MARGIN + 36, mid), name, bold_font(15), WHITE, anchor="lm")
        role = self._word(f"battle_{side}")
        if role:  # the role goes in the units row's label cell
            draw_text(draw, (MARGIN + 14, top + SIDE_HEAD + ROW_PAD + CHIP_H / 2),
                      fit_text(role, font(13), LABEL_W - 20), font(13), FRAME_TEXT_DIM, anchor="lm")
        for value in self.columns:
            cx = self._col_x(value) + self.col_w / 2
            draw_text(draw, (cx, mid), str(value) if value else "–", bold_font(20), GOLD if value else FRAME_TEXT_DIM)
        lost_word = self._word("battle_fight_lost" if self.fight else "battle_lost")
        if lost_word:
            draw_text(draw, (WIDTH - MARGIN - LOST_W + 12, mid), fit_text(lost_word, font(14), LOST_W - 20), font(14),
                      FRAME_TEXT_DIM, anchor="lm")
        y = top + SIDE_HEAD
        for value in self.columns[1:]:
            x = self._col_x(value)
            draw.line([(x, top + 6), (x, bottom - 6)], fill=PANEL_LINE, width=1)
        draw.line([(self._col_x(self.columns[0]), top + 6), (self._col_x(self.columns[0]), bottom - 6)],
                  fill=PANEL_LINE, width=1)
        draw.line([(WIDTH - MARGIN - LOST_W, top + 6), (WIDTH - MARGIN - LOST_W, bottom - 6)], fill=PANEL_LINE,
                  width=1)
        for row in rows:
            draw.line([(MARGIN + 8, y), (WIDTH - MARGIN - 8, y)], fill=PANEL_LINE, width=1)
            if row.roll is None:
                self._units_row(units, y)
                if self.fight:
                    self._fight_units_extras(side, units, y)
            elif self.fight:
                self._fight_roll_row(row, y)
            else:
                self._roll_row(side, row, y)
            y += row.height
        return bottom

    def _units_row(self, units: Sequence[BattleUnitView], top: float) -> None:
        for value in self.columns:
            y = top + ROW_PAD
            for line in self._unit_lines(units, value):
                x = self._col_x(value) + 8
                for u in line:
                    chip = chip_sprite(u.power, u.kind, u.count)
                    self.draw.rounded_rectangle((x - 2, y - 2, x + chip.width + 1, y + CHIP_H + 1), radius=4, fill=TRAY)
                    self.image.paste(chip, (round(x), round(y)), chip)
                    x += chip.width
                    if u.lost:
                        draw_text(self.draw, (x + 4, y + CHIP_H / 2), f"-{u.lost}", bold_font(12), BATTLE, anchor="lm")
                        x += 4 + text_width(f"-{u.lost}", bold_font(12))
                    x += 6
                y += CHIP_H + 4

    def _roll_row(self, side: str, row: _Row, top: float) -> None:
        roll = row.roll
        assert roll is not None
        draw = self.draw
        label = self._word("battle_round")
        draw_text(draw, (MARGIN + 14, top + 12), f"{label} {roll.round}".strip() if label else f"#{roll.round}",
                  bold_font(14), WHITE, anchor="lm")
        kind = self._word(f"battle_roll_{roll.kind}")
        if kind:
            draw_text(draw, (MARGIN + 14, top + 29), fit_text(kind, font(12), LABEL_W - 20), font(12), FRAME_TEXT_DIM,
                      anchor="lm")
        self._column_dice(roll, top)
        if self._last_roll_of_round(side, roll):
            self._loss_chips(self._losses(side, roll.round), top + ROW_PAD / 2 + CHIP_H / 2 + 4)

    def _column_dice(self, roll: BattleRollView, top: float) -> None:
        """Each die in the column of the unit that threw it; a hit edged and underlined in red."""
        draw = self.draw
        per_line = self._dice_per_line()
        placed = {v: 0 for v in self.columns}
        for die in roll.dice:
            value = die.value if die.value is not None else self.columns[0]
            n = placed[value]
            placed[value] += 1
            cx = self._col_x(value) + 8 + DIE / 2 + (n % per_line) * DIE_STEP
            cy = top + ROW_PAD / 2 + DIE / 2 + 2 + (n // per_line) * DIE_STEP
            edge = BATTLE if die.hit else MISS_EDGE
            self.image.paste(*_centred(die_sprite(die.face, DIE, edge), (cx, cy)))
            if die.hit:
                draw.line([(cx - DIE / 2 + 3, cy + DIE / 2 + 1), (cx + DIE / 2 - 3, cy + DIE / 2 + 1)], fill=BATTLE,
                          width=2)

    def _loss_chips(self, losses: Sequence[BattleLossView], y: float) -> None:
        """The losses in the right column, lines of chips on a red tray; ``y`` is the first line's middle."""
        for line in self._loss_lines(losses):
            x = WIDTH - MARGIN - LOST_W + 12
            for loss in line:
                chip = chip_sprite(loss.power, loss.kind, loss.count)
                self.draw.rounded_rectangle((x - 2, y - CHIP_H / 2 - 2, x + chip.width + 1, y + CHIP_H / 2 + 1),
                                            radius=4, fill=blend(TRAY, BATTLE, 0.35))
                self.image.paste(chip, (round(x), round(y - CHIP_H / 2)), chip)
                x += chip.width + CHIP_GAP + 1
            y += CHIP_H + 4

    # ----------------------------------------------------------------- AA fire, raids, rockets

    def _fight_result(self) -> tuple[str, str | None]:
        """The header's result: aircraft shot down (AA fire) or the IPCs of damage, and the power
        it went to (``None``: nothing hit or damaged)."""
        board = self.board
        if board.kind == "aa":
            downed = sum(loss.count for loss in board.losses)
            word = self._word("battle_shot_down" if downed else "battle_no_hits")
            text = (f"{downed} {word}" if downed else word) if word else ""
            return text, board.defender if downed else None
        return f"{board.damage} {self._word('battle_damage')}".strip(), board.attacker if board.damage else None

    def _fight_header(self) -> None:
        board, draw = self.board, self.draw
        mid, x = self._header_frame()
        text, winner = self._fight_result()
        right = self._header_result(text, winner, GOLD if winner else FRAME_TEXT, mid)
        kind = self._word(f"battle_kind_{board.kind}")
        if kind and right - x > 40:
            draw_text(draw, (x, mid + 1), fit_text(kind, font(17), right - x - 16), font(17), FRAME_TEXT_DIM,
                      anchor="lm")

    def _fight_units_extras(self, side: str, units: Sequence[BattleUnitView], top: float) -> None:
        """Beside the units: the side's losses on the right and, for a rocket, where it flew from."""
        self._loss_chips(self._side_losses(side), top + ROW_PAD + CHIP_H / 2)
        if side != "attacker" or not self.board.launcher:
            return
        value = self.columns[0]
        lines = self._unit_lines(units, value)
        x = self._col_x(value) + 8 + (sum(self._unit_width(u) + 6 for u in lines[0]) if lines else 0)
        room = self._col_x(value) + self.col_w - 8 - x
        if room > 24:
            draw_text(self.draw, (x, top + ROW_PAD + CHIP_H / 2), fit_text(self.board.launcher, font(13), room), font(13),
                      FRAME_TEXT, anchor="lm")

    def _fight_roll_row(self, row: _Row, top: float) -> None:
        roll = row.roll
        assert roll is not None
        draw = self.draw
        damage = roll.kind in DAMAGE_ROLLS
        label = self._word(f"battle_roll_{roll.kind}")
        if label:
            draw_text(draw, (MARGIN + 14, top + 12), fit_text(label, bold_font(14), LABEL_W - 20), bold_font(14), WHITE,
                      anchor="lm")
        note = self._word("battle_note_damage" if damage else f"battle_note_{roll.kind}")
        if note:
            draw_text(draw, (MARGIN + 14, top + 29), fit_text(note, font(12), LABEL_W - 20), font(12), FRAME_TEXT_DIM,
                      anchor="lm")
        if not damage:
            self._column_dice(roll, top)
            return
        per_line = self._damage_per_line()
        left = self._col_x(self.columns[0]) + 8
        for n, die in enumerate(roll.dice):
            cx = left + DIE / 2 + (n % per_line) * DIE_STEP
            cy = top + ROW_PAD / 2 + DIE / 2 + 2 + (n // per_line) * DIE_STEP
            self.image.paste(*_centred(die_sprite(die.face, DIE, DAMAGE_EDGE), (cx, cy)))
        if roll.dice:
            n = len(roll.dice) - 1
            x = left + (n % per_line + 1) * DIE_STEP + 4
            y = top + ROW_PAD / 2 + DIE / 2 + 2 + (n // per_line) * DIE_STEP
            draw_text(draw, (x, y), f"= {sum(d.face for d in roll.dice)}", bold_font(16), GOLD, anchor="lm")
        x = WIDTH - MARGIN - LOST_W + 12
        result = f"{self.board.damage} {self._word('battle_damage')}".strip()
        draw_text(draw, (x, top + 12), fit_text(result, bold_font(16), LOST_W - 24), bold_font(16), GOLD, anchor="lm")
        if sum(d.face for d in roll.dice) > self.board.damage:
            capped = self._word("battle_damage_capped")
            if capped:
                draw_text(draw, (x, top + 29), fit_text(capped, font(12), LOST_W - 24), font(12), FRAME_TEXT_DIM,
                          anchor="lm")


def _centred(sprite: Image.Image, centre: tuple[float, float]) -> tuple[Image.Image, tuple[int, int], Image.Image]:
    """Arguments for ``Image.paste`` that put ``sprite`` (with its alpha) centred on ``centre``."""
    x, y = centre
    return sprite, (round(x - sprite.width / 2), round(y - sprite.height / 2)), sprite


def render_battle_image(board: BattleBoardView, *, labels: BoardLabels | None = None) -> Image.Image:
    return _Board(board, labels or BoardLabels()).render()


def render_battle_board(board: BattleBoardView, *, labels: BoardLabels | None = None) -> bytes:
    """The battle board as PNG bytes (1200 px wide, 256-colour palette)."""
    return encode_png(render_battle_image(board, labels=labels), palette=True)


__all__ = ["FIGHTS", "RESULTS", "WIDTH", "render_battle_board", "render_battle_image"]
