"""The cache, in one package: the ``Store`` protocol, the disk cache, its
on-disk format, read-only use, the shared cache (Redis) and the layering of
both, the size limit, moving a damaged cache aside, and the bytes store of
code generation."""
