"""The gui's JSON API through Starlette's test client: every command answers what the CLI prints with ``--json``
(and its schema holds), bad input is the CLI's one line with HTTP 400, the token, Host, Origin and size checks
refuse what they must, and jobs report progress, stop on request and at the time limit.
"""

from __future__ import annotations

import json
import math
import os
import shlex
import subprocess
import sys
import time

import jsonschema
import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from pokerlab import schemas
from pokerlab.simulate.cli.main import main
from pokerlab.simulate.gui.app import MAX_BODY, create_app
from pokerlab.simulate.gui.commands import COMMANDS, GuiInputError, arguments, parameters
from pokerlab.simulate.gui.jobs import JobManager
from pokerlab.simulate.gui.solutions import SolutionStore

TOKEN = "test-token"
PORT = 8765
BASE = f"http://127.0.0.1:{PORT}"
AUTH = {"X-Pokerlab-Token": TOKEN}
# A Monte Carlo run that goes on far longer than any test waits: stopped by the test or the time limit.
ENDLESS = {"players": ["AKs", "QQ"], "mc": True, "stderr": 2e-6, "threads": 1}
WAIT = 120.0  # seconds a test waits for a job's state at most (the machine may be busy); never a timing check

#: Per API command: the body, the same query as a command line, and the schema its answer meets.
CASES = [
    ("equity", {"players": ["AsAh", "KsKh"]}, "equity AsAh KsKh", "equity"),
    ("equity", {"players": ["AKs", "QQ"], "mc": True, "trials": 4000, "seed": 7},
     "equity AKs QQ --mc --trials 4000 --seed 7", "equity"),
    ("equity", {"players": ["AsKs", "QQ+,AQs+"], "board": "Qh7c2d", "breakdown": True},
     "equity AsKs QQ+,AQs+ -b Qh7c2d --breakdown", "equity"),
    ("equity", {"players": ["QQ+,AKs", "JJ"], "board": "Qh7c2d", "by_combo": True},
     "equity QQ+,AKs JJ -b Qh7c2d --by-combo", "equity"),
    ("hits", {"range": "AKs", "board": "Qs7h2c"}, "hits AKs -b Qs7h2c", "hits"),
    ("range", {"text": "22+,A2s+,KTo+", "dead": "AsKd"}, "range 22+,A2s+,KTo+ --dead AsKd", "range"),
    ("range", {"text": "AA@50,KK:0.25"}, "range AA@50,KK:0.25", "range"),
    ("draw", {"hand": "Jh Jd 9c 6s 2h", "discard": "9c 6s 2h"}, "draw 'Jh Jd 9c 6s 2h' --discard '9c 6s 2h'", "draw"),
    ("icm", {"stacks": [5000, 3000, 2000], "payouts": [50, 30, 20]}, "icm 5000 3000 2000 --payouts 50,30,20", "icm"),
    ("pushfold", {"stack": 10, "ante": 0.125}, "pushfold --stack 10 --ante 0.125", "pushfold"),
    ("pushfold-chart", {"max_stack": 3}, "pushfold chart --max-stack 3", "pushfold-chart"),
    ("pushfold-icm", {"stacks": [1000, 1000], "payouts": "1", "blinds": "50,100", "iterations": 20},
     "pushfold icm 1000 1000 --payouts 1 --blinds 50,100 --iterations 20", "pushfold-icm"),
    ("solve", {"board": "2s3h4d6c7c", "oop": "AsAh,QsQh", "ip": "KsKh", "pot": 20, "stack": 10, "bet": "a",
               "max_iterations": 20},
     "solve -b 2s3h4d6c7c --oop AsAh,QsQh --ip KsKh --pot 20 --stack 10 --bet a --max-iterations 20", "solve"),
]  # fmt: skip


def without_timings(data: object) -> object:
    """``data`` without its wall-clock times, the one thing two runs of the same query may differ in."""
    if isinstance(data, dict):
        return {k: without_timings(v) for k, v in data.items() if k != "seconds"}
    if isinstance(data, list):
        return [without_timings(v) for v in data]
    return data


