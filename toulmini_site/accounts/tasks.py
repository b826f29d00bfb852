"""Mail goes out from the task queue, never inside the request: a reset asked for a known
address and one asked for an unknown address do the same work in the request (one task
queued), so the answer's time says nothing about which addresses have accounts."""

from __future__ import annotations

from django.contrib.auth.forms import PasswordResetForm
from django.core.mail import send_mail
from django.tasks import task
from django.utils import translation


@task
def password_reset_task(*, email: str, domain: str, use_https: bool, language: str) -> int:
    """Send the reset link to every active account with ``email`` (none: nothing is sent);
    how many accounts were written to."""
    form = PasswordResetForm({"email": email})
    if not form.is_valid():
        return 0
    users = list(form.get_users(email))
    with translation.override(language):
        form.save(domain_override=domain, use_https=use_https)
    return len(users)


@task
def email_confirm_task(*, address: str, link: str, username: str, language: str) -> None:
    """Send the link that confirms ``address`` as ``username``'s new e-mail address."""
    from django.utils.translation import gettext as _

    with translation.override(language):
        send_mail(
            _("Confirm your e-mail address for Toulmini"),
            _(
                "Someone (we hope you) asked to use this address for the Toulmini account "
                "%(username)s. Open this link to confirm it (it works for three days):\n\n"
                "%(link)s\n\nIf it was not you, ignore this message: nothing changes."
            )
            % {"username": username, "link": link},
            None,
            [address],
        )
