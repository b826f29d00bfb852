"""Tools that are neither the app nor a benchmark: mutation testing (``make mutation``)."""
