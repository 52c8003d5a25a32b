"""A new section is one module and one row: with one row added to TOPICS (tests/support/extra_section.py, loaded as a
pytest plugin before any test module), every test generated from TOPICS - per section or per topic - collects the new
section too. No test keeps a list of sections by hand that a new row would miss."""
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

from pages import TOPICS, sections, url_path

ROOT = Path(__file__).resolve().parents[1]
EXTRA_ADDRESS, EXTRA_MODULE = "extra-topic", "tests/support/extra_section_page.py"


def _names(params, address, module):
    """The parameter ids that name a section by its file or its address (the address as a whole word of the id)."""
    word = re.compile(rf"(^|[\[/]){re.escape(address)}($|[-\]])")
    return [p for p in params if module in p or word.search(p)]


def _collected_with_the_extra_row():
    run = subprocess.run([sys.executable, "-m", "pytest", "tests", "--collect-only", "-q", "-n", "0",
                          "-p", "tests.support.extra_section", "-p", "no:cacheprovider"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    params = defaultdict(list)   # test function -> the ids of its parametrised cases
    for node in run.stdout.splitlines():
        if "::" in node and "[" in node:
            function, _, rest = node.partition("[")
            params[function].append(rest[:-1])
    return params


def test_a_row_added_to_topics_is_collected_by_every_test_generated_from_it():
    params = _collected_with_the_extra_row()
    per_section = [f for f, ps in params.items()
                   if all(_names(ps, url_path(t, s), s.module) for t, s in sections())]
    per_topic = [f for f, ps in params.items() if all(t.slug in ps for t in TOPICS)]
    # the suite's generated tests: the first screens, the phones, degenerate data, payloads, bounded work, every
    # widget, the code shown, and one keyboard walk per topic
    assert len(per_section) >= 10 and per_topic, (per_section, per_topic)
    missed = [f for f in per_section if not _names(params[f], EXTRA_ADDRESS, EXTRA_MODULE)]
    missed += [f for f in per_topic if EXTRA_ADDRESS not in params[f]]
    assert missed == [], f"generated from TOPICS but blind to a new row: {missed}"


def test_every_row_says_what_it_needs_of_the_shared_data():
    assert {s.data for _, s in sections()} <= {"classes", "points", "own"}
