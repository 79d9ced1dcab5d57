"""Every command's ``--json`` output matches the JSON Schema the package ships for it (``pokerlab.schemas``).

Each command runs in process (click's CliRunner) on small inputs, once per layout its schema has, and what it prints
is validated with ``jsonschema``; each alternative of a schema (``oneOf``/``anyOf``) must be met by a real output.
The schemas agree with the JSON keys table of docs/cli-conventions.md, the docs page renders every one, and a
mutated output is refused (the check can fail).
"""

from __future__ import annotations

import copy
import json
import re
import shlex
from pathlib import Path

import click
import jsonschema
import pytest
from click.testing import CliRunner
from helpers_phh_text import phh_text

from pokerlab import schemas
from pokerlab.errors import InputError
from pokerlab.simulate.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "simulate" / "histories" / "fixtures"
SEAT_OUT_OF_TURN = phh_text(
    variant="NT",
    antes=[0, 0],
    blinds_or_straddles=[1, 2],
    min_bet=2,
    starting_stacks=[100, 100],
    actions=["d dh p1 AsAh", "d dh p2 KsKh", "p2 cc"],
)

#: Per command, the runs that print each of its layouts: (command line, the exit statuses it may end with).
RUNS: dict[str, list[tuple[str, set[int]]]] = {
    "eval": [
        ("eval 'Kh Kd Kc 3s 3h' --json", {0}),
        ("eval 'Jk As Ad Ac Ah' --rules bug --json", {0}),
        ("eval --rules omaha AsKsQdJd --board Ts9s2c --json", {0}),
        ("eval --rules omaha-hilo As2d9c9h --board 3h4h5cKsKd --json", {0}),
        ("eval --rules omaha-hilo AsKdQcJh --board Ts9s8c --json", {0}),  # no low
    ],
    "range": [
        ("range 22+,A2s+,KTo+ --dead AsKd --json", {0}),
        ("range AA@50,KK:0.25 --json", {0}),
    ],
    "verify": [
        ("verify 5card --json", {0}),
        ("verify jacks --json", {0}),
        ("verify wild --json", {0}),  # a list
    ],
    "equity": [
        ("equity AsAh KsKh --json", {0}),
        ("equity AKs QQ --mc --trials 4000 --seed 7 --json", {0}),
        ("equity AsKs QQ+,AQs+ -b Qh7c2d --breakdown --json", {0}),
        ("equity AA JJ-88,ATs+ -b Qs7h2c5d9c --by-combo --mc --trials 4000 --seed 1 --json", {0}),
        ("equity QQ+,AKs JJ -b Qh7c2d --by-combo --json", {0}),
        ("equity --game omaha AsAhKsKh QdQcJdJc -b 2s7d9c --json", {0}),
        ("equity --game omaha-hilo As2sKdKh random --mc --trials 2000 --seed 3 --json", {0}),
        ("equity --game stud-hilo 'As2s 3d 8h 8c Kh' '4c5c 6c 7h Jd Qs' --json", {0}),
        ("equity --game razz 'As2d 3h' '4c5c 6d' --mc --trials 2000 --seed 1 --json", {0}),
        ("equity --game draw 'Ah Kh Qh Jh 3c/3c' '9s 9d 5c 4h 2d/5c 4h 2d' --json", {0}),
    ],
    "draw": [
        ("draw 'Jh Jd 9c 6s 2h' --discard '9c 6s 2h' --json", {0}),
        ("draw 'Ah Kh Qh Jh 3c' --objective category --target Flush --top 2 --json", {0}),
        ("draw '8s 7h 5d 3c Kd' --rules ace-five --discard Kd --vs '9s 6d 4c 2h Jd/Jd' --json", {0}),
        ("draw 'Ac 2d 3h Kh' --rules badugi --discard Kh --json", {0}),
        ("draw 'Ac 2d 3h Kh' --rules badugi --objective category --target '8-high badugi' --top 3 --json", {0}),
        ("draw 'Ac 2d 3h Kh' --rules badugi --discard Kh --vs '5c 4d 2h Ks/Ks' --json", {0}),
    ],
    "hits": [
        ("hits AKs -b Qs7h2c --json", {0}),
        ("hits QQ --json", {0}),  # every flop
    ],
    "simulate": [
        ("simulate holdem -n 20 -p 3 --seed 1 --json", {0}),
        ("simulate razz -n 10 -p 2 --seed 1 --json", {0}),
    ],
    "replay": [
        ("replay {fixtures}/cents.phhs --json", {0}),
        ("replay {tmp}/bad/out_of_turn.phh --json", {1}),  # a hand that breaks a rule
        ("replay {fixtures}/cents.phhs -q --json", {0}),
        ("replay {tmp}/bad --json", {2}),  # with a file that is not PHH
    ],
    "icm": [
        ("icm 5000 3000 2000 --payouts 50,30,20 --json", {0}),
        ("icm 5000 3000 2000 --payouts 50,30,20 --model weitzman --mc --trials 2000 --seed 1 --json", {0}),
    ],
    "pushfold": [("pushfold --stack 10 --ante 0.125 --json", {0})],
    "pushfold-chart": [("pushfold chart --max-stack 3 --json", {0})],
    "pushfold-icm": [
        (
            "pushfold icm 3000 2000 1500 --payouts 50,30,20 --blinds 50,100 --ante 10 --deals 500 --iterations 20"
            " --seed 1 --json",
            {0},
        ),
        ("pushfold icm 1000 1000 --payouts 1 --blinds 50,100 --iterations 20 --json", {0}),  # heads up: no seed
    ],
    "solve": [
        ("solve -b 2s3h4d6c7c --oop AsAh,QsQh --ip KsKh --pot 20 --stack 10 --bet a --max-iterations 20 --json", {0}),
    ],
    "solve-show": [
        ("solve show {root}/tests/simulate/solver/fixtures/polar-river.npz --json", {0}),
        ("solve show {root}/tests/simulate/solver/fixtures/polar-river.npz 'allin 10' call --json", {0}),
    ],
    "solve-report": [
        (
            "solve report --flops Td9d6h,2c2d2h --oop AA,KK --ip QQ,JJ --pot 10 --stack 20 --flop-bet 50% --turn-bet ''"
            " --river-bet '' --no-allin --raise-cap 0 --max-iterations 10 --json",
            {0},
        ),
    ],
    "table-preflop": [("table preflop --no-resume --json", {0})],
    "table-matchups": [("table matchups --classes AA,AKs --no-resume -t 1 --json", {0})],
    "cache": [("cache --json", {0})],
    "cache-warm": [("cache warm --processes 1 --json", {0})],
    "bench": [
        ("bench --only eq-hands --quick --json", {0}),
        ("bench --from-json {root}/docs/performance/report.json --json", {0}),
    ],
}


