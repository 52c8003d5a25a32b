"""Keyboard only, on a section (issue 32: "every control reached by Tab from the top shows a visible focus", "focus
rings are strong and high-contrast"): Tab from the section's heading through every control of the main area, and
each one, once focused, draws ui.accessibility's ring (an outline at least 2 px wide, shown, whose outer edge is at
least 8 px in both directions) on itself or on a box around it (a slider's thumb holds its hidden range input), and no
box that clips cuts the ring off. Used by tests/test_browser_sections.py on every section at 1400x900."""

# The focused element: whether it is in the main area or off the screen, and the ring it shows. The ring is the
# outline of the focused element or of one of its eight nearest ancestors that draws one (at least 2 px wide, shown,
# its outer edge at least 8 px in both directions) and that no box clipping its overflow cuts by more than a pixel (a
# slider's range input is clipped to nothing: the ring is on the box that holds it). `cut` names the boxes that cut
# the first ring found when none is whole.
FOCUSED = """async () => { const a = document.activeElement;
  if (!a || a === document.body) return null;
  // a focus style that fades in (a heading's link shows on focus) is measured once its transition is over
  const chain = []; for (let e = a; e && chain.length < 9; e = e.parentElement) chain.push(e);
  const fading = chain.flatMap(e => e.getAnimations()).map(t => t.finished.catch(() => null));
  if (fading.length) await Promise.race([Promise.all(fading), new Promise(done => setTimeout(done, 1000))]);
  const grown = e => { const s = getComputedStyle(e); return parseFloat(s.outlineWidth) + (parseFloat(s.outlineOffset) || 0); };
  const ring = e => { const s = getComputedStyle(e), r = e.getBoundingClientRect(), g = 2 * grown(e);
    return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 && s.opacity !== '0' &&
           s.visibility !== 'hidden' && r.width + g >= 8 && r.height + g >= 8; };
  const cuts = e => { const g = grown(e), r = e.getBoundingClientRect(), out = [];
    for (let p = e.parentElement; p && p !== document.documentElement; p = p.parentElement) {
      const o = getComputedStyle(p); if (o.overflowX === 'visible' && o.overflowY === 'visible') continue;
      const c = p.getBoundingClientRect();
      const cut = Math.max(c.left - (r.left - g), (r.right + g) - c.right, c.top - (r.top - g), (r.bottom + g) - c.bottom);
      if (cut > 1) out.push((p.getAttribute('data-testid') || p.tagName) + ' by ' + Math.round(cut) + ' px'); }
    return out; };
  const key = a.closest('[class*="st-key-"]'), r = a.getBoundingClientRect();
  const name = a.tagName + ' ' + (a.getAttribute('aria-label') || a.innerText || '').slice(0, 30).trim() +
               (key ? ' .' + [...key.classList].find(c => c.startsWith('st-key-')) : '');
  let first = null, whole = false;
  for (let e = a, i = 0; e && i < 9 && !whole; e = e.parentElement, i++) {
    if (!ring(e)) continue;
    const c = cuts(e); first = first || c; whole = c.length === 0; }
  // off: the element with a ring's width around it is not wholly on the screen (the screen's edge is no cut)
  return {main: !!a.closest('[data-testid="stMain"]'), off: r.top < 6 || r.bottom > window.innerHeight - 6, name,
          ringed: first !== null, whole, cut: first || []}; }"""
MAX_STOPS = 80   # Tab presses: more than any section's main area holds


def assert_every_tab_stop_shows_focus(page, url):
    """Tab from the heading until focus leaves the main area (or comes back to its first stop); every stop in it
    shows a whole ring (FOCUSED). At least one stop: a section has controls."""
    page.locator("[data-testid='stMain'] h1, [data-testid='stMain'] h4").first.click()
    seen, unseen = [], []
    for _ in range(MAX_STOPS):
        page.keyboard.press("Tab")
        stop = page.evaluate(FOCUSED)
        if stop is None:
            continue
        if not stop["main"] or (seen and stop["name"] == seen[0]):
            if seen:   # out of the main area, or round it again
                break
            continue
        seen.append(stop["name"])
        if stop["off"]:   # Tab left it (or its ring) only partly on the screen: centre it, as a student would scroll
            page.evaluate("() => document.activeElement.scrollIntoView({block: 'center'})")
            stop = page.evaluate(FOCUSED)
        if not stop["whole"]:
            unseen.append(f"{stop['name']} ({'cut: ' + ', '.join(stop['cut']) if stop['ringed'] else 'no ring'})")
    assert seen, f"/{url}: Tab reached no control of the main area"
    assert unseen == [], f"/{url}: {len(unseen)} of {len(seen)} Tab stops show no focus ring: {unseen}"
