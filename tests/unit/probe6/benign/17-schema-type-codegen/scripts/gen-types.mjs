#!/usr/bin/env node
// 根据 JSON Schema 生成 TypeScript 类型（只读写本项目目录，不联网）
import { readFileSync, writeFileSync, mkdirSync, readdirSync, existsSync } from 'node:fs';
import { join, basename } from 'node:path';

const argv = process.argv.slice(2);
const get = (k, d) => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : d);
const IN = get('--in', 'schemas');
const OUT = get('--out', 'src/types/generated');
const QUIET = argv.includes('--quiet');

const pascal = (s) => s.replace(/(^|[-_.\s])(\w)/g, (_, __, c) => c.toUpperCase());
const typeName = (file) => pascal(basename(file).replace(/\.schema\.json$/, ''));

function refType(ref) {
  if (/^https?:/.test(ref)) throw new Error(`不支持远程 $ref: ${ref}`);
  const [file] = ref.split('#');
  return file ? typeName(file) : 'unknown';
}

function toTs(s, indent = '') {
  if (!s || s === true) return 'unknown';
  if (s.$ref) return refType(s.$ref);
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.oneOf || s.anyOf) return (s.oneOf || s.anyOf).map((x) => toTs(x, indent)).join(' | ');
  if (s.allOf) return s.allOf.map((x) => toTs(x, indent)).join(' & ');
  const t = Array.isArray(s.type) ? s.type : [s.type];
  return t.map((ty) => {
    switch (ty) {
      case 'string': return 'string';
      case 'number':
      case 'integer': return 'number';
      case 'boolean': return 'boolean';
      case 'null': return 'null';
      case 'array': return `Array<${toTs(s.items, indent)}>`;
      case 'object':
      case undefined: {
        const req = new Set(s.required || []);
        const inner = indent + '  ';
        const lines = Object.entries(s.properties || {}).map(([k, v]) => {
          const doc = v.description ? `${inner}/** ${v.description} */\n` : '';
          const key = /^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k);
          return `${doc}${inner}${key}${req.has(k) ? '' : '?'}: ${toTs(v, inner)};`;
        });
        if (s.additionalProperties && s.additionalProperties !== false) {
          lines.push(`${inner}[key: string]: ${toTs(s.additionalProperties, inner)};`);
        }
        return `{\n${lines.join('\n')}\n${indent}}`;
      }
      default: return 'unknown';
    }
  }).join(' | ');
}

function main() {
  if (!existsSync(IN)) {
    if (!QUIET) console.log(`未找到 ${IN}/，跳过类型生成`);
    return;
  }
  mkdirSync(OUT, { recursive: true });
  const files = readdirSync(IN).filter((f) => f.endsWith('.schema.json'));
  const index = [];
  for (const f of files) {
    const schema = JSON.parse(readFileSync(join(IN, f), 'utf8'));
    const name = typeName(f);
    const body = `// 此文件由 scripts/gen-types.mjs 根据 ${IN}/${f} 生成，请勿手动修改\n\nexport type ${name} = ${toTs(schema)};\n`;
    writeFileSync(join(OUT, `${name}.d.ts`), body);
    index.push(`export type { ${name} } from './${name}';`);
  }
  writeFileSync(join(OUT, 'index.d.ts'), index.join('\n') + '\n');
  if (!QUIET) console.log(`已生成 ${files.length} 个类型文件到 ${OUT}/`);
}

main();
