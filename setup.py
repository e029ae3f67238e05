"""Ships the top-level grammar/ and descriptions/ folders inside the wheel.

They live at the top of the repository (where designers look for them) and are
mapped into the package as ``ludeme.grammar`` and ``ludeme.descriptions``.
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["ludeme", "ludeme.*"])
    + ["ludeme.grammar", "ludeme.descriptions"],
    package_dir={"ludeme.grammar": "grammar", "ludeme.descriptions": "descriptions"},
    package_data={"ludeme.grammar": ["*.lark", "*.lud"],
                  "ludeme.descriptions": ["*.lud", "*/*.lud"],
                  "ludeme.web": ["static/*"]},
)
