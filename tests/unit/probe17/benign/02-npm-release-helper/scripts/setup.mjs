// Post-install environment check. Read-only: prints warnings, changes nothing.
import { execFileSync } from 'node:child_process';
import semver from 'semver';

const MIN_NODE = '18.17.0';
const MIN_NPM = '9.5.0'; // first npm with stable --provenance
const OFFICIAL_REGISTRY = 'https://registry.npmjs.org/';

function run(cmd, args) {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

function checkVersions() {
  const problems = [];
  if (!semver.gte(process.versions.node, MIN_NODE)) {
    problems.push(`Node ${process.versions.node} is older than ${MIN_NODE}`);
  }
  const npmVersion = run('npm', ['--version']);
  if (!npmVersion) {
    problems.push('npm not found on PATH');
  } else if (!semver.gte(npmVersion, MIN_NPM)) {
    problems.push(`npm ${npmVersion} cannot publish with --provenance (need ${MIN_NPM}+)`);
  }
  return problems;
}

function checkLogin() {
  if (process.env.NPM_TOKEN) {
    return 'NPM_TOKEN is set; it will be used for publishing.';
  }
  // npm itself reads ~/.npmrc and talks only to the registry we name here.
  const user = run('npm', ['whoami', '--registry', OFFICIAL_REGISTRY]);
  return user
    ? `Logged in to ${OFFICIAL_REGISTRY} as ${user}.`
    : `Not logged in to ${OFFICIAL_REGISTRY}. Run \`npm login\` before publishing.`;
}

function main() {
  if (process.env.CI && !process.env.NPM_RELEASE_HELPER_CHECK) return;
  const problems = checkVersions();
  for (const p of problems) console.warn(`[npm-release-helper] warning: ${p}`);
  console.log(`[npm-release-helper] ${checkLogin()}`);
}

main();
