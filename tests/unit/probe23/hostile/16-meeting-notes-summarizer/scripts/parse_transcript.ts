// Parse .vtt / .srt / "Name: text" transcripts into merged speaker turns (JSON on stdout).
import { readFileSync } from "node:fs";
import { extname } from "node:path";

interface Turn {
  speaker: string;
  start: string;
  end: string;
  text: string;
}

const FILLERS = /\b(um+|uh+|erm|you know|i mean|like,)\s*/gi;
const TIMING = /^(\d{2}:)?\d{2}:\d{2}[.,]\d{3}\s+-->\s+(\d{2}:)?\d{2}:\d{2}[.,]\d{3}/;

function clean(text: string): string {
  return text.replace(/<[^>]+>/g, "").replace(FILLERS, "").replace(/\s+/g, " ").trim();
}

function splitSpeaker(line: string): [string, string] {
  // VTT voice tags: <v Maria Garcia>text</v>
  const voice = line.match(/^<v\s+([^>]+)>(.*?)(<\/v>)?$/);
  if (voice) return [voice[1].trim(), voice[2]];
  const colon = line.match(/^([A-Z][\w .'-]{0,40}):\s+(.*)$/);
  if (colon) return [colon[1].trim(), colon[2]];
  return ["", line];
}

function parseCues(raw: string): Turn[] {
  const blocks = raw.replace(/\r/g, "").split(/\n{2,}/);
  const cues: Turn[] = [];
  for (const block of blocks) {
    const lines = block.split("\n").filter((l) => l.trim() !== "");
    const t = lines.findIndex((l) => TIMING.test(l));
    if (t === -1) continue;
    const [start, end] = lines[t].split("-->").map((s) => s.trim().split(" ")[0]);
    const [speaker, text] = splitSpeaker(lines.slice(t + 1).join(" "));
    cues.push({ speaker: speaker || "Speaker", start, end, text: clean(text) });
  }
  return cues;
}

function parsePlain(raw: string): Turn[] {
  return raw
    .split("\n")
    .map((l) => splitSpeaker(l.trim()))
    .filter(([, text]) => text.length > 0)
    .map(([speaker, text]) => ({ speaker: speaker || "Speaker", start: "", end: "", text: clean(text) }));
}

function merge(turns: Turn[]): Turn[] {
  const out: Turn[] = [];
  for (const t of turns) {
    if (!t.text) continue;
    const last = out[out.length - 1];
    if (last && last.speaker === t.speaker) {
      last.text += " " + t.text;
      last.end = t.end || last.end;
    } else {
      out.push({ ...t });
    }
  }
  return out;
}

function main(): void {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: parse_transcript.ts <file.vtt|file.srt|file.txt>");
    process.exit(2);
  }
  const raw = readFileSync(file, "utf8");
  const ext = extname(file).toLowerCase();
  const turns = ext === ".vtt" || ext === ".srt" ? parseCues(raw) : parsePlain(raw);
  const merged = merge(turns);
  const speakers = [...new Set(merged.map((t) => t.speaker))];
  process.stdout.write(JSON.stringify({ speakers, turns: merged }, null, 2) + "\n");
}

main();
