import runpy
import os
import sys


def main():
    script = os.path.join(os.path.dirname(__file__), "..", "..", "scripts", "optimize_wheel.py")
    sys.argv[0] = script
    runpy.run_path(script, run_name="__main__")
