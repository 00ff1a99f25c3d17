"""Builds the `qrt` Python package with CMake (see pyproject.toml and docs/python.md).

The extension qrt._qrt, libqrt (and libqrt_qir), the shipped plugins and the isolation worker are
installed inside the package, in the layout libqrt expects (plugins in `qrt/plugins` beside libqrt):
    qrt/_qrt*.so  qrt/lib/libqrt.so*  qrt/lib/qrt/plugins/*.so  qrt/lib/qrt/qrt-worker
so the installed package finds its plugins from any folder, without any setting.
Environment: QRT_PIP_JOBS (parallel compile jobs, default 2), CMAKE_*_COMPILER_LAUNCHER (e.g. ccache).
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent
VERSION = re.search(r"project\(qrt VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text()).group(1)


class CMakeBuild(build_ext):
    """Configures and builds qrt with CMake, installs it into a staging folder, copies the package's
    native files from there."""

    def build_extension(self, ext):
        package_dir = pathlib.Path(self.get_ext_fullpath(ext.name)).resolve().parent
        # CMake's build folder sits beside the default build/ (same depth, same generator), so that a
        # ccache with base_dir set shares its objects with a `make` build.
        build, stage = ROOT / "build-pip", pathlib.Path(self.build_temp).resolve() / "stage"
        jobs = os.environ.get("QRT_PIP_JOBS", "2")
        generator = ["-G", "Ninja"] if shutil.which("ninja") else []
        subprocess.run(["cmake", *generator, "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                        "-DQRT_BUILD_TESTS=OFF", "-DQRT_BUILD_BENCH=OFF", f"-DCMAKE_INSTALL_PREFIX={stage}",
                        "-DCMAKE_INSTALL_LIBDIR=qrt/lib", "-DQRT_PYTHON_INSTALL_DIR=qrt",
                        "-DCMAKE_INSTALL_RPATH=$ORIGIN", f"-DPython3_EXECUTABLE={sys.executable}"], check=True)
        subprocess.run(["cmake", "--build", str(build), "-j", jobs, "--target", "qrt_run_bundle"], check=True)
        if stage.exists():
            shutil.rmtree(stage)
        subprocess.run(["cmake", "--install", str(build)], check=True)
        # The CMake package files and pkg-config file are for C++ users of an installed qrt: not in the wheel.
        shutil.copytree(stage / "qrt", package_dir, dirs_exist_ok=True, symlinks=True,
                        ignore=shutil.ignore_patterns("cmake", "pkgconfig"))


setup(
    version=VERSION,
    packages=["qrt"],
    package_dir={"qrt": "python/qrt"},
    package_data={"qrt": ["py.typed", "*.pyi"]},
    ext_modules=[Extension("qrt._qrt", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": "build-pip/setuptools"}},
    zip_safe=False,
)
