"""README's and the docs' Python examples run, and the results their comments show are what they give.

Each ```` ```python ```` block of README.md and docs/*.md runs in a fresh namespace, in a fresh folder
holding a ``hand.phh`` (the file the examples load). A line that is an expression followed by a comment
that opens with a Python literal states its result: ``# 'Royal flush'``, ``# (20, 1000): amounts...``,
``# 9 of 47 draws`` (the literal, then anything); a number ending in ``...`` is the start of the
value's repr (``# 0.826366...``). Other comments are prose.
"""

from __future__ import annotations

import ast
import io
import re
import shutil
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
HAND = ROOT / "tests" / "simulate" / "histories" / "fixtures" / "button_ante.phh"
NUMBER = re.compile(r"-?\d[\d_]*(?:\.\d+)?(?:e-?\d+)?")


def python_blocks(text: str) -> list[tuple[int, str]]:
    """(first line number, source) of each ```python block of a Markdown text."""
    blocks, inside, start, lines = [], False, 0, []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("```"):
            if inside:
                blocks.append((start, "\n".join(lines) + "\n"))
            inside, start, lines = line.strip() == "```python", number + 1, []
        elif inside:
            lines.append(line)
    return blocks


def stated_result(comment: str) -> tuple[str, object] | None:
    """What a comment says an expression gives: ("prefix", repr start) for ``0.8263...``, ("equal", value)
    for a literal, None for prose."""
    text = comment.lstrip("#").strip()
    number = NUMBER.match(text)
    if number:
        if text[number.end() : number.end() + 3] == "...":
            return "prefix", number.group()
        return "equal", ast.literal_eval(number.group())
    if not text or text[0] not in "'\"[(":
        return None
    for end in range(1, len(text) + 1):  # the shortest prefix that is a whole literal
        try:
            return "equal", ast.literal_eval(text[:end])
        except (SyntaxError, ValueError):
            continue
    return None


def checks(source: str) -> list[tuple[int, ast.expr, tuple[str, object]]]:
    """The block's expression statements that state their result: (line, expression, statement)."""
    comments = {
        tok.start[0]: tok.string
        for tok in tokenize.generate_tokens(io.StringIO(source).readline)
        if tok.type == tokenize.COMMENT
    }
    found = []
    for statement in ast.parse(source).body:
        if isinstance(statement, ast.Expr) and statement.end_lineno in comments:
            stated = stated_result(comments[statement.end_lineno])
            if stated is not None:
                found.append((statement.end_lineno, statement.value, stated))
    return found


def run_block(source: str, where: str) -> int:
    """Run a block, checking every stated result; the number of results checked."""
    namespace: dict[str, object] = {"__name__": "__doc_example__"}
    stated = {line: (expr, s) for line, expr, s in checks(source)}
    for statement in ast.parse(source).body:
        line = statement.end_lineno
        if line in stated:
            value = eval(compile(ast.Expression(stated[line][0]), where, "eval"), namespace)
            kind, expected = stated[line][1]
            if kind == "prefix":
                assert repr(value).startswith(str(expected)), f"{where}+{line}: {value!r}, not {expected}..."
            else:
                assert value == expected, f"{where}+{line}: {value!r}, not {expected!r}"
        else:
            exec(compile(ast.Module([statement], []), where, "exec"), namespace)
    return len(stated)


BLOCKS = [(f"{path.relative_to(ROOT)} line {line}", source) for path in FILES
          for line, source in python_blocks(path.read_text(encoding="utf-8"))]  # fmt: skip


def test_the_pages_have_python_examples_that_state_results():
    assert len(BLOCKS) >= 3
    assert sum(len(checks(source)) for _, source in BLOCKS) >= 10


@pytest.mark.parametrize(("where", "source"), BLOCKS, ids=[where for where, _ in BLOCKS])
def test_python_example_runs_and_gives_what_it_states(where, source, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(HAND, tmp_path / "hand.phh")
    run_block(source, where)


def test_a_wrong_stated_result_fails():
    assert stated_result("# 'Royal flush'") == ("equal", "Royal flush")
    assert stated_result("# (20, 1000): amounts are raise-to") == ("equal", (20, 1000))
    assert stated_result("# 9 of 47 draws") == ("equal", 9)
    assert stated_result("# 0.826366...") == ("prefix", "0.826366")
    assert stated_result("# equity against each class") is None
    assert run_block("x = 2\nx * 3  # 6\n", "ok") == 1
    for wrong in ("x * 3  # 7\n", "str(x)  # 'two'\n", "x / 3  # 0.67...\n"):
        with pytest.raises(AssertionError):
            run_block("x = 2\n" + wrong, "wrong")
