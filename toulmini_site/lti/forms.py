from django import forms
from django.utils.translation import gettext_lazy as _

from toulmini_site.classrooms import kinds


class NewAssignmentForm(forms.Form):
    """The few fields an assignment made from inside the platform needs; the rest can be
    changed later in Toulmini."""

    title = forms.CharField(label=_("Title"), max_length=200)
    kind = forms.ChoiceField(label=_("Kind"), choices=kinds.choices)
    topic = forms.CharField(label=_("Topic (coach)"), max_length=300, required=False)
    query = forms.CharField(label=_("Question (chain)"), max_length=2000, required=False)
