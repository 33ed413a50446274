"""Powers in prose, one way on every page: ``2**22`` and ``2^22`` are shown as 2²².

Markdown reads ``2**32 quiet patterns ... 2**40`` as "2", then bold text up to the next ``**``,
and reST leaves ``2**31`` as Python source in a sentence. The site writes powers in one notation,
superscripts (2²², kⁿ, GF(2)ᵈ): hand-written pages use them directly, and this extension turns
the powers that still come in as ``B**E`` or ``B^E`` into superscripts wherever prose is read:
the Markdown pages and the Markdown cells of the notebooks (``source-read``), the files they
include (``include-read``: the changelog, the generated tables of the results pages) and the
docstrings of the API reference (``autodoc-process-docstring``). Code is left as it is: fenced
blocks, inline code spans, ``>>>`` examples and reST literal blocks. A power whose exponent has
no superscript form (``2**(n² − d)``) is left unchanged; ``tests/docs/test_site_markup.py``
finds it on the built site; write it with MyST's ``{sup}`` role instead.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = [
    "setup",
    "superscript_markdown",
    "superscript_notebook",
    "superscript_powers",
    "superscript_rest_lines",
]

_PLAIN = "0123456789+-−=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVW"
_RAISED = "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂ"
_SUPERSCRIPTS = str.maketrans(_PLAIN, _RAISED)

#: ``B**E`` or ``B^E``: B a number, one letter (``Z_k`` too) or a closing parenthesis; E a
#: number (a sign allowed), one letter that has a superscript form, or a parenthesised
#: expression of such characters, not followed by more of a word.
_POWER = re.compile(
    r"(?P<base>(?<![\w.])\d+|(?<![A-Za-z_])[A-Za-z](?:_[A-Za-z0-9])?|\))"
    r"(?:\*\*|\^)"
    rf"(?P<exp>[-−+]?\d+(?![\w.]\d)|[{_PLAIN[16:]}](?!\w)|\([{_PLAIN}]+\))"
    r"(?![\w(])"
)


def superscript_powers(text: str) -> str:
    """``2**22`` and ``2^22`` in a piece of prose as ``2²²`` (``k**n`` as ``kⁿ``).

    Examples
    --------
    >>> superscript_powers("up to 2**32 quiet patterns, 2^22 at a time, k**n boards, GF(2)^d")
    'up to 2³² quiet patterns, 2²² at a time, kⁿ boards, GF(2)ᵈ'
    >>> superscript_powers("Z_k^P, 2^(mn) boards, 2^(m−1)")
    'Z_kᴾ, 2ᵐⁿ boards, 2⁽ᵐ⁻¹⁾'
    >>> superscript_powers("**bold** and 2**(n² − d) stay")
    '**bold** and 2**(n² − d) stay'
    """

    def sup(match: re.Match[str]) -> str:
        exp = match.group("exp")
        if exp.startswith("(") and exp[1:-1].isalnum():  # 2^(mn): no brackets needed
            exp = exp[1:-1]
        return match.group("base") + exp.translate(_SUPERSCRIPTS)

    return _POWER.sub(sup, text)


#: Inline code spans of Markdown and reST: any run of backticks up to the same run.
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")


def _prose_only(line: str) -> str:
    """Superscript the powers of one line outside its code spans."""
    parts, last = [], 0
    for match in _CODE_SPAN.finditer(line):
        parts.append(superscript_powers(line[last : match.start()]))
        parts.append(match.group(0))
        last = match.end()
    parts.append(superscript_powers(line[last:]))
    return "".join(parts)


_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")


def superscript_markdown(text: str) -> str:
    """The powers of a Markdown (MyST) text's prose as superscripts; its code untouched.

    Examples
    --------
    >>> print(superscript_markdown("2**40 boards, `2**40`\\n```python\\nx = 2**40\\n```"))
    2⁴⁰ boards, `2**40`
    ```python
    x = 2**40
    ```
    """
    out, fence = [], ""
    for line in text.splitlines(keepends=True):
        opening = _FENCE.match(line)
        if fence:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                fence = ""
            out.append(line)
        elif opening:
            fence = opening.group(1)
            out.append(line)
        elif line.lstrip().startswith((">>>", "...")):
            out.append(line)  # doctest lines outside a fence
        else:
            out.append(_prose_only(line))
    return "".join(out)


def superscript_rest_lines(lines: list[str]) -> None:
    """The powers of a docstring's prose lines as superscripts, in place; examples untouched.

    Examples
    --------
    >>> lines = ["A prime p below 2**31.", "", ">>> 2**31", "2147483648"]
    >>> superscript_rest_lines(lines)
    >>> lines
    ['A prime p below 2³¹.', '', '>>> 2**31', '2147483648']
    """
    literal_indent: int | None = None
    in_example = False
    for i, line in enumerate(lines):
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if literal_indent is not None:
            if stripped and indent <= literal_indent:
                literal_indent = None
            else:
                continue
        if stripped.startswith((">>>", "...")):
            in_example = True
            continue
        if in_example:
            if stripped:
                continue  # the expected output of an example
            in_example = False
        if stripped.endswith("::"):
            literal_indent = indent
        lines[i] = _prose_only(line)


def superscript_notebook(text: str) -> str:
    """The powers of a notebook's Markdown cells as superscripts; its code cells untouched.

    Examples
    --------
    >>> cells = [
    ...     {"cell_type": "markdown", "source": ["2^10 boards"]},
    ...     {"cell_type": "code", "source": ["2**10"]},
    ... ]
    >>> json.loads(superscript_notebook(json.dumps({"cells": cells})))["cells"]
    [{'cell_type': 'markdown', 'source': '2¹⁰ boards'}, {'cell_type': 'code', 'source': ['2**10']}]
    """
    try:
        notebook = json.loads(text)
    except ValueError:
        return text  # not JSON (a text notebook): left to the Markdown pass or as it is
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "markdown":
            source = cell.get("source", "")
            joined = "".join(source) if isinstance(source, list) else str(source)
            changed = superscript_markdown(joined)
            if changed != joined:
                cell["source"] = changed
    return json.dumps(notebook, ensure_ascii=False)


def _source_read(app: Any, docname: str, source: list[str]) -> None:
    suffix = app.env.doc2path(docname).suffix
    if suffix == ".md":
        source[0] = superscript_markdown(source[0])
    elif suffix == ".ipynb":
        source[0] = superscript_notebook(source[0])


def _include_read(app: Any, relative_path: Any, parent_docname: str, content: list[str]) -> None:
    if str(relative_path).endswith((".md", ".txt")):
        content[0] = superscript_markdown(content[0])


def _docstring(app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    superscript_rest_lines(lines)


def setup(app: Any) -> dict[str, Any]:
    """Register the three hooks (Sphinx extension entry point)."""
    app.connect("source-read", _source_read)
    app.connect("include-read", _include_read)
    app.connect("autodoc-process-docstring", _docstring)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
