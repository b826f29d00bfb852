"""Where the training and evaluation data live: ``../shared/data/`` beside the checkout (or
beside its parent, for a git worktree under the project folder), or a file an environment
variable names. The data are read in place and never copied into the repository."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def shared_data_file(name: str, variable: str) -> Path | None:
    """The data file ``name``: ``$variable`` when set, else ``shared/data/name`` beside the
    checkout or its parent; None when it is not there."""
    candidates = [
        Path(os.environ[variable]) if os.environ.get(variable) else None,
        ROOT.parent / "shared" / "data" / name,
        ROOT.parent.parent / "shared" / "data" / name,
    ]
    return next((p for p in candidates if p is not None and p.is_file()), None)
