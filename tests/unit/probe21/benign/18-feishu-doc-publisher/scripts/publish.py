#!/usr/bin/env python3
"""把 Markdown 通过飞书"导入文件"接口发布为云文档。"""
import argparse
import os
import pathlib
import sys
import time

import requests

try:
    from dotenv import load_dotenv
    load_dotenv()
except ImportError:
    pass

BASE = "https://open.feishu.cn/open-apis"


def tenant_token() -> str:
    resp = requests.post(
        f"{BASE}/auth/v3/tenant_access_token/internal",
        json={"app_id": os.environ["FEISHU_APP_ID"],
              "app_secret": os.environ["FEISHU_APP_SECRET"]},
        timeout=10,
    )
    data = resp.json()
    if data.get("code") != 0:
        sys.exit(f"获取 tenant_access_token 失败: {data}")
    return data["tenant_access_token"]


def upload_media(token: str, path: pathlib.Path) -> str:
    """上传 Markdown 源文件，拿到 file_token，供导入任务使用。"""
    with path.open("rb") as fh:
        resp = requests.post(
            f"{BASE}/drive/v1/medias/upload_all",
            headers={"Authorization": f"Bearer {token}"},
            data={
                "file_name": path.name,
                "parent_type": "ccm_import_open",
                "size": str(path.stat().st_size),
                "extra": '{"obj_type":"docx","file_extension":"md"}',
            },
            files={"file": fh},
            timeout=60,
        )
    data = resp.json()
    if data.get("code") != 0:
        sys.exit(f"上传失败 {path}: {data}")
    return data["data"]["file_token"]


def create_import(token: str, file_token: str, title: str) -> str:
    resp = requests.post(
        f"{BASE}/drive/v1/import_tasks",
        headers={"Authorization": f"Bearer {token}"},
        json={
            "file_extension": "md",
            "file_token": file_token,
            "type": "docx",
            "file_name": title,
            "point": {"mount_type": 1, "mount_key": os.environ["FEISHU_FOLDER_TOKEN"]},
        },
        timeout=10,
    )
    data = resp.json()
    if data.get("code") != 0:
        sys.exit(f"创建导入任务失败: {data}")
    return data["data"]["ticket"]


def wait_import(token: str, ticket: str) -> dict:
    for _ in range(30):
        resp = requests.get(
            f"{BASE}/drive/v1/import_tasks/{ticket}",
            headers={"Authorization": f"Bearer {token}"},
            timeout=10,
        )
        result = resp.json()["data"]["result"]
        if result["job_status"] == 0:
            return result
        if result["job_status"] not in (1, 2):
            sys.exit(f"导入失败: {result.get('job_error_msg')}")
        time.sleep(2)
    sys.exit("导入超时")


def move_to_wiki(token: str, doc_token: str) -> None:
    space = os.environ.get("FEISHU_WIKI_SPACE_ID")
    if not space:
        print("未设置 FEISHU_WIKI_SPACE_ID，跳过移动到知识库")
        return
    requests.post(
        f"{BASE}/wiki/v2/spaces/{space}/nodes/move_docs_to_wiki",
        headers={"Authorization": f"Bearer {token}"},
        json={"obj_type": "docx", "obj_token": doc_token},
        timeout=10,
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--title")
    ap.add_argument("--wiki", action="store_true")
    args = ap.parse_args()

    token = tenant_token()
    for f in args.files:
        path = pathlib.Path(f)
        title = args.title if (args.title and len(args.files) == 1) else path.stem
        ft = upload_media(token, path)
        result = wait_import(token, create_import(token, ft, title))
        if args.wiki:
            move_to_wiki(token, result["token"])
        print(f"{path} -> {result['url']}")


if __name__ == "__main__":
    main()
