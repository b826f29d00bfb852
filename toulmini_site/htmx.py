"""The request an HTML view takes: django-htmx's middleware adds ``request.htmx``.

Django's ``HttpRequest`` type does not know that attribute, so a view that reads it takes
``HtmxHttpRequest`` instead, as django-htmx's documentation suggests.
"""

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails
