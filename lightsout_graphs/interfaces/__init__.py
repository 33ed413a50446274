"""The interfaces layer: the ways in for people and programs, with no maths of their own.

The command line (:mod:`~lightsout_graphs.interfaces.cli`), drawings
(:mod:`~lightsout_graphs.interfaces.draw`), the play page
(:mod:`~lightsout_graphs.interfaces.play`) and sweeps over many puzzles
(:mod:`~lightsout_graphs.interfaces.sweep`). They call the public API of
:mod:`lightsout_graphs` and the layers below it.
"""

__all__: list[str] = []
