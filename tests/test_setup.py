"""The set-up promises of the README: two commands, CI runs the test one, settings keep the app offline."""
import re
import tomllib

from tests.app_pages import ROOT

README = (ROOT / "README.md").read_text()


def readme_commands():
    """The indented command lines under the README's 'Set-up' heading."""
    section = README.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    return [m.strip() for m in re.findall(r"^```bash\n(.+?)\n```", section, re.M | re.S)]


def test_readme_has_exactly_two_commands_and_ci_runs_the_test_one():
    run_app, run_tests = readme_commands()
    assert run_app.endswith("streamlit run app.py") and "-r requirements.txt" in run_app
    assert run_tests.endswith("pytest tests") and "-r tests/requirements.txt" in run_tests
    ci_lines = [ln for ln in (ROOT / ".ci" / "run").read_text().splitlines() if ln and not ln.startswith(("#", "set ", "cd "))]
    assert ci_lines == [run_tests]


def test_requirements_are_pinned_exactly():
    for path in (ROOT / "requirements.txt", ROOT / "tests" / "requirements.txt"):
        for line in path.read_text().splitlines():
            line = line.split("#")[0].strip()
            if line and not line.startswith("-r"):
                assert re.fullmatch(r"[A-Za-z0-9_.\-\[\]]+==[0-9][\w.]*", line), f"{path.name}: {line} is not pinned"
    assert "streamlit==1.67." in (ROOT / "requirements.txt").read_text()


def test_server_config_is_offline_and_closed():
    cfg = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert cfg["browser"]["gatherUsageStats"] is False
    assert cfg["server"]["headless"] is True
    assert cfg["server"]["fileWatcherType"] == "none"
    assert cfg["server"]["enableXsrfProtection"] is True and cfg["server"]["enableCORS"] is True
    assert cfg["server"]["maxUploadSize"] <= 10
