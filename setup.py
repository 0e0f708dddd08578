"""The package's build: everything is in pyproject.toml but one step.

After the sources are copied into the build, the solver's kernel is
compiled there, for the machine that builds (it is the machine that
installs, for ``pip install .``), and Numba's cache goes into the package
as ``huolong/solver/kernel/prebuilt/``: the first solve after the install
loads it instead of compiling for most of a minute
(``huolong.solver.prebuild``, ``huolong.solver.kernel.prebuilt``). An editable install, or
``HUOLONG_SOLVE_PREBUILT=0`` (a wheel built for other machines), skips it;
if the compile fails, the build goes on without it and the kernel
compiles on first use, as it would have anyway.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

STEP = "import sys; from huolong.solver.prebuild import main; sys.exit(main(sys.argv[1:]))"


class BuildWithKernel(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False) or os.environ.get("HUOLONG_SOLVE_PREBUILT", "1") == "0":
            return
        build_lib = Path(self.build_lib).resolve()
        target = build_lib / "huolong" / "solver" / "kernel" / "prebuilt"
        shutil.rmtree(target, ignore_errors=True)  # an earlier build's, in a build folder used again
        with tempfile.TemporaryDirectory() as cache:
            path = os.pathsep.join(p for p in (str(build_lib), os.environ.get("PYTHONPATH", "")) if p)
            env = {**os.environ, "NUMBA_CACHE_DIR": cache, "PYTHONPATH": path}
            print("huolong-solve: compiling the solver's search for this machine (about a minute)", flush=True)
            done = subprocess.run([sys.executable, "-c", STEP, str(target)], env=env, cwd=cache)
        if done.returncode != 0:
            shutil.rmtree(target, ignore_errors=True)
            print("huolong-solve: the kernel was not compiled; it will compile on its first use", flush=True)


setup(cmdclass={"build_py": BuildWithKernel})