def validator(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schemas.load(name))


def check(name: str, data: object) -> None:
    """Fail with every place ``data`` breaks the schema of command ``name``."""
    errors = sorted(validator(name).iter_errors(data), key=lambda e: list(e.absolute_path))
    assert not errors, f"{name}: " + "; ".join(f"{list(e.absolute_path)}: {e.message[:300]}" for e in errors[:5])


def alternatives(name: str) -> list[dict]:
    schema = schemas.load(name)
    return schema.get("oneOf") or schema.get("anyOf") or [schema]


def matching(name: str, data: object) -> list[int]:
    """The alternatives of the schema (its oneOf/anyOf layouts) that ``data`` meets."""
    schema = schemas.load(name)
    found = []
    for i, part in enumerate(alternatives(name)):
        whole = {**part, "$defs": schema.get("$defs", {})}
        if jsonschema.Draft202012Validator(whole).is_valid(data):
            found.append(i)
    return found


def run(command: str, statuses: set[int], tmp_path: Path) -> object:
    """What ``pokerlab COMMAND`` prints on stdout, parsed; it must end with one of ``statuses``."""
    args = shlex.split(command.format(tmp=tmp_path, fixtures=FIXTURES, root=ROOT))
    result = CliRunner().invoke(main, args, prog_name="pokerlab")
    where = f"pokerlab {command}"
    assert result.exit_code in statuses, f"{where}: exit {result.exit_code}\n{result.output[-2000:]}"
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), where
    return json.loads(result.stdout)


