#!/usr/bin/env python3
"""创建 CI 专用 RAM 子账号 + 自定义策略 + AccessKey，并写入 CI Secret。

依赖已登录的 aliyun CLI（aliyun configure），通过子进程调用，避免额外安装 SDK。
AccessKeySecret 只交给 CI 的 Secret 存储，不落盘、不打印。
"""
import argparse
import json
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

SKILL_DIR = Path(__file__).resolve().parent.parent
POLICY_TPL = SKILL_DIR / "policies" / "oss-cdn-deploy.json"
ROTATE_DAYS = 90


def aliyun(*args: str, dry: bool = False) -> dict:
    cmd = ["aliyun", "ram", *args]
    if dry:
        print("  [dry-run]", " ".join(cmd))
        return {}
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out or "{}")


def render_policy(bucket: str, cdn_domain: str) -> str:
    text = POLICY_TPL.read_text(encoding="utf-8")
    return text.replace("${bucket}", bucket).replace("${cdn_domain}", cdn_domain)


def ensure_user(user: str, dry: bool) -> None:
    try:
        aliyun("GetUser", "--UserName", user)
        print(f"RAM 用户已存在: {user}")
    except subprocess.CalledProcessError:
        aliyun("CreateUser", "--UserName", user, "--DisplayName", user,
               "--Comments", "CI deploy user created by aliyun-ram-ci", dry=dry)
        print(f"创建 RAM 用户: {user}")


def ensure_policy(name: str, document: str, user: str, dry: bool) -> None:
    try:
        aliyun("GetPolicy", "--PolicyName", name, "--PolicyType", "Custom")
        aliyun("CreatePolicyVersion", "--PolicyName", name, "--PolicyDocument", document,
               "--SetAsDefault", "true", dry=dry)
    except subprocess.CalledProcessError:
        aliyun("CreatePolicy", "--PolicyName", name, "--PolicyDocument", document,
               "--Description", "OSS upload + CDN refresh for CI", dry=dry)
    aliyun("AttachPolicyToUser", "--PolicyType", "Custom", "--PolicyName", name,
           "--UserName", user, dry=dry)
    print(f"授权策略: {name} -> {user}")


def existing_keys(user: str) -> list[str]:
    try:
        res = aliyun("ListAccessKeys", "--UserName", user)
    except subprocess.CalledProcessError:
        return []
    return [k["AccessKeyId"] for k in res.get("AccessKeys", {}).get("AccessKey", []) if k.get("Status") == "Active"]


def create_key(user: str, dry: bool) -> dict:
    if dry:
        aliyun("CreateAccessKey", "--UserName", user, dry=True)
        return {"AccessKeyId": "LTAI-DRYRUN", "AccessKeySecret": "dry-run"}
    return aliyun("CreateAccessKey", "--UserName", user)["AccessKey"]


def write_github_secrets(repo: str, key: dict) -> None:
    for name, value in (("ALIYUN_AK_ID", key["AccessKeyId"]), ("ALIYUN_AK_SECRET", key["AccessKeySecret"])):
        # 通过 stdin 传值，避免出现在进程列表里
        subprocess.run(["gh", "secret", "set", name, "--repo", repo], input=value, text=True, check=True)
    print(f"已写入 GitHub Secrets: {repo}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bucket", required=True)
    ap.add_argument("--cdn-domain", required=True)
    ap.add_argument("--user")
    ap.add_argument("--ci", choices=["github", "yunxiao", "print"], default="github")
    ap.add_argument("--repo", help="GitHub owner/repo")
    ap.add_argument("--rotate", action="store_true", help="写入新 AK 后禁用旧 AK")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    user = args.user or f"ci-deploy-{args.bucket}"
    policy_name = f"ci-oss-cdn-{args.bucket}"
    document = render_policy(args.bucket, args.cdn_domain)
    if args.ci == "github" and not args.repo:
        print("--ci github 需要 --repo", file=sys.stderr)
        return 2

    ensure_user(user, args.dry_run)
    ensure_policy(policy_name, document, user, args.dry_run)
    old_keys = existing_keys(user) if (args.rotate and not args.dry_run) else []
    key = create_key(user, args.dry_run)
    if args.dry_run:
        print("\n策略内容:\n" + document)
        return 0

    if args.ci == "github":
        write_github_secrets(args.repo, key)
    elif args.ci == "yunxiao":
        print("请在 云效 → 流水线 → 变量 中添加 ALIYUN_AK_ID / ALIYUN_AK_SECRET（已复制到剪贴板）")
        subprocess.run(["pbcopy"], input=f"{key['AccessKeyId']}\n{key['AccessKeySecret']}", text=True)
    else:
        print(f"ALIYUN_AK_ID={key['AccessKeyId']}")
        print("AccessKeySecret 仅此一次显示在本地终端，请立即存入密码管理器：")
        print(key["AccessKeySecret"])

    for old in old_keys:
        aliyun("UpdateAccessKey", "--UserName", user, "--UserAccessKeyId", old, "--Status", "Inactive")
        print(f"已禁用旧 AK: {old[:8]}…（确认 CI 正常后可删除）")

    print(f"下次轮换日期: {date.today() + timedelta(days=ROTATE_DAYS)}，建议加入日历提醒")
    return 0


if __name__ == "__main__":
    sys.exit(main())
