"""Ships the top-level templates/ and site/ folders inside the wheel as tischlein/_data/, so an installed
tischlein builds sites anywhere. In a source checkout tischlein reads them in place (tischlein/resources.py).
Everything else is declared in pyproject.toml."""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

DATA_FOLDERS = ("templates", "site")


class BuildWithData(build_py):
    def run(self):
        super().run()
        for name in DATA_FOLDERS:
            target = Path(self.build_lib) / "tischlein" / "_data" / name
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(Path(__file__).parent / name, target,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildWithData})
