"""The processes that serve the site beside gunicorn: the task worker (``manage.py worker``)
and the development server (``manage.py runserver``, as ``make run`` starts it)."""
