"""log_insight: 日志聚类与报告工具。"""

__version__ = "0.8.3"
