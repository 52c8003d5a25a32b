"""Chart titles inside their charts, and a chart's words apart from each other: the title over a chart (Plotly's
`.gtitle`) and its axes' titles (`.xtitle`, `.ytitle`, `.x2title`, …), each text's box within the box of the chart's
svg, on every chart drawn in the main area. A long title on a phone ran past the chart's right edge, cut there
(/mercer-approx: "Error of K ≈ ZZᵀ against the number of features (mean …")."""

TOLERANCE = 1   # px: sub-pixel rounding of a text's box

# Each drawn chart of the main area (a nonzero box) and the titles drawn in it that stand (past TOLERANCE px) outside
# the box of its svg: [{chart, box, cut: [{cls, text, left, right, top, bottom}]}], only the charts with a cut title.
CUT_TITLES = """(tol) => [...document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot')].map(gd => {
  const svg = gd.querySelector('.main-svg'), b = svg && svg.getBoundingClientRect();
  if (!b || !b.width || !b.height) return null;
  const holder = gd.closest('[class*="st-key-"]');
  const chart = holder ? [...holder.classList].find(c => c.startsWith('st-key-')).slice(7) : '?';
  const cut = [...gd.querySelectorAll('text')].filter(t => /^(g|[xy]\\d*)title$/.test(t.getAttribute('class') || ''))
    .map(t => { const r = t.getBoundingClientRect();
      return {cls: t.getAttribute('class'), text: t.textContent, left: r.left, right: r.right, top: r.top,
              bottom: r.bottom, width: r.width}; })
    .filter(r => r.width && r.text.trim() && (r.left < b.left - tol || r.right > b.right + tol
                                              || r.top < b.top - tol || r.bottom > b.bottom + tol));
  return cut.length ? {chart, box: {left: b.left, right: b.right, top: b.top, bottom: b.bottom}, cut} : null;
}).filter(Boolean)"""


def cut_titles(page):
    """The charts of the page's main area with a title (chart or axis) outside the chart's box (CUT_TITLES)."""
    return page.evaluate(CUT_TITLES, TOLERANCE)


def assert_titles_inside(page, url):
    """Every drawn chart's title and axis titles on the page lie inside the chart (TOLERANCE px)."""
    cut = cut_titles(page)
    assert not cut, f"/{url}: chart titles cut at the chart's edge: {cut}"


# Each drawn chart of the main area and the pairs of its words that overlap (past TOLERANCE px each way): its
# annotations (names under a matrix, a line's label, a phone's key), its title, its axes' and colour bar's titles.
# Three names side by side under a phone's matrices ran into each other ("random Fourier, DNyström").
OVERLAPPING_TEXTS = """(tol) => [...document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot')].map(gd => {
  const holder = gd.closest('[class*="st-key-"]');
  const chart = holder ? [...holder.classList].find(c => c.startsWith('st-key-')).slice(7) : '?';
  const texts = [...gd.querySelectorAll('.annotation-text, .gtitle, .cbtitle text, text[class$="title"]')]
    .map(t => ({text: t.textContent.trim(), r: t.getBoundingClientRect()}))
    .filter(t => t.text && t.r.width && t.r.height);
  const pairs = [];
  texts.forEach((a, i) => texts.slice(i + 1).forEach(b => {
    const across = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
    const down = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
    if (across > tol && down > tol && a.text !== b.text) pairs.push([a.text.slice(0, 40), b.text.slice(0, 40)]);
  }));
  return pairs.length ? {chart, pairs} : null;
}).filter(Boolean)"""


def assert_texts_apart(page, url):
    """No two words of a drawn chart (its annotations and titles) overlap (OVERLAPPING_TEXTS)."""
    found = page.evaluate(OVERLAPPING_TEXTS, TOLERANCE)
    assert not found, f"/{url}: a chart's words overlap: {found}"
