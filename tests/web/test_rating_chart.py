"""The rating chart's coordinates: inside the plot, oldest on the left, higher values higher."""

from hertta.web.rating_chart import HEIGHT, LEFT, RIGHT, WIDTH, rating_chart


def test_fewer_than_two_values_draw_nothing() -> None:
    assert rating_chart([]) is None
    assert rating_chart([0.0]) is None


def test_points_span_the_plot_and_follow_the_values() -> None:
    chart = rating_chart([0.0, 2.5, -1.0, 4.0])
    assert chart is not None
    xs = [x for x, _ in chart.dots]
    ys = [y for _, y in chart.dots]
    assert xs[0] == LEFT and xs[-1] == WIDTH - RIGHT and xs == sorted(xs)
    assert ys[3] == chart.high_y and ys[2] == chart.low_y  # the highest value on top
    assert ys[1] < ys[0]
    assert all(0 <= y <= HEIGHT for y in ys)
    assert (chart.low, chart.high) == (-1.0, 4.0)
    assert chart.points == " ".join(f"{x},{y}" for x, y in chart.dots)


def test_a_flat_rating_is_drawn_across_the_middle() -> None:
    chart = rating_chart([3.0, 3.0, 3.0])
    assert chart is not None
    assert {y for _, y in chart.dots} == {(chart.low_y + chart.high_y) / 2}
