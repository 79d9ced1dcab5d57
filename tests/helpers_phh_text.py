"""PHH texts the tests write themselves: one line a field, single quotes, as the public dataset writes its hands."""

from __future__ import annotations

from pokerlab.simulate.game import State
from pokerlab.simulate.histories import history_from_state


def phh_text(**fields: object) -> str:
    """A one-hand PHH text of ``fields`` in the order given, one line a field: a string in single quotes, a list of
    strings an array of them, a number or a list of numbers as Python prints it, a truth value as TOML writes it."""
    return "".join(f"{name} = {_value_text(value)}\n" for name, value in fields.items())


def _value_text(value: object) -> str:
    if isinstance(value, str):
        return f"'{value}'"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list) and value and all(isinstance(item, str) for item in value):
        return "[" + ", ".join(f"'{item}'" for item in value) + "]"
    return str(value)


def dataset_text(state: State) -> str:
    """A finished no-limit hold'em hand in the dataset's shape, with the engine's results (finishing stacks and
    winnings)."""
    hand = history_from_state(state)
    assert hand.optional.get("seats") in (None, list(range(1, hand.players + 1)))  # PHH order is the engine's here
    return phh_text(
        variant="NT",
        antes=hand.antes,
        blinds_or_straddles=hand.blinds_or_straddles,
        min_bet=hand.min_bet,
        starting_stacks=hand.starting_stacks,
        actions=[str(action) for action in hand.actions],
        finishing_stacks=hand.optional["finishing_stacks"],
        winnings=hand.optional["winnings"],
    )
