"""The multilingual engine's vectors with the Chinese-English direction taken out.

multilingual-e5-small (:class:`~skillrouter.embeddings.MultilingualE5Embedder`) places every
Chinese text near every other Chinese text, whatever it is about: in a library with a few
Chinese descriptions beside English ones, those few take every Chinese task ("我想烤一个酸面包"
scores higher against a Chinese description of a chat assistant than against "Bake a sourdough
loaf"). :class:`LanguageNeutralEmbedder` projects one fixed direction out of each of the inner
embedder's vectors and normalises again: ``v - (v . u) u``, where ``u`` is the mean difference
between e5's vectors of 40 Chinese sentences and of their English translations (prompts
``query:`` and ``passage:`` averaged), written for this purpose and not taken from any library
or task of the evaluation suite (``ZH_EN_PAIRS``, :func:`language_direction`). One dimension of
384; what a text is about stays, which language it is in mostly goes.

It lifts the plain dense e5 baseline's P@1 on the blind Chinese requests, and the router's mean
over the suite's Chinese rows (measured: docs/evaluation/routing.md#measurements-behind-code-choices
and docs/evaluation/routing.md#chinese-rows-issue-20). It wraps the embedder
*outside* the embedding cache, so the cache keeps e5's own vectors and the projection costs one
dot product; its ``model_id`` is the inner one's with ``+zh-en-neutral``, so an index of
projected vectors is never mixed with one of raw vectors.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from typing import Any

import numpy as np
from skillrouter.embeddings.base import Embedder, embed_queries, normalise

__all__ = ["ZH_EN_DIRECTION", "ZH_EN_PAIRS", "LanguageNeutralEmbedder", "language_direction"]

ZH_EN_PAIRS: tuple[tuple[str, str], ...] = (
    ("Summarise this long meeting transcript into action items.", "把这份很长的会议记录总结成待办事项。"),
    ("Convert the CSV export into a JSON file.", "把导出的 CSV 转成 JSON 文件。"),
    ("Find out why the nightly build keeps failing.", "查一下为什么每天晚上的构建一直失败。"),
    ("Translate the product page into Japanese.", "把产品页面翻译成日语。"),
    ("Write unit tests for the payment module.", "给支付模块写单元测试。"),
    ("Book a table for four at an Italian restaurant tonight.", "帮我订今晚四个人的意大利餐厅。"),
    ("Check the weather in Shanghai for the weekend.", "看看上海周末的天气。"),
    (
        "Resize all the photos in this folder to 1080 pixels wide.",
        "把这个文件夹里的照片都缩放到 1080 像素宽。",
    ),
    ("Draft a polite email declining the meeting.", "写一封礼貌的邮件拒绝这个会议。"),
    ("Back up the database every night and keep seven copies.", "每天晚上备份数据库，保留七份。"),
    ("Explain what this regular expression matches.", "解释一下这个正则表达式匹配什么。"),
    ("Plan a three-day trip to Kyoto on a budget.", "规划一次三天的京都穷游。"),
    ("Track my daily expenses in a spreadsheet.", "用表格记录我每天的开销。"),
    ("Remove the background from this product photo.", "把这张商品图的背景去掉。"),
    ("Set up a reminder to drink water every hour.", "设置每小时提醒我喝水。"),
    ("Deploy the web app to a cloud server.", "把这个网页应用部署到云服务器上。"),
    ("Review this pull request and point out bugs.", "审查这个合并请求，指出里面的问题。"),
    ("Generate a weekly sales report from the orders table.", "根据订单表生成每周销售报告。"),
    ("Search recent papers about protein folding.", "搜索关于蛋白质折叠的最新论文。"),
    ("Monitor the website and alert me when it goes down.", "监控网站，挂了就提醒我。"),
    ("Create a logo for a small coffee shop.", "给一家小咖啡店设计一个标志。"),
    ("Compress these videos so they fit in an email.", "把这些视频压缩到能用邮件发送。"),
    ("Rename the files by the date they were taken.", "按拍摄日期给这些文件重命名。"),
    ("Fix the memory leak in the background worker.", "修复后台任务里的内存泄漏。"),
    ("Write a cover letter for a data analyst job.", "写一封数据分析师职位的求职信。"),
    ("Transcribe this voice memo into text.", "把这段语音备忘录转成文字。"),
    ("Manage tasks on a kanban board for the team.", "用看板管理团队的任务。"),
    ("Schedule posts to social media for next week.", "安排下周在社交媒体上发布的帖子。"),
    ("Analyse the server logs for unusual login attempts.", "分析服务器日志里异常的登录尝试。"),
    ("Make a study plan for the English exam.", "为英语考试制定一个学习计划。"),
    ("Tools to read and edit PDF documents.", "读取和编辑 PDF 文档的工具。"),
    ("A skill for querying a PostgreSQL database safely.", "安全查询 PostgreSQL 数据库的技能。"),
    ("Helps you write clear commit messages.", "帮你写清楚的提交信息。"),
    ("Controls smart lights and thermostats at home.", "控制家里的智能灯和温控器。"),
    ("Fetches stock prices and draws a chart.", "获取股票价格并画出走势图。"),
    ("Keeps notes in a local markdown vault.", "在本地 Markdown 笔记库里记笔记。"),
    ("Sends messages to a chat channel when a job finishes.", "任务完成后往聊天频道发消息。"),
    ("Optimises slow SQL queries with indexes.", "用索引优化慢的 SQL 查询。"),
    ("Generates images from a text description.", "根据文字描述生成图片。"),
    ("Audits a web page for accessibility problems.", "检查网页的无障碍问题。"),
)
"""English sentences and their Chinese translations, everyday requests and skill-like
descriptions on many topics, written for this estimate (none from a library or task of the
evaluation suite): :func:`language_direction` of these is :data:`ZH_EN_DIRECTION`."""

_DIRECTION_B64 = (
    "TQuKPcFfBj0zLcE85V9xPb8hhD3zu2s8tJFLu5XcODwW5LQ8BLaMvd+ouTu5WCC9m/ktPPuEgD0Mqpu90JoTvcgpmzwlT4S9"
    "4bHpPIy1IruDbW08IHNLPb54O73B9r28wkGOPS91g71wHIe9ZWOkPZB3sjxYqgU8aCgGPXF/xLmxAkk96HEqPEmEcT1R17o8"
    "wFocvQS+yDubfSa9xQ0CvdjbFLxUdRW9P63LPNJPyT3lNXq9XnLFPBsNgzvRoJg9U31RvdFDsTwxj1o9rOGHvFTPQD17sWW7"
    "hGysvbb2I7w4MKQ9cM0EvUyOw71sNbs9QNPDO85qMT2Ut+i7vKhwvPCRmDwtOyW9L4BcPZlcq7x50pc9pVBpPCnGvD2wBFQ9"
    "Kk5VPevPGr2UqoE9kbBTvQk0lj0GZSM9hOlkPBJwBr2bDea960sCvEUIGj2Hcbu8IQ1/utegD72QmLg8rrgAPEmImrxV+5k9"
    "5GfTOou6HD3oKZQ9hTrTOwOEgj0QuyY8AY52PUIx8Ls2SW+7WtaGPfalYj3B1g69P/IPvnTWeL3Nj1O8BcGfPfAJOj00t3i8"
    "nM6HvXceVzwNVu28N4J7PNx5n72F51g8Ye8NvYfa4ztwHZc9kYSHvZqkRD3wxhC9Zii3vYNpW73xZZU96wPdPb0aB72w8IW9"
    "TaYRPT7Ow7z/4O+9v1hhPDKhOLz5cnE7UKcFvoIpxrx32xy9Cy/NPEXHSzx3NJ09mxR9vH5MDbp8Nxs8cN2YvOHThL3Dmho9"
    "2GFyvcriMrqlkym9ERprvRlPjb2EAp69AAqpvfs2Eb3IKMU8l4/zPCb+vTyATsk7S82/PVAkrjzVEhE9NAR7u3BR/bxDGSK8"
    "Gm29vAH/WL2t/4a95DHcvWZYoDyqXre8jX/hvI2fFzsvCpI9NL+HPS/sujytRxe90dw3PWkTLj0UnHY9tvN8vYPokD1TnCo9"
    "uD8vPXdyW7ttkxO9oKU+PfyHirz+in89yz2TPTIdoTz16NU7ZSopPf9airyP1EY9PsgZvZkugD2/7XM9MAdqvaqChr1xv6A7"
    "UyuNvR56gj0X9Vy7YC2avbE8Cb3uByC9VCMHPXMEyL0qnIO9Xw4bu98LAD1SmzO9IqxyvbNtHT2ReIm8qJarulVLur3u5IA8"
    "OLahPHB3iTw5tOE6g2j1vKwDq71oJTa8b8wdvWOZCz1uj8o9LheBPfHSIr3wC0g9SOHMvCBXS71Unp29eyvZup+F3jywiaO8"
    "Meg0vS8DJb5+2AQ9q1qAvK6MpzqFjl+9f0KsPau+Fr2gQbK9bFzYPD20Mz1/Bk+9LvKROxcJCjxSBey8PH+VPTyoqDn52+W8"
    "GJacPB5rhr0aoV48J6dMPZs3vDyitrw8tWERPfLLizyQwCg88N0KPeOonzv11wQ9sThGPfBdp725Dau9jVoEu8kTG7xHvbo9"
    "NoBPPcRpPrx8AP89yDsMveFCRD0+Dfg8hcOVPb06zj1ERXe9ICbfvIsJIjsBSGY9Hg+rvatKO72QlMA8CDyyvUv3DLzVwRm9"
    "dyIgPRJaYD1wwBu9YBe8PcJJzrznTAy9rqeUvQYlhLseRjS8xIHLurenFL4aw1W9RHLju++0lD3PDvE70+oQvl7Pj724y3I9"
    "AFnYuxWyrL0D8vg8bJ03PZjPuj1OGrA8D/S+u3+CqTzeErG9ZATxvKVHBj0T1jg8rzC0u9V7mj15xog7OsJIPTTITbt1jl68"
    "8HGhPZiSED1ySYa8jjgyO6ATtj1Ux7E9yU2xvcfjgD0VURG6yzj7PLZ01LsdyYi9bEFsvdRpv7vXl+28XQkcPeOW2TzKKaY9"
    "dOqJPVTVvjxPHQC9XshKOoAfar3wvPs8wmvDO2pS7buqgPS9ld4kPSkbhLu2uhc9d3M2O9jNrDvmn6m8Xy2HvEa5jD2OdK08"
    "id8ZvWXqJL18hwQ93pgDPFyR+LqZwr+9ygWLPQhgNb2AH/M86auevYPZTTlBKgC92X9uveZJMLzP7tC8K2cVPZ12Bb5G8cy7"
    "G9r0PLzGO719tse8F2TfPHQO9Txi/L27"
)

ZH_EN_DIRECTION: np.ndarray = np.frombuffer(base64.b64decode(_DIRECTION_B64), dtype="<f4").astype(np.float32)
"""The unit vector taken out of multilingual-e5-small's vectors (384 float32)."""


