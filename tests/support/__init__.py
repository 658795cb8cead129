"""Support for halflow's tests and benchmarks (not used by halflow itself).

:mod:`support.engine` runs the real tools on real files: the shared
corpus, ``iree-opt`` as the oracle, ``python -m halflow`` processes, and
text edits written against the printed form of MLIR. Being part of the
package, it always drives the halflow it ships with (tests and benchmarks
import it normally; no ``sys.path`` edits).
"""
