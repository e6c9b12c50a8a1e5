#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""离线生成面试提纲：根据 JD / 简历关键词从本地题目清单中选题。"""
import argparse
import json
import re
from pathlib import Path

LOCAL_BANK = {
    "java": [("HashMap 扩容与并发问题", "数组+链表/红黑树、resize、ConcurrentHashMap 分段/CAS", "JDK8 为何改为尾插？")],
    "spring": [("Spring 事务失效的常见场景", "自调用、非 public、异常被吞、传播行为", "如何排查事务未回滚？")],
    "mysql": [("联合索引最左前缀", "索引结构、覆盖索引、索引下推", "like 'abc%' 能否用索引？"),
              ("一次慢查询的排查过程", "慢日志、EXPLAIN、type/rows/Extra", "如何避免回表？")],
    "redis": [("缓存穿透/击穿/雪崩", "布隆过滤器、互斥锁、过期时间打散", "热点 key 如何发现？")],
    "kafka": [("消息不丢失如何保证", "acks=all、ISR、幂等生产者、手动提交位点", "消费端重复消费怎么处理？")],
    "go": [("goroutine 泄漏排查", "pprof、context 取消、channel 未关闭", "如何设计优雅退出？")],
    "python": [("GIL 对多线程的影响", "IO 密集 vs CPU 密集、多进程、asyncio", "何时用 asyncio？")],
    "系统设计": [("设计一个短链服务", "发号器、存储、302 跳转、缓存、统计", "如何防止被刷？")],
}
SLOTS = [("开场", 5), ("项目深挖", 20), ("技术基础", 20), ("算法", 15), ("反问", 5)]


def keywords(text: str):
    t = text.lower()
    return [k for k in LOCAL_BANK if k in t]


def projects(resume: str):
    blocks = re.split(r"\n(?=#+\s|项目[:：])", resume)
    return [b.strip().splitlines()[0][:60] for b in blocks if "项目" in b][:3]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--jd", required=True)
    ap.add_argument("--resume", required=True)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    jd = Path(a.jd).read_text(encoding="utf-8")
    resume = Path(a.resume).read_text(encoding="utf-8")
    stacks = keywords(jd + resume) or ["系统设计"]
    outline = {"时间安排": SLOTS, "项目深挖": [], "技术基础": []}
    for p in projects(resume):
        outline["项目深挖"].append({"项目": p, "问题": ["你在其中负责哪部分？", "遇到的最大技术难点？", "如果重做会如何改进？"]})
    for s in stacks:
        for q, point, follow in LOCAL_BANK[s]:
            outline["技术基础"].append({"题目": q, "考察点": point, "追问": follow})
    if a.json:
        print(json.dumps(outline, ensure_ascii=False, indent=2))
        return
    print("# 面试提纲\n")
    for name, mins in SLOTS:
        print(f"- {name}：{mins} 分钟")
    print("\n## 项目深挖")
    for item in outline["项目深挖"]:
        print(f"### {item['项目']}")
        for q in item["问题"]:
            print(f"- {q}")
    print("\n## 技术基础")
    for item in outline["技术基础"]:
        print(f"- **{item['题目']}**\n  - 考察点：{item['考察点']}\n  - 追问：{item['追问']}")


if __name__ == "__main__":
    main()
