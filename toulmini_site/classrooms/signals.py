"""What the school announces to the apps that listen, so it never calls them.

``submission_returned`` is sent inside the transaction that returns a student's work, with
``submission_id``: a learning platform's grade passback (``toulmini_site.lti``) listens for
it and sends the grade once the return commits. A listener that raises rolls the return
back, as a direct call would.
"""

from django.dispatch import Signal

submission_returned = Signal()
