"""What the live class draws: the students' banner (in the page's flow, above the section: it covers nothing), the
projector's badge (the code, the join link's QR code and the number of students; it folds to a small badge), the
sidebar's class controls and Home's Start / Join panel. The logic is ui.live_class's."""
from urllib.parse import urlsplit

import streamlit as st

from . import live_class as lc
from . import room_join
from .styles import style

SMALL = "class_badge_small"   # the lecturer folded the badge
CSS = """<style>
.st-key-class_banner { background: #eef4ff; border: 1px solid #c9dafc; border-radius: .5rem;
  padding: .2rem .6rem; margin-bottom: .3rem; flex-wrap: wrap; row-gap: .1rem; }
.st-key-class_banner p { margin: 0 !important; font-size: .95rem; }
.st-key-class_banner [data-testid="stMarkdownContainer"], .st-key-class_banner [data-testid="stMarkdown"]
  { margin: 0 !important; }
.st-key-class_banner button { min-height: 1.9rem; padding: .1rem .6rem; }
.st-key-class_badge, .st-key-class_badge_small { position: fixed; right: 1rem; bottom: 1rem; z-index: 999990; width: auto !important;
  background: #fff; border: 2px solid #333; border-radius: .6rem; padding: .6rem .8rem;
  box-shadow: 0 2px 12px rgba(0,0,0,.25); }
.st-key-class_badge .ks-class-code { font: 700 3.2rem/1 monospace; letter-spacing: .18em; text-align: center; }
.st-key-class_badge .ks-qr img { width: 15rem; height: 15rem; display: block; margin: auto; image-rendering: pixelated; }
.st-key-class_badge .ks-join { font-size: .95rem; text-align: center; word-break: break-all; }
.st-key-class_badge .ks-class-count { font-size: 1.1rem; font-weight: 600; }
.st-key-class_badge_small { padding: .3rem .6rem; }
.st-key-class_badge_small .ks-class-code { font: 700 1.4rem/1 monospace; letter-spacing: .1em; }
.st-key-class_badge_small .ks-class-count { font-size: .95rem; }
</style>"""


def base_url():
    """The app's address as students reach it: the page's own, or the address the server announces
    (--browser.serverAddress, the laptop's address on the class network) when the page is open on the laptop itself."""
    url = st.context.url or "http://localhost:8501/"
    parts = urlsplit(url)
    path = "/" + str(st.get_option("server.baseUrlPath") or "").strip("/")
    announced = st.get_option("browser.serverAddress")
    if parts.hostname in ("localhost", "127.0.0.1") and announced not in (None, "", "localhost", "127.0.0.1"):
        port = st.get_option("browser.serverPort") or parts.port
        return f"{parts.scheme}://{announced}:{port}{path.rstrip('/')}/"
    return f"{parts.scheme}://{parts.netloc}{path.rstrip('/')}/"


def join_url(code):
    return f"{base_url()}?{lc.JOIN_PARAM}={code}"


def qr_image(text):
    """The QR code of `text` as an <img> of SVG in a data URI (segno, drawn here: nothing is fetched)."""
    import segno

    uri = segno.make(text, error="m").svg_data_uri(scale=1, border=2, dark="#000", light="#fff")
    return f'<img alt="QR code of the join link" src="{uri}">'


def draw(room, following, notes):
    """The banner or the badge at the top of the page, and the notes of this run."""
    if room or notes:
        style(CSS)   # first, in order (ui.styles): the badge is its folded size from its first frame
    for note in notes or ():
        st.info(note, icon="🏫")
    if not room:
        return
    if room["role"] == "student":
        _banner(room, following)
    else:
        _badge(room)


def _banner(room, following):
    code = room["code"]
    with st.container(key="class_banner", horizontal=True, vertical_alignment="center", gap="small"):
        if following:
            st.markdown(f"🛰️ **Following the lecturer (room {code})**", width="content")
            st.button("Detach (Esc)", key="class_detach", on_click=lc.detach,
                      help="Take over: your changes are your own; Re-join brings back the lecturer's view.")
        else:
            st.markdown(f"✋ **Your own view** — the lecturer's room {code}", width="content")
            st.button("Re-join", key="class_rejoin", on_click=lc.rejoin, type="primary",
                      help="Show the lecturer's current view again (Undo brings your points back).")
        lc.listener(room, following)


def _badge(room):
    code, small = room["code"], st.session_state.get(SMALL, False)
    with st.container(key="class_badge_small" if small else "class_badge"):
        if small:
            with st.container(horizontal=True, vertical_alignment="center", gap="small"):
                st.html(f'<div class="ks-class-code">{code}</div>')
                lc.listener(room, students=_students(code))
                st.button("⤢", key="class_unfold", help="Show the code and the QR code to the class",
                          on_click=_fold, args=(False,))
            return
        st.html(f'<div class="ks-join">Join the class: scan, or open {base_url()} and type</div>'
                f'<div class="ks-class-code">{code}</div><div class="ks-qr">{qr_image(join_url(code))}</div>')
        with st.container(horizontal=True, vertical_alignment="center", gap="small"):
            lc.listener(room, students=_students(code))
            st.button("Fold", key="class_fold", help="Fold to a small badge", on_click=_fold, args=(True,))


def _students(code):
    try:
        return lc.store().students(code)
    except Exception:   # the count is decoration: a store away for a moment must not break the page
        return None


def _fold(small):
    st.session_state[SMALL] = small


def sidebar(room):
    """The sidebar's class controls: start or join; the room's code, the lecturer link and End class; Leave."""
    sb = st.sidebar
    sb.markdown("### Live class")
    if not room:
        sb.button("🏫 Start a class", key="class_start", on_click=lc.start, width="stretch",
                  help="A room your students join by a code or a QR code; they follow what you show.")
        join_form(sb, "class_join")
        return
    if room["role"] == "student":
        sb.caption(f"In the class {room['code']} as a student.")
        sb.button("Leave the class", key="class_leave", on_click=lc.leave, width="stretch")
        return
    sb.caption(f"Your class: **{room['code']}**. Students join at {join_url(room['code'])}")
    with sb.popover("🔑 Lecturer link (second device)", width="stretch"):
        st.warning("This link controls the class: open it on your own phone or laptop, never on the projector.")
        st.code(lc.lecturer_link(), language=None, wrap_lines=True)
    sb.button("End class", key="class_end", on_click=lc.end, width="stretch", type="primary")


def join_form(where, key):
    """A code box and Join (sidebar and Home)."""
    with where.form(key, border=False, enter_to_submit=True):
        code = st.text_input("Join a class: its code", key=f"{key}_code", max_chars=12, placeholder="ACE347")
        if st.form_submit_button("Join", width="stretch") and code:
            if room_join.join(code):
                st.rerun()
            for note in st.session_state.pop(lc.NOTES, []):
                st.warning(note, icon="🏫")


def home_panel():
    """Home's class panel: start a class, or join one by its code."""
    if st.session_state.get(lc.ROOM):
        return
    st.subheader("A live class")
    left, right = st.columns(2, vertical_alignment="bottom")
    left.button("🏫 Start a class", key="home_class_start", on_click=lc.start, type="primary",
                help="Students join by a code or a QR code on the projector, and follow the sections and settings "
                     "you show.")
    join_form(right, "home_join")
