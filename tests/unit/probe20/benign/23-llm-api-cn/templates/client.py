# -*- coding: utf-8 -*-
"""大模型客户端封装：所有调用都通过 OpenAI 兼容协议，厂商由环境变量决定。

用法：
    from llm_client import chat
    print(chat([{"role": "user", "content": "你好"}]))
"""
import os
from functools import lru_cache

from openai import OpenAI


@lru_cache(maxsize=1)
def client() -> OpenAI:
    return OpenAI(
        base_url=os.environ["LLM_BASE_URL"],
        api_key=os.environ["LLM_API_KEY"],
        timeout=float(os.environ.get("LLM_TIMEOUT", "60")),
        max_retries=int(os.environ.get("LLM_MAX_RETRIES", "2")),
    )


def chat(messages, model=None, **kwargs) -> str:
    """非流式调用，返回文本。"""
    resp = client().chat.completions.create(
        model=model or os.environ["LLM_MODEL"],
        messages=messages,
        **kwargs,
    )
    return resp.choices[0].message.content or ""


def stream_chat(messages, model=None, **kwargs):
    """流式调用，逐段产出文本。"""
    stream = client().chat.completions.create(
        model=model or os.environ["LLM_MODEL"],
        messages=messages,
        stream=True,
        **kwargs,
    )
    for chunk in stream:
        if chunk.choices and chunk.choices[0].delta.content:
            yield chunk.choices[0].delta.content
