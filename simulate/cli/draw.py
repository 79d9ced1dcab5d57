"""``pokerlab draw``: the odds of each discard of a draw hand (five-card draw, badugi), and draw-versus-draw equity.

Registered lazily in ``pokerlab.simulate.cli.main`` (``LAZY_COMMANDS``).
"""

# Imports inside functions: a command loads its library only when it runs, so `pokerlab --help` and the
# table-answered queries start without numpy or numba (tests/simulate/cli/test_cli_eval_startup.py).
from __future__ import annotations

import click

from pokerlab.errors import InputError

from ._common import (
    HELP_OPTIONS,
    JSON_HELP,
    RULE_NAMES,
    choice_option,
    emit_json,
    friendly_errors,
    resolve_seed,
    seed_option,
)
from .printing import text_table

_SHORT = {
    "Five of a kind": "5K",
    "Royal flush": "RF",
    "Straight flush": "SF",
    "Four of a kind": "4K",
    "Full house": "FH",
    "Flush": "Fl",
    "Straight": "St",
    "Three of a kind": "3K",
    "Two pair": "2P",
    "One pair": "1P",
    "High card": "HC",
    **{f"{rank}-high badugi": f"B{rank}" for rank in "456789TJQK"},
    "Three-card hand": "3C",
    "Two-card hand": "2C",
    "One-card hand": "1C",
}


