"""Views for critiques and audits, split by feature."""
