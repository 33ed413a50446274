"""The package version, read by the build backend and by ``lightsout --version``."""

__version__ = "0.1.0"
