"""Date formats per language (FORMAT_MODULE_PATH); Django's own formats fill in the rest.

Pages show dates with ``|date:"SHORT_DATE_FORMAT"`` or ``"SHORT_DATETIME_FORMAT"``, never a
fixed pattern, so each language reads them its own way. Numbers follow Django's formats for
the language (``2.8`` in English, ``2,8`` in Spanish).
"""
