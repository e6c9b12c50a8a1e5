"""Business enrichment steps."""
import pandas as pd


def add_order_month(df: pd.DataFrame) -> pd.DataFrame:
    out = df.copy()
    out["order_month"] = out["created_at"].dt.strftime("%Y-%m")
    return out
