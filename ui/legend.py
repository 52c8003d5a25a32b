"""One legend for two pictures side by side (Compare A / B): a row of small swatches drawn like the charts' own lines
and markers, above both charts. A Plotly legend belongs to one chart and takes that chart's room, so A shrank under
its legend while B kept its size; with this row both charts keep the same size and the key is said once."""
import html

SWATCH = ('<svg width="26" height="16" viewBox="0 0 26 16" aria-hidden="true" '
          'style="vertical-align:middle;margin-right:0.3em;flex:none;width:{width}">{}</svg>')
ROW = ('<div class="ks-legend" style="display:flex;flex-wrap:wrap;align-items:center;gap:0.1rem {gap};'
       'justify-content:{justify};font-size:{size};line-height:1.4;color:#222">{cells}</div>')


def line(color, dash=False, width=2.5):
    """A line's swatch (dash: a dashed line)."""
    pattern = ' stroke-dasharray="5 3"' if dash else ""
    return f'<line x1="1" y1="8" x2="25" y2="8" stroke="{color}" stroke-width="{width}"{pattern}/>'


def dot(color, filled=True, r=5):
    """A circle marker's swatch (filled, or a ring)."""
    fill = color if filled else "none"
    return f'<circle cx="13" cy="8" r="{r}" fill="{fill}" stroke="{color}" stroke-width="1.8"/>'


def cross(color):
    """An "x" marker's swatch."""
    return (f'<path d="M9 4 L17 12 M17 4 L9 12" stroke="{color}" stroke-width="2.6" stroke-linecap="round"/>')


def diamond(color):
    """An open diamond's swatch."""
    return f'<polygon points="13,2 19,8 13,14 7,8" fill="none" stroke="{color}" stroke-width="2"/>'


def stems(up, down):
    """Two stems from a zero line, one up in `up`'s colour and one down in `down`'s (coefficients by sign)."""
    return (f'<line x1="2" y1="8" x2="24" y2="8" stroke="#BBBBBB" stroke-width="1"/>'
            f'<line x1="8" y1="8" x2="8" y2="3" stroke="{up}" stroke-width="1.6"/><circle cx="8" cy="3" r="2.6" '
            f'fill="{up}"/><line x1="18" y1="8" x2="18" y2="13" stroke="{down}" stroke-width="1.6"/>'
            f'<circle cx="18" cy="13" r="2.6" fill="{down}"/>')


def band(color):
    """A shaded band's swatch."""
    return f'<rect x="1" y="3" width="24" height="10" fill="{color}"/>'


def subscripts(text):
    """Escaped `text` with its subscripts as <sub>: the letters ᵢ and ⱼ (the app's font has no glyph for them, and the
    fallback's ᵢ reads as a dotless "ı" at a legend's 12 px: "αı") and a name's own <sub> … </sub> (as a Plotly trace
    writes it); no other markup."""
    text = html.escape(text).replace("&lt;sub&gt;", "<sub>").replace("&lt;/sub&gt;", "</sub>")
    return text.replace("ᵢ", "<sub>i</sub>").replace("ⱼ", "<sub>j</sub>")


def legend_html(items, right=False, large=False):
    """The row as HTML (a section draws it with st.markdown): `items` are (swatch, name), a swatch being one or more
    of the shapes above joined. right: pushed to the row's right end (clear of a live sweep's sign above the left
    chart's top right corner). large: the projector's size, 1rem (20 px there, as its tick labels), where the laptop's
    row is 0.75rem, with narrower swatches and gaps so that it keeps one line."""
    cells = "".join(f'<span style="display:inline-flex;align-items:center;white-space:nowrap">'
                    f'{SWATCH.format(swatch, width="20px" if large else "26px")}{subscripts(name)}</span>'
                    for swatch, name in items)
    return ROW.format(justify="flex-end" if right else "flex-start", size="1rem" if large else "0.75rem",
                      gap="0.5rem" if large else "0.7rem", cells=cells)
