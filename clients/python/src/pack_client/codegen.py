"""What generated modules import (``from pack_client import codegen as _p``): the descriptor vocabulary, the value
types and the client. Generated code holds no rule of the codec; everything here is the runtime's."""

from .client import PackClient, Payload, build_path, param_text
from .descriptors import *  # noqa: F401,F403  (the vocabulary, listed in descriptors.__all__)
from .descriptors import __all__ as _descriptors
from .values import DateTimeKind, PackDateTime, PackDateTimeOffset

__all__ = [*_descriptors, "PackClient", "Payload", "build_path", "param_text", "DateTimeKind", "PackDateTime",
           "PackDateTimeOffset"]
