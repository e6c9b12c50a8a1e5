"""Moving skills in and out of a store: bulk import (folders, archives, JSON, JSONL, through the
security gate) and export (a SKILL.md tree, JSON or JSONL)."""
