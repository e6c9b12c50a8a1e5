import re

from . import plugin

TAG = re.compile(r"(?<![\w/])#([A-Za-z][\w/-]+)")
LINK = re.compile(r"\[\[([^\]|#]+)")
HEAD = re.compile(r"^(#{1,6})\s+(.+)$", re.M)
TODO = re.compile(r"^\s*[-*]\s+\[( |x)\]\s+(.+)$", re.M)


@plugin("tags", order=10)
def tags(note, idx):
    note["tags"] = sorted(set(TAG.findall(note["text"])))


@plugin("links", order=20)
def links(note, idx):
    note["links"] = sorted(set(l.strip() for l in LINK.findall(note["text"])))
    for target in note["links"]:
        idx.setdefault("backlinks", {}).setdefault(target, []).append(note["title"])


@plugin("headings", order=30)
def headings(note, idx):
    note["headings"] = [(len(h), t.strip()) for h, t in HEAD.findall(note["text"])]


@plugin("todos", order=40)
def todos(note, idx):
    note["todos"] = [{"done": s == "x", "text": t} for s, t in TODO.findall(note["text"])]
