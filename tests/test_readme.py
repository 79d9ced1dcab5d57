"""README and the guides print what the tool prints: every ``$ pokerlab ...`` example runs, and its output is compared.

Examples live in ```` ```console ```` blocks of README.md and of every page docs/*.md: a line
``$ pokerlab ARGS`` (a trailing ``# comment`` is ignored) and then the output it shows, up to the next
``$`` line. The blocks of each file run in order, each in a fresh folder (so one block can replay the
files it wrote), with pokerlab in this process. Output is compared line by line, trailing spaces
ignored, with the documented placeholders ("About the examples" in docs/cli-conventions.md): a timing
(a number before ``s``, ``ms`` or ``hands/s``) matches any number, ``<seed>`` matches any seed, and a
line ``...`` stands for one or more lines left out.

Alongside, the table of JSON keys in docs/cli-conventions.md is checked against what each command prints.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from pokerlab.simulate.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
FILES = [README, *DOCS]  # every file whose console examples run
JSON_KEYS_PAGE = ROOT / "docs" / "cli-conventions.md"  # the table of JSON keys, under "## JSON output"
PROMPT = "$ pokerlab "
TIMING = re.compile(r"\d[\d,]*(?:\.\d+)?(?= (?:s|ms|hands/s)\b)")
PLACEHOLDERS = {re.escape("<seed>"): r"\d+"}


@dataclass
class Example:
    file: str  # README.md or docs/NAME.md
    line: int  # 1-based line of the file
    args: list[str]
    expected: list[str]


def console_blocks(text: str, file: str = "README.md") -> list[list[Example]]:
    """The examples of every ```console block of a file's text, block by block."""
    blocks: list[list[Example]] = []
    inside = False
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("```"):
            inside = line.strip() == "```console"
            if inside:
                blocks.append([])
            continue
        if not inside:
            continue
        if line.startswith("$ "):
            assert line.startswith(PROMPT), f"{file} line {number}: a console example must run pokerlab"
            blocks[-1].append(Example(file, number, shlex.split(line[len(PROMPT) :], comments=True), []))
        else:
            assert blocks[-1], f"{file} line {number}: output before any '$ pokerlab' line"
            blocks[-1][-1].expected.append(line)
    return [block for block in blocks if block]


def mask(line: str) -> str:
    return TIMING.sub("<time>", line.rstrip())


def pattern(expected: list[str]) -> re.Pattern[str]:
    """A regex for the whole expected output: placeholders and ``...`` lines become wildcards."""
    lines = [mask(x) for x in expected]
    while lines and not lines[-1]:
        lines.pop()
    parts = []
    for line in lines:
        if line == "...":
            parts.append(r"(?:[^\n]*\n)*?[^\n]*")
            continue
        part = re.escape(line)
        for token, regex in PLACEHOLDERS.items():
            part = part.replace(token, regex)
        parts.append(part)
    return re.compile("\n".join(parts))


def test_the_pattern_rules():
    assert pattern(["exact: 1,712,304 boards in 0.412 s"]).fullmatch(mask("exact: 1,712,304 boards in 3.100 s"))
    assert not pattern(["exact: 1,712,304 boards in 0.412 s"]).fullmatch(mask("exact: 1,712,305 boards in 0.4 s"))
    assert pattern(["seed <seed>, 2 threads"]).fullmatch("seed 1234567890123, 2 threads")
    assert not pattern(["seed <seed>, 2 threads"]).fullmatch("seed 12, 3 threads")
    assert pattern(["a", "...", "z"]).fullmatch("a\nb\nc\nz")
    assert not pattern(["a", "...", "z"]).fullmatch("a\nb\nc\ny")
    assert mask("1,234 hands/s (0.8 s)") == "<time> hands/s (<time> s)"


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


BLOCKS = [block for path in FILES for block in console_blocks(path.read_text(encoding="utf-8"), _name(path))]


def test_readme_and_the_guides_have_console_examples():
    assert len(BLOCKS) >= 5
    assert any(block[0].file == "README.md" for block in BLOCKS)
    assert DOCS, "docs/ has no pages"


@pytest.mark.parametrize("path", FILES, ids=[_name(p) for p in FILES])
def test_no_untested_prompt(path):
    name = _name(path)
    outside = [
        number
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if line.startswith("$ ") and not any(e.file == name and e.line == number for block in BLOCKS for e in block)
    ]
    assert outside == [], f"'$' lines outside ```console blocks (so never run): {name} lines {outside}"


