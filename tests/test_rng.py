from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hertta.rng import SplitMix64, derive_seed, mix64


def test_splitmix64_reference_values() -> None:
    # Reference outputs of SplitMix64 seeded with 1234567 (Vigna's splitmix64.c).
    rng = SplitMix64(1234567)
    assert [rng.next_u64() for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]


def test_mix64_is_a_fixed_function() -> None:
    assert mix64(0) == 0
    assert mix64(1) == 0x5692161D100B05E5


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=1000))
def test_below_in_range(seed: int, n: int) -> None:
    rng = SplitMix64(seed)
    assert all(0 <= rng.below(n) < n for _ in range(20))


def test_below_is_roughly_uniform() -> None:
    rng = SplitMix64(42)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_000 < c < 11_000 for c in counts.values())


def test_below_rejects_bad_bounds() -> None:
    with pytest.raises(ValueError):
        SplitMix64(1).below(0)


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_shuffle_is_a_permutation_and_reproducible(seed: int) -> None:
    items = list(range(52))
    first = SplitMix64(seed).shuffle(items)
    assert sorted(first) == items
    assert SplitMix64(seed).shuffle(items) == first


def test_derive_seed_depends_on_every_part_and_order() -> None:
    assert derive_seed(1, 2) != derive_seed(2, 1)
    assert derive_seed(1, 2) != derive_seed(1, 3)
    assert derive_seed(1, 2) == derive_seed(1, 2)


def test_fork_gives_independent_reproducible_streams() -> None:
    a = SplitMix64(7).fork(1)
    b = SplitMix64(7).fork(2)
    assert a.next_u64() != b.next_u64()
    assert SplitMix64(7).fork(1).next_u64() == SplitMix64(7).fork(1).next_u64()


def test_random_float_range() -> None:
    rng = SplitMix64(3)
    values = [rng.random() for _ in range(1000)]
    assert all(0.0 <= v < 1.0 for v in values)
