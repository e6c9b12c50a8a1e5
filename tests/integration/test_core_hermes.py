"""Routing over a real third-party library: hermes-agent 0.19.0 (177 skills) as a store.

Each task below was written by reading the SKILL.md descriptions of that library; where
two skills cover the same ground, either is accepted. The uncovered tasks are everyday
requests no skill there is about: the router must abstain on them at the default
threshold. The similarities they give are what DEFAULT_THRESHOLD (router.py) was set from.
"""

from __future__ import annotations

import pytest

from skillrouter import SkillLibrary
from skillrouter.router import DEFAULT_THRESHOLD

COVERED: list[tuple[str, set[str]]] = [
    ("Transcribe the speech in this audio file to text", {"whisper"}),
    ("Search arXiv for recent papers about diffusion models", {"arxiv"}),
    ("Open a new GitHub issue for this bug, label it and assign it to a teammate", {"github-issues"}),
    ("Serve an open-weights LLM with high throughput behind an OpenAI-compatible API", {"serving-llms-vllm"}),
    ("Turn the living room Philips Hue lights to a warm evening scene", {"openhue"}),
    ("Post a tweet on X and search recent posts about our launch", {"xurl"}),
    ("Find which social networks have an account with the username johndoe42", {"sherlock"}),
    ("Build a discounted cash flow valuation in Excel with WACC and terminal value", {"dcf-model"}),
    ("Make a funny meme image from a popular template with my caption", {"meme-generation"}),
    ("Extract the text from a scanned PDF document", {"ocr-and-documents"}),
    ("Log training metrics and hyperparameter sweeps to an experiment tracking dashboard", {"weights-and-biases"}),
    ("Write the failing test first, then the code, red green refactor", {"test-driven-development"}),
    ("Get the current stock quote for Apple and compare it with Microsoft", {"stocks"}),
    ("Download a model and a dataset from the Hugging Face Hub with the hf command line", {"huggingface-hub"}),
    ("Add a reminder to buy milk tomorrow in Apple Reminders", {"apple-reminders"}),
    ("Animate a math explanation in the style of 3Blue1Brown", {"manim-video"}),
    ("Read and send email from the terminal over IMAP and SMTP", {"himalaya"}),
    ("Segment the objects in this photo by clicking points on them", {"segment-anything-model"}),
    ("Benchmark my language model on MMLU and GSM8K", {"evaluating-llms-harness"}),
    ("Summarize a YouTube video from its transcript", {"youtube-content"}),
    ("Look up WHOIS, DNS records and subdomains of a domain", {"domain-intel"}),
    ("Run a quantized GGUF model locally on my laptop", {"llama-cpp"}),
    ("Draw a hand-drawn looking flowchart diagram", {"excalidraw"}),
    ("Set breakpoints and step through a Python script in the debugger", {"python-debugpy"}),
    ("Fine-tune a 7B language model with LoRA on one GPU with little memory",
     {"peft-fine-tuning", "unsloth", "axolotl"}),
    ("Store embeddings in a vector database and query the nearest documents",
     {"chroma", "qdrant-vector-search", "pinecone", "faiss"}),
    ("Create flashcards from my notes and quiz me with spaced repetition", {"memento-flashcards"}),
    ("Query Solana wallet balances and token portfolio values", {"solana"}),
    ("Find the root cause of this bug before changing any code", {"systematic-debugging"}),
    ("Generate a song from lyrics and style tags", {"heartmula", "songwriting-and-ai-music"}),
    ("Send an iMessage to my mom from my Mac", {"imessage"}),
    ("Find where my AirTag is", {"findmy"}),
    ("Create a Notion page in my team database", {"notion"}),
    ("Geocode an address and get driving directions", {"maps"}),
    ("Generate an image from a text prompt with Stable Diffusion", {"stable-diffusion-image-generation"}),
    ("Manage Docker containers and clean up unused images", {"docker-management"}),
    ("Expose my localhost web server to the internet with a tunnel", {"pinggy-tunnel"}),
    ("Build an MCP server in Python", {"fastmcp"}),
    ("Create a pixel art sprite with a Game Boy palette", {"pixel-art"}),
    ("Count lines of code per language in this repository", {"codebase-inspection"}),
    ("Scrape a website that uses Cloudflare protection", {"scrapling"}),
    ("Make my AI-sounding text read more human", {"humanizer"}),
    ("Create a PowerPoint presentation with speaker notes", {"powerpoint", "pptx-author"}),
]

UNCOVERED = [
    "Bake a sourdough loaf with a crispy crust",
    "Repair the leaking kitchen faucet",
    "Teach my puppy to sit and stay",
    "Prune the rose bushes in the garden before winter",
    "Write a heartfelt toast for my sister's wedding",
    "Knit a wool scarf for a beginner",
    "Choose a good name for my new kitten",
    "Replace the brake pads on my bicycle",
    "Write a cover letter for a nursing job",
    "Translate a legal contract from German to French",
    "Calculate my income tax deductions for this year",
    "Recommend a good science fiction novel",
    "Book a table for two at an Italian restaurant",
    "Explain the rules of chess to a child",
    "Negotiate a higher salary",
]


@pytest.fixture(scope="module")
def covered(hermes_library: SkillLibrary) -> list[tuple[str, set[str], object]]:
    routes = hermes_library.route_many([task for task, _ in COVERED])
    return [(task, expected, route) for (task, expected), route in zip(COVERED, routes)]


def test_the_whole_library_is_in_the_store(hermes_library: SkillLibrary) -> None:
    assert len(hermes_library.store.names()) == 177
    assert hermes_library.index.count() == 177
    assert "here-now" in hermes_library.store  # 'here.now' is not a valid name: imported as its slug
    assert hermes_library.store.list_files("ocr-and-documents")  # Level 2 files came along


def test_covered_tasks_route_to_the_skill_written_for_them(covered: list[tuple[str, set[str], object]]) -> None:
    wrong = {task: (route.matched.name if route.matched else None, sorted(expected))  # type: ignore[attr-defined]
             for task, expected, route in covered
             if route.matched is None or route.matched.name not in expected}  # type: ignore[attr-defined]
    assert wrong == {}


def test_uncovered_tasks_abstain(hermes_library: SkillLibrary) -> None:
    routes = hermes_library.route_many(UNCOVERED)
    matched = {r.task: (r.matched.name, r.candidates[0].similarity) for r in routes if r.matched is not None}
    assert matched == {}
    for route in routes:
        assert route.candidates and route.reason.startswith("no skill fits")


def test_the_default_threshold_separates_them(hermes_library: SkillLibrary,
                                              covered: list[tuple[str, set[str], object]]) -> None:
    pos = sorted(route.candidates[0].similarity for _, _, route in covered)  # type: ignore[attr-defined]
    neg = sorted(r.candidates[0].similarity for r in hermes_library.route_many(UNCOVERED))
    assert len(pos) >= 15 and len(neg) >= 5
    assert neg[-1] < DEFAULT_THRESHOLD <= pos[0]
    assert pos[len(pos) // 2] - neg[len(neg) // 2] > 0.25  # medians far apart, not a lucky cut