@pytest.mark.parametrize("block", BLOCKS, ids=[f"{b[0].file}-line-{b[0].line}" for b in BLOCKS])
def test_example_prints_what_the_page_shows(block, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    for example in block:
        result = runner.invoke(main, example.args, prog_name="pokerlab")
        shown = "\n".join(mask(x) for x in result.output.rstrip().splitlines())
        where = f"{example.file} line {example.line}: pokerlab {shlex.join(example.args)}"
        assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), where
        expected_status = 2 if any(x.startswith("error: ") for x in example.expected) else 0
        assert result.exit_code == expected_status, f"{where}\n{result.output}"
        assert pattern(example.expected).fullmatch(shown), f"{where} printed:\n{result.output}"


# --- the JSON keys the documentation lists ------------------------------------------------------------

# A quick command for each row of the JSON table (rows are matched by their first cell).
JSON_COMMANDS = {
    "eval": ["eval", "As Ks Qs Js Ts", "--json"],
    "verify": ["verify", "5card", "--json"],
    "equity": ["equity", "AsAh", "KsKh", "--json"],
    "equity --mc": ["equity", "AsAh", "KsKh", "--mc", "--trials", "1000", "--json"],
    "draw --discard": ["draw", "Jh Jd 9c 6s 2h", "--discard", "9c", "--json"],
    "draw": ["draw", "Jh Jd 9c 6s 2h", "--top", "1", "--json"],
    "range": ["range", "AA", "--json"],
    "equity --by-combo": ["equity", "QQ+,AKs", "JJ", "-b", "Qh7c2d", "--by-combo", "--json"],
    "equity --breakdown": ["equity", "AsKs", "QQ+,AQs+", "-b", "Qh7c2d", "--breakdown", "--json"],
    "hits": ["hits", "AKs", "--board", "Qs7h2c", "--json"],
    "simulate": ["simulate", "holdem", "-n", "5", "-p", "2", "--json"],
    "replay": ["replay", "hands-0000001.phhs", "--json"],
    "replay -q": ["replay", "hands-0000001.phhs", "--json", "-q"],
    "replay FOLDER": ["replay", ".", "--json"],
    "table matchups": ["table", "matchups", "--classes", "AA", "--no-resume", "-t", "1", "--json"],
    "cache": ["cache", "--json"],
    "eval --rules omaha-hilo": ["eval", "--rules", "omaha-hilo", "As2d9c9h", "--board", "3h4h5cKsKd", "--json"],
    "equity --game omaha-hilo": ["equity", "--game", "omaha-hilo", "As2s3dKh", "KdKcQsJh", "-b", "4c5h9d", "--json"],
    "equity --game stud-hilo": ["equity", "--game", "stud-hilo", "As2s 3d 8h 8c Kh", "4c5c 6c 7h Jd Qs", "--json"],
}
MAPS = {"counts", "probabilities", "checked", "examples"}  # keyed by category or field names, described there


def all_keys(data: object) -> set[str]:
    if isinstance(data, list):
        return set().union(*(all_keys(x) for x in data)) if data else set()
    if isinstance(data, dict):
        return set(data) | set().union(*(all_keys(v) for k, v in data.items() if k not in MAPS))
    return set()


def json_rows() -> dict[str, set[str]]:
    text = JSON_KEYS_PAGE.read_text(encoding="utf-8")
    assert "\n## JSON output\n" in text, f"{_name(JSON_KEYS_PAGE)} has no '## JSON output' section"
    section = text.split("\n## JSON output\n", 1)[1].split("\n#", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `pokerlab ") and len(cells) == 2:
            rows[cells[0].strip("`")[len("pokerlab ") :].removesuffix(" --json")] = set(
                re.findall(r"`(\w+)`", cells[1])
            )
    return rows


def test_the_docs_list_every_json_key(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["simulate", "holdem", "-n", "3", "-p", "2", "--phh-out", "."]).exit_code == 0
    rows = json_rows()
    assert set(rows) == set(JSON_COMMANDS)
    for name, args in JSON_COMMANDS.items():
        result = runner.invoke(main, args)
        assert result.exit_code == 0, (name, result.output)
        keys = all_keys(json.loads(result.stdout))
        assert keys <= rows[name], f"the JSON table lacks {sorted(keys - rows[name])} for {name}"
        # Present in some runs only (exact or Monte Carlo, a replay error), or inside a map (checked).
        optional = {"reference", "problem", "boards", "trials", "seed", "rejected", "field", "index", "kind", "reason"}
        optional |= {"rules"}  # verify: on every table but the high-hand ones
        optional |= {"recorded", "replayed", "file", "error"}  # a failed file's entry
        assert rows[name] - keys <= optional, f"the JSON table lists {sorted(rows[name] - keys)} that {name} lacks"
