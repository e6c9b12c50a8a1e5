// 统一读取各家 CI 的上下文变量
export interface CiContext {
  provider: string;
  branch: string;
  commit: string;
  author: string;
  url: string;
  startedAt: number;
  raw: Record<string, string>;
}

const pick = (...keys: string[]) => keys.map((k) => process.env[k]).find(Boolean) ?? '';

export function ciContext(): CiContext {
  const env = process.env as Record<string, string>;
  const provider = env.GITHUB_ACTIONS ? 'github' : env.GITLAB_CI ? 'gitlab' : env.JENKINS_URL ? 'jenkins' : 'local';
  const url =
    provider === 'github'
      ? `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
      : pick('CI_PIPELINE_URL', 'BUILD_URL');
  return {
    provider,
    branch: pick('GITHUB_REF_NAME', 'CI_COMMIT_REF_NAME', 'GIT_BRANCH'),
    commit: pick('GITHUB_SHA', 'CI_COMMIT_SHA', 'GIT_COMMIT').slice(0, 8),
    author: pick('GITHUB_ACTOR', 'GITLAB_USER_NAME', 'CHANGE_AUTHOR'),
    url,
    startedAt: Number(pick('CI_JOB_STARTED_AT_MS')) || Date.now(),
    raw: { ...env },
  };
}
