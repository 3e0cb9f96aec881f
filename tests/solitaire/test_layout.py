from hertta.solitaire.layout import COORDINATES, COVERING, POINT, POSITIONS, ROW_XS, is_free


def test_rows_have_the_heart_shape() -> None:
    assert [len(xs) for xs in ROW_XS] == [4, 6, 5, 4, 3, 2, 1]
    assert len(POSITIONS) == 25


def test_numbering_row_by_row() -> None:
    rows = [COORDINATES[p][0] for p in POSITIONS]
    assert rows == sorted(rows)
    assert [p for p in POSITIONS if COORDINATES[p][0] == 2] == [5, 6, 7, 8, 9, 10]
    assert COORDINATES[25] == (7, 0)


def test_covering_follows_the_geometry() -> None:
    for p in POSITIONS:
        row, x = COORDINATES[p]
        for q in COVERING[p]:
            qrow, qx = COORDINATES[q]
            assert qrow == row + 1 and abs(qx - x) == 1


def test_known_coverings() -> None:
    assert COVERING[1] == (5, 6)
    assert COVERING[5] == (11,)  # an edge card has one card below it
    assert COVERING[10] == (15,)
    assert COVERING[23] == (25,) and COVERING[24] == (25,)
    assert COVERING[POINT] == ()


def test_only_the_point_is_free_at_the_start() -> None:
    full = (1 << 25) - 1
    assert [p for p in POSITIONS if is_free(p, full)] == [POINT]


def test_removing_the_point_frees_23_and_24() -> None:
    mask = ((1 << 25) - 1) & ~(1 << 24)
    assert [p for p in POSITIONS if is_free(p, mask)] == [23, 24]
