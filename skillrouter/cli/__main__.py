"""``python -m skillrouter.cli``: the ``skillrouter`` command."""

from skillrouter.cli.core import main

if __name__ == "__main__":
    main()
