"""The packages whose mutants ``make mutation`` judges: the three domains and the text toolkit.

Its own module so that the score (``tools.mutation_score``), the fresh-process runs
(``tools.mutation_fresh``) and the sample (``tools.mutation_sample``) read one list without
importing one another in a circle.
"""

PACKAGES = ("arguments.domain", "coach.domain", "council.domain", "toulmini_site.text")
