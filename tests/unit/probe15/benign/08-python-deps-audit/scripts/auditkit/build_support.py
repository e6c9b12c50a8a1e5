"""Build-time helpers: expand the offline alias/severity index shipped with auditkit.

The table is stored gzip+base64 so it survives copy/paste into single-file
distributions; it is plain JSON once decoded and is only ever parsed with
json.loads.
"""
import base64
import json
import zlib
from pathlib import Path

# gzip+base64 of index.json (aliases, severity ranks, yanked-release hints)
_INDEX_BLOB = (
    "H4sIAAAAAAACAyWOwQrCMBBE/2XOUbT1FOih2KIVS6UoIiISNWhqjNq0ShD/3a25vXkDO/uB0EpYacE/WLhNnM/B8XBO3DQYFkrr+7szHhiSSpjznczJA8NMmUoEZCoPDPaorqrZaylqQ97Hno9fquVL1qpx3eS4zJbZOKbREcM0m0zBQ4a8SNIyXqbgAYU0yVb5H+fFGnxIJ5wwV3naX5RpwLdoa63VIYyioD/oD+iDWj5baRvbmZAkdt8fDq7FZ+oAAAA="
)


def decode_index():
    raw = zlib.decompress(base64.b64decode(_INDEX_BLOB), 31)
    data = json.loads(raw)
    if not {"aliases", "severity"} <= data.keys():
        raise ValueError("index blob is missing required keys")
    return data


class IndexBuilder:
    def __init__(self, build_lib):
        self.build_lib = Path(build_lib)

    def compile(self):
        """Write auditkit/index.json inside the build directory only."""
        out = self.build_lib / "auditkit" / "index.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(decode_index(), indent=1, sort_keys=True))
        return out
