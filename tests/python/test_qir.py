"""QIR programs (../shared/qir, written by other projects) through qrt.run and qrt.submit, against the
CLI's output byte for byte."""

import subprocess

import pytest

import qrt

pytestmark = pytest.mark.skipif(not qrt._qrt.has_qir, reason="built without the QIR front end")

PROGRAMS = ["barrier.bc", "random-bit.bc", "teleportation.ll", "pyqir_5_bit_random_number.ll",
            "pyqir_if_then_else_continue.ll", "pyqir_bell_qir_measure.bc", "pyqir_hello.bc"]


def cli_output(cli, path, shots, seed):
    done = subprocess.run([cli, "run", str(path), "--shots", str(shots), "--seed", str(seed), "--no-progress"],
                          capture_output=True, check=True)
    return done.stdout.decode()


@pytest.mark.parametrize("name", PROGRAMS)
def test_output_is_the_clis_byte_for_byte(cli, qir_dir, name):
    r = qrt.run(qir_dir / name, shots=5, seed=42)
    assert r.kind == "qir"
    assert r.output == cli_output(cli, qir_dir / name, 5, 42)
    assert len(r.shots) == r.num_shots == 5


def test_barrier_records(qir_dir):
    r = qrt.run(qir_dir / "barrier.bc")
    assert r.shots == [[("RESULT", "0", None)]]
    assert r.output.startswith("START\n") and r.output.endswith("OUTPUT\tRESULT\t0\nEND\t0\n")
    assert r.counts == {"0": 1}


def test_random_bit_counts(qir_dir):
    r = qrt.run(qir_dir / "random-bit.bc", shots=400, seed=1)
    assert set(r.counts) == {"0", "1"} and sum(r.counts.values()) == 400
    assert 140 < r.counts["0"] < 260
    assert qrt.run(qir_dir / "random-bit.bc", shots=50, seed=9).output == qrt.run(qir_dir / "random-bit.bc", shots=50, seed=9).output


def test_teleportation_records_arrays_of_four(qir_dir):
    r = qrt.run(qir_dir / "teleportation.ll", shots=20, seed=3)
    for shot in r.shots:
        records = [e for e in shot if e[0] != "MESSAGE"]
        assert records[0][:2] == ("ARRAY", "4")
        assert [e[0] for e in records[1:]] == ["RESULT"] * 4
    assert all(key.startswith("[") for key in r.counts)


def test_hello_prints_its_message(qir_dir):
    r = qrt.run(qir_dir / "pyqir_hello.bc")
    assert any(kind == "MESSAGE" for kind, _, _ in r.shots[0])


def test_loaded_once_runs_many(qir_dir):
    program = qrt.load(qir_dir / "pyqir_5_bit_random_number.ll")
    assert program.kind == "qir" and program.entry
    outputs = {qrt.run(program, shots=3, seed=s).output for s in range(4)}
    assert len(outputs) > 1


def test_submit_qir(cli, qir_dir):
    futures = [qrt.submit(qir_dir / "random-bit.bc", shots=10, seed=s) for s in range(6)]
    for s, future in enumerate(futures):
        assert future.result(timeout=60).output == cli_output(cli, qir_dir / "random-bit.bc", 10, s)


def test_params_refused_for_qir(qir_dir):
    with pytest.raises(qrt.InvalidArgumentError, match="QIR"):
        qrt.run(qir_dir / "barrier.bc", params={"theta": 1.0})


def test_device_run_refuses_qir(qir_dir):
    with qrt.Device() as dev, pytest.raises(qrt.InvalidArgumentError, match="QIR"):
        dev.run(qir_dir / "barrier.bc")


def test_malformed_qir_is_a_parse_error(tmp_path):
    f = tmp_path / "bad.ll"
    f.write_text("define void @main() #0 {\n  call void @nope(\n}\n")
    with pytest.raises(qrt.ParseError, match="bad.ll"):
        qrt.load(f)


def test_failed_shot_raises_with_the_clis_message(tmp_path, cli):
    f = tmp_path / "fail.ll"
    f.write_text('''%String = type opaque
@msg = internal constant [5 x i8] c"boom\\00"
declare %String* @__quantum__rt__string_create(i8*)
declare void @__quantum__rt__fail(%String*)
define void @main() #0 {
  %s = call %String* @__quantum__rt__string_create(i8* getelementptr ([5 x i8], [5 x i8]* @msg, i32 0, i32 0))
  call void @__quantum__rt__fail(%String* %s)
  ret void
}
attributes #0 = { "entry_point" }
''')
    with pytest.raises(qrt.ShotFailedError) as caught:
        qrt.run(f)
    done = subprocess.run([cli, "run", str(f), "--no-progress"], capture_output=True, text=True)
    assert done.returncode == 1
    assert "qrt: error: " + str(caught.value) in done.stderr
    assert caught.value.result.output == done.stdout
