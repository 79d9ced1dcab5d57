"""Bots, the bot-versus-bot simulator, and a table where a person plays against bots.

A bot is any callable ``bot(view) -> Action`` where ``view`` is a read-only :class:`SeatView`.

>>> from pokerlab.simulate.game import no_limit_holdem
>>> result = simulate_bots(no_limit_holdem(1, 2), ["tight", "loose", "station"], hands=30, seed=2)
>>> len(result.seats), result.unit_name
(3, 'big blinds')
"""

from .equity_player import EquityBot
from .games import GAMES, make_game, parse_pair
from .players import CallingStation, RandomBot, RuleBot, raise_to_fraction
from .simulator import BOT_NAMES, SeatResult, SimulationResult, make_bot, play_hand, seat_names, simulate_bots
from .table import HumanPlayer, QuitGame, SessionSummary, TableGame, legal_summary, parse_command
from .view import Action, Bot, SeatView, apply_action, passive_default

__all__ = [
    "BOT_NAMES",
    "GAMES",
    "Action",
    "Bot",
    "CallingStation",
    "EquityBot",
    "HumanPlayer",
    "QuitGame",
    "RandomBot",
    "RuleBot",
    "SeatResult",
    "SeatView",
    "SessionSummary",
    "SimulationResult",
    "TableGame",
    "apply_action",
    "legal_summary",
    "make_bot",
    "make_game",
    "parse_command",
    "parse_pair",
    "passive_default",
    "play_hand",
    "raise_to_fraction",
    "seat_names",
    "simulate_bots",
]
