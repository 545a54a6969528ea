"""``python -m nfgalaxy`` is the ``nfgalaxy`` command."""

import sys

from nfgalaxy.cli import main

sys.exit(main())
