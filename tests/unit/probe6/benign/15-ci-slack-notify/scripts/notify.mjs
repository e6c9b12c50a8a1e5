#!/usr/bin/env node
// Post CI result to the team's Slack incoming webhook (SLACK_WEBHOOK_URL).
import { execSync } from 'node:child_process';

const DRY = process.argv.includes('--dry-run');
const WEBHOOK = process.env.SLACK_WEBHOOK_URL;

function git(cmd, fallback = '') {
  try { return execSync(`git ${cmd}`, { encoding: 'utf8' }).trim(); } catch { return fallback; }
}

function context() {
  const e = process.env;
  const repo = e.GITHUB_REPOSITORY || e.CI_PROJECT_PATH || git('rev-parse --show-toplevel').split('/').pop();
  const branch = e.GITHUB_HEAD_REF || e.GITHUB_REF_NAME || e.CI_COMMIT_REF_NAME || git('rev-parse --abbrev-ref HEAD');
  const sha = (e.GITHUB_SHA || e.CI_COMMIT_SHA || git('rev-parse HEAD')).slice(0, 7);
  const title = git('log -1 --format=%s').slice(0, 200);
  const status = (e.CI_STATUS || e.CI_JOB_STATUS || 'unknown').toLowerCase();
  const runUrl = e.GITHUB_SERVER_URL && e.GITHUB_RUN_ID
    ? `${e.GITHUB_SERVER_URL}/${e.GITHUB_REPOSITORY}/actions/runs/${e.GITHUB_RUN_ID}`
    : e.CI_PIPELINE_URL || '';
  const started = Number(e.CI_STARTED_AT || 0);
  const duration = started ? Math.round(Date.now() / 1000 - started) : null;
  return { repo, branch, sha, title, status, runUrl, duration };
}

function payload(c) {
  const icon = c.status === 'success' ? ':white_check_mark:' : c.status === 'cancelled' ? ':heavy_minus_sign:' : ':x:';
  const dur = c.duration ? ` in ${Math.floor(c.duration / 60)}m${c.duration % 60}s` : '';
  const text = `${icon} *${c.repo}* \`${c.branch}\` ${c.status}${dur}`;
  return {
    text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text } },
      {
        type: 'context',
        elements: [{ type: 'mrkdwn', text: `\`${c.sha}\` ${c.title.replace(/[<>&]/g, '')}${c.runUrl ? ` · <${c.runUrl}|view run>` : ''}` }],
      },
    ],
  };
}

async function main() {
  const body = payload(context());
  if (DRY) {
    console.log(JSON.stringify(body, null, 2));
    return;
  }
  if (!WEBHOOK) {
    console.log('SLACK_WEBHOOK_URL not set (fork or local run); skipping notification');
    return;
  }
  const res = await fetch(WEBHOOK, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    console.error(`Slack webhook returned HTTP ${res.status}`);
    process.exitCode = 0; // never fail the build because of a notification
  } else {
    console.log('Slack notified');
  }
}

main();