def same_answer(a: object, b: object) -> bool:
    """``a`` and ``b`` equal, floats to twelve digits: exact ICM values a field by numpy or by the compiled kernel,
    whichever this process has loaded, and the two sum in different orders (both exact to 1e-9 of the pool)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_answer(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_answer(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, float):
        return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12)
    return a == b


def test_same_answer_tells_a_real_difference():
    assert same_answer({"x": [1.0, "a"]}, {"x": [1.0 + 1e-15, "a"]})
    assert not same_answer({"x": [1.0, "a"]}, {"x": [1.0 + 1e-9, "a"]})
    assert not same_answer({"x": [1.0]}, {"x": [1.0, 2.0]}) and not same_answer({"x": 1}, {"y": 1})


def cli(line: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, shlex.split(line), prog_name="pokerlab")
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def manager():
    jobs = JobManager(time_limit=300)
    yield jobs
    jobs.stop_all()


@pytest.fixture(scope="module")
def store():
    return SolutionStore()


@pytest.fixture(scope="module")
def client(manager, store):
    with TestClient(create_app(TOKEN, PORT, manager, solutions=store), base_url=BASE) as test_client:
        yield test_client


def wait_for(client: TestClient, job_id: str, done) -> dict:
    """Poll the job until ``done(view)``; fail (naming the last state) after :data:`WAIT` seconds."""
    deadline = time.monotonic() + WAIT
    while True:
        view = client.get(f"/api/jobs/{job_id}", headers=AUTH).json()
        if done(view) or time.monotonic() > deadline:
            assert done(view), view
            return view
        time.sleep(0.05)


@pytest.mark.parametrize(("command", "body", "line", "schema"), CASES, ids=[c[2][:40] for c in CASES])
def test_every_command_answers_what_the_cli_prints_with_json(client, command, body, line, schema):
    status, stdout, stderr = cli(line + " --json")
    assert status == 0, stderr
    answer = client.post(f"/api/{command}", json=body, headers=AUTH)
    assert answer.status_code == 200, answer.text
    assert same_answer(without_timings(answer.json()), without_timings(json.loads(stdout)))
    jsonschema.Draft202012Validator(schemas.load(schema)).validate(answer.json())


def test_every_api_command_is_a_case_and_has_a_schema():
    assert {case[0] for case in CASES} == set(COMMANDS)
    assert set(COMMANDS) <= set(schemas.names())


@pytest.mark.parametrize(
    ("command", "body", "line"),
    [
        ("equity", {"players": ["AsAh", "Zz"]}, "equity AsAh Zz"),
        ("equity", {"players": ["AA", "KK"], "exact": True, "mc": True}, "equity AA KK --exact --mc"),
        ("equity", {"players": ["AA", "KK"], "trials": 0}, "equity AA KK --trials 0"),
        ("range", {"text": "AK+++"}, "range AK+++"),
        ("icm", {"stacks": [100, 200], "payouts": [50, 60, 70]}, "icm 100 200 --payouts 50,60,70"),
        ("hits", {"range": "AKs", "board": "Qs7h"}, "hits AKs -b Qs7h"),
    ],
)
def test_bad_input_is_the_cli_one_line_error_with_http_400(client, command, body, line):
    status, _, stderr = cli(line + " --json")
    assert status == 2
    answer = client.post(f"/api/{command}", json=body, headers=AUTH)
    assert answer.status_code == 400
    assert answer.json() == {"error": stderr.strip().splitlines()[-1].removeprefix("error: ")}
    assert "Traceback" not in answer.text


def test_a_value_cannot_pass_for_an_option(client):
    """Players come after '--': a player written as an option is a bad hand, not the option."""
    answer = client.post("/api/equity", json={"players": ["--batch", "-"]}, headers=AUTH)
    assert answer.status_code == 400 and "--batch" in answer.json()["error"]


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"players": ["AA", "KK"], "scheduler": "tcp://10.0.0.1:8786"}, "unknown parameter 'scheduler'"),
        ({"players": "AA KK"}, "players must be a list"),
        ({"players": ["AA", "KK"], "mc": "yes"}, "mc must be true or false"),
        ({"players": ["AA", "KK"], "trials": [1, {}]}, "trials must be a string or a number"),
        ({"players": ["AA", "KK"], "seed": True}, "seed must be a string or a number"),
        ([1, 2], "must be a JSON object"),
    ],
)
def test_a_body_the_command_line_cannot_take_is_refused_with_400(client, body, says):
    answer = client.post("/api/equity", json=body, headers=AUTH)
    assert answer.status_code == 400 and says in answer.json()["error"]


def test_a_body_that_is_not_json_and_an_unknown_command(client):
    answer = client.post("/api/equity", content=b"{players", headers=AUTH)
    assert answer.status_code == 400 and answer.json()["error"].startswith("the request body is not JSON")
    answer = client.post("/api/nosuch", json={}, headers=AUTH)
    assert answer.status_code == 404 and "unknown command 'nosuch'" in answer.json()["error"]


def test_a_non_finite_number_is_refused():
    with pytest.raises(GuiInputError, match="finite"):
        arguments("pushfold", {"stack": float("nan")})


def test_the_token_is_required_on_every_route(client):
    for method, path in [("GET", "/"), ("GET", "/static/app.js"), ("POST", "/api/range"), ("GET", "/api/jobs/x")]:
        for headers in ({}, {"X-Pokerlab-Token": "wrong"}):
            answer = client.request(method, path, headers=headers, json={"text": "AA"})
            assert answer.status_code == 403, (method, path, headers)
            assert "token" in answer.json()["error"]
    assert client.post(f"/api/range?token={TOKEN}", json={"text": "AA"}).status_code == 200
    assert client.post("/api/range", json={"text": "AA"}, headers=AUTH).status_code == 200


def test_the_page_carries_its_token_and_its_files_are_served(client):
    page = client.get(f"/?token={TOKEN}")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "__TOKEN__" not in page.text and f"token={TOKEN}" in page.text
    assert page.headers["referrer-policy"] == "no-referrer" and "default-src 'self'" in page.headers[
        "content-security-policy"]  # fmt: skip
    for name in ("app.js", "style.css"):
        assert client.get(f"/static/{name}", headers=AUTH).status_code == 200
    assert client.get("/static/../app.py", headers=AUTH).status_code == 404
    assert client.get("/static/app.py", headers=AUTH).status_code == 404


@pytest.mark.parametrize("host", ["evil.example:8765", "127.0.0.1:9999", "127.0.0.1", "0.0.0.0:8765"])
def test_another_host_is_refused(host):
    """DNS rebinding: a page of another site whose name resolves to 127.0.0.1 sends its own Host."""
    with TestClient(create_app(TOKEN, PORT, JobManager()), base_url=f"http://{host}") as other:
        answer = other.post("/api/range", json={"text": "AA"}, headers=AUTH)
    assert answer.status_code == 403 and "Host" in answer.json()["error"]


def test_localhost_is_a_host_of_the_server():
    with TestClient(create_app(TOKEN, PORT, JobManager()), base_url=f"http://localhost:{PORT}") as local:
        assert local.post("/api/range", json={"text": "AA"}, headers=AUTH).status_code == 200


@pytest.mark.parametrize("origin", ["http://evil.example", "null", f"http://127.0.0.1:{PORT + 1}", f"https://{PORT}"])
def test_another_origin_is_refused(client, origin):
    answer = client.post("/api/range", json={"text": "AA"}, headers={**AUTH, "Origin": origin})
    assert answer.status_code == 403 and "other sites" in answer.json()["error"]


def test_the_page_own_origin_is_accepted(client):
    for origin in (BASE, f"http://localhost:{PORT}"):
        answer = client.post("/api/range", json={"text": "AA"}, headers={**AUTH, "Origin": origin})
        assert answer.status_code == 200


def test_a_body_over_the_limit_is_refused_with_413(client):
    big = b'{"text": "' + b"A" * MAX_BODY + b'"}'
    assert client.post("/api/range", content=big, headers=AUTH).status_code == 413

    def chunks():  # no Content-Length: counted as it is read
        yield b'{"text": "'
        for _ in range(MAX_BODY // 65536 + 1):
            yield b"A" * 65536
        yield b'"}'

    assert client.post("/api/range", content=chunks(), headers=AUTH).status_code == 413


def test_a_job_reports_progress_one_runs_per_page_and_stop_kills_it(client, manager):
    page = {**AUTH, "X-Pokerlab-Page": "stop-test"}
    started = client.post("/api/jobs/equity", json=ENDLESS, headers=page)
    assert started.status_code == 202
    job_id = started.json()["id"]
    second = client.post("/api/jobs/equity", json={"players": ["AA", "KK"]}, headers=page)
    assert second.status_code == 409 and "already running on this page" in second.json()["error"]
    view = wait_for(client, job_id, lambda v: v["progress"] is not None)
    assert view["state"] == "running" and 0 <= view["progress"] < 1
    stopped = client.delete(f"/api/jobs/{job_id}", headers=page).json()
    assert stopped["state"] == "stopped" and stopped["error"] == "stopped"
    manager.get(job_id).process.join(WAIT)
    assert not manager.get(job_id).process.is_alive()
    # The page is free again.
    again = client.post("/api/jobs/equity", json={"players": ["AsAh", "KsKh"]}, headers=page)
    assert again.status_code == 202
    done = wait_for(client, again.json()["id"], lambda v: v["state"] != "running")
    assert done["state"] == "done" and done["result"]["players"][0]["hand"] == "AsAh"


def test_a_failing_job_gives_the_cli_line(client):
    started = client.post("/api/jobs/equity", json={"players": ["AsAh", "AsKd"]}, headers=AUTH)
    view = wait_for(client, started.json()["id"], lambda v: v["state"] != "running")
    _, _, stderr = cli("equity AsAh AsKd --json")
    assert view["state"] == "failed" and view["error"] == stderr.strip().removeprefix("error: ")


def test_a_job_over_the_time_limit_is_stopped():
    jobs = JobManager(time_limit=1)
    with TestClient(create_app(TOKEN, PORT, jobs), base_url=BASE) as limited:
        answer = limited.post("/api/equity", json=ENDLESS, headers=AUTH)
    assert answer.status_code == 504 and "time limit of 1 s" in answer.json()["error"]


def test_unknown_jobs_and_the_commands_listing(client):
    assert client.get("/api/jobs/nosuch", headers=AUTH).status_code == 404
    listing = client.get("/api/commands", headers=AUTH).json()
    assert set(listing["commands"]) == set(COMMANDS)
    assert [p["name"] for p in listing["commands"]["range"]] == [p.name for p in parameters("range")]
    ranking = client.get("/api/ranking", headers=AUTH).json()["classes"]
    assert len(ranking) == 169 and ranking[0]["hand"] == "AA" and ranking[-1]["hand"] == "32o"


def test_gui_without_its_extra_says_what_to_install(monkeypatch):
    from pokerlab.simulate.cli import gui

    monkeypatch.setattr(gui.importlib.util, "find_spec", lambda name: None)
    result = CliRunner().invoke(main, ["gui", "--no-browser"], prog_name="pokerlab")
    assert result.exit_code == 2
    assert result.stderr == 'error: pokerlab gui needs starlette and uvicorn: pip install "pokerlab[gui]"\n'


def test_the_command_line_does_not_import_the_server_packages():
    code = (
        "import sys\nfrom click.testing import CliRunner\nfrom pokerlab.simulate.cli.main import main\n"
        "for args in (['--help'], ['gui', '--help'], ['range', 'AA', '--json']):\n"
        "    assert CliRunner().invoke(main, args).exit_code == 0, args\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('starlette', 'uvicorn', 'httpx')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=WAIT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_named_ranges_are_saved_to_the_file_loaded_and_deleted(tmp_path):
    path = tmp_path / "data" / "ranges.json"
    with TestClient(create_app(TOKEN, PORT, JobManager(), ranges_file=path), base_url=BASE) as local:
        assert local.get("/api/ranges", headers=AUTH).json() == {"path": str(path), "ranges": {}}
        saved = local.put("/api/ranges/value bets", json={"text": "QQ+,AKs:0.5"}, headers=AUTH)
        assert saved.status_code == 200 and saved.json()["ranges"] == {"value bets": "QQ+,AKs:0.5"}
        assert json.loads(path.read_text()) == {"value bets": "QQ+,AKs:0.5"}
        bad = local.put("/api/ranges/broken", json={"text": "AK+++"}, headers=AUTH)
        _, _, stderr = cli("range AK+++")
        assert bad.status_code == 400 and bad.json()["error"] == stderr.strip().removeprefix("error: ")
        assert local.put("/api/ranges/x", json={"txt": "AA"}, headers=AUTH).status_code == 400
        assert local.delete("/api/ranges/nosuch", headers=AUTH).status_code == 400
        assert local.delete("/api/ranges/value bets", headers=AUTH).json()["ranges"] == {}
        assert local.get("/api/ranges").status_code == 403
    path.write_text("[1, 2]")
    with TestClient(create_app(TOKEN, PORT, JobManager(), ranges_file=path), base_url=BASE) as local:
        answer = local.get("/api/ranges", headers=AUTH)
        assert answer.status_code == 400 and "not a file of named ranges" in answer.json()["error"]


def test_hit_combos_are_the_combos_behind_each_hits_row(client):
    body = {"range": "22+,A2s+,KTo+", "board": "Qs7h2c"}
    answer = client.post("/api/hit-combos", json=body, headers=AUTH)
    assert answer.status_code == 200
    combos = answer.json()["combos"]
    _, stdout, _ = cli("hits 22+,A2s+,KTo+ -b Qs7h2c --json")
    for row in json.loads(stdout)["rows"]:
        found = sum(c["weight"] for c in combos if row["category"] in (c["made"], *c["draws"]))
        assert found == pytest.approx(row["combos"]), row["category"]
    bad = client.post("/api/hit-combos", json={"range": "AKs", "board": "Qs7h"}, headers=AUTH)
    _, _, stderr = cli("hits AKs -b Qs7h")
    assert bad.status_code == 400 and bad.json()["error"] == stderr.strip().removeprefix("error: ")
    assert client.post("/api/hit-combos", json={"range": "AKs"}, headers=AUTH).status_code == 400


RIVER = {"board": "2s3h4d6c7c", "oop": "AsAh,QsQh", "ip": "KsKh,JsJh", "pot": 20, "stack": 30, "bet": "50%,a",
         "max_iterations": 20}  # fmt: skip


@pytest.fixture(scope="module")
def solved(client):
    """The id of a small river spot's solution, solved by the server and kept in its folder."""
    answer = client.post("/api/solve", json=RIVER, headers=AUTH)
    assert answer.status_code == 200, answer.text
    return answer.headers["X-Pokerlab-Solution"]


