"""The folder row of ``pokerlab bench``: a folder of one-hand ``.phh`` files replayed, pokerlab against pokerkit.

Most of the public PHH dataset is one hand a file, so what a file costs beyond its hand counts. The folder
holds ``config.phh_hands`` files of the dataset's shapes, played by pokerlab's tight and loose bots (so that, as
in real play, most hands end with a bet nobody calls and about a quarter see a flop) and written once (untimed):

- half in the shape of the dataset's Pluribus hands: 6-max no-limit hold'em, blinds 50/100, 10,000 chips,
  every card seen, single-quoted arrays on one line, the players' names and the finishing stacks;
- a quarter in the shape of its online cash hands, as pokerlab writes them: dollars and cents (blinds
  0.50/1), hole cards nobody saw except at showdowns, the winnings;
- one in twelve each of three other games, as pokerlab writes them: fixed-limit hold'em, pot-limit Omaha and
  seven-card stud (without the open-pair big bet, which pokerkit does not play).

pokerlab's timed run is what ``pokerlab replay FOLDER`` runs (:func:`~pokerlab.simulate.histories.replay_tree`:
the walk, every file read, every hand replayed with every rule checked and its recorded results compared);
pokerkit's ``HandHistory.load`` on each file and a walk through the hand's states. Every hand must be ok for
pokerlab, and pokerkit must end every hand with pokerlab's stacks.

>>> from pokerlab.simulate.bench.cases import BenchConfig
>>> folder = write_folder(BenchConfig.named("tiny"))
>>> files = sorted(folder.glob("*.phh"))
>>> len(files), sum(f.read_text().count("variant =") for f in files)
(40, 40)
"""

# Imports inside functions: a case's library loads only when its case is built, so a bench of some cases
# (--only) never loads the others'.
from __future__ import annotations

import atexit
import os
import random
import shutil
import tempfile
import warnings
from collections.abc import Callable
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any

from .cases import BenchConfig, Case, Contender, Hands
from .histories import as_cents

PLURIBUS_NAMES = ("MrBlue", "MrBlonde", "MrWhite", "MrPink", "MrBrown", "Pluribus")
BOTS = ("tight", "loose", "tight", "tight", "loose", "tight")


def _literal(values: Any) -> str:
    """A one-line TOML array as the dataset writes it: strings in single quotes."""
    return "[" + ", ".join(f"'{v}'" if isinstance(v, str) else str(v) for v in values) + "]"


def _pluribus_text(hand: Any, number: int) -> str:
    """A hand in the dataset's Pluribus shape (whole chips, one line per field)."""
    actions = [a for a in hand.actions if not a.startswith("#")]
    return "\n".join(
        [
            "variant = 'NT'",
            "ante_trimming_status = true",
            f"antes = {_literal(hand.antes)}",
            f"blinds_or_straddles = {_literal(hand.blinds_or_straddles)}",
            f"min_bet = {hand.min_bet}",
            f"starting_stacks = {_literal(hand.starting_stacks)}",
            f"actions = {_literal(actions)}",
            f"hand = {number}",
            f"players = {_literal(PLURIBUS_NAMES)}",
            f"finishing_stacks = {_literal(hand.optional['finishing_stacks'])}",
            "",
        ]
    )


def _games() -> list[tuple[Any, int, Callable[[Any, int], str]]]:
    """(variant, stack, writer) of each shape, in the order the files cycle through them."""
    from ..game import fixed_limit_holdem, no_limit_holdem, pot_limit_omaha, seven_card_stud
    from ..histories import dumps

    def online(hand: Any, number: int) -> str:
        return dumps(as_cents(hand))

    def plain(hand: Any, number: int) -> str:
        return dumps(hand)

    nlhe = no_limit_holdem(50, 100)
    pluribus, cash = (nlhe, 10_000, _pluribus_text), (nlhe, 10_000, online)
    limit = (fixed_limit_holdem(2, 4), 400, plain)
    omaha = (pot_limit_omaha(1, 2), 200, plain)
    stud = (seven_card_stud(ante=1, bring_in=1, small_bet=2, big_bet=4, open_pair=False), 200, plain)
    return [pluribus, cash, pluribus, cash, pluribus, limit, pluribus, cash, pluribus, omaha, pluribus, stud]


@lru_cache(maxsize=4)
def write_folder(config: BenchConfig) -> Path:
    """The bench's folder: ``config.phh_hands`` one-hand ``.phh`` files in a temporary folder (see the module)."""
    from ..bots.simulator import make_bot, play_hand
    from ..game import State
    from ..histories import history_from_state

    rng = random.Random(config.seed)
    bots = [make_bot(name, rng.randrange(1 << 30)) for name in BOTS]
    games = _games()
    folder = Path(tempfile.mkdtemp(prefix="pokerlab-bench-phh-folder-"))
    atexit.register(shutil.rmtree, folder, True)
    for number in range(config.phh_hands):
        variant, stack, write = games[number % len(games)]
        state = State(variant, [stack] * len(bots), button=number % len(bots), seed=rng.randrange(1 << 62))
        hand = history_from_state(play_hand(state, bots), hand=number + 1)
        (folder / f"{number + 1:06d}.phh").write_text(write(hand, number + 1))
    return folder


def pokerlab_folder(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """pokerlab: ``replay_tree(folder)``, what ``pokerlab replay FOLDER`` runs; each hand's stacks kept."""
    from ..histories import replay_tree

    folder = write_folder(config)
    last: dict[str, list[Any]] = {}

    def run() -> None:
        stacks: list[Any] = []

        def keep(path: Path, label: str, result: Any) -> None:
            stacks.append(None if isinstance(result, Exception) or not result.ok else result.stacks)

        summary = replay_tree(folder, on_hand=keep)
        last["v"] = stacks if summary.files == config.phh_hands and not summary.failed_files else [None]

    return Contender("replay_tree(folder): walk, read, replay, check", run, lambda: last["v"], config.phh_hands)


def pokerlab_folder_jobs(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """pokerlab with a worker process per core: ``replay_tree(folder, jobs=0)``, what ``pokerlab replay FOLDER``
    runs by default; its counts are kept (a hand's stacks stay in its worker)."""
    from ..histories import replay_tree

    folder = write_folder(config)
    last: dict[str, dict[str, int]] = {}

    def run() -> None:
        summary = replay_tree(folder, jobs=0)
        last["v"] = {"hands": summary.hands, "ok": summary.counts["ok"], "failed_files": len(summary.failed_files)}

    return Contender("replay_tree(folder, jobs=0): a process per core", run, lambda: last["v"], config.phh_hands)


def pokerkit_folder(case: Case, hands: Hands | None, config: BenchConfig) -> Contender:
    """pokerkit: ``HandHistory.load`` on each file and every state of its hand."""
    from pokerkit import HandHistory

    folder = write_folder(config)
    last: dict[str, list[Any]] = {}

    def run() -> None:
        stacks = []
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # it warns about every field it does not know, file after file
            for name in sorted(os.listdir(folder)):
                with open(folder / name, "rb") as handle:
                    *_, state = HandHistory.load(handle)  # every state of the hand, the last one kept
                stacks.append([Decimal(s) for s in state.stacks])
        last["v"] = stacks

    call = "for name in listdir(folder): HandHistory.load(file) ..."
    return Contender(call, run, lambda: last["v"], config.phh_hands)
