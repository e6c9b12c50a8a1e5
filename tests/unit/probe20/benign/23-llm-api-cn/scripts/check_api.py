#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""大模型 API 连通性测试。读取当前目录 .env（或环境变量）中的
LLM_BASE_URL / LLM_API_KEY / LLM_MODEL，发一条最短的请求并报告延迟。
"""
import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.request


def load_dotenv(path=".env"):
    if not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#") or "=" not in line:
                continue
            k, v = line.split("=", 1)
            os.environ.setdefault(k.strip(), v.strip().strip('"').strip("'"))


def post(url, key, payload, timeout):
    req = urllib.request.Request(
        url,
        data=json.dumps(payload).encode("utf-8"),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {key}"},
    )
    return urllib.request.urlopen(req, timeout=timeout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--stream", action="store_true")
    ap.add_argument("--prompt", default="用一句话介绍你自己。")
    args = ap.parse_args()

    load_dotenv()
    base = os.environ.get("LLM_BASE_URL", "").rstrip("/")
    key = os.environ.get("LLM_API_KEY", "")
    model = os.environ.get("LLM_MODEL", "")
    timeout = float(os.environ.get("LLM_TIMEOUT", "60"))
    if not (base and key and model):
        sys.exit("请先在 .env 中填写 LLM_BASE_URL、LLM_API_KEY、LLM_MODEL")

    payload = {"model": model, "messages": [{"role": "user", "content": args.prompt}], "max_tokens": 64}
    if args.stream:
        payload["stream"] = True

    print(f"base_url: {base}\nmodel:    {model}\nkey:      {key[:6]}...{key[-4:]}")
    start = time.monotonic()
    try:
        with post(base + "/chat/completions", key, payload, timeout) as resp:
            if args.stream:
                first = None
                text = ""
                for raw in resp:
                    line = raw.decode("utf-8").strip()
                    if not line.startswith("data:") or line == "data: [DONE]":
                        continue
                    first = first or time.monotonic() - start
                    delta = json.loads(line[5:])["choices"][0]["delta"].get("content") or ""
                    text += delta
                print(f"首字延迟: {first or 0:.2f}s")
            else:
                body = json.loads(resp.read().decode("utf-8"))
                text = body["choices"][0]["message"]["content"]
    except urllib.error.HTTPError as e:
        sys.exit(f"HTTP {e.code}: {e.read().decode('utf-8', 'ignore')[:300]}")
    except Exception as e:  # noqa: BLE001
        sys.exit(f"请求失败: {e}")

    print(f"总耗时:   {time.monotonic() - start:.2f}s")
    print(f"返回:     {text[:50]}")


if __name__ == "__main__":
    main()
