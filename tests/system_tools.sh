#!/bin/sh
# The system tools the tests run besides Python packages (PyPI has no
# maintained wheel of either): Graphviz's `dot` (`halflow graph --format
# svg`, tests/test_graph_views.py) and redis-server (the shared cache,
# tests/test_remote_cache.py). README's test command runs this first.
# A missing tool is installed with apt-get when this runs as root; otherwise
# this says what to install and the tests that need it skip, saying why
# (under CI=true they fail instead).
missing=""
command -v dot >/dev/null 2>&1 || missing="$missing graphviz"
command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ] || missing="$missing redis-server"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "tests/system_tools.sh: installing$missing (apt-get)" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing >/dev/null
else
    echo "tests/system_tools.sh: not installed:$missing (as root: apt-get install$missing);" \
         "the tests that need them will skip" >&2
fi
