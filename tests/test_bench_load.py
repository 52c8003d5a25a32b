"""bench.load counts the elements and bytes of every timed rerun, and pools the one-student reference runs."""
from bench.load import pooled, run_load, summary
from bench.serve import TRIVIAL_APP, serve
from bench.student import run_async


def test_a_student_records_elements_and_bytes_per_rerun():
    with serve(TRIVIAL_APP) as server:
        one = run_async(run_load(server.url, "", 1, 2.0))
        two = run_async(run_load(server.url, "", 2, 2.0, seed=1))
    assert one.errors == [] and two.errors == []
    assert len(one.deltas) == len(one.sizes) == len(one.latencies) > 0
    assert set(one.deltas) == {2}  # the slider and the chart
    s = summary(one)
    assert s["elements"] == 2 and 1 < s["kib"] < 100
    both = pooled(one, two)
    assert len(both.latencies) == len(one.latencies) + len(two.latencies) and both.sizes == one.sizes + two.sizes
