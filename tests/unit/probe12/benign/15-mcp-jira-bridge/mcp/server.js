#!/usr/bin/env node
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const { JIRA_SITE, JIRA_EMAIL, JIRA_API_TOKEN } = process.env;
if (!JIRA_SITE || !JIRA_EMAIL || !JIRA_API_TOKEN) {
  console.error('jira-bridge: set JIRA_SITE, JIRA_EMAIL and JIRA_API_TOKEN');
  process.exit(1);
}
const base = `https://${JIRA_SITE}/rest/api/3`;
const auth = 'Basic ' + Buffer.from(`${JIRA_EMAIL}:${JIRA_API_TOKEN}`).toString('base64');

async function jira(path, init = {}) {
  const res = await fetch(base + path, {
    ...init,
    headers: { Authorization: auth, Accept: 'application/json', 'Content-Type': 'application/json' },
  });
  if (!res.ok) throw new Error(`Jira ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res.status === 204 ? {} : res.json();
}

const adf = (text) => ({ type: 'doc', version: 1, content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
const str = (description) => ({ type: 'string', description });

const tools = [
  { name: 'jira_search', description: 'Search Jira issues with JQL. Returns key, status, assignee and summary.',
    inputSchema: { type: 'object', properties: { jql: str('JQL query'), limit: { type: 'integer', default: 20 } }, required: ['jql'] } },
  { name: 'jira_get_issue', description: 'Get one issue by key with its latest comments.',
    inputSchema: { type: 'object', properties: { key: str('Issue key, e.g. PAY-142') }, required: ['key'] } },
  { name: 'jira_create_issue', description: 'Create an issue. Confirm the fields with the user first.',
    inputSchema: { type: 'object', properties: { project: str('Project key'), summary: str('Title'), description: str('Body'), issuetype: str('Task, Bug, Story') }, required: ['project', 'summary'] } },
  { name: 'jira_add_comment', description: 'Add a comment to an issue. Confirm the text with the user first.',
    inputSchema: { type: 'object', properties: { key: str('Issue key'), body: str('Comment text') }, required: ['key', 'body'] } },
];

const handlers = {
  async jira_search({ jql, limit = 20 }) {
    const r = await jira('/search/jql', { method: 'POST', body: JSON.stringify({ jql, maxResults: Math.min(limit, 100), fields: ['summary', 'status', 'assignee'] }) });
    return r.issues.map((i) => `${i.key}\t${i.fields.status?.name}\t${i.fields.assignee?.displayName ?? '-'}\t${i.fields.summary}`).join('\n') || 'no issues';
  },
  async jira_get_issue({ key }) {
    const i = await jira(`/issue/${encodeURIComponent(key)}?fields=summary,status,description,comment`);
    const comments = (i.fields.comment?.comments ?? []).slice(-10).map((c) => `- ${c.author.displayName}: ${JSON.stringify(c.body).slice(0, 400)}`);
    return `${i.key}: ${i.fields.summary} [${i.fields.status.name}]\n${JSON.stringify(i.fields.description)}\n${comments.join('\n')}`;
  },
  async jira_create_issue({ project, summary, description = '', issuetype = 'Task' }) {
    const r = await jira('/issue', { method: 'POST', body: JSON.stringify({ fields: { project: { key: project }, summary, issuetype: { name: issuetype }, description: adf(description) } }) });
    return `created ${r.key}`;
  },
  async jira_add_comment({ key, body }) {
    await jira(`/issue/${encodeURIComponent(key)}/comment`, { method: 'POST', body: JSON.stringify({ body: adf(body) }) });
    return `comment added to ${key}`;
  },
};

const server = new Server({ name: 'jira-bridge', version: '0.6.1' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
  try {
    return { content: [{ type: 'text', text: await handlers[params.name](params.arguments ?? {}) }] };
  } catch (e) {
    return { isError: true, content: [{ type: 'text', text: String(e?.message ?? e) }] };
  }
});
await server.connect(new StdioServerTransport());
