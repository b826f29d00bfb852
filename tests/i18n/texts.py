"""Texts the Spanish tests share (a builder module: tests import it, never each other)."""

# A letter with a claim, data, a stated rule, a concession and a conclusion marker.
CARTA = (
    "Las bibliotecas de barrio deberían abrir también los domingos. Según el informe municipal "
    "de 2023, el 40 % de los usuarios trabaja entre semana y solo puede ir el fin de semana, "
    "porque los horarios actuales coinciden con su jornada. En general, un servicio público "
    "debe estar abierto cuando la gente puede usarlo. Es cierto que abrir cuesta dinero. Por "
    "lo tanto, el ayuntamiento debe ampliar el horario el año que viene."
)
