"""The command line: the fast entry point, the click commands, graph drawing."""
