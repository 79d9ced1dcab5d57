"""The gui in a real browser (``-m browser``): Debian's headless Chromium, driven by Playwright, on the real server.

``pokerlab gui --no-browser`` runs as a user starts it (a subprocess, a free port, the printed address with its
token); the page is used as a user uses it (typing, clicking, dragging on the grid, the keyboard) and its numbers
are checked against the command line's ``--json``. A page that logs a console error fails. Each view's screenshot
is saved in ``$POKERLAB_SCREENSHOTS`` (default: the test's temporary folder).

Where /usr/bin/chromium is missing the tier fails saying so: it never passes by skipping.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pokerlab.simulate.cli.main import main

try:
    from playwright.sync_api import Page, expect, sync_playwright
except ImportError:  # the default tier collects this module without the browser extra and deselects its tests
    Page = expect = sync_playwright = None  # type: ignore[assignment,misc]

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
WAIT_MS = 120_000  # the longest a step waits (a busy machine, a first compile); never a timing check
if expect is not None:
    expect.set_options(timeout=WAIT_MS)


def cli_json(line: str) -> dict:
    result = CliRunner().invoke(main, [*shlex.split(line), "--json"], prog_name="pokerlab")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def cli_error(line: str) -> str:
    result = CliRunner().invoke(main, shlex.split(line), prog_name="pokerlab")
    assert result.exit_code == 2
    return result.stderr.strip().removeprefix("error: ")


@pytest.fixture(scope="module")
def server_url(tmp_path_factory):
    """``pokerlab gui --no-browser`` in a subprocess: the address it prints; Ctrl-C (SIGINT) stops it.

    Its data folder (the saved ranges) is a temporary one, never the user's.
    """
    command = [sys.executable, "-c", "from pokerlab.simulate.cli import run; run()", "gui", "--no-browser"]
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path_factory.mktemp("data"))}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    line = process.stdout.readline()
    found = re.search(r"http://127\.0\.0\.1:\d+/\?token=[\w-]+", line)
    assert found, f"pokerlab gui printed {line!r}; stderr: {process.stderr.read() if process.poll() else ''}"
    yield found.group(0)
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=60) == 130  # Ctrl-C: the command line's status for it
    assert "Traceback" not in process.stderr.read()


@pytest.fixture(scope="module")
def chromium():
    assert sync_playwright is not None, "the browser tier needs Playwright: pip install -e '.[browser]'"
    assert CHROMIUM.exists(), (
        f"the browser tier needs Debian's chromium at {CHROMIUM} (apt-get install chromium); Playwright's own "
        "browser download is never used"
    )
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"])
        yield launched
        launched.close()


@pytest.fixture
def lab(chromium, server_url, tmp_path):
    """A fresh page of the gui, loaded with its token; no console error may be logged while it is used."""
    page = chromium.new_page(viewport={"width": 1200, "height": 1100})
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server_url)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.shots = Path(os.environ.get("POKERLAB_SCREENSHOTS", tmp_path))  # type: ignore[attr-defined]
    page.shots.mkdir(parents=True, exist_ok=True)  # type: ignore[attr-defined]
    yield page
    page.close()
    assert errors == [], errors


def shot(page: Page, name: str) -> None:
    page.screenshot(path=str(page.shots / f"gui-{name}.png"), full_page=True)  # type: ignore[attr-defined]


def table_rows(page: Page, selector: str) -> list[list[str]]:
    return page.eval_on_selector_all(
        f"{selector} tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    )


def run_view(page: Page, view: str, fields: dict[str, str] | None = None) -> None:
    """Open the view's tab, fill its form (selector: text) and press its run button."""
    page.click(f"#tab-{view}")
    for selector, text in (fields or {}).items():
        page.fill(selector, text)
    page.click(f"#{view}-run")


def test_two_hands_on_a_board_picked_from_the_card_grid_give_the_cli_numbers(lab):
    page = lab
    page.fill("#player-1", "AKs")
    page.fill("#player-2", "QQ+,AQs+")
    for card in ("Qh", "7c", "2d"):
        page.click(f"#card-grid [data-card='{card}']")
    expect(page.locator("#equity-board")).to_have_value("Qh7c2d")
    page.click("#equity-run")
    expect(page.locator("#equity-status")).to_have_text("done")
    expected = cli_json("equity AKs QQ+,AQs+ --board Qh7c2d")
    rows = table_rows(page, "#equity-table")
    assert [r[1:] for r in rows] == [
        [p["hand"], str(p["combos"]), f"{100 * p['win']:.3f}", f"{100 * p['tie']:.3f}", f"{100 * p['equity']:.3f}"]
        for p in expected["players"]
    ]
    shot(page, "equity")


