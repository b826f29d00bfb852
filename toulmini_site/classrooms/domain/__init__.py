"""Classroom rules with no framework: join codes, submission states, feedback points."""
