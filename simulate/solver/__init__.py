"""A heads-up hold'em solver: Discounted CFR over public trees, vectorised over each player's hands.

- :mod:`.cfr`: :class:`CfrSolver`, DCFR with alternating updates, and exploitability by best responses;
- :mod:`.cfr_kernels`: its numba kernels (per-node arithmetic, tree passes, linear-time showdowns);
- :mod:`.tree`: game trees (:class:`Node`, :class:`FlatTree`), hands and games;
- :mod:`.toy_games`: Kuhn poker and Leduc hold'em, games of known value;
- :mod:`.spot`: a hold'em spot from the flop, turn or river, checked before its tree is built (:class:`Spot`);
- :mod:`.holdem`: solving it: :func:`solve`, :func:`estimate_memory` and :class:`Solution`;
- :mod:`.river`: the river alone, :func:`solve_river` and :class:`RiverSolution`;
- :mod:`.betting`: the tree's betting (who acts, which sizes, when a street ends) and :mod:`.sizes`, the size
  syntax of PioSOLVER, GTO+ and postflop-solver (``52%``, ``2.5x``, ``100c``, ``e``, ``a``);
- :mod:`.saved`: solutions saved to and loaded from a checked ``.npz`` file;
- :mod:`.locks`: node locks, a player's strategy fixed at a decision for its range or some combos.

>>> from pokerlab.simulate.solver import solve_river
>>> solution = solve_river("2s3h4d6c7c", "AsAh, QsQh", "KsKh", pot=20, stack=10, bet_sizes=(), max_iterations=200)
>>> round(solution.oop_ev + solution.ip_ev, 6)
20.0
"""

from typing import TYPE_CHECKING

from pokerlab.lazy import lazy_attributes

# Each name loads its module on first use (the kernels compile on first solve).
_NAMES = {
    "CfrSolver": "pokerlab.simulate.solver.cfr",
    "Discounting": "pokerlab.simulate.solver.cfr",
    "SolverError": "pokerlab.simulate.solver.errors",
    "Solution": "pokerlab.simulate.solver.holdem",
    "Spot": "pokerlab.simulate.solver.spot",
    "estimate_memory": "pokerlab.simulate.solver.holdem",
    "solve": "pokerlab.simulate.solver.holdem",
    "RiverSolution": "pokerlab.simulate.solver.river",
    "river_game": "pokerlab.simulate.solver.river",
    "solve_river": "pokerlab.simulate.solver.river",
    "flop_report": "pokerlab.simulate.solver.report",
    "strategically_different_flops": "pokerlab.simulate.solver.report",
    "load_solution": "pokerlab.simulate.solver.saved",
    "save_solution": "pokerlab.simulate.solver.saved",
    "Lock": "pokerlab.simulate.solver.locks",
    "parse_lock": "pokerlab.simulate.solver.locks",
    "parse_sizes": "pokerlab.simulate.solver.sizes",
    "tree_sizes": "pokerlab.simulate.solver.sizes",
    "kuhn_game": "pokerlab.simulate.solver.toy_games",
    "leduc_game": "pokerlab.simulate.solver.toy_games",
}
__all__ = sorted(_NAMES)

if TYPE_CHECKING:
    from .cfr import CfrSolver as CfrSolver, Discounting as Discounting
    from .errors import SolverError as SolverError
    from .holdem import Solution as Solution, estimate_memory as estimate_memory, solve as solve
    from .locks import Lock as Lock, parse_lock as parse_lock
    from .report import flop_report as flop_report, strategically_different_flops as strategically_different_flops
    from .river import RiverSolution as RiverSolution, river_game as river_game, solve_river as solve_river
    from .saved import load_solution as load_solution, save_solution as save_solution
    from .sizes import parse_sizes as parse_sizes, tree_sizes as tree_sizes
    from .spot import Spot as Spot
    from .toy_games import kuhn_game as kuhn_game, leduc_game as leduc_game
else:
    __getattr__, __dir__ = lazy_attributes(__name__, _NAMES)
