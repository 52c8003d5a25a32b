"""A browser page's health: no exception or broken formula shown, nothing requested outside this machine (the `page`
fixture of tests/conftest.py records the requests), and no serious axe-core violation."""


def assert_healthy(page):
    exceptions = page.locator("[data-testid='stException']")
    assert exceptions.count() == 0, exceptions.first.inner_text()
    # a formula KaTeX could not read: its source in KaTeX's error colour (#cc0000; the app colours no formula so),
    # an undefined command such as "\qquadf" (a string joined without a space) included
    broken = page.evaluate("""() => [...document.querySelectorAll('.katex-error, .katex [style*="color: rgb(204, 0, 0)"]')]
      .map(e => { const k = e.closest('.katex'), tex = k && k.querySelector('annotation');
                  return (tex ? tex.textContent : e.textContent).slice(0, 120); })""")
    assert broken == [], f"formula errors: {broken}"
    assert page.outside_requests == [], f"requests left the machine: {page.outside_requests[:5]}"


def assert_accessible(page, url):
    """axe-core (bench.a11y) finds no serious or critical WCAG A / AA violation on the page, once
    ui/accessibility.js has fitted its formulas and described its charts."""
    from bench.a11y import A11Y_READY, scan

    page.wait_for_function(A11Y_READY, timeout=30000)
    found = scan(page)
    assert found == [], f"/{url}: " + "; ".join(f"{rule} ({impact}) x{n}, e.g. {t}" for rule, impact, n, t in found)

