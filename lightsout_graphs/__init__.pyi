"""What each public name of :mod:`lightsout_graphs` is, for type checkers.

At run time ``__init__.py`` imports each on first use, from its table ``_HOMES``;
``tests/test_init.py`` keeps the two equal. ``name as name`` re-exports a name (PEP 484).
"""

# ruff: noqa: I001  (isort would split the ``as`` imports into one statement a name)

from lightsout_graphs._version import __version__ as __version__
from lightsout_graphs.algorithms import (
    gods as gods,
    planner as planner,
)
from lightsout_graphs.algorithms.analysis import (
    Analysis as Analysis,
    analyze as analyze,
)
from lightsout_graphs.algorithms.gods import (
    GodsNumber as GodsNumber,
    depth_distribution as depth_distribution,
    gods_number as gods_number,
    gods_number_bounds as gods_number_bounds,
)
from lightsout_graphs.algorithms.minimum import (
    MinimumInterrupted as MinimumInterrupted,
)
from lightsout_graphs.algorithms.sampling import (
    SolutionIterator as SolutionIterator,
    random_board as random_board,
    solutions as solutions,
)
from lightsout_graphs.algorithms.solver import (
    Solution as Solution,
    is_solvable as is_solvable,
    solve as solve,
)
from lightsout_graphs.algorithms.symmetry import (
    all_solutions as all_solutions,
    is_symmetry as is_symmetry,
    symmetries as symmetries,
)
from lightsout_graphs.algorithms.variants import (
    LitOnlyOrbit as LitOnlyOrbit,
    LitOnlyResult as LitOnlyResult,
    LitOnlyStates as LitOnlyStates,
    lit_only_method as lit_only_method,
    lit_only_orbit as lit_only_orbit,
    lit_only_reachable as lit_only_reachable,
    lit_only_solvable_states as lit_only_solvable_states,
    lit_only_solve as lit_only_solve,
    min_light_number as min_light_number,
)
from lightsout_graphs.core import (
    structure as structure,
    zk as zk,
)
from lightsout_graphs.core.errors import (
    BoardFormatError as BoardFormatError,
    CatalogError as CatalogError,
    EngineError as EngineError,
    InvalidPuzzleError as InvalidPuzzleError,
    InvalidStateError as InvalidStateError,
    LightsOutError as LightsOutError,
    MatrixError as MatrixError,
    MemoryBudgetError as MemoryBudgetError,
    MissingDependencyError as MissingDependencyError,
    ModulusError as ModulusError,
    SearchLimitError as SearchLimitError,
    SweepError as SweepError,
    SweepSpecError as SweepSpecError,
    TimeBudgetError as TimeBudgetError,
    Unsolvable as Unsolvable,
)
from lightsout_graphs.interfaces import (
    draw as draw,
    play as play,
    sweep as sweep,
)
from lightsout_graphs.representation import (
    catalog as catalog,
    families as families,
    grids as grids,
    products as products,
)
from lightsout_graphs.representation.boards import (
    format_board as format_board,
    format_presses as format_presses,
    parse_board as parse_board,
)
from lightsout_graphs.representation.families import (
    alien_tiles as alien_tiles,
    bishop as bishop,
    cube_surface as cube_surface,
    cylinder as cylinder,
    from_graph6 as from_graph6,
    grid as grid,
    hamming as hamming,
    hexagonal as hexagonal,
    hypercube as hypercube,
    king as king,
    knight as knight,
    merlin as merlin,
    petersen as petersen,
    polytope_rings as polytope_rings,
    press_pattern as press_pattern,
    prism as prism,
    product as product,
    queen as queen,
    read_graph6 as read_graph6,
    ring_press_map as ring_press_map,
    ring_puzzle as ring_puzzle,
    rook as rook,
    stencil as stencil,
    torus as torus,
    triangular as triangular,
    x_pattern as x_pattern,
)
from lightsout_graphs.representation.grids import (
    GridChaser as GridChaser,
)
from lightsout_graphs.representation.grids.chase_table import (
    ChaseTable as ChaseTable,
    chase_table as chase_table,
)
from lightsout_graphs.representation.products import (
    nullity_table as nullity_table,
)
from lightsout_graphs.representation.puzzle import (
    FamilyInfo as FamilyInfo,
    Puzzle as Puzzle,
    PuzzleInfo as PuzzleInfo,
)
