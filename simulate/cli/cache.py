"""``pokerlab cache``: where the compiled kernels are cached, what the cache holds, clear it, warm it.

Registered in ``pokerlab.simulate.cli.main`` with ``main.add_command``; a thin shell over
:mod:`pokerlab.evaluator.jit` and :mod:`pokerlab.simulate.kernel_warm`, imported inside the
commands (the first loads numba).
"""

# Imports inside functions: a command loads its library only when it runs, so `pokerlab --help` and the
# table-answered queries start without numpy or numba (tests/simulate/cli/test_cli_eval_startup.py).
from __future__ import annotations

import os

import click

from ._common import HELP_OPTIONS, JSON_HELP, emit_json


def _size(n_bytes: int) -> str:
    return f"{n_bytes / 1e6:.1f} MB" if n_bytes >= 100_000 else f"{n_bytes / 1e3:.1f} KB"


@click.group("cache", invoke_without_command=True, context_settings=HELP_OPTIONS)
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@click.pass_context
def cache_command(ctx: click.Context, as_json: bool) -> None:
    """Show where compiled kernels are cached and what the cache holds.

    Kernels are compiled on first use and cached per user (set
    POKERLAB_CACHE_DIR to move the cache), under a key that changes with
    pokerlab's, Python's and numba's versions.

    \b
    Examples:
      pokerlab cache
      pokerlab cache --json
      pokerlab cache warm            # compile every kernel now (Docker images, cluster workers)
      pokerlab cache clear           # delete every compiled kernel
      pokerlab cache clear --stale   # keep only this version's kernels
    """
    if ctx.invoked_subcommand is not None:
        return
    from pokerlab.evaluator.kernel_cache import cache_info  # numba-free: showing the cache imports no numba

    info = cache_info()
    if as_json:
        emit_json(info.to_dict())
        return
    data = info.to_dict()
    click.echo(f"cache folder    {info.root}{'' if info.writable else '  (not writable: kernels are not cached)'}")
    click.echo(f"this version    {info.key}")
    click.echo(f"holds           {data['files']} files, {_size(data['bytes'])}")
    for entry in data["keys"]:
        mark = "  (this version)" if entry["current"] else ""
        click.echo(f"  {entry['key']}: {entry['files']} files, {_size(entry['bytes'])}{mark}")


@cache_command.command("clear", context_settings=HELP_OPTIONS)
@click.option("--stale", is_flag=True, help="Delete only kernels compiled for other versions or sources.")
def clear_command(stale: bool) -> None:
    """Delete compiled kernels (they are compiled again on next use)."""
    from pokerlab.evaluator.kernel_cache import cache_root, clear_cache

    removed = clear_cache(stale_only=stale)
    click.echo(f"removed {removed} files from {cache_root()}")


@cache_command.command("warm", context_settings=HELP_OPTIONS)
@click.option(
    "--processes",
    type=click.IntRange(min=1),
    help="Steps compiled at once, each in a process of its own (default: one per core).",
)
@click.option(
    "--low-priority", is_flag=True, help="Compile at the lowest CPU priority (what the background native build does)."
)
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
def warm_command(processes: int | None, low_priority: bool, as_json: bool) -> None:
    """Compile every kernel now, for this CPU, so later processes load them.

    The first time, this takes under a minute on two cores (each step's
    seconds are listed as it ends); later it only loads the cached kernels.
    A wheel that ships prebuilt portable kernels starts this on its own, in
    the background, after their first use (POKERLAB_NATIVE_BUILD=off stops it).

    \b
    Examples:
      pokerlab cache warm
      pokerlab cache warm --processes 1 --json
      pokerlab cache warm --low-priority
    """
    # Native kernels into the user's cache: the portable ones shipped in the package are not loaded here
    # (nor in the step processes, which inherit the environment).
    os.environ["POKERLAB_SHIPPED_KERNELS"] = "off"
    if low_priority and hasattr(os, "nice"):
        os.nice(19)
    from pokerlab.evaluator.jit import cache_dir, cache_enabled
    from pokerlab.simulate.kernel_warm import STEPS, processes_at_once, warm_kernels

    def show(name: str, seconds: float) -> None:
        if not as_json:
            click.echo(f"{name:<34} {seconds:7.2f} s")

    if not as_json:
        at_once = processes_at_once(processes)
        click.echo(f"compiling {len(STEPS)} kernel families, {at_once} at a time; each line is one finished:")
    steps = warm_kernels(show, processes)
    where = str(cache_dir()) if cache_enabled() else None
    if as_json:
        emit_json({"cache": where, "steps": [{"step": n, "seconds": s} for n, s in steps]})
    elif where is None:
        click.echo("kernels compiled, but not cached: the cache folder is not writable")
    else:
        click.echo(f"kernels cached in {where}")