@pytest.fixture
def bad_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "out_of_turn.phh").write_text(SEAT_OUT_OF_TURN)
    (folder / "not_phh.phh").write_text("variant = [unclosed\n")
    (folder / "good.phhs").write_text((FIXTURES / "cents.phhs").read_text())
    return tmp_path


def test_every_command_with_json_has_a_schema():
    """The commands that take --json, walked from the click group, are exactly those with a schema."""
    found = []

    def walk(command: click.Command, path: list[str]) -> None:
        ctx = click.Context(command, info_name=path[-1] if path else "pokerlab")
        if any("--json" in p.opts for p in command.params if isinstance(p, click.Option)):
            found.append("-".join(path))
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                walk(command.get_command(ctx, name), [*path, name])

    walk(main, [])
    assert sorted(found) == schemas.names()
    assert sorted(RUNS) == schemas.names()


@pytest.mark.parametrize("name", schemas.names())
def test_every_schema_is_a_valid_draft_2020_12_schema(name):
    schema = schemas.load(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["title"] == f"pokerlab {name.replace('-', ' ')} --json" and schema["description"]
    assert schemas.path(name).read_text(encoding="utf-8") == json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


@pytest.mark.parametrize("name", sorted(RUNS))
def test_real_output_matches_the_schema(name, bad_folder):
    """Every layout of the command, printed by a real run, validates; and each alternative is met by one."""
    met: set[int] = set()
    for args, statuses in RUNS[name]:
        data = run(args, statuses, bad_folder)
        check(name, data)
        met.update(matching(name, data))
    missing = set(range(len(alternatives(name)))) - met
    assert not missing, f"{name}: no run prints the layout(s) {sorted(missing)} of its schema"


def test_the_saved_reports_and_tables_match_their_schemas():
    """The shipped preflop table is what ``table preflop --json`` prints; the docs' bench report is real output."""
    check("table-preflop", json.loads((ROOT / "tables" / "preflop_vs_random.json").read_text()))
    check("bench", json.loads((ROOT / "docs" / "performance" / "report.json").read_text()))


def test_draw_vs_prints_the_layout_of_equity():
    draw, equity = schemas.load("draw")["$defs"], schemas.load("equity")["$defs"]
    assert draw["equity"] == equity["holdem"]
    for name in ("fraction", "stderr", "seed", "method"):  # what the copied layout refers to
        assert draw[name] == equity[name]


# --- the check can fail ------------------------------------------------------------------------------------------


def _mutations(data: dict) -> dict[str, object]:
    """Ways of breaking an ``equity --json`` output that a schema strict enough to mean something refuses."""
    out: dict[str, object] = {}
    out["a required key removed"] = {k: v for k, v in data.items() if k != "players"}
    out["an unknown key added"] = {**data, "boardz": 1}
    out["a key of the wrong type"] = {**data, "threads": "2"}
    broken = copy.deepcopy(data)
    broken["players"][0]["equity"] = 1.5
    out["a fraction out of 0..1"] = broken
    broken = copy.deepcopy(data)
    del broken["players"][1]["wins"]
    out["a player's key removed"] = broken
    out["an exact run with a seed"] = {**data, "seed": 1}
    out["Omaha's key on a hold'em result"] = {**data, "hole_cards": 4}
    return out


@pytest.mark.parametrize("mutation", list(_mutations({"players": [{"wins": 0}, {"wins": 0}]})))
def test_a_mutated_output_is_refused(mutation, tmp_path):
    data = run("equity AsAh KsKh --json", {0}, tmp_path)
    check("equity", data)
    with pytest.raises(AssertionError, match="equity: "):
        check("equity", _mutations(data)[mutation])


def test_other_commands_outputs_are_refused_too(tmp_path):
    """An output checked against another command's schema fails: the schemas tell the layouts apart."""
    outputs = {name: run(*RUNS[name][0], tmp_path) for name in ("eval", "range", "hits")}
    for name, data in outputs.items():
        for other in outputs.keys() - {name}:
            assert not validator(other).is_valid(data), f"{name}'s output passes {other}'s schema"
    hilo = run(*RUNS["eval"][3], tmp_path)
    assert not validator("eval").is_valid({**hilo, "rules": "high"})  # a low on a high hand


def test_an_unknown_command_has_no_schema():
    with pytest.raises(InputError, match="no JSON schema for 'play'"):
        schemas.load("play")
    assert schemas.path("pokerlab table preflop --json") == schemas.path("table-preflop")


# --- the docs ----------------------------------------------------------------------------------------------------

MAPS = {"counts", "probabilities", "checked", "examples", "machine", "config", "peers"}  # keyed by names, not keys
DOCUMENTED = ROOT / "docs" / "cli-conventions.md"


def schema_keys(node: object, parent: str | None = None) -> set[str]:
    """Every key an output may have, from the schema's ``properties`` (the keys inside maps left out)."""
    keys: set[str] = set()
    if isinstance(node, list):
        for x in node:
            keys |= schema_keys(x)
    elif isinstance(node, dict):
        for k, v in node.items():
            if k == "properties" and parent not in MAPS:
                keys |= set(v)
                for name, sub in v.items():
                    keys |= schema_keys(sub, name)
            elif k != "properties":
                keys |= schema_keys(v, parent if k in ("allOf", "then", "else", "if") else None)
    return keys


def documented_keys() -> dict[str, set[str]]:
    """Command (as schemas name it) -> the keys its rows of the JSON keys table list."""
    section = DOCUMENTED.read_text(encoding="utf-8").split("\n## JSON output\n", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, set[str]] = {}
    like_equity = set()  # commands whose row says they may print the keys of equity --json
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `pokerlab ") and len(cells) == 2:
            words = [w for w in cells[0].strip("`").split()[1:] if w.isalpha() and w.islower()]
            command = "-".join(words[:2]) if words[0] in ("table", "cache") and len(words) > 1 else words[0]
            rows.setdefault(command, set()).update(re.findall(r"`(\w+)`", cells[1]))
            if "the keys of `equity --json`" in cells[1]:
                like_equity.add(command)
    equity_rows = DOCUMENTED.read_text(encoding="utf-8")
    for command in like_equity:
        for line in equity_rows.splitlines():
            if line.startswith(("| `pokerlab equity --json`", "| `pokerlab equity --mc --json`")):
                rows[command] |= set(re.findall(r"`(\w+)`", line.split("|")[2]))
    return rows


def test_the_schemas_have_the_keys_the_docs_list():
    rows = documented_keys()
    assert set(rows) <= set(schemas.names())
    for name, keys in rows.items():
        in_schema = schema_keys(schemas.load(name))
        assert in_schema == keys, f"{name}: only in the schema {in_schema - keys}, only in the docs {keys - in_schema}"


def test_the_docs_render_every_schema():
    page = (ROOT / "docs" / "json-schemas.md").read_text(encoding="utf-8")
    included = re.findall(r"^```\{literalinclude\} \.\./pokerlab/schemas/([\w-]+)\.json$", page, re.M)
    assert included == schemas.names()
    assert "json-schemas.md" in DOCUMENTED.read_text(encoding="utf-8")


def test_the_docs_example_validates_real_output():
    """The page's Python example runs as written (a subprocess of this interpreter) and validates."""
    page = (ROOT / "docs" / "json-schemas.md").read_text(encoding="utf-8")
    (example,) = re.findall(r"^```python\n(.*?)^```$", page, re.M | re.S)
    exec(compile(example, "docs/json-schemas.md", "exec"), {})  # raises on output that breaks the schema


def test_the_bench_schema_names_every_section_of_the_bench():
    from pokerlab.simulate.bench.cases import SECTIONS

    assert schemas.load("bench")["$defs"]["case"]["properties"]["section"]["enum"] == list(SECTIONS)
