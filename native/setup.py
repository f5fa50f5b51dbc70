"""The optional compiled build of the calculator's hot paths (issue 26), installed by requirements.txt.

pip builds the C extension with the machine's C compiler. Where there is none (or it fails), the extension
is optional: the package installs without it and the calculator runs on its pure-Python code, which gives
the same answers (the test suite holds both to them).
"""
from setuptools import Extension, setup

setup(
    name="mahjong-rules-native",
    version="1.0.0",
    description="Optional compiled build of the mahjong rules calculator's readiness of closed hands and tile efficiency",
    packages=["mahjong_rules_native"],
    ext_modules=[Extension("mahjong_rules_native._ready", ["src/ready.c"], optional=True,
                           extra_compile_args=["-O2"]),
                 Extension("mahjong_rules_native._widen", ["src/widen.c", "src/suits.c"], optional=True,
                           extra_compile_args=["-O2"])],
    python_requires=">=3.11",
)