def test_dragging_on_the_grid_makes_the_text_and_the_text_makes_the_grid(lab):
    page = lab
    page.click("button[aria-label='edit player 2 on the grid']")
    expect(page.locator("#view-range")).to_be_visible()
    # The player's range read onto the grid first: a read finishing mid-drag would repaint the grid.
    expect(page.locator("#range-grid [data-hand='KK']")).to_have_attribute("aria-pressed", "true")
    page.click("#range-clear")
    start = page.locator("#range-grid [data-hand='AA']").bounding_box()
    end = page.locator("#range-grid [data-hand='QQ']").bounding_box()
    page.mouse.move(start["x"] + 5, start["y"] + 5)
    page.mouse.down()
    page.mouse.move(end["x"] + 5, end["y"] + 5, steps=8)
    page.mouse.up()
    expect(page.locator("#range-text")).to_have_value("QQ+")
    expect(page.locator("#range-count")).to_have_text("18 combos, 1.36 % of 1326")
    page.fill("#range-text", "AKs,TT:0.5,AsKh")
    page.click("#range-read")
    expect(page.locator("#range-grid [data-hand='TT']")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#range-grid [data-hand='QQ']")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#range-text")).to_have_value("AKs,TT:0.5,AsKh")
    expect(page.locator("#range-count")).to_have_text("8 combos, 0.60 % of 1326")
    shot(page, "range")
    page.click("#range-apply")
    expect(page.locator("#player-2")).to_have_value("AKs,TT:0.5,AsKh")


def test_the_top_percent_slider_takes_the_ranked_classes(lab):
    page = lab
    page.click("#tab-range")
    page.locator("#range-top").fill("2")
    expect(page.locator("#range-text")).to_have_value("JJ+")  # pokerlab's 2%: AA, KK, QQ, JJ (24 combos)


def test_the_grid_is_usable_by_keyboard(lab):
    page = lab
    page.click("#tab-range")
    page.locator("#range-grid [data-hand='AKs']").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    expect(page.locator("#range-text")).to_have_value("AQs+")


def test_stop_cancels_a_long_run(lab):
    page = lab
    page.fill("#player-1", "AKs")
    page.fill("#player-2", "QQ")
    page.select_option("#equity-method", "mc")
    page.fill("#equity-stderr", "2e-6")
    page.click("#equity-run")
    expect(page.locator("#equity-stop")).to_be_enabled()
    expect(page.locator("#equity-progress")).to_have_attribute("value", re.compile(r"0\.\d*[1-9]"))
    page.click("#equity-stop")
    expect(page.locator("#equity-status")).to_have_text("stopped")
    expect(page.locator("#error")).to_have_text("stopped")
    expect(page.locator("#equity-run")).to_be_enabled()


def test_a_bad_hand_shows_the_cli_one_line_error(lab):
    page = lab
    page.fill("#player-2", "Zz")
    page.click("#equity-run")
    expect(page.locator("#error")).to_have_text(cli_error("equity AsAh Zz"))
    expect(page.locator("#equity-status")).to_have_text("failed")


def test_hits_icm_and_the_push_or_fold_chart(lab):
    page = lab
    run_view(page, "hits")
    expect(page.locator("#hits-table")).to_be_visible()
    hits = cli_json("hits 22+,A2s+,KTo+ --board Qs7h2c")
    assert [r[0] for r in table_rows(page, "#hits-table")] == [r["category"] for r in hits["rows"]]
    assert [r[3] for r in table_rows(page, "#hits-table")] == [f"{100 * r['share']:.2f}" for r in hits["rows"]]
    page.click("#hits-table tbody tr:has-text('overpair')")
    overpairs = {"KK", "AA"}  # on Qs7h2c, of 22+
    expect(page.locator("#hits-grid .cell.on")).to_have_count(len(overpairs))
    expect(page.locator("#hits-grid-title")).to_have_text("Combos making overpair")
    shot(page, "hits")
    run_view(page, "icm")
    expect(page.locator("#icm-table")).to_be_visible()
    icm = cli_json("icm 5000 3000 2000 --payouts 50,30,20")
    assert [r[3] for r in table_rows(page, "#icm-table")] == [f"{p['equity']:.3f}" for p in icm["players"]]
    shot(page, "icm")
    run_view(page, "pushfold", {"#pushfold-max": "5"})
    chart = cli_json("pushfold chart --max-stack 5")
    pushed = [h["hand"] for h in chart["hands"] if h["push_intervals"]]
    expect(page.locator("#pushfold-push .cell.on")).to_have_count(len(pushed))
    expect(page.locator("#pushfold-push [data-hand='AA']")).to_contain_text(chart["hands"][0]["push"])
    shot(page, "pushfold")


def test_the_solver_solves_a_small_river_spot(lab):
    page = lab
    run_view(page, "solve", {"#solve-iterations": "20"})
    expect(page.locator("#solve-status")).to_contain_text("done")
    solved = cli_json("solve -b 2s3h4d6c7c --oop AsAh,QsQh --ip KsKh --pot 20 --stack 10 --bet a --max-iterations 20")
    rows = table_rows(page, "#solve-out table:first-child")
    assert rows == [[a["action"], f"{100 * a['frequency']:.1f}"] for a in solved["root"]["actions"]]
    shot(page, "solve")


def run_equity_detail(page: Page, hero: str, villain: str, board: str, detail: str) -> None:
    """Two players on a board with the detail table ``detail``, run until the page says done."""
    page.fill("#player-1", hero)
    page.fill("#player-2", villain)
    page.fill("#equity-board", board)
    page.select_option("#equity-detail", detail)
    page.click("#equity-run")
    expect(page.locator("#equity-status")).to_have_text("done")


def test_the_breakdown_by_class_its_heat_map_and_sorting(lab):
    page = lab
    run_equity_detail(page, "AsKs", "QQ+,AQs+", "Qh7c2d", "breakdown")
    expected = cli_json("equity AsKs QQ+,AQs+ --board Qh7c2d --breakdown")
    rows = table_rows(page, "#equity-detail-tables table")
    assert [[r[0], r[5]] for r in rows] == [[x["class"], f"{100 * x['equity']:.3f}"] for x in expected["rows"]]
    expect(page.locator("#equity-heat .cell.on")).to_have_count(len(expected["rows"]))
    page.click("#equity-detail-tables th:has-text('equity %')")
    ordered = [float(r[5]) for r in table_rows(page, "#equity-detail-tables table")]
    assert ordered == sorted(ordered)
    shot(page, "breakdown")


def test_a_range_saved_by_name_is_loaded_back(lab):
    page = lab
    page.click("#tab-range")
    page.fill("#range-text", "QQ+,AKs:0.5")
    page.click("#range-read")
    expect(page.locator("#range-grid [data-hand='AKs']")).to_have_attribute("aria-pressed", "true")
    page.fill("#range-name", "value")
    page.click("#range-save")
    expect(page.locator("#range-saved option")).to_have_text(["value"])
    page.click("#range-clear")
    expect(page.locator("#range-text")).to_have_value("")
    page.click("#range-load")
    expect(page.locator("#range-text")).to_have_value("QQ+,AKs:0.5")
    expect(page.locator("#range-grid [data-hand='AKs']")).to_have_attribute("aria-pressed", "true")


def test_draw_odds_list_every_discard_as_the_cli_ranks_them(lab):
    page = lab
    run_view(page, "draw")
    expect(page.locator("#draw-out table")).to_be_visible()
    ranked = cli_json("draw 'Ah Kh Qh Jh 3c'")
    rows = table_rows(page, "#draw-out table")
    expected = [(d["discard"] or "(stand pat)", f"{100 * d['improve']:.2f}") for d in ranked]
    assert [(r[0], r[2]) for r in rows] == expected
    shot(page, "draw")


def test_every_combo_equity_and_its_heat_map(lab):
    page = lab
    run_equity_detail(page, "QQ+,AKs", "JJ", "Qh7c2d", "by_combo")
    expected = cli_json("equity QQ+,AKs JJ --board Qh7c2d --by-combo")
    first = table_rows(page, "#equity-detail-tables table:first-of-type")
    assert [(r[0], r[4]) for r in first] == [
        (c["combo"], f"{100 * c['equity']:.3f}") for c in expected["players"][0]["list"]
    ]
    expect(page.locator("#equity-heat .cell.on")).to_have_count(4)  # QQ, KK, AA, AKs


def cli_show(tmp_path: Path, spot: str, *line: str) -> dict:
    """``solve show --json`` of the spot solved and saved by the command line (the solver is deterministic)."""
    saved = tmp_path / "spot.npz"
    if not saved.exists():
        cli_json(f"solve {spot} --save {saved}")
    return cli_json(shlex.join(["solve", "show", str(saved), *line]))


def solve_on_page(page: Page, board: str, oop: str, ip: str, pot: str, stack: str, bet: str, iterations: str) -> None:
    fields = {"board": board, "oop": oop, "ip": ip, "pot": pot, "stack": stack, "bet": bet, "iterations": iterations}
    run_view(page, "solve", {f"#solve-{field}": value for field, value in fields.items()})
    expect(page.locator("#solve-status")).to_contain_text("done")
    expect(page.locator("#tree")).to_be_visible()


def expect_node(page: Page, shown: dict) -> None:
    """The page shows the node as ``solve show --json`` does: its actions, each class's mix and each combo's."""
    expect(page.locator("#tree-path")).to_have_text("\u203a".join(["root", *shown["line"]]))
    labels = [f"{a['action']} {100 * a['frequency']:.1f} %" for a in shown["actions"]]
    expect(page.locator("#tree-actions button")).to_have_text(labels)
    classes = {
        page_class: [grid[i][j] for grid in shown["grid"].values()]
        for page_class, (i, j) in GRID_CELLS.items()
        if shown["grid"][shown["actions"][0]["action"]][i][j] is not None
    }
    expect(page.locator("#tree-grid .cell.split")).to_have_count(len(classes))
    for name, shares in classes.items():
        mix = ", ".join(f"{a['action']} {100 * f:.1f} %" for a, f in zip(shown["actions"], shares))
        expect(page.locator(f"#tree-grid [data-hand='{name}']")).to_have_attribute("title", f"{name}: {mix}")
    rows = table_rows(page, "#tree-combos table")
    assert [r[: 2 + len(shown["actions"])] for r in rows] == [
        [c["combo"], f"{c['weight']:.3f}", *(f"{100 * f:.1f}" for f in c["frequencies"])] for c in shown["combos"]
    ]


RANKS = "AKQJT98765432"


def grid_class(i: int, j: int) -> str:
    """The class of row i, column j of a 13x13 grid: pairs on the diagonal, suited above it, offsuit below."""
    if i == j:
        return RANKS[i] * 2
    return RANKS[i] + RANKS[j] + "s" if i < j else RANKS[j] + RANKS[i] + "o"


GRID_CELLS = {grid_class(i, j): (i, j) for i in range(13) for j in range(13)}

RIVER = "-b 2s3h4d6c7c --oop AsAh,QsQh --ip KsKh,JsJh --pot 20 --stack 30 --bet 50%,a --max-iterations 20"


def test_the_solver_tree_is_browsed_action_by_action(lab, tmp_path):
    page = lab
    solve_on_page(page, "2s3h4d6c7c", "AsAh,QsQh", "KsKh,JsJh", "20", "30", "50%,a", "20")
    expect_node(page, cli_show(tmp_path, RIVER))
    expect(page.locator("#tree-combos th:has-text('EV')")).to_have_count(1)  # the root's EVs
    page.click("#tree-actions [data-action='check']")
    after_check = cli_show(tmp_path, RIVER, "check")
    expect_node(page, after_check)
    expect(page.locator("#tree-grid [data-hand='AA']")).not_to_have_class(re.compile("split"))
    expect(page.locator("#tree-grid [data-hand='KK']")).to_have_class(re.compile("split"))
    page.click("#tree-actions [data-action='bet 10']")
    expect_node(page, cli_show(tmp_path, RIVER, "check", "bet 10"))
    page.locator("#tree-combos th:has-text('combo')").click()
    page.locator("#tree-combos th:has-text('combo')").click()
    assert [r[0] for r in table_rows(page, "#tree-combos table")] == ["QsQh", "AsAh"]
    shot(page, "solve-tree")
    page.click("#tree-actions [data-action='call']")
    expect(page.locator("#tree-node")).to_have_text("a showdown, pot 40")
    page.click("#tree-path button:has-text('check')")
    expect_node(page, after_check)
    page.click("#tree-path button:has-text('root')")
    expect(page.locator("#tree-path")).to_have_text("root")


def test_the_turn_card_is_picked_at_a_chance_node(lab, tmp_path):
    page = lab
    spot = "-b 2s3h4d6c --oop AsAh,QsQh --ip KsKh --pot 20 --stack 10 --bet a --max-iterations 5"
    solve_on_page(page, "2s3h4d6c", "AsAh,QsQh", "KsKh", "20", "10", "a", "5")
    page.click("#tree-actions [data-action='check']")
    expect(page.locator("#tree-path")).to_have_text("root\u203acheck")
    page.click("#tree-actions [data-action='check']")
    expect(page.locator("#tree-node")).to_have_text("a card is dealt: pick it, pot 20")
    dealt = cli_show(tmp_path, spot, "check", "check")
    expect(page.locator("#tree-cards .card:enabled")).to_have_count(len(dealt["actions"]))
    for card in ("2s", "3h", "4d", "6c"):
        expect(page.locator(f"#tree-cards [data-card='{card}']")).to_be_disabled()
        expect(page.locator(f"#tree-cards [data-card='{card}']")).to_have_class(re.compile("board"))
    page.click("#tree-cards [data-card='Kd']")
    expect_node(page, cli_show(tmp_path, spot, "check", "check", "Kd"))


def test_each_combo_of_a_class_has_its_own_weight_and_the_text_round_trips(lab):
    page = lab
    page.click("#tab-range")
    page.fill("#range-text", "AA:0.5,AKs")
    page.click("#range-read")
    expect(page.locator("#range-count")).to_have_text("7 combos, 0.53 % of 1326")
    page.click("#range-grid [data-hand='AA']", modifiers=["Shift"])
    inputs = page.locator("#range-suits-list input")
    expect(inputs).to_have_count(6)
    assert inputs.evaluate_all("xs => xs.map(x => [x.dataset.combo, x.value])") == [
        [c, "50"] for c in ("AsAh", "AsAd", "AsAc", "AhAd", "AhAc", "AdAc")
    ]
    page.fill("#range-suits-list [data-combo='AsAh']", "100")
    page.press("#range-suits-list [data-combo='AsAh']", "Tab")
    page.fill("#range-suits-list [data-combo='AdAc']", "0")
    page.press("#range-suits-list [data-combo='AdAc']", "Tab")
    text = "AKs,AsAh,AsAd:0.5,AsAc:0.5,AhAd:0.5,AhAc:0.5"
    expect(page.locator("#range-text")).to_have_value(text)
    shot(page, "range-suits")
    expected = cli_json(f"range {text}")
    expect(page.locator("#range-count")).to_have_text(f"{expected['weight']:g} combos, "
                                                      f"{100 * expected['weight'] / 1326:.2f} % of 1326")  # fmt: skip
    # Back through pokerlab's parser: the same weights per combo, the same text.
    page.click("#range-clear")
    page.fill("#range-text", text)
    page.click("#range-read")
    expect(page.locator("#range-grid [data-hand='AA']")).to_have_class(re.compile("mixed"))
    page.locator("#range-grid [data-hand='AKs']").focus()
    page.keyboard.press("Shift+Enter")  # the keyboard's way
    expect(page.locator("#range-suits-list input")).to_have_count(4)
    assert page.locator("#range-suits-list input").evaluate_all("xs => xs.map(x => x.value)") == ["100"] * 4
    page.check("input[name=range-click][value=suits]")
    page.click("#range-grid [data-hand='AA']")
    got = page.locator("#range-suits-list input").evaluate_all("xs => xs.map(x => [x.dataset.combo, x.value])")
    assert got == [["AsAh", "100"], ["AsAd", "50"], ["AsAc", "50"], ["AhAd", "50"], ["AhAc", "50"], ["AdAc", "0"]]
    page.click("#range-suits-close")
    page.check("input[name=range-click][value=paint]")
    page.click("#range-grid [data-hand='KK']")
    expect(page.locator("#range-text")).to_have_value("KK,AKs," + text.removeprefix("AKs,"))
