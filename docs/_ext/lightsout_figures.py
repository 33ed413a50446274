"""The ``lightsout-figure`` directive: a picture drawn by the library while the docs are built.

In a MyST page::

    ```{lightsout-figure} The caption
    :alt: What the picture shows
    :show-source:

    import lightsout_graphs as lo
    from lightsout_graphs import draw
    draw.draw_puzzle(lo.grid(5, 5), {(2, 2): 1})
    ```

The code runs in a fresh namespace with matplotlib's Agg backend. The picture is the value of
the last line when it is a matplotlib ``Figure`` or ``Axes``, else a variable named ``fig``. It is saved
as a PNG into ``docs/figures/generated/`` (ignored by git) and shown as a figure, with the code
above it when ``:show-source:`` is given. A line that raises fails the build with the page and
the error, so a drawing function that breaks breaks the docs.
"""

from __future__ import annotations

import ast
import hashlib
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

FIGURES = Path(__file__).resolve().parents[1] / "figures" / "generated"
#: Matplotlib settings of every generated picture: text that reads at the page's width.
RC = {"font.size": 12, "legend.fontsize": 11, "axes.titlesize": 13, "figure.dpi": 100}


def run_figure(code: str, path: Path, *, dpi: int = 100) -> Path:
    """Run ``code`` and save the figure it ends with to ``path`` (a PNG).

    Parameters
    ----------
    code : str
        Python source; its last statement's value (or a variable ``fig``) is the picture.
    path : Path
        The PNG to write.
    dpi : int, default 100
        Resolution.

    Returns
    -------
    Path
        ``path``.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    tree = ast.parse(code)
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    namespace: dict[str, Any] = {"__name__": "__lightsout_figure__"}
    with matplotlib.rc_context(RC):
        exec(compile(tree, "<figure>", "exec"), namespace)  # noqa: S102 - the docs' own code
        value = eval(compile(last, "<figure>", "eval"), namespace) if last else None
        if not isinstance(value, (Figure, Axes)):
            value = namespace.get("fig", value)
        if isinstance(value, Axes):
            value = value.figure
        if not isinstance(value, Figure):
            msg = f"the figure code must end with a Figure or Axes, not {type(value).__name__}"
            raise TypeError(msg)
        path.parent.mkdir(parents=True, exist_ok=True)
        value.savefig(path, dpi=dpi, bbox_inches="tight", facecolor="white")
    plt.close("all")
    return path


class LightsoutFigure(SphinxDirective):
    """Run the content, save its figure, show it (and the code when asked)."""

    has_content = True
    optional_arguments = 1
    final_argument_whitespace = True
    option_spec = {  # noqa: RUF012 - docutils' interface
        "alt": directives.unchanged,
        "show-source": directives.flag,
        "width": directives.unchanged,
        "dpi": directives.positive_int,
        "class": directives.class_option,
        "name": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        code = "\n".join(self.content)
        key = hashlib.sha1(f"{self.env.docname}\n{code}".encode()).hexdigest()[:12]
        stem = self.env.docname.replace("/", "-")
        path = FIGURES / f"{stem}-{key}.png"
        try:
            run_figure(code, path, dpi=self.options.get("dpi", 100))
        except Exception as err:  # noqa: BLE001 - any error fails the build, with its place
            msg = f"lightsout-figure: {type(err).__name__}: {err}"
            return [self.state_machine.reporter.error(msg, line=self.lineno)]
        self.env.note_dependency(str(path))
        out: list[nodes.Node] = []
        if "show-source" in self.options:
            block = nodes.literal_block(code, code, language="python")
            out.append(block)
        caption = self.arguments[0] if self.arguments else ""
        image = nodes.image(
            uri="/" + path.relative_to(Path(self.env.srcdir)).as_posix(),
            alt=self.options.get("alt", caption or "a picture drawn by lightsout_graphs"),
        )
        if "width" in self.options:
            image["width"] = self.options["width"]
        figure = nodes.figure(
            "", image, classes=["lightsout-figure", *self.options.get("class", [])]
        )
        if caption:
            parsed, _ = self.state.inline_text(caption, self.lineno)
            figure += nodes.caption(caption, "", *parsed)
        self.add_name(figure)
        out.append(figure)
        return out


def setup(app: Any) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("lightsout-figure", LightsoutFigure)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
