"""ASGI entry point."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "toulmini_site.settings")
application = get_asgi_application()

# Each web process loads the model client as it starts, not on its first student's turn.
from toulmini_site.llm.providers import prepare_model_client  # noqa: E402

prepare_model_client()
