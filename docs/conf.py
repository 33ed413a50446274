"""Sphinx configuration of the lightsout_graphs documentation (``make docs``).

Layout: hand-written pages in Markdown (MyST): ``getting-started.md``, ``guide/*.md`` (one page
per concern; a new page goes into the toctree of ``guide/index.md``), ``results/*.md`` (one page
per research result), ``cite.md`` and ``background.md``. Their ``>>>`` examples run in
``tests/docs/test_doc_examples.py``. Generated at build time by ``_ext/lightsout_docs.py``, into
``generated/`` folders (ignored by git): the API reference from every public ``__all__`` (with
an index of one-line summaries), one page per catalog entry and the gallery of thumbnails,
copies of the notebooks, the tables of the results pages (read from ``research/``) and the
worked examples of the CLI reference (``_ext/cli_examples.py``, run through the real command).
Pictures in pages come from the ``lightsout-figure`` directive (``_ext/lightsout_figures.py``),
drawn by the library during the build. The CLI reference comes from the argument parser
(sphinx-argparse), the changelog from ``CHANGELOG.md``.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS / "_ext"))

import lightsout_graphs

project = "lightsout_graphs"
author = "the lightsout_graphs authors"
copyright = "the lightsout_graphs authors"
release = lightsout_graphs.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "numpydoc",
    "myst_nb",
    "sphinxarg.ext",
    "lightsout_docs",  # docs/_ext: API, catalog and notebook pages generated at build time
    "lightsout_figures",  # docs/_ext: the lightsout-figure directive (pictures drawn at build)
    "lightsout_markup",  # docs/_ext: powers in prose as superscripts (2**22 -> 2²²) on every page
]

source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build", "_ext", "**/.ipynb_checkpoints", "**/generated/images"]

# -- API reference: autosummary stubs from every public __all__ (see _ext/lightsout_docs.py) --
autosummary_generate = True
autosummary_imported_members = True
autodoc_typehints = "none"  # numpydoc's Parameters sections carry the types
autodoc_default_options = {"member-order": "groupwise"}
numpydoc_show_class_members = True
numpydoc_class_members_toctree = False
numpydoc_show_inherited_class_members = False
numpydoc_xref_param_type = False

# -- MyST and notebooks -----------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
# Quotes and ellipses only: "--param" in option help must stay two hyphens, not an en dash.
smartquotes_action = "qe"
# The docs build executes the notebooks itself, at the sizes their titles promise (a million
# lights, the nullity map to 2048); outputs are never committed. Executions are cached by
# jupyter-cache in docs/_build/.jupyter_cache, keyed by the code of the cells: a rebuild runs a
# notebook again only when its code changed (`make clean` or removing that folder runs all).
nb_execution_mode = "cache"
nb_execution_cache_path = str(DOCS / "_build" / ".jupyter_cache")
nb_execution_timeout = 300
nb_execution_raise_on_error = True
nb_merge_streams = True
# Widgets offline: no script of a widget manager from a CDN; a widget shows its text/html copy
# (PlayWidget's is self-contained: the play page's front end inline), never a widget view.
nb_ipywidgets_js: dict[str, dict[str, str]] = {}
nb_mime_priority_overrides = [
    ("html", "application/vnd.jupyter.widget-view+json", None),
    ("html", "application/vnd.jupyter.widget-state+json", None),
]

# The notebooks run on this very interpreter (the project's environment), whatever kernels the
# machine has installed: a kernel spec written to a temporary folder, to which every kernel name
# of the notebooks is aliased.
_JUPYTER = Path(tempfile.mkdtemp(prefix="lightsout-docs-jupyter-"))
atexit.register(shutil.rmtree, _JUPYTER, ignore_errors=True)
(_JUPYTER / "kernels" / "lightsout-graphs-docs").mkdir(parents=True)
(_JUPYTER / "kernels" / "lightsout-graphs-docs" / "kernel.json").write_text(
    json.dumps(
        {
            "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": "lightsout_graphs docs",
            "language": "python",
            "env": {"PYDEVD_DISABLE_FILE_VALIDATION": "1"},
        }
    ),
    encoding="utf-8",
)
os.environ["JUPYTER_PATH"] = os.pathsep.join(
    p for p in [str(_JUPYTER), os.environ.get("JUPYTER_PATH", "")] if p
)
nb_kernel_rgx_aliases = {".*": "lightsout-graphs-docs"}

# -- HTML -------------------------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = f"lightsout_graphs {release}"
html_static_path = ["_static"]
html_css_files = ["lightsout.css"]  # the gallery cards and the generated figures
html_favicon = "_static/favicon.svg"  # a 5×5 board lit with a quiet pattern
html_logo = "_static/favicon.svg"
html_theme_options = {
    "navigation_with_keys": False,
    # The way in, on every page's header: getting started, guide, gallery, notebooks, results and
    # API; the CLI reference, the background, citing and the changelog go under "More".
    "header_links_before_dropdown": 6,
    "show_toc_level": 2,
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}
# An explicit default mode: without it the theme logs a console error on a first visit.
html_context = {"default_mode": "auto"}
# Pages outside the guide, results and API have no section navigation: no empty sidebar beside
# them, so their code and tables have the width of the page.
html_sidebars = {
    page: [] for page in ("index", "getting-started", "cli", "background", "cite", "changelog")
}
html_show_sourcelink = False
html_last_updated_fmt = None
