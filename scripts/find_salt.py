"""Find format 1's salt: the smallest salt for which HH1-N-AAAAAAM is the deal the rules describe.

The rules text (seed 000 and shared/RULES.md) describes deal HH1-N-AAAAAAM (number 12):
10♥ at position 1 (d[0]), the point is a 4♥ (d[24]), the waste card is an A♥ (d[51]), the first
eight stock cards hold no 4 and the ninth (d[33]) is a 4♥, so nine flips then pairing that 4♥
with the point is move 10; and the game can still be won after that.

Run: .venv/bin/python scripts/find_salt.py [--start 0]
"""

from __future__ import annotations

import argparse

from hertta.cards import Rank
from hertta.solitaire.deal_codes import deck_for_number, parse_deal_code
from hertta.solitaire.game import Move, apply_move, deal_position
from hertta.solitaire.solver import is_winnable

NUMBER = parse_deal_code("HH1-N-AAAAAAM")


def fits(salt: int) -> bool:
    d = deck_for_number(NUMBER, salt)
    if not (d[0].rank is Rank.TEN and d[24].rank is Rank.FOUR and d[51].rank is Rank.ACE):
        return False
    if d[33].rank is not Rank.FOUR or any(c.rank is Rank.FOUR for c in d[25:33]):
        return False
    position = deal_position(d)
    for _ in range(9):
        position = apply_move(position, Move.flip())
    position = apply_move(position, Move.pair(25, 0))
    return is_winnable(position)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--start", type=int, default=0)
    args = parser.parse_args()
    salt = args.start
    while not fits(salt):
        salt += 1
    print(salt)


if __name__ == "__main__":
    main()
