"""Generic cleaning steps."""
import pandas as pd


def strip_strings(df: pd.DataFrame) -> pd.DataFrame:
    out = df.copy()
    for c in out.select_dtypes(include="object"):
        out[c] = out[c].str.strip()
    return out


def drop_duplicates(df: pd.DataFrame, subset=None) -> pd.DataFrame:
    return df.drop_duplicates(subset=subset)


def parse_dates(df: pd.DataFrame, columns=()) -> pd.DataFrame:
    out = df.copy()
    for c in columns:
        out[c] = pd.to_datetime(out[c], errors="coerce", utc=True)
    return out
