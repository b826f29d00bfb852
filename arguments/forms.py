from django import forms

from arguments.domain.aif import AIF_MAX_BYTES
from arguments.domain.toulmin import QUERY_MAX, QUERY_MIN
from arguments.models import Chain
from arguments.services import SOURCE_TEXT_MAX, chain_llm_available


class ChainForm(forms.Form):
    query = forms.CharField(
        min_length=QUERY_MIN,
        max_length=QUERY_MAX,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="The question or claim to analyse (5 to 2,000 characters).",
    )
    source_text = forms.CharField(
        required=False,
        max_length=SOURCE_TEXT_MAX,
        widget=forms.Textarea(attrs={"rows": 10}),
        help_text=(
            f"The text that argues the point (an essay, an article, a comment), up to "
            f"{SOURCE_TEXT_MAX:,} characters. The offline analyzer needs it and reads English: "
            "it only uses facts found in it. Your own AI or the language model can work from "
            "the question alone."
        ),
        error_messages={
            "max_length": (
                f"The text is %(show_value)s characters long; at most {SOURCE_TEXT_MAX:,} "
                "are analysed. Nothing was cut or analysed: shorten it (or split it into "
                "several chains) and submit again."
            )
        },
    )
    engine = forms.ChoiceField(choices=(), initial=Chain.Engine.OFFLINE, widget=forms.RadioSelect)

    def clean(self) -> dict:
        data = super().clean()
        if (
            data.get("engine") == Chain.Engine.OFFLINE
            and not (data.get("source_text") or "").strip()
        ):
            # Refused here, with everything typed kept, rather than a chain that stops at once.
            self.add_error(
                "source_text",
                "The offline analyzer needs a text to analyse: paste one, or choose your own AI.",
            )
        return data

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # No maxlength on the box: a browser would cut a longer paste without a word, and the
        # cut text would be analysed as if whole. The form refuses it, keeping the text.
        self.fields["source_text"].widget.attrs.pop("maxlength", None)
        choices = [
            (Chain.Engine.OFFLINE, "Offline analyzer — instant, rule-based, no AI"),
            (Chain.Engine.MANUAL, "My own AI — copy each phase's prompt, paste the JSON back"),
        ]
        if chain_llm_available():
            choices.insert(1, (Chain.Engine.LLM, "Language model on the server"))
        self.fields["engine"].choices = choices


class PhaseOutputForm(forms.Form):
    phase = forms.IntegerField(min_value=1, max_value=4, widget=forms.HiddenInput)
    output = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false", "class": "mono"}),
        max_length=100_000,
        help_text="Paste the JSON your AI produced for this phase.",
    )


class AifImportForm(forms.Form):
    file = forms.FileField(
        label="AIF file",
        help_text=(
            "An argument graph in AIF JSON (from AIFdb, OVA or a Toulmini export), up to 2 MB. "
            "It becomes a chain you continue with your own AI."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > AIF_MAX_BYTES:
            raise forms.ValidationError(
                f"The file is {upload.size:,} bytes; at most {AIF_MAX_BYTES:,} are accepted."
            )
        return upload