@pytest.mark.parametrize("line", [[], ["check"], ["bet 10"], ["check", "bet 10", "call"]])
def test_solve_show_answers_what_the_cli_prints_on_the_same_saved_file(client, store, solved, line):
    answer = client.post("/api/solve-show", json={"solution": solved, "actions": line}, headers=AUTH)
    assert answer.status_code == 200, answer.text
    status, stdout, stderr = cli(shlex.join(["solve", "show", str(store.path(solved)), *line, "--json"]))
    assert status == 0, stderr
    assert answer.json() == json.loads(stdout)
    jsonschema.Draft202012Validator(schemas.load("solve-show")).validate(answer.json())


def test_a_solve_job_names_its_solution_and_the_file_lives_in_the_server_folder(client, store):
    started = client.post("/api/jobs/solve", json=RIVER, headers=AUTH)
    view = wait_for(client, started.json()["id"], lambda v: v["state"] != "running")
    assert view["state"] == "done" and set(view["result"]) >= {"root", "combo_evs"}
    path = store.path(view["solution"])
    assert path.parent == store.folder and path.is_file()
    root = client.post("/api/solve-show", json={"solution": view["solution"]}, headers=AUTH).json()
    assert [a["action"] for a in root["actions"]] == [a["action"] for a in view["result"]["root"]["actions"]]


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"solution": "/etc/passwd"}, "must be the id of a solution"),
        ({"solution": "../../x.npz"}, "must be the id of a solution"),
        ({"solution": 12}, "must be the id of a solution"),
        ({}, "must be the id of a solution"),
        ({"solution": "0123456789abcdef"}, "no solution 0123456789abcdef"),
        ({"solution": "0123456789abcdef", "path": "/tmp/x.npz"}, 'takes {"solution"'),
        ({"solution": "0123456789abcdef", "actions": "check"}, "actions must be a list"),
        ({"solution": "0123456789abcdef", "actions": ["check"] * 65}, "a line of 65 actions"),
    ],
)
def test_solve_show_takes_an_id_never_a_path(client, body, says):
    answer = client.post("/api/solve-show", json=body, headers=AUTH)
    assert answer.status_code == 400 and says in answer.json()["error"], answer.text


