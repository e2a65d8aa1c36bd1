"""`Lab`: the anywidget with the lab; its options are traits, and each checked answer comes back
as the `answer` trait."""

import anywidget
import traitlets

from .bundle import module


class Lab(anywidget.AnyWidget):
    """Strides Lab in a notebook. `expr`, `lang`, `panels`, `question`, `questions`, `units` and
    `dtype` are the lab's options (README, "Embedding it in a course page"); an empty value means
    the option's default. `questions` is a question file's URL or the file already parsed (a
    dict). `answer` holds the last checked answer: {"questionId", "correct", "response", ...}."""

    _esm = module()
    expr = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("").tag(sync=True)
    panels = traitlets.Unicode("").tag(sync=True)
    question = traitlets.Unicode("").tag(sync=True)
    questions = traitlets.Union([traitlets.Unicode(), traitlets.Dict()], allow_none=True,
                                default_value=None).tag(sync=True)
    units = traitlets.Unicode("").tag(sync=True)
    dtype = traitlets.Unicode("").tag(sync=True)
    answer = traitlets.Dict().tag(sync=True)
