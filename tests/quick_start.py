"""README's Quick start block, read in one place: by .ci/run (which runs its test command) and by the tests.

``python tests/quick_start.py test`` prints the test command, ``install`` the
install command.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def quick_start_commands(readme: Path = README) -> list[str]:
    """The commands of README's Quick start block, in order."""
    block = re.search(r"## Quick start\s+```bash\n(.*?)```", readme.read_text(), re.S)
    if block is None:
        raise SystemExit(f"{readme} has no Quick start block")
    return [line for line in block.group(1).splitlines() if line.strip()]


if __name__ == "__main__":
    install, test = quick_start_commands()
    print({"install": install, "test": test}[sys.argv[1]])
