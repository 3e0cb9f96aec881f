"""``hertta h2h``: Heart to Heart from the command line."""

from __future__ import annotations

import json
import os

import typer

from hertta.cards import format_cards
from hertta.cli.errors import MAX_SEED
from hertta.rng import SplitMix64
from hertta.solitaire.game import Position, new_game, new_game_code
from hertta.solitaire.layout import COORDINATES, POSITIONS, ROW_XS

app = typer.Typer(help="Heart to Heart solitaire.", no_args_is_help=True)

CELL = 3
"""Characters per half-card unit when drawing the heart."""


def position_json(code: str | None, position: Position) -> dict[str, object]:
    """The public JSON view of a whole position (for the CLI; the web never sends the stock)."""
    return {
        "code": code,
        "heart": [None if c is None else c.notation for c in position.heart],
        "stock": format_cards(position.stock),
        "waste": format_cards(position.waste),
    }


def draw_heart(position: Position) -> str:
    """The heart as text: each card with its position number below, free cards in brackets."""
    lines = []
    min_x = min(min(xs) for xs in ROW_XS)
    for row_index in range(len(ROW_XS)):
        cards_line = [" "] * 40
        numbers_line = [" "] * 40
        for p in POSITIONS:
            row, x = COORDINATES[p]
            if row != row_index + 1:
                continue
            col = (x - min_x) * CELL
            card = position.heart[p - 1]
            label = "·" if card is None else card.display
            text = f"[{label}]" if position.is_free(p) else f" {label} "
            cards_line[col : col + len(text)] = list(text.center(6))
            numbers_line[col : col + 6] = list(str(p).center(6))
        lines.append("".join(cards_line).rstrip())
        lines.append("".join(numbers_line).rstrip())
    top = position.waste_top
    lines.append("")
    lines.append(
        f"stock: {len(position.stock)} cards face down · waste: "
        f"{top.display if top else '-'} ({len(position.waste)} in the pile)"
    )
    return "\n".join(lines)


@app.command()
def show(
    code: str = typer.Argument(..., help="Deal code, e.g. HH1-N-AAAAAAM."),
    as_json: bool = typer.Option(False, "--json", help="Print the deal as JSON."),
) -> None:
    """Draw the deal of CODE as a text heart with position numbers."""
    game = new_game(code)
    if as_json:
        typer.echo(json.dumps(position_json(game.code, game.start)))
        return
    typer.echo(f"{game.code}  (free cards in brackets)\n")
    typer.echo(draw_heart(game.start))


@app.command()
def new(
    seed: int | None = typer.Option(
        None, min=0, max=MAX_SEED, help="Seed for a reproducible pick (default: random)."
    ),
) -> None:
    """Print a fresh deal code whose deal is not dead at the start."""
    value = seed if seed is not None else int.from_bytes(os.urandom(8), "big")
    typer.echo(new_game_code(SplitMix64(value)))
