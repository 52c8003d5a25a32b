"""What several topics share: the kernel picker, sliders from the ranges table, points and links, the figure layer,
presentation mode, navigation, show-the-code. Importing it has no side effects (process-wide set-up is
`ui.runtime.set_up`, called by app.py)."""