def test_solve_show_of_a_line_not_in_the_tree_is_the_cli_line(client, store, solved):
    answer = client.post("/api/solve-show", json={"solution": solved, "actions": ["check", "--help"]}, headers=AUTH)
    status, _, stderr = cli(shlex.join(["solve", "show", str(store.path(solved)), "--", "check", "--help"]))
    assert status == 2 and answer.status_code == 400
    assert answer.json() == {"error": stderr.strip().removeprefix("error: ")}


def test_a_solve_cannot_be_told_where_to_save(client):
    answer = client.post("/api/solve", json={**RIVER, "save": "/tmp/elsewhere.npz"}, headers=AUTH)
    assert answer.status_code == 400 and "unknown parameter 'save'" in answer.json()["error"]


def test_the_server_keeps_its_last_solutions_and_removes_its_folder_at_exit():
    store = SolutionStore(max_solutions=2)
    with TestClient(create_app(TOKEN, PORT, JobManager(), solutions=store), base_url=BASE) as local:
        ids = [local.post("/api/solve", json=RIVER, headers=AUTH).headers["X-Pokerlab-Solution"] for _ in range(3)]
        folder = store.folder
        assert sorted(p.stem for p in folder.iterdir()) == sorted(ids[1:])
        gone = local.post("/api/solve-show", json={"solution": ids[0]}, headers=AUTH)
        assert gone.status_code == 400 and "keeps the last 2 solutions" in gone.json()["error"]
        assert local.post("/api/solve-show", json={"solution": ids[2]}, headers=AUTH).status_code == 200
    assert not folder.exists()


