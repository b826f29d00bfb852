"""A logged-in user's own language wins over the browser's and the cookie's."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation

from toulmini_site.accounts.selectors import user_language


class UserLanguageMiddleware:
    """After ``LocaleMiddleware`` (which reads the cookie and Accept-Language) and
    ``AuthenticationMiddleware``: activates the language saved on the user's account, so a
    teacher who chose Spanish gets Spanish on the school's computers and on their phone."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language = user_language(user=getattr(request, "user", None))
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)
