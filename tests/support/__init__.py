"""Support for halflow's tests and benchmarks (not part of the package).

:mod:`support.engine` runs the real tools on real files: the shared
corpus, ``iree-opt`` as the oracle, ``python -m halflow`` processes, and
text edits written against the printed form of MLIR; it drives the halflow
of this checkout (its processes run with the checkout first on
``PYTHONPATH``). :mod:`support.redis_server` starts a real ``redis-server``.
Tests import these as ``support.*`` (pytest puts ``tests/`` on
``sys.path``); benchmarks import ``benchmarks/common`` first, which does.
"""
