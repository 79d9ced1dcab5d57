"""The BMI2 instructions the batch evaluator and the Monte Carlo kernels share, and the check that picks them."""

import numpy as np
from numba import njit

from pokerlab.evaluator import batch_kernels, bmi2
from pokerlab.simulate.equity import mc_kernels

deposit = njit(lambda source, mask: bmi2.pdep(source, mask))
extract = njit(lambda source, mask: bmi2.pext(source, mask))


def test_a_portable_build_never_uses_the_instructions(monkeypatch):
    for variable in ("NUMBA_CPU_NAME", "NUMBA_CPU_FEATURES"):
        for name in ("NUMBA_CPU_NAME", "NUMBA_CPU_FEATURES"):
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv(variable, "generic")
        assert bmi2.fast_bmi2() is False


def test_both_kernel_families_follow_the_one_check():
    assert batch_kernels.FAST_BMI2 is bmi2.FAST_BMI2
    assert mc_kernels.FAST_BMI2 is bmi2.FAST_BMI2
    assert (batch_kernels._rank_rows is batch_kernels._rank_rows_marked) == bmi2.FAST_BMI2
    assert (mc_kernels.nth_bit is mc_kernels._nth_bit_pdep) == bmi2.FAST_BMI2


def _deposit_reference(source: int, mask: int) -> int:
    out, k = 0, 0
    for bit in range(64):
        if mask >> bit & 1:
            out |= (source >> k & 1) << bit
            k += 1
    return out


def test_deposit_and_extract_match_a_bit_by_bit_reference():
    rng = np.random.default_rng(7)
    for source, mask in rng.integers(0, 2**63, size=(200, 2), dtype=np.uint64).tolist():
        expected = _deposit_reference(source, mask)
        packed = sum((source >> bit & 1) << k for k, bit in enumerate(b for b in range(64) if mask >> b & 1))
        if bmi2.FAST_BMI2:  # the instructions exist only on such a host: elsewhere the references check themselves
            assert int(deposit(np.uint64(source), np.uint64(mask))) == expected
            assert int(extract(np.uint64(source), np.uint64(mask))) == packed
        assert _deposit_reference(packed, mask) == source & mask  # the references agree with each other
