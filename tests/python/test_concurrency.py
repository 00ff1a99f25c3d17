"""Threads, futures, the pool, precision and memory."""

import concurrent.futures
import threading
import time

import numpy as np
import pytest

import qrt

def layered(n, layers):
    lines = ['OPENQASM 2.0;', 'include "qelib1.inc";', f"qreg q[{n}];", f"creg c[{n}];"]
    for layer in range(layers):
        lines += [f"rx({0.1 * (layer + 1)}) q[{k}];" for k in range(n)]
        lines += [f"cx q[{k}], q[{k + 1}];" for k in range(layer % 2, n - 1, 2)]
    lines.append("measure q -> c;")  # terminal: sampled by shots, left out of the final state
    return qrt.Program.from_qasm("\n".join(lines) + "\n", f"layered_{n}.qasm")


def test_submit_returns_futures_many_at_once():
    program = layered(10, 6)
    reference = qrt.run(program).probabilities
    futures = [qrt.submit(program, device="statevector.qubit", shots=100, seed=i) for i in range(16)]
    done, _ = concurrent.futures.wait(futures, timeout=120)
    assert len(done) == 16
    for f in futures:
        r = f.result()
        np.testing.assert_allclose(r.probabilities, reference, atol=1e-12)
        assert sum(r.counts.values()) == 100
    assert futures[3].result().counts == qrt.submit(program, shots=100, seed=3).result(timeout=60).counts


def test_threads_share_the_pool():
    program = layered(8, 4)
    reference = qrt.run(program).probabilities
    errors = []

    def work():
        try:
            for _ in range(20):
                with qrt.Device("statevector.qubit:threads=1") as dev:
                    np.testing.assert_allclose(dev.run(program).probabilities(), reference, atol=1e-12)
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_pool_reuses_equal_configs(bell):
    config = "statevector.qubit:threads=1,seed=5"
    with qrt.Device(config) as dev:
        dev.run(bell)
    before = qrt._qrt._pool_stats()
    for _ in range(5):
        with qrt.Device(config) as dev:
            dev.run(bell).probabilities()
    after = qrt._qrt._pool_stats()
    assert after["hits"] - before["hits"] >= 5
    assert after["creations"] == before["creations"]


def test_repeated_runs_on_one_device_start_fresh(bell):
    x = qrt.Program.from_qasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[2]; x q[1];')
    with qrt.Device() as dev:
        assert dev.run(x).probabilities()[2] == pytest.approx(1.0)
        assert dev.run(x).probabilities()[2] == pytest.approx(1.0)  # not x applied twice
        np.testing.assert_allclose(dev.run(bell).probabilities(), [0.5, 0, 0, 0.5], atol=1e-12)


def test_single_precision_dtype(bell):
    with qrt.Device("statevector.qubit:precision=single") as dev:
        s = dev.run(bell).state()
        assert s.dtype == np.complex64
        np.testing.assert_allclose(s, [2 ** -0.5, 0, 0, 2 ** -0.5], atol=1e-6)
        assert dev.probabilities().dtype == np.float64
    with qrt.Device() as dev:
        assert dev.run(bell).state().dtype == np.complex128


def test_state_is_one_fresh_array_of_2_to_the_n():
    program = layered(12, 2)
    with qrt.Device() as dev:
        dev.run(program)
        a, b = dev.state(), dev.state()
        assert a.shape == (4096,) and a.nbytes == 4096 * 16
        assert a.flags.owndata and a.flags.c_contiguous  # filled in place, not a view of a temporary
        assert not np.shares_memory(a, b)
        assert np.sum(np.abs(a) ** 2) == pytest.approx(1.0)
        np.testing.assert_allclose(np.abs(a) ** 2, dev.probabilities(), atol=1e-12)


def test_results_outlive_the_device(bell):
    with qrt.Device() as dev:
        p = dev.run(bell).probabilities()
        s = dev.state()
    np.testing.assert_allclose(p, [0.5, 0, 0, 0.5], atol=1e-12)
    np.testing.assert_allclose(np.abs(s) ** 2, p, atol=1e-12)


def test_the_gil_is_released_while_a_program_runs():
    # While another thread runs a long program, this thread keeps executing Python: it could not if the
    # run held the GIL (a C++ call holding it never yields, whatever the switch interval).
    program = layered(18, 40)
    with qrt.Device("statevector.qubit:threads=1") as dev:
        dev.run(program)  # warm: the instance exists
        worker = threading.Thread(target=dev.run, args=(program,))
        ticks = 0
        worker.start()
        while worker.is_alive():
            ticks += 1
            time.sleep(0.001)
        worker.join()
    assert ticks >= 10


def test_submit_from_many_threads_at_once(bell):
    results = []
    lock = threading.Lock()

    def work(seed):
        r = qrt.submit(bell, shots=50, seed=seed).result(timeout=60)
        with lock:
            results.append((seed, r.counts))

    threads = [threading.Thread(target=work, args=(s,)) for s in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 8
    for seed, counts in results:
        assert sum(counts.values()) == 50 and set(counts) <= {"00", "11"}
        assert counts == qrt.run(bell, shots=50, seed=seed).counts


def test_future_cancel_cancels_runs_that_have_not_started():
    # Many more slow runs than executor workers: the queued ones are pending and can be cancelled; the ones
    # a worker took are running and cannot.
    program = layered(18, 40)  # tens of milliseconds a run: the queue is still full when cancel() comes
    workers = qrt._qrt._executor_workers()
    futures = [qrt.submit(program, shots=2000, seed=i) for i in range(workers + 8)]
    cancelled = [f for f in futures[workers + 1:] if f.cancel()]
    assert len(cancelled) >= 6, "queued runs must be cancellable"
    assert all(f.cancelled() for f in cancelled)
    done, _ = concurrent.futures.wait(futures, timeout=300)
    assert len(done) == len(futures)
    for f in futures:
        if f.cancelled():
            with pytest.raises(concurrent.futures.CancelledError):
                f.result()
        else:
            assert sum(f.result().counts.values()) == 2000
    assert not any(f.running() for f in futures)


def test_threads_sharing_one_device_are_serialised():
    # Four threads call run and read-outs on one Device at once (it crashed the interpreter before the calls
    # were serialised): every read-out sees a complete run of one of the programs.
    programs = [layered(12 + k % 2, 6 + k) for k in range(4)]
    expected = {p.num_qubits: {} for p in programs}
    for p in programs:
        expected[p.num_qubits][id(p)] = qrt.run(p).probabilities
    errors = []
    with qrt.Device("statevector.qubit:threads=1") as dev:
        def work(p):
            try:
                for _ in range(10):
                    dev.run(p)
                    probs = dev.probabilities()
                    assert len(probs) in (2 ** 12, 2 ** 13)
                    assert abs(float(np.sum(probs)) - 1) < 1e-9
                    assert any(np.allclose(probs, ref, atol=1e-12) for ref in expected[int(np.log2(len(probs)))].values())
            except Exception as e:  # noqa: BLE001 - reported below
                errors.append(e)
        threads = [threading.Thread(target=work, args=(p,)) for p in programs]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert not errors, errors
