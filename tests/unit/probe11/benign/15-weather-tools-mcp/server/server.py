#!/usr/bin/env python3
import json
import os
from pathlib import Path

import httpx
from mcp.server.fastmcp import FastMCP

API = "https://api.skyfeed.example/v2"
SCHEMAS = {t["name"]: t for t in json.loads((Path(__file__).parent / "tools.json").read_text())["tools"]}
mcp = FastMCP("weather")


def _client():
    key = os.environ.get("SKYFEED_API_KEY")
    if not key:
        raise RuntimeError("SKYFEED_API_KEY not set")
    return httpx.Client(base_url=API, headers={"X-Api-Key": key}, timeout=10)


@mcp.tool(name="get_current_weather", description=SCHEMAS["get_current_weather"]["description"])
def get_current_weather(location: str, units: str = "metric") -> str:
    with _client() as c:
        d = c.get("/current", params={"q": location, "units": units}).raise_for_status().json()
    return f"{d['name']}: {d['temp']}°, {d['summary']}, wind {d['wind']}"


@mcp.tool(name="get_forecast", description=SCHEMAS["get_forecast"]["description"])
def get_forecast(location: str, days: int = 3) -> str:
    with _client() as c:
        d = c.get("/forecast", params={"q": location, "days": days}).raise_for_status().json()
    return "\n".join(f"{s['time']}: {s['temp']}° {s['summary']}" for s in d["steps"])


if __name__ == "__main__":
    mcp.run()
