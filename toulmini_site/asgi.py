"""ASGI entry point."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "toulmini_site.settings")
django_application = get_asgi_application()

# A crowd of coach turns starting at once takes a few slots per process, not every thread and
# pooled connection (toulmini_site/admission.py).
from toulmini_site.admission import AdmissionGate  # noqa: E402

application = AdmissionGate(django_application)

# Each web process loads the model client as it starts, not on its first student's turn.
from toulmini_site.llm.providers import prepare_model_client  # noqa: E402

prepare_model_client()