@click.command("draw", context_settings=HELP_OPTIONS)
@click.argument("hand")
@choice_option("--rules", "-r", choices=RULE_NAMES, default="high", help="Hand ranking (badugi: four-card hands).")
@click.option("--discard", "-x", default=None, help="Cards to throw away; prints the odds of that draw only.")
@click.option(
    "--vs",
    "opponents",
    multiple=True,
    help='An opponent as "HAND/DISCARD" (repeatable): draw-versus-draw equity (needs --discard, "" to stand pat).',
)
@choice_option(
    "--objective",
    choices=["strength", "category", "equity"],
    default="strength",
    help="How discards are ranked: expected hand strength, chance of --target or better, equity against --vs.",
)
@click.option("--target", help='Category for --objective category, e.g. Flush, 7-high, "8-high badugi" or Badugi.')
@click.option("--dead", "-d", default="", help="Cards known to be out of the stub.")
@click.option(
    "--max-draw", type=click.IntRange(0, 5), help="Most cards a player may draw (default 3; 5 in lowball, 4 in badugi)."
)
@click.option("--four-with-ace", is_flag=True, help="House rule: draw four when keeping an ace.")
@click.option(
    "--top", type=click.IntRange(min=0), default=10, show_default=True, help="Discards to list, best first (0: all)."
)
@seed_option(help="Monte Carlo seed (draw versus draw), 0 to 2**64-1 (default: random; printed when used).")
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@friendly_errors
def draw_command(  # noqa: PLR0913  (a click command: one parameter per option)
    hand: str,
    rules: str,
    discard: str | None,
    opponents: tuple[str, ...],
    objective: str,
    target: str | None,
    dead: str,
    max_draw: int | None,
    four_with_ace: bool,
    top: int,
    seed: int | None,
    as_json: bool,
) -> None:
    """Five-card draw and badugi: which cards to throw from HAND, and the exact odds of one draw.

    Without --discard, every legal discard is ranked (by default by the
    expected strength of the final hand: the share of all five-card hands it
    beats; four-card hands in badugi) with the chance of each final category.
    With --discard, that draw's odds. With --vs, the equity of HAND/--discard
    against the given opponents after everyone draws (exact when small, else
    Monte Carlo). Under --rules badugi HAND is four cards and a four-card
    badugi is counted by its top card (4-high badugi ... K-high badugi).

    \b
    Examples:
      pokerlab draw "Ah Kh Qh Jh 3c"
      pokerlab draw "Jh Jd 9c 6s 2h" --discard "9c 6s 2h"
      pokerlab draw "8s 7h 5d 3c Kd" --rules ace-five --discard Kd --vs "9s 6d 4c 2h Jd/Jd"
      pokerlab draw "Ah Kh Qh Jh 3c" --objective category --target Flush --json
      pokerlab draw "9s 9d 5c 4h 2d" --objective equity --vs "Ah Kh Qh Jh 3c/3c"
      pokerlab draw "Ac 2d 3h Kh" --rules badugi
      pokerlab draw "Ac 2d 3h Kh" --rules badugi --discard Kh
      pokerlab draw "Ac 2d 3h Kh" --rules badugi --objective category --target "8-high badugi"
      pokerlab draw "Ac 2d 3h Kh" --rules badugi --discard Kh --vs "5c 4d 2h Ks/Ks"
    """
    from pokerlab.simulate.draw import best_discard, draw_equity, draw_odds

    seed = resolve_seed(seed)
    if opponents and discard is None and objective != "equity":
        raise InputError('--vs needs --discard for HAND (use --discard "" to stand pat), or --objective equity')
    if opponents and discard is not None:
        players: list[str | tuple[str, str]] = [(hand, discard), *opponents]
        result = draw_equity(
            players, rules=rules, dead=dead or None, seed=seed, threads=1, max_draw=max_draw,
            four_with_ace=four_with_ace,
        )  # fmt: skip
        if as_json:
            emit_json(result.to_dict())
            return
        rows = [
            [str(i + 1), p.hand, f"{100 * p.win:.3f}", f"{100 * p.tie:.3f}", f"{100 * p.equity:.3f}"]
            for i, p in enumerate(result.players)
        ]
        click.echo(text_table(["player", "hand/discard", "win %", "tie %", "equity %"], rows, right={0, 2, 3, 4}))
        if result.method == "exact" or result.stderr is None:
            click.echo(f"exact: {result.boards:,} joint draws in {result.seconds:.3f} s")
        else:
            stderr = 100 * result.stderr
            click.echo(f"Monte Carlo: {result.trials:,} deals, standard error {stderr:.3f} % (seed {seed})")
        return
    if discard is not None:
        odds = draw_odds(hand, discard, rules=rules, dead=dead or None, max_draw=max_draw, four_with_ace=four_with_ace)
        if as_json:
            emit_json(odds.to_dict())
            return
        rows = [[name, f"{n:,}", f"{100 * n / odds.outcomes:.3f}"] for name, n in odds.counts.items() if n]
        click.echo(f"{odds.hand}, discard {odds.discard or 'nothing (pat)'}: {odds.outcomes:,} equally likely draws")
        click.echo(text_table(["final hand", "draws", "%"], rows))
        click.echo(f"improves {100 * odds.improve:.3f} %, expected strength {100 * odds.strength:.2f} %")
        return
    opponent = None
    if objective == "equity":
        if len(opponents) != 1:
            raise InputError('--objective equity needs exactly one --vs opponent, as "HAND/DISCARD"')
        opp_hand, _, opp_discard = opponents[0].partition("/")
        opponent = (opp_hand, opp_discard)
    options = best_discard(
        hand,
        rules=rules,
        objective=objective,
        target=target,
        opponent=opponent,
        dead=dead or None,
        seed=seed,
        max_draw=max_draw,
        four_with_ace=four_with_ace,
    )
    if as_json:
        emit_json([{**o.odds.to_dict(), "score": o.score, "keep": o.keep} for o in options[: top or None]])
        return
    shown = options[: top or None]
    names = [n for n in shown[0].odds.counts if any(o.odds.counts[n] for o in shown)]
    headers = ["discard", "keep", objective, "improve", *(_SHORT.get(n, n) for n in names)]
    rows = [
        [o.discard or "(pat)", o.keep, f"{100 * o.score:.2f}", f"{100 * o.odds.improve:.1f}"]
        + [f"{100 * o.odds.probability(n):.2f}" for n in names]
        for o in shown
    ]
    click.echo(text_table(headers, rows, right=set(range(2, len(headers)))))
    legend = ", ".join(f"{_SHORT[n]} {n if '-high' in n else n.lower()}" for n in names if n in _SHORT)
    meaning = _OBJECTIVE_TEXT[objective].replace("five-card", "four-card" if rules == "badugi" else "five-card")
    click.echo(f"percentages; {objective} is {meaning}" + (f"; {legend}" if legend else ""))
    if len(shown) < len(options):
        click.echo(f"the best {len(shown)} of {len(options)} discards (--top 0 lists them all)")
    if objective == "equity":
        click.echo(f"equity exact where the draws are few, else Monte Carlo with seed {seed}")


_OBJECTIVE_TEXT = {
    "strength": "the expected share of all five-card hands the final hand beats",
    "category": "the chance of the target category or better",
    "equity": "the equity against the opponent",
}
