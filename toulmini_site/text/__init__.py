"""The one text toolkit every app uses (pure: standard library only).

- ``sentences``: sentences with their character offsets;
- ``keywords``: a whole-word, case-insensitive pattern from a list of terms;
- ``documents``: reading and validating a document (size cap applied while reading);
- ``fence``: user data in a prompt, as JSON between markers it cannot close.
"""