def language_direction(embedder: Embedder, pairs: Sequence[tuple[str, str]] = ZH_EN_PAIRS) -> np.ndarray:
    """The unit vector from English to Chinese text in ``embedder``'s space: the mean difference
    of the Chinese and the English sentence of each pair, as documents and as queries, each
    normalised, summed and normalised (how :data:`ZH_EN_DIRECTION` was made, with
    multilingual-e5-small)."""
    english, chinese = [p[0] for p in pairs], [p[1] for p in pairs]
    as_documents = (embedder.embed_documents(chinese) - embedder.embed_documents(english)).mean(axis=0)
    as_queries = (embed_queries(embedder, chinese) - embed_queries(embedder, english)).mean(axis=0)
    u = as_documents / np.linalg.norm(as_documents) + as_queries / np.linalg.norm(as_queries)
    return (u / np.linalg.norm(u)).astype(np.float32)


class LanguageNeutralEmbedder:
    """``inner``'s vectors with ``direction`` (default :data:`ZH_EN_DIRECTION`) projected out
    (see the module docstring). ``inner`` is usually a :class:`~skillrouter.embeddings.CachedEmbedder`
    around multilingual-e5-small."""

    suffix = "+zh-en-neutral"

    def __init__(self, inner: Embedder, direction: np.ndarray | None = None) -> None:
        self.inner = inner
        u = np.asarray(ZH_EN_DIRECTION if direction is None else direction, dtype=np.float32).ravel()
        norm = float(np.linalg.norm(u))
        if norm == 0:
            raise ValueError("the direction to take out must not be zero")
        self.direction = u / norm

    @property
    def model_id(self) -> str:
        return self.inner.model_id + self.suffix

    @property
    def dimension(self) -> int:
        return self.inner.dimension

    def __getattr__(self, name: str) -> Any:  # cache, loaded, ...: the inner embedder's
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)

    def _project(self, vectors: np.ndarray) -> np.ndarray:
        v = np.asarray(vectors, dtype=np.float32)
        if v.ndim != 2 or v.shape[0] == 0:
            return v.reshape(-1, self.dimension).astype(np.float32)
        if v.shape[1] != self.direction.shape[0]:
            raise ValueError(
                f"{self.inner.model_id} gives {v.shape[1]}-dimensional vectors; the direction has "
                f"{self.direction.shape[0]}"
            )
        return normalise(v - np.outer(v @ self.direction, self.direction))

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        return self._project(self.inner.embed_documents(texts))

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._project(embed_queries(self.inner, texts))

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed_queries([text])[0]
