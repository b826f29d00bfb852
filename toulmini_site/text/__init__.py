"""The one text toolkit every app uses (pure: no framework; the standard library, and numpy,
safetensors and tokenizers for the encoder).

- ``sentences``: sentences with their character offsets;
- ``keywords``: a whole-word, case-insensitive pattern from a list of terms;
- ``documents``: reading and validating a document (size cap applied while reading);
- ``fence``: user data in a prompt, as JSON between markers it cannot close;
- ``encoder``: the pretrained sentence encoder (all-MiniLM-L6-v2), its files verified before use.
"""
