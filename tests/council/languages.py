"""Texts in languages the offline engines do not read, and a near miss, shared by the tests of
the audit's, the council's and the classrooms' language refusals."""

FRENCH = (
    "Les écoles devraient commencer plus tard le matin. Les adolescents ont besoin de dormir "
    "plus, et une étude a montré que les élèves qui dorment mieux ont de meilleures notes. "
    "Donc il faut changer les horaires pour tous les lycées de la ville."
)
GERMAN = (
    "Die Schulen sollten später am Morgen beginnen. Jugendliche brauchen mehr Schlaf, und "
    "eine Studie hat gezeigt, dass Schüler, die besser schlafen, bessere Noten haben. Deshalb "
    "sollten wir die Zeiten für alle Gymnasien der Stadt ändern."
)
# Near miss: an English argument quoting a Spanish sentence is English.
QUOTING_SPANISH = (
    "As the Mexican educator said, 'la educación es la base de todo, y sin ella no hay futuro "
    "para los niños'. A 2023 UNESCO report found that children who attend preschool read "
    "earlier. That is why our city should fund free preschool for every child."
)
