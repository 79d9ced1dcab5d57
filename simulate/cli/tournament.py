"""``pokerlab icm`` and ``pokerlab pushfold``: tournament math, thin shells over :mod:`pokerlab.simulate.tournament`.

Registered lazily in ``pokerlab.simulate.cli.main`` (``LAZY_COMMANDS``).
"""

from __future__ import annotations

import click

from ._common import HELP_OPTIONS, JSON_HELP, emit_json, friendly_errors, seed_option, text_table

_MODEL_NAMES = {"harville": "Malmuth-Harville", "weitzman": "Malmuth-Weitzman"}


def _amount(value: float) -> str:
    """A chip count or prize as written: no decimals when it is whole."""
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.6g}"


@click.command("icm", context_settings={**HELP_OPTIONS, "ignore_unknown_options": True})
@click.argument("stacks", nargs=-1, required=True)
@click.option("--payouts", required=True, help="The prizes, first place first, comma-separated: 50,30,20.")
@click.option(
    "--model",
    type=click.Choice(["harville", "weitzman"]),
    default="harville",
    show_default=True,
    help="Malmuth-Harville or Malmuth-Weitzman.",
)
@click.option("--mc", is_flag=True, help="Sample finishes (Monte Carlo) even where the exact answer is quick.")
@click.option("--trials", type=click.IntRange(min=2), default=None, help="Monte Carlo: finishes to draw.")
@seed_option()
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@friendly_errors
def icm_command(
    stacks: tuple[str, ...], payouts: str, model: str, mc: bool, trials: int | None, seed: int | None, as_json: bool
) -> None:
    """Each player's share of the prize pool from the chip STACKS (ICM).

    Exact up to 20 players (Malmuth-Harville: more when few places pay),
    Monte Carlo with a standard error above; the equities sum to the pool.

    \b
    Examples:
      pokerlab icm 5000 3000 2000 --payouts 50,30,20
      pokerlab icm 5000 3000 2000 1000 --payouts 50,30,20 --model weitzman --json
    """
    from pokerlab.simulate.tournament.icm import icm

    prizes = [p.strip() for p in payouts.split(",")] if payouts.strip() else []
    result = icm(
        list(stacks),  # the library names a stack that is not a positive number
        prizes,  # type: ignore[arg-type]  # strings: the library names a payout that is not a number
        model=model,
        method="mc" if mc else "auto",
        trials=trials,
        seed=seed,  # used only when sampling; the result reports the one drawn when none is given
    )
    if as_json:
        emit_json(result.to_dict())
        return
    how = "exact" if result.method == "exact" else f"Monte Carlo: {result.trials:,} finishes, seed {result.seed}"
    click.echo(
        f"ICM ({_MODEL_NAMES[model]}, {how}): {len(result.stacks)} players, prize pool {_amount(result.prize_pool)}"
    )
    headers = ["player", "stack", "chips %", "equity", "pool %"]
    if result.stderrs is not None:
        headers.append("+/-")
    rows = []
    for entry in result.to_dict()["players"]:
        row = [
            str(entry["player"]),
            _amount(entry["stack"]),
            f"{100 * entry['chips_share']:.2f}",
            f"{entry['equity']:,.4f}",
            f"{100 * entry['pool_share']:.2f}",
        ]
        if "stderr" in entry:
            row.append(f"{entry['stderr']:.4f}")
        rows.append(row)
    click.echo(text_table(headers, rows))
