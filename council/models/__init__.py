"""The council's models, split by feature: critiques (the Reasoning Council) and audits."""

from council.models.audit import *  # noqa: F403
from council.models.critique import *  # noqa: F403
