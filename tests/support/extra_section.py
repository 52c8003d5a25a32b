"""A pytest plugin (`-p tests.support.extra_section`) that adds one topic with one section to pages.TOPICS before any
test module is imported: the row a contributor would add. tests/test_new_section.py collects the suite with it and
checks that every test generated from TOPICS picks the new section up."""
import dataclasses

import pages

SECTION = pages.Section("only", "A section added by a test", "tests/support/extra_section_page.py",
                        "extra_topic_chart", "classes")
TOPIC = pages.Topic("extra-topic", "A topic added by a test", "Extra", "🧪", "One row added to TOPICS.",
                    (SECTION,))
pages.TOPICS = (*pages.TOPICS, TOPIC)
ADDRESS = pages.url_path(TOPIC, SECTION)
assert dataclasses.is_dataclass(SECTION) and ADDRESS == "extra-topic"