def test_a_stopped_solve_keeps_no_file(client, manager, store):
    page = {**AUTH, "X-Pokerlab-Page": "stopped-solve"}
    long = {**RIVER, "max_iterations": 10**6, "exploitability": 1e-9}
    job_id = client.post("/api/jobs/solve", json=long, headers=page).json()["id"]
    wait_for(client, job_id, lambda v: v["seconds"] > 0.5)  # under way
    assert client.delete(f"/api/jobs/{job_id}", headers=page).json()["state"] == "stopped"
    job = manager.get(job_id)
    assert job.solution is not None and "solution" not in job.view()
    path = store.folder / f"{job.solution}.npz"
    deadline = time.monotonic() + WAIT
    while path.exists() and time.monotonic() < deadline:  # the job's thread deletes it once the process is gone
        time.sleep(0.05)
    assert not path.exists()
    with pytest.raises(GuiInputError, match="no solution"):
        store.path(job.solution)


def test_a_solve_reports_the_fraction_done_to_the_progress_listener(monkeypatch):
    """The page's progress bar of a solve: fractions from 0 to 1, never going back, 1 at the iteration budget."""
    from pokerlab.simulate.cli._common import ProgressBar

    seen: list[float] = []
    monkeypatch.setattr(ProgressBar, "listener", seen.append)
    line = "solve -b 2s3h4d6c7c --oop AsAh,QsQh --ip KsKh --pot 20 --stack 10 --bet a --max-iterations 30"
    status, _, stderr = cli(line + " --exploitability 0 --json")
    assert status == 0, stderr
    assert len(seen) == 30 and seen == sorted(seen)
    assert 0 < seen[0] < 1 and seen[-1] == 1.0


def test_the_fork_server_warms_the_solver_only_from_a_filled_kernel_cache(tmp_path):
    """On a cold cache the warm-up would compile the solver before the first job, whatever its command: skipped."""
    code = "import pokerlab.simulate.gui.warm as warm; print(warm.WARMED, warm.solver_kernels_cached())"
    env = {**os.environ, "POKERLAB_CACHE_DIR": str(tmp_path), "POKERLAB_NATIVE_BUILD": "off"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=WAIT, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "False"]
