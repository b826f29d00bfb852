from typing import Any

from django import forms
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from arguments.domain.aif import AIF_MAX_BYTES
from arguments.domain.fallacies import TEXT_MAX
from arguments.domain.toulmin import QUERY_MAX, QUERY_MIN
from arguments.models import Chain, ChainCorrection
from arguments.services import (
    SOURCE_TEXT_MAX,
    chain_llm_available,
    fallacy_engine_default,
)


def _grouped(number: int) -> str:
    return number_format(number, force_grouping=True)


# A number grouped the reader's way (2,000 or 2.000), worked out when the text is shown.
lazy_number = lazy(_grouped, str)


class ChainForm(forms.Form):
    query = forms.CharField(
        min_length=QUERY_MIN,
        max_length=QUERY_MAX,
        widget=forms.Textarea(attrs={"rows": 2}),
        label=_("Query"),
        help_text=_("The question or claim to analyse (5 to 2,000 characters)."),
    )
    source_text = forms.CharField(
        required=False,
        max_length=SOURCE_TEXT_MAX,
        widget=forms.Textarea(attrs={"rows": 10}),
        label=_("Source text"),
        help_text=format_lazy(
            _(
                "The text that argues the point (an essay, an article, a comment), up to "
                "{limit} characters. The offline analyzer needs it and reads English: it only "
                "uses facts found in it. Your own AI or the language model can work from the "
                "question alone."
            ),
            limit=lazy_number(SOURCE_TEXT_MAX),
        ),
        error_messages={
            "max_length": format_lazy(
                _(
                    "The text is %(show_value)s characters long; at most {limit} are "
                    "analysed. Nothing was cut or analysed: shorten it (or split it into "
                    "several chains) and submit again."
                ),
                limit=lazy_number(SOURCE_TEXT_MAX),
            )
        },
    )
    engine = forms.ChoiceField(
        label=_("Engine"), choices=(), initial=Chain.Engine.OFFLINE, widget=forms.RadioSelect
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if (
            data.get("engine") == Chain.Engine.OFFLINE
            and "source_text" not in self.errors  # a text refused as too long is no missing one
            and not (data.get("source_text") or "").strip()
        ):
            # Refused here, with everything typed kept, rather than a chain that stops at once.
            self.add_error(
                "source_text",
                _(
                    "The offline analyzer needs a text to analyse: paste one, "
                    "or choose your own AI."
                ),
            )
        return data

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # No maxlength on the box: a browser would cut a longer paste without a word, and the
        # cut text would be analysed as if whole. The form refuses it, keeping the text.
        self.fields["source_text"].widget.attrs.pop("maxlength", None)
        choices = [
            (Chain.Engine.OFFLINE, _("Offline analyzer — instant, rule-based, no AI")),
            (Chain.Engine.MANUAL, _("My own AI — copy each phase's prompt, paste the JSON back")),
        ]
        if chain_llm_available():
            choices.insert(1, (Chain.Engine.LLM, _("Language model on the server")))
        engine = self.fields["engine"]
        assert isinstance(engine, forms.ChoiceField)  # declared as one above
        engine.choices = choices


class PhaseOutputForm(forms.Form):
    phase = forms.IntegerField(min_value=1, max_value=4, widget=forms.HiddenInput)
    output = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false", "class": "mono"}),
        max_length=100_000,
        label=_("Output"),
        help_text=_("Paste the JSON your AI produced for this phase."),
    )


class AifImportForm(forms.Form):
    file = forms.FileField(
        label=_("AIF file"),
        help_text=_(
            "An argument graph in AIF JSON (from AIFdb, OVA or a Toulmini export), up to 2 MB. "
            "It becomes a chain you continue with your own AI."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > AIF_MAX_BYTES:
            raise forms.ValidationError(
                _("The file is %(size)s bytes; at most %(limit)s are accepted.")
                % {
                    "size": number_format(upload.size, force_grouping=True),
                    "limit": number_format(AIF_MAX_BYTES, force_grouping=True),
                }
            )
        return upload


class FallacyCheckForm(forms.Form):
    """A text to check for named fallacies, and the engine that checks it."""

    text = forms.CharField(
        max_length=TEXT_MAX,
        widget=forms.Textarea(attrs={"rows": 10}),
        label=_("Text"),
        help_text=format_lazy(
            _("A comment, a paragraph of an essay, a letter: up to {limit} characters."),
            limit=lazy_number(TEXT_MAX),
        ),
        error_messages={
            "required": _("Paste or type the text to check."),
            "max_length": format_lazy(
                _(
                    "The text is %(show_value)s characters long; at most {limit} are "
                    "checked. Nothing was cut or checked: shorten it and check again."
                ),
                limit=lazy_number(TEXT_MAX),
            ),
        },
    )
    engine = forms.ChoiceField(label=_("Checked by"), choices=(), widget=forms.RadioSelect)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # No maxlength on the box: a browser would cut a longer paste without a word.
        self.fields["text"].widget.attrs.pop("maxlength", None)
        choices = [("offline", _("The rules, offline — instant, no AI"))]
        if chain_llm_available():
            choices.append(("llm", _("The language model on the server")))
        engine = self.fields["engine"]
        assert isinstance(engine, forms.ChoiceField)  # declared as one above
        engine.choices = choices
        engine.initial = fallacy_engine_default()


class CorrectionForm(forms.Form):
    """A sentence of the chain's source text (its index) and the part it plays."""

    sentence = forms.IntegerField(min_value=0)
    role = forms.ChoiceField(choices=ChainCorrection.Role.choices)
