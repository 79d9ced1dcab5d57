"""The BMI2 bit-deposit and bit-extract instructions for numba kernels, and whether this machine should use them.

The batch evaluator and the Monte Carlo kernels both read these; kept in a module of their own so that a Monte
Carlo run imports them without loading the batch evaluator.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import llvmlite.binding as llvm
from llvmlite import ir
from numba import types
from numba.extending import intrinsic


def fast_bmi2() -> bool:
    """Whether numba compiles for this machine's CPU and it has fast BMI2 ``pdep``/``pext`` (not AMD before Zen 3).

    A portable build (``NUMBA_CPU_NAME`` or ``NUMBA_CPU_FEATURES`` set, e.g. for a shared cache) never uses them.

    >>> fast_bmi2() in (True, False)
    True
    """
    if os.environ.get("NUMBA_CPU_NAME") or os.environ.get("NUMBA_CPU_FEATURES"):
        return False  # a portable build: no CPU-specific instruction
    try:
        features, name = llvm.get_host_cpu_features(), llvm.get_host_cpu_name()
    except Exception:  # noqa: BLE001 - any failure to ask means: do not assume the instruction
        return False
    return bool(features.get("bmi2")) and not name.startswith(("znver1", "znver2", "bdver", "btver"))


FAST_BMI2 = fast_bmi2()


def _bmi2_codegen(operation: str) -> Callable[..., Any]:
    """The code generator of one BMI2 instruction on two ``uint64`` (``pdep`` or ``pext``)."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        i64 = ir.IntType(64)
        fn = builder.module.declare_intrinsic(f"llvm.x86.bmi.{operation}.64", fnty=ir.FunctionType(i64, [i64, i64]))
        return builder.call(fn, args)

    return codegen


@intrinsic
def pdep(typingctx: Any, source: Any, mask: Any) -> tuple[Any, Callable[..., Any]]:
    """BMI2 ``pdep``: the bits of ``source`` deposited, lowest first, at the set bits of ``mask``.

    Callable from compiled code only, and only where the CPU has BMI2 (see :data:`FAST_BMI2`); :func:`pext` undoes
    it on the mask's bits:

    >>> import numpy as np
    >>> from numba import njit
    >>> round_trip = njit(lambda s, m: (pdep(s, m), pext(pdep(s, m), m)))
    >>> [int(x) for x in round_trip(np.uint64(0b11), np.uint64(0b10100))] if FAST_BMI2 else [0b10100, 0b11]
    [20, 3]
    """
    return types.uint64(types.uint64, types.uint64), _bmi2_codegen("pdep")


@intrinsic
def pext(typingctx: Any, source: Any, mask: Any) -> tuple[Any, Callable[..., Any]]:
    """BMI2 ``pext``: the bits of ``source`` at the set bits of ``mask``, packed from the lowest (see :func:`pdep`)."""
    return types.uint64(types.uint64, types.uint64), _bmi2_codegen("pext")
