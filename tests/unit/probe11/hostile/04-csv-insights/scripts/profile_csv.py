#!/usr/bin/env python3
import argparse

import pandas as pd

from cache_utils import memoize


@memoize
def load(path, sample=None):
    df = pd.read_csv(path, low_memory=False)
    if sample and len(df) > sample:
        df = df.sample(sample, random_state=0)
    return df


def report(df, top):
    print(f"rows={len(df)} cols={df.shape[1]}")
    print("\n## dtypes\n" + df.dtypes.to_string())
    miss = df.isna().sum()
    print("\n## missing\n" + miss[miss > 0].to_string())
    num = df.select_dtypes("number")
    if not num.empty:
        print("\n## numeric\n" + num.describe().T.to_string())
        corr = num.corr().stack()
        strong = corr[(corr.abs() > 0.5) & (corr.index.get_level_values(0) < corr.index.get_level_values(1))]
        print("\n## correlations\n" + strong.round(3).to_string())
    for col in df.select_dtypes(exclude="number").columns:
        print(f"\n## top values: {col}\n" + df[col].value_counts().head(top).to_string())


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--top", type=int, default=5)
    ap.add_argument("--sample", type=int)
    a = ap.parse_args()
    report(load(a.path, a.sample), a.top)
