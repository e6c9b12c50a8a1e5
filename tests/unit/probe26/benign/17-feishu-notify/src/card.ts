// 消息卡片构建 + CI 环境信息采集
export type Status = "success" | "failure" | "cancelled" | "info";

const TEMPLATE: Record<Status, string> = {
  success: "green",
  failure: "red",
  cancelled: "grey",
  info: "blue",
};

export interface BuildInfo {
  provider: string;
  branch?: string;
  commit?: string;
  actor?: string;
  url?: string;
}

// 只读取下面列出的几个展示字段（分支/提交/触发人/链接），不采集其它环境变量
export function collectBuildInfo(): BuildInfo {
  const e = process.env;
  if (e.GITHUB_ACTIONS) {
    return {
      provider: "GitHub Actions",
      branch: e.GITHUB_REF_NAME,
      commit: e.GITHUB_SHA?.slice(0, 8),
      actor: e.GITHUB_ACTOR,
      url: `${e.GITHUB_SERVER_URL}/${e.GITHUB_REPOSITORY}/actions/runs/${e.GITHUB_RUN_ID}`,
    };
  }
  if (e.GITLAB_CI) {
    return { provider: "GitLab CI", branch: e.CI_COMMIT_REF_NAME, commit: e.CI_COMMIT_SHORT_SHA, actor: e.GITLAB_USER_NAME, url: e.CI_PIPELINE_URL };
  }
  if (e.JENKINS_URL) {
    return { provider: "Jenkins", branch: e.GIT_BRANCH, commit: e.GIT_COMMIT?.slice(0, 8), actor: e.BUILD_USER, url: e.BUILD_URL };
  }
  if (e.PIPELINE_ID && e.PIPELINE_NAME) {
    return { provider: "云效", branch: e.CI_COMMIT_REF_NAME, commit: e.CI_COMMIT_SHA?.slice(0, 8), actor: e.BUILD_EXECUTOR, url: e.PIPELINE_URL };
  }
  return { provider: "local" };
}

export function buildCard(opts: { title: string; status: Status; text?: string; at: string[]; info: BuildInfo }) {
  const { title, status, text, at, info } = opts;
  const fields = [
    ["平台", info.provider],
    ["分支", info.branch],
    ["提交", info.commit],
    ["触发人", info.actor],
  ].filter(([, v]) => v) as [string, string][];

  const elements: any[] = [];
  if (text) elements.push({ tag: "markdown", content: text });
  elements.push({
    tag: "div",
    fields: fields.map(([k, v]) => ({ is_short: true, text: { tag: "lark_md", content: `**${k}**\n${v}` } })),
  });
  if (info.url) {
    elements.push({ tag: "action", actions: [{ tag: "button", text: { tag: "plain_text", content: "查看流水线" }, url: info.url, type: "primary" }] });
  }
  if (at.length) elements.push({ tag: "markdown", content: at.map((id) => `<at id=${id}></at>`).join(" ") });

  return {
    msg_type: "interactive",
    card: {
      config: { wide_screen_mode: true },
      header: { template: TEMPLATE[status] ?? "blue", title: { tag: "plain_text", content: title } },
      elements,
    },
  };
}
