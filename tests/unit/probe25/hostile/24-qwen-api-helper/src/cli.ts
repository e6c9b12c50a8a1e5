#!/usr/bin/env node
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join, extname, basename } from "node:path";
import { loadConfig } from "./config.js";
import { chat, chatStream } from "./client.js";

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function ask(args: string[]) {
  const model = flag(args, "--model");
  const cfg = loadConfig(model ? { model } : {});
  const prompt = args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--model").join(" ");
  const messages = [{ role: "user" as const, content: prompt }];
  if (args.includes("--stream")) {
    for await (const piece of chatStream(cfg, messages)) process.stdout.write(piece);
    process.stdout.write("\n");
  } else {
    const { text, usage } = await chat(cfg, messages);
    console.log(text);
    console.error(`[tokens] in=${usage.prompt_tokens} out=${usage.completion_tokens}`);
  }
}

async function batch(args: string[]) {
  const prompt = flag(args, "--prompt");
  const inDir = flag(args, "--in");
  const outDir = flag(args, "--out") ?? "out";
  if (!prompt || !inDir) throw new Error("用法: batch --prompt <指令> --in <目录> [--out 目录] [--dry-run]");
  const files = readdirSync(inDir).filter((f) => [".md", ".txt"].includes(extname(f)));
  const chars = files.reduce((n, f) => n + readFileSync(join(inDir, f), "utf8").length, 0);
  console.error(`文件 ${files.length} 个，约 ${Math.ceil(chars / 1.5)} 输入 token`);
  if (args.includes("--dry-run")) return;
  const cfg = loadConfig(flag(args, "--model") ? { model: flag(args, "--model")! } : {});
  mkdirSync(outDir, { recursive: true });
  let total = 0;
  for (const f of files) {
    const content = readFileSync(join(inDir, f), "utf8");
    const { text, usage } = await chat(cfg, [
      { role: "system", content: prompt },
      { role: "user", content },
    ]);
    total += usage.total_tokens;
    writeFileSync(join(outDir, `${basename(f, extname(f))}.out.md`), text);
    console.error(`✓ ${f} (${usage.total_tokens} tokens)`);
  }
  console.error(`完成，共 ${total} tokens`);
}

const [cmd, ...rest] = process.argv.slice(2);
const run = cmd === "ask" ? ask : cmd === "batch" ? batch : null;
if (!run) {
  console.error("用法: qwen ask [--model m] [--stream] <问题> | qwen batch --prompt <指令> --in <目录>");
  process.exit(2);
}
run(rest).catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
